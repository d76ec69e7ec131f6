"""The guide's example of "Die höchste Karte gewinnt" stays true: each request it shows,
sent to the referee, gets the answer printed under it."""

from __future__ import annotations

import pytest

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = client.post("/v1/games", json={"ruleset": "hoechste-karte", "players": ["Ada", "Ben"], "seed": 4}).json
    first = client.post("/v1/turns", json={"state": game["state"], "turn": {
        "player": 0, "actions": [{"type": "play", "card": "O7"}]}}).json
    assert printed({"waiting": first["state"]["waiting"], "trick": first["state"]["trick"],
                    "events": first["events"]}) in DOCS
    view = client.post("/v1/views", json={"state": first["state"], "player": 1}).json["view"]
    assert printed({"trick": view["trick"], "ada": view["players"][0]["hand"]}) in DOCS
    ben = {"player": 1, "actions": [{"type": "play", "card": "Y9"}]}
    hidden = client.post("/v1/turns", json={"state": view, "turn": ben}).json
    assert printed({"code": hidden["code"], "action": hidden["action"]}) in DOCS
    second = client.post("/v1/turns", json={"state": first["state"], "turn": ben}).json
    assert printed({"won": [p["won"] for p in second["state"]["players"]], "events": second["events"]}) in DOCS
