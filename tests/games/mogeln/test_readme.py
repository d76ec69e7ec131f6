"""The guide's example of Mogeln stays true: each request it shows, sent to the referee,
gets the answer printed under it; and bad input gets its problem."""

from __future__ import annotations

import pytest

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = client.post("/v1/games", json={"ruleset": "mogeln", "players": ["Ada", "Ben", "Cleo"], "seed": 4}).json
    first = client.post("/v1/turns", json={"state": game["state"], "turn": {
        "player": 0, "actions": [{"type": "play", "cards": ["G7", "Y5"]}]}}).json
    assert printed({"stack": first["state"]["stack"], "current": first["state"]["current"]}) in DOCS
    view = client.post("/v1/views", json={"state": first["state"], "player": 2}).json["view"]
    assert printed({"stack": view["stack"]}) in DOCS
    listed = client.post("/v1/legal-actions", json={"state": first["state"], "player": 2}).json
    assert printed(listed) in DOCS
    named = {"player": 2, "actions": [{"type": "challenge", "cards": ["O1"]}]}
    mismatch = client.post("/v1/turns", json={"state": view, "turn": named})
    assert mismatch.status_code == 422
    assert printed({"code": mismatch.json["code"], "action": mismatch.json["action"]}) in DOCS
    caught = client.post("/v1/turns", json={"state": first["state"], "turn": {
        "player": 2, "actions": [{"type": "challenge"}]}}).json
    assert printed({"events": caught["events"], "current": caught["state"]["current"]}) in DOCS
    assert caught["state"]["players"][0]["hand"][-2:] == ["G7", "Y5"]


@pytest.mark.parametrize("action, pointer", [
    ({"type": "play", "cards": []}, "/turn/actions/0/cards"),
    ({"type": "play", "count": 0}, "/turn/actions/0/count"),
])
def test_a_play_of_no_card_is_a_schema_violation(client, action, pointer):
    game = client.post("/v1/games", json={"ruleset": "mogeln", "players": ["Ada", "Ben", "Cleo"], "seed": 4}).json
    refused = client.post("/v1/turns", json={"state": game["state"], "turn": {"player": 0, "actions": [action]}})
    assert refused.status_code == 400 and refused.json["code"] == "SCHEMA_VIOLATION"
    assert [e["pointer"] for e in refused.json["errors"]] == [pointer]


def test_a_picture_draws_the_stack_face_down_with_its_claims(client):
    game = client.post("/v1/games", json={"ruleset": "mogeln", "players": ["Ada", "Ben", "Cleo"], "seed": 4}).json
    first = client.post("/v1/turns", json={"state": game["state"], "turn": {
        "player": 0, "actions": [{"type": "play", "cards": ["G7", "Y5"]}]}}).json
    svg = client.post("/v1/pictures", json={"state": first["state"]}).get_data(as_text=True)
    assert 'class="stack" data-plays="1"' in svg and "Plays on the stack" in svg
    assert 'data-card="G7"' not in svg  # face down
