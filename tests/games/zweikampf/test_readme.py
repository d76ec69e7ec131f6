"""The guide's Zweikampf example stays true: each request it shows, sent to the referee,
gets the answer printed under it."""

from __future__ import annotations

import pytest

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = client.post("/v1/games", json={"ruleset": "zweikampf", "players": ["Ada", "Ben"], "seed": 7}).json
    first = client.post("/v1/turns", json={"state": game["state"], "turn": {
        "player": 1, "actions": [{"type": "reveal"}]}}).json
    assert printed({"waiting": first["state"]["waiting"], "events": first["events"]}) in DOCS
    second = client.post("/v1/turns", json={"state": first["state"], "turn": {
        "player": 0, "actions": [{"type": "reveal"}]}}).json
    assert printed({"won": [p["won"] for p in second["state"]["players"]], "events": second["events"]}) in DOCS
    refused = client.post("/v1/turns", json={"state": first["state"], "turn": {
        "player": 1, "actions": [{"type": "reveal"}]}}).json
    assert printed({k: refused[k] for k in ("code", "action", "detail")}) in DOCS
