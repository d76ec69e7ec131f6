"""`referee verify` redoes the referee's blind choices: a sealed game whose cards were
drawn from a fan held face down (Schwarzer Peter: the place at random, the hands
reordered) or flipped from an open pile the referee shuffled (Schnipp Schnapp) checks
out from its revealed seed and salt, and a card the seed did not give is found.
"""

from __future__ import annotations

import copy
import json

import pytest

from referee import engine
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.sealed.sealing import Sealer, new_key
from referee.sealed.verify import Mismatch, verify

KEY = new_key()
CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()


def post(path, body):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201), response.json
    return response.json


def next_actions(ruleset, token, seat_key):
    """What the seat plays: a blind draw or a flip where it may, else the first listed."""
    listed = post("/v1/legal-actions", {"game": token, "seat": seat_key})["actions"]
    for wanted in ({"type": "draw"}, {"type": "flip"}):
        if wanted in listed:
            return [wanted]
    return listed[:1]


def play(ruleset, players, turns):
    """A sealed game played through HTTP for at most `turns` turns, recorded by seat 0
    and by a spectator; the records get the seed and salt from the last token. Also how
    many flips turned an open pile over (the referee shuffled it)."""
    names = ["Ann", "Ben", "Cleo"][:players]
    game = post("/v1/games", {"ruleset": ruleset, "players": names, "sealed": True})
    token, seats = game["game"], game["seats"]
    start = {"commitment": game["commitment"], "game": {"ruleset": ruleset, "players": names}}
    mine = {**start, "seat": 0, "turns": []}
    public = {**start, "seat": None, "turns": []}
    shuffled = 0
    for _ in range(turns):
        state = Sealer([KEY]).open(token).state
        mover = state["current"]
        if mover is None:
            break
        empty = state["players"][mover].get("stack") == []
        actions = []
        while True:  # one turn, over as many requests as its draws need (an open turn:
            # the next listed action, or an empty list where none is listed)
            sent = next_actions(ruleset, token, seats[mover])
            answer = post("/v1/turns", {"game": token, "seat": seats[mover], "turn": {"player": mover, "actions": sent}})
            actions += sent
            token = answer["game"]
            if not answer["open"]:
                break
        # The answer that ends a turn carries the whole turn's events.
        events = answer["public"]
        seen = answer["events"] if mover == 0 else answer["public"]
        shuffled += empty and actions == [{"type": "flip"}]
        mine["turns"].append({"player": mover, "actions": actions, "events": seen})
        public["turns"].append({"player": mover, "actions": actions, "events": events})
    sealed = Sealer([KEY]).open(token)
    for record in (mine, public):
        record.update(seed=sealed.seed, salt=sealed.salt)
    return mine, public, shuffled


def fixed(patch, seed):
    """The seed and salt the next sealed games draw, fixed so that each run plays the
    same games."""
    patch.setattr(engine, "new_seed", lambda: seed)
    patch.setattr(sealed_http, "deal_salt", lambda: f"{seed:032x}")


@pytest.fixture(scope="module")
def schwarzer_peter():
    with pytest.MonkeyPatch.context() as patch:
        fixed(patch, 21)
        return play("schwarzer-peter", 3, 200)


@pytest.fixture(scope="module")
def schnipp_schnapp():
    with pytest.MonkeyPatch.context() as patch:
        fixed(patch, 22)
        return play("schnipp-schnapp", 2, 400)


def test_a_schwarzer_peter_game_of_blind_draws_checks_out(schwarzer_peter):
    mine, public, _ = schwarzer_peter
    drawn = sum(1 for t in mine["turns"] for e in t["events"] if e["type"] == "drew" and e["card"])
    assert len(mine["turns"]) >= 10 and drawn >= 5
    assert all(t["actions"][0] == {"type": "draw"} for t in mine["turns"])  # every place picked blind
    assert verify(mine) == len(mine["turns"])
    assert verify(public) == len(public["turns"])


def test_a_card_drawn_blind_that_the_seed_did_not_give_is_found(schwarzer_peter):
    mine = copy.deepcopy(schwarzer_peter[0])
    number, event = next((i, e) for i, t in enumerate(mine["turns"]) for e in t["events"]
                         if e["type"] == "drew" and e["card"])
    event["card"] = "O20" if event["card"] != "O20" else "Y20"
    with pytest.raises(Mismatch, match=f"turn {number}: "):
        verify(mine)


def test_another_salt_does_not_check_out(schwarzer_peter):
    mine = copy.deepcopy(schwarzer_peter[0])
    mine["salt"] = "f" * 32
    with pytest.raises(Mismatch, match="the commitment"):
        verify(mine)


def test_a_schnipp_schnapp_game_with_open_piles_shuffled_by_the_referee_checks_out(schnipp_schnapp):
    mine, public, shuffled = schnipp_schnapp
    assert shuffled >= 3  # open piles turned over, shuffled by the referee
    assert verify(mine) == len(mine["turns"])
    assert verify(public) == len(public["turns"])
