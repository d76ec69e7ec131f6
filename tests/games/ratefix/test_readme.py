"""The guide's Ratefix and Schwarzer Peter examples stay true: each request they show,
sent to the referee, gets the answer printed under it."""

from __future__ import annotations

import pytest

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def turn(client, state, player, *actions):
    return client.post("/v1/turns", json={"state": state, "turn": {"player": player, "actions": list(actions)}}).json


def test_the_ratefix_example_answers_as_printed(client):
    game = client.post("/v1/games", json={"ruleset": "ratefix", "players": ["Ada", "Ben"], "seed": 7,
                                          "options": {"cards_each": 3}}).json
    put = {"type": "put"}
    first = turn(client, turn(client, game["state"], 1, put)["state"], 0, put)
    assert printed({"middle": first["state"]["middle"], "current": first["state"]["current"]}) in DOCS
    second = turn(client, first["state"], 0, {"type": "guess", "value": 20})
    third = turn(client, second["state"], 1, {"type": "guess", "value": 25})
    assert printed({"won": [p["won"] for p in third["state"]["players"]], "leader": third["state"]["leader"],
                    "events": third["events"]}) in DOCS
    refused = turn(client, second["state"], 1, put)
    assert printed({k: refused[k] for k in ("code", "action", "hint")}) in DOCS


def test_the_schwarzer_peter_example_answers_as_printed(client):
    game = client.post("/v1/games", json={"ruleset": "schwarzer-peter", "players": ["Ada", "Ben", "Cleo"], "seed": 7,
                                          "options": {"short": True}}).json
    refused = turn(client, game["state"], 0, {"type": "draw", "index": 0})
    assert printed({k: refused[k] for k in ("code", "action", "hint", "legal")}) in DOCS
    laid = turn(client, game["state"], 0, {"type": "draw", "index": 0}, {"type": "pair", "value": 1})
    assert printed({"current": laid["state"]["current"], "events": laid["events"]}) in DOCS
