"""No order tells a card: in a sealed Schwarzer Peter game a hand keeps no order the
player it was drawn from could learn.

The attack: with two players left, the card just taken from you went to the end of the
taker's hand (index count - 1), so you never drew the Schwarzer Peter back, and always
drew back a card you wanted (18 of 18 games before). Now a hand the turn changed is
shuffled from the game's generator; these tests play whole sealed games through HTTP
(the seeds and salts fixed, so that each run plays the same games) and find the card
just drawn at every index about equally often.
"""

from __future__ import annotations

import json

import pytest

from referee import engine
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.sealed.sealing import Sealer, new_key

KEY = new_key()
CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()
#: Games played of each size: two players from the start, and four (where more cards
#: stay in hand, since the twin of a card drawn may lie with a third player).
GAMES = 30


def post(path, body):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200 or response.status_code == 201, response.json
    return response.json


def play(number, players, monkeypatch):
    """A sealed game played to its end with blind draws; for every turn whose drawn card
    stays in a hand of two cards or more: the card's index there, the hand's size, and
    whether two players alone held cards."""
    monkeypatch.setattr(engine, "new_seed", lambda: number)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: f"{number:032x}")
    names = ["Ann", "Ben", "Cleo", "Dan"][:players]
    game = post("/v1/games", {"ruleset": "schwarzer-peter", "players": names, "sealed": True})
    token, seats = game["game"], game["seats"]
    places = []
    for _ in range(400):
        state = Sealer([KEY]).open(token).state
        mover = state["current"]
        if mover is None:
            return places
        two_left = sum(1 for p in state["players"] if p["hand"]) == 2
        answer = post("/v1/turns", {"game": token, "seat": seats[mover], "turn": {"player": mover, "actions": [{"type": "draw"}]}})
        drawn = answer["events"][0]["card"]
        if answer["open"]:  # the card makes a pair: lay it
            listed = post("/v1/legal-actions", {"game": answer["game"], "seat": seats[mover]})["actions"]
            answer = post("/v1/turns", {"game": answer["game"], "seat": seats[mover],
                                        "turn": {"player": mover, "actions": listed[:1]}})
        token = answer["game"]
        hand = Sealer([KEY]).open(token).state["players"][mover]["hand"]
        if drawn in hand and len(hand) >= 2:
            places.append((hand.index(drawn), len(hand), two_left))
    raise AssertionError("a game of more than 400 turns")


@pytest.fixture(scope="module")
def places():
    with pytest.MonkeyPatch.context() as monkeypatch:
        return [place for players in (2, 4) for number in range(GAMES) for place in play(number, players, monkeypatch)]


def at_the_end_at_most_by_chance(places):
    """Uniform places put a card at the end of a hand of `size` with probability 1/size:
    the count at the end stays within four standard deviations above its expectation."""
    at_end = sum(1 for index, size, _ in places if index == size - 1)
    expected = sum(1 / size for _, size, _ in places)
    deviation = sum((1 / size) * (1 - 1 / size) for _, size, _ in places) ** 0.5
    assert at_end <= expected + 4 * deviation, (at_end, expected, deviation)
    return at_end


def test_with_two_players_left_the_card_just_taken_is_not_at_the_end_of_the_hand(places):
    """Before, every one of these was at the end (the Schwarzer Peter, drawn back never)."""
    two_left = [place for place in places if place[2]]
    assert len(two_left) >= 40
    assert at_the_end_at_most_by_chance(two_left) < len(two_left) / 2


def test_a_card_just_drawn_is_at_the_end_of_the_hand_no_more_often_than_by_chance(places):
    assert len(places) >= 600
    assert at_the_end_at_most_by_chance(places) < len(places) / 2


def test_the_card_just_drawn_lies_at_every_part_of_the_hand_about_equally_often(places):
    """Chi-square over the quarter of the hand the card lies in. For a hand of `size`,
    index i is in quarter 4 * i // size; uniform places make quarter q as likely as the
    share of indexes in it. With 3 degrees of freedom the statistic exceeds 16.27 with
    probability 0.001 when the places are uniform; a card always at the end puts every
    sample into the last quarter (a statistic in the hundreds)."""
    observed = [0, 0, 0, 0]
    expected = [0.0, 0.0, 0.0, 0.0]
    for index, size, _ in places:
        observed[4 * index // size] += 1
        for i in range(size):
            expected[4 * i // size] += 1 / size
    assert min(expected) >= 5  # the statistic's approximation holds
    statistic = sum((o - e) ** 2 / e for o, e in zip(observed, expected))
    assert statistic < 16.27, (observed, expected)


def test_a_hand_keeps_its_order_where_the_turn_left_it_alone(monkeypatch):
    """Only a hand the turn changed is reordered: the hands of a three-player game that
    the draw did not touch keep their order."""
    monkeypatch.setattr(engine, "new_seed", lambda: 5)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: "5" * 32)
    game = post("/v1/games", {"ruleset": "schwarzer-peter", "players": ["Ann", "Ben", "Cleo"], "sealed": True})
    before = Sealer([KEY]).open(game["game"]).state
    mover = before["current"]
    answer = post("/v1/turns", {"game": game["game"], "seat": game["seats"][mover],
                                "turn": {"player": mover, "actions": [{"type": "draw"}]}})
    if answer["open"]:
        answer = post("/v1/turns", {"game": answer["game"], "seat": game["seats"][mover],
                                    "turn": {"player": mover, "actions": [{"type": "pair", "value": int(answer["events"][0]["card"][1:])}]}})
    after = Sealer([KEY]).open(answer["game"]).state
    source = answer["events"][0]["from"]
    untouched = ({0, 1, 2} - {mover, source}).pop()
    assert after["players"][untouched]["hand"] == before["players"][untouched]["hand"]
    assert sorted(after["players"][source]["hand"]) == sorted(
        c for c in before["players"][source]["hand"] if c != answer["events"][0]["card"])
