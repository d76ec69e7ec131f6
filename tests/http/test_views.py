"""`POST /v1/views`, and views sent back to every endpoint that takes a state.

A view is a state: the other endpoints accept it and answer `unchecked` (or null
scores) where a hidden card decides; `referee replay` and the pictures take it too.
"""

from __future__ import annotations

import json

import pytest

from referee.cli import replay
from referee.http import create_app
from support.contract_check import assert_matches_contract


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, path, body):
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert_matches_contract(response, path, "POST")
    return response


def deal(client, ruleset):
    body = {"players": ["Ann", "Ben", "Cleo"], "seed": 5, "ruleset": ruleset}
    return post(client, "/v1/games", body).json["state"]


def view(client, state, player):
    response = post(client, "/v1/views", {"state": state, "player": player})
    assert response.status_code == 200
    return response.json["view"]


@pytest.mark.parametrize("ruleset", ["master", "classic", "junior"])
def test_a_view_hides_the_other_hands_and_the_pile(client, ruleset):
    state = deal(client, ruleset)
    seen = view(client, state, 1)
    assert [p["hand"] for p in seen["players"]] == [
        {"count": len(state["players"][0]["hand"])},
        state["players"][1]["hand"],
        {"count": len(state["players"][2]["hand"])},
    ]
    assert seen["pile"] == {"count": len(state["pile"])}
    assert seen["rows"] == state["rows"]
    spectator = view(client, state, None)
    assert all(isinstance(p["hand"], dict) for p in spectator["players"])


@pytest.mark.parametrize("ruleset", ["master", "classic", "junior"])
def test_every_endpoint_takes_a_view(client, ruleset):
    state = deal(client, ruleset)
    seen = view(client, state, None)
    legal = post(client, "/v1/legal-actions", {"state": seen})
    assert legal.status_code == 200 and legal.json["player"] == state["current"]
    first = legal.json["actions"][0]
    turn = {"player": state["current"], "actions": [first]}
    played = post(client, "/v1/turns", {"state": seen, "turn": turn})
    assert played.status_code == 200
    assert played.json["state"]["players"][state["current"]]["hand"] == {
        "count": len(state["players"][state["current"]]["hand"]) - 1
    }
    assert post(client, "/v1/replays", {"state": seen, "turns": [turn]}).json["turns"] == 1
    scores = post(client, "/v1/scores", {"state": seen}).json
    assert scores["winners"] is None
    picture = client.post("/v1/pictures", data=json.dumps({"state": seen}), content_type="application/json")
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"


def test_a_rule_that_hidden_cards_decide_is_answered_unchecked(client):
    # A junior player must place a card that fits rather than draw; who sees the hand
    # can tell (MUST_PLAY), a spectator cannot (unchecked).
    state = deal(client, "junior")
    mover = state["current"]
    draw = {"player": mover, "actions": [{"type": "draw", "card": state["pile"][0]}]}
    own = post(client, "/v1/turns", {"state": view(client, state, mover), "turn": draw})
    assert own.status_code == 422 and own.json["code"] == "MUST_PLAY"
    spectator = post(client, "/v1/turns", {"state": view(client, state, None), "turn": draw})
    assert spectator.status_code == 200 and spectator.json["unchecked"] == ["MUST_PLAY"]


def test_a_view_for_a_seat_the_game_has_not_is_a_schema_violation(client):
    state = deal(client, "master")
    response = post(client, "/v1/views", {"state": state, "player": 4})
    assert response.status_code == 400 and response.json["code"] == "SCHEMA_VIOLATION"
    assert response.json["errors"][0]["pointer"] == "/player"


def test_an_impossible_state_gets_no_view(client):
    state = deal(client, "master")
    state["players"][0]["hand"] = state["players"][0]["hand"][1:]
    response = post(client, "/v1/views", {"state": state, "player": 0})
    assert response.status_code == 422 and response.json["code"] == "INVALID_STATE"


def test_referee_replay_checks_a_game_recorded_from_a_view(client, tmp_path, capsys):
    state = deal(client, "master")
    seen = view(client, state, None)
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"state": seen, "turns": [turn]}))
    lines = []

    class Out:
        def write(self, text):
            lines.append(text)

    assert replay(str(game), out=Out()) == 0
    assert "legal: 1 turns, game not finished" in "".join(lines)
