"""Every seat sees what was turned up: each `/v1/views` answer of a sealed game carries
`last`, the last accepted turn as a spectator saw it, so a seat learns the trick, battle
or middle that another seat's turn turned up; the won piles keep those cards face up."""

from __future__ import annotations

import json

import orjson
import pytest

from referee.http import create_app
from referee.sealed.sealing import FORMAT, Sealed
from referee.sealed.sealing import new_key
from support.contract_check import assert_matches_contract

CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [new_key()]}).test_client()


def post(path, body, status=200):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert_matches_contract(response, path, "POST")
    assert response.status_code == status, response.json
    return response.json


def play_round(ruleset, steps):
    """A sealed two-player game of `ruleset` and the answers to `steps`, (seat, action)
    pairs played in order (`"first"`: the seat's first legal action), again until a pile
    is taken (a tied battle goes on)."""
    game = post("/v1/games", {"ruleset": ruleset, "players": ["Ann", "Ben"], "sealed": True}, 201)
    token, answers = game["game"], []
    while not answers or not any(e["type"] == "won" for e in answers[-1]["public"]):
        for seat, action in steps:
            if action == "first":
                action = post("/v1/legal-actions", {"game": token, "seat": game["seats"][seat]})["actions"][0]
            answer = post("/v1/turns", {"game": token, "seat": game["seats"][seat],
                                        "turn": {"player": seat, "actions": [action]}})
            token = answer["game"]
            answers.append(answer)
    return token, game["seats"], answers


@pytest.mark.parametrize(("ruleset", "steps", "taken_from"), [
    ("hoechste-karte", [(0, "first"), (1, "first")], "trick"),
    ("zweikampf", [(0, {"type": "reveal"}), (1, {"type": "reveal"})], "battle"),
    ("ratefix", [(0, {"type": "put"}), (1, {"type": "put"}), (0, {"type": "guess", "value": 20}),
                 (1, {"type": "guess", "value": 21})], "middle"),
])
def test_every_seat_sees_the_last_turn_and_the_won_pile_after_a_trick(ruleset, steps, taken_from):
    token, seats, answers = play_round(ruleset, steps)
    last = answers[-1]
    turned_up = [e["card"] for e in last["public"] if e["type"] == "revealed"]
    won = [e for e in last["public"] if e["type"] == "won"]
    assert won[0]["from"] == taken_from and turned_up
    taker = won[0]["player"]
    # The cards taken, each on top as it was turned up (a battle: every card of its ties).
    taken = [e["card"] for a in answers[-won[0]["cards"]:] for e in a["public"] if e["type"] == "revealed"]
    set_aside = sum(e["cards"] for e in won if e["from"] == "set_aside")
    if set_aside:
        # Die höchste Karte: the trick goes onto the pile first, then the tricks set aside
        # before it on top, as they lay (each tied trick's last card on top).
        earlier = [e["card"] for a in answers[:-won[0]["cards"]] for e in a["public"] if e["type"] == "revealed"]
        assert len(earlier) == set_aside
        taken = taken + earlier
    for seat in seats:
        seen = post("/v1/views", {"game": token, "seat": seat})
        assert seen["last"] == {"turn": len(answers), "player": steps[-1][0], "public": last["public"]}
        assert seen["view"]["players"][taker]["won"][:len(taken)] == taken[::-1]


def test_a_seat_whose_turn_was_not_the_last_learns_the_trick_the_other_turned_up():
    token, seats, answers = play_round("hoechste-karte", [(0, "first"), (1, "first")])
    ann = post("/v1/views", {"game": token, "seat": seats[0]})
    revealed = [e for e in ann["last"]["public"] if e["type"] == "revealed"]
    assert [e["player"] for e in revealed] == [0, 1]
    ben_card = revealed[1]["card"]
    assert ben_card in json.dumps(ann["last"]) and ann["last"]["player"] == 1


def test_last_is_null_before_the_first_turn_and_for_a_plain_state_and_stays_while_a_turn_is_open():
    game = post("/v1/games", {"ruleset": "farben-sammeln", "players": ["Ann", "Ben"], "sealed": True}, 201)
    assert post("/v1/views", {"game": game["game"], "seat": game["seats"][0]})["last"] is None
    plain = post("/v1/games", {"ruleset": "hoechste-karte", "players": ["Ann", "Ben"], "seed": 1}, 201)
    assert post("/v1/views", {"state": plain["state"], "player": 0}) == {
        "view": post("/v1/views", {"state": plain["state"], "player": 0})["view"], "last": None}
    opened = post("/v1/turns", {"game": game["game"], "seat": game["seats"][0],
                                "turn": {"player": 0, "actions": [{"type": "take", "from": "pile"}]}})
    assert opened["open"]  # the turn goes on: nothing was accepted yet
    assert post("/v1/views", {"game": opened["game"], "seat": game["seats"][1]})["last"] is None


def test_a_token_sealed_without_last_opens_with_none():
    payload = {"v": FORMAT, "game": "0" * 32, "turn": 3, "seed": 7, "salt": "5a17" * 8, "state": {},
               "open": [], "previous": None}
    assert Sealed.from_json(orjson.dumps(payload)).last is None
    sealed = Sealed("0" * 32, 3, 7, "5a17" * 8, {}, [], None, {"turn": 3, "player": 1, "public": []})
    assert Sealed.from_json(sealed.to_json()) == sealed


def test_a_tied_trick_lies_on_top_of_the_next_trick_in_the_takers_won_pile():
    """Both seats hold the values 1–11 of their colour, so playing 7 and 7 ties for sure;
    the next trick (5 against 10) is taken with the tie: the trick goes onto the pile, the
    set-aside on top of it as it lay (each trick's last card on top)."""
    game = post("/v1/games", {"ruleset": "hoechste-karte", "players": ["Ann", "Ben"], "sealed": True}, 201)
    token, seats = game["game"], game["seats"]
    colour = [post("/v1/views", {"game": token, "seat": s})["view"]["players"][i]["hand"][0][0]
              for i, s in enumerate(seats)]
    for ann, ben in ((7, 7), (5, 10)):
        for seat, value in ((0, ann), (1, ben)):
            answer = post("/v1/turns", {"game": token, "seat": seats[seat], "turn": {
                "player": seat, "actions": [{"type": "play", "card": f"{colour[seat]}{value}"}]}})
            token = answer["game"]
    assert [e for e in answer["public"] if e["type"] == "won"] == [
        {"type": "won", "player": 1, "cards": 2, "from": "trick"},
        {"type": "won", "player": 1, "cards": 2, "from": "set_aside"}]
    for seat in seats:
        seen = post("/v1/views", {"game": token, "seat": seat})["view"]
        assert seen["players"][1]["won"] == [f"{colour[1]}7", f"{colour[0]}7", f"{colour[1]}10", f"{colour[0]}5"]
        assert seen["set_aside"] == []
