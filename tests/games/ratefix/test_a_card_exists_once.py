"""A card exists once in Ratefix: a family recording hidden stacks names a blue 10 in
round 1 and again in round 4. By then it lies in a won pile for all to see, so the put
is CARD_UNAVAILABLE at that turn and action, over HTTP (`/v1/replays`) and in
`referee replay`; a record written when `won` was a number still replays, with counts."""

from __future__ import annotations

import io
import json

import pytest

from referee import cli
from referee.http import create_app
from support.sealed_games import post

#: Ada's and Ben's stack tops, round by round; the guesses: Ada 20, Ben 25.
PUTS = [("B10", "Y1"), ("O1", "Y2"), ("O2", "Y3"), ("O3", "Y4")]


def start():
    return {"ruleset": "ratefix", "options": {"edition": "2018", "cards_each": 10},
            "players": [{"name": "Ada", "stack": {"count": 10}, "won": []},
                        {"name": "Ben", "stack": {"count": 10}, "won": []}],
            "current": None, "waiting": [0, 1], "middle": [], "guesses": [], "leader": 0, "out": 60}


def rounds(puts, leaders):
    turns = []
    for (ada, ben), leader in zip(puts, leaders):
        turns += [{"player": 0, "actions": [{"type": "put", "card": ada}]},
                  {"player": 1, "actions": [{"type": "put", "card": ben}]}]
        guesses = {0: 20, 1: 25}
        turns += [{"player": p, "actions": [{"type": "guess", "value": guesses[p]}]} for p in (leader, 1 - leader)]
    return turns


#: B10 + Y1 = 11: Ada's 20 is nearer than Ben's 25, so Ada takes round 1 and leads on.
LEADERS = [0, 0, 0, 0]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_rounds_are_legal_and_each_middle_lies_on_the_takers_won_pile(client):
    answer = post(client, "/v1/replays", {"state": start(), "turns": rounds(PUTS, LEADERS)}, 200)
    assert answer["state"]["players"][0]["won"] == ["Y4", "O3", "Y3", "O2", "Y2", "O1", "Y1", "B10"]


def test_a_blue_10_named_again_in_round_four_is_card_unavailable(client, tmp_path):
    twice = rounds(PUTS[:3] + [("B10", "Y4")], LEADERS)
    refused = post(client, "/v1/replays", {"state": start(), "turns": twice}, 422)
    assert (refused["code"], refused["turn"], refused["action"]) == ("CARD_UNAVAILABLE", 12, 0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": start(), "turns": twice}))
    out = io.StringIO()
    assert cli.replay(str(path), out) == 1
    assert out.getvalue().startswith("illegal: turn 12, action 0: CARD_UNAVAILABLE: ")


def test_a_record_with_won_as_numbers_replays_with_counts(client):
    old = start()
    old["players"][0]["won"], old["players"][1]["won"] = 0, 0
    answer = post(client, "/v1/replays", {"state": old, "turns": rounds(PUTS, LEADERS)}, 200)
    assert [p["won"] for p in answer["state"]["players"]] == [{"count": 8}, {"count": 0}]
