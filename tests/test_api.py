"""The HTTP service: every endpoint, every problem status, every body against its schema."""

from __future__ import annotations

import json

import pytest

from referee.http import create_app
from referee.rules import Code
from contract_check import assert_matches_contract, schema_validator


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, path, body, **kwargs):
    response = client.post(path, data=json.dumps(body), content_type="application/json", **kwargs)
    assert_matches_contract(response, path, "POST")
    return response


def fresh_game(client, **options):
    response = post(client, "/v1/games", {"players": ["Timo", "Vera"], "seed": 7, **options})
    assert response.status_code == 201
    return response.json["state"]


def first_legal_placement(client, state):
    actions = post(client, "/v1/legal-actions", {"state": state}).json["actions"]
    return next(a for a in actions if a["type"] == "place" and a["card"] != "J")


# -- the endpoints ----------------------------------------------------------------------------


def test_new_game_deals_a_reproducible_seeded_game(client):
    first = post(client, "/v1/games", {"players": ["Timo", "Vera"], "seed": 42})
    again = post(client, "/v1/games", {"players": ["Timo", "Vera"], "seed": 42})
    assert first.status_code == 201
    assert first.json == again.json
    state = first.json["state"]
    assert first.json["seed"] == 42
    assert [len(p["hand"]) for p in state["players"]] == [20, 20]
    assert [p["bridges"] for p in state["players"]] == [4, 4]
    assert len(state["pile"]) == 80 + 4 - 40  # the 11s lie on the table
    assert [r["color"] for r in state["rows"]] == ["R", "Y", "G", "B"]
    assert all(r["cards"] == [11] and r["jokers"] == [] for r in state["rows"])
    assert state["current"] == 0 and state["passes"] == 0 and state["bridges"] == []


def test_new_game_without_a_seed_reports_the_seed_it_used(client):
    response = post(client, "/v1/games", {"players": ["A", "B", "C", "D"]})
    again = post(client, "/v1/games", {"players": ["A", "B", "C", "D"], "seed": response.json["seed"]})
    assert response.json["state"] == again.json["state"]
    assert [len(p["hand"]) for p in response.json["state"]["players"]] == [15] * 4


def test_new_game_takes_row_order_first_player_and_hidden_hands(client):
    response = post(
        client,
        "/v1/games",
        {"players": ["A", "B", "C"], "seed": 1, "first": 2, "rows": ["B", "G", "Y", "R"], "hidden": True},
    )
    state = response.json["state"]
    assert [r["color"] for r in state["rows"]] == ["B", "G", "Y", "R"]
    assert state["current"] == 2
    assert [p["hand"] for p in state["players"]] == [{"count": 20}] * 3
    assert state["pile"] == {"count": 24}


def test_a_legal_turn_returns_the_new_state_and_moves_play_on(client):
    state = fresh_game(client)
    action = first_legal_placement(client, state)
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [action]}})
    assert response.status_code == 200
    new = response.json["state"]
    assert action["card"] not in new["players"][0]["hand"]
    assert new["current"] == 1
    assert response.json["events"] == []
    assert response.json["unchecked"] == []


def test_a_draw_takes_the_top_of_the_pile(client):
    state = fresh_game(client)
    top = state["pile"][0]
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [{"type": "draw"}]}})
    assert response.status_code == 200
    assert response.json["state"]["players"][0]["hand"][-1] == top
    assert response.json["events"] == [{"type": "drew", "player": 0, "card": top}]


def test_a_rule_violation_is_a_problem_naming_code_title_and_action(client):
    state = fresh_game(client)
    response = post(
        client,
        "/v1/turns",
        {"state": state, "turn": {"player": 0, "actions": [{"type": "pass"}]}},
    )
    assert response.status_code == 422
    assert response.json["code"] == "PASS_PILE_NOT_EMPTY"
    assert response.json["action"] == 0
    assert response.json["type"] == "/v1/rules/PASS_PILE_NOT_EMPTY"
    assert response.json["title"] == Code.PASS_PILE_NOT_EMPTY.title
    assert "44 cards" in response.json["detail"]


def test_a_turn_by_the_wrong_player_has_a_null_action_index(client):
    state = fresh_game(client)
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [{"type": "draw"}]}})
    assert response.status_code == 422
    assert response.json["code"] == "NOT_YOUR_TURN"
    assert response.json["action"] is None


def test_an_impossible_state_is_refused_with_its_reason(client):
    state = fresh_game(client)
    twice = next(card for card in state["pile"] if card != "J")
    state["players"][0]["hand"].append(twice)
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [{"type": "draw"}]}})
    assert response.status_code == 422
    assert response.json["code"] == "INVALID_STATE"
    assert response.json["action"] is None
    assert twice in response.json["reason"]
    assert "twice" in response.json["reason"]


def test_hidden_hand_turn_at_a_physical_table(client):
    state = post(client, "/v1/games", {"players": ["A", "B"], "seed": 3, "hidden": True}).json["state"]
    # The referee cannot see the hand, so any card not visible elsewhere may be placed.
    turn = {"player": 0, "actions": [{"type": "place", "card": "R10"}, {"type": "place", "card": "R12"}]}
    response = post(client, "/v1/turns", {"state": state, "turn": turn})
    assert response.status_code == 200
    assert response.json["state"]["players"][0]["hand"] == {"count": 18}
    assert response.json["state"]["rows"][0]["cards"] == [10, 11, 12]
    # A hidden pile and a hidden hand: a draw need not name the card.
    response = post(client, "/v1/turns", {"state": response.json["state"], "turn": {"player": 1, "actions": [{"type": "draw"}]}})
    assert response.json["state"]["players"][1]["hand"] == {"count": 21}
    assert response.json["state"]["pile"] == {"count": 43}
    assert response.json["events"] == [{"type": "drew", "player": 1, "card": None}]


def test_legal_actions_lists_the_next_actions_and_whether_the_prefix_is_complete(client):
    state = fresh_game(client)
    start = post(client, "/v1/legal-actions", {"state": state})
    assert start.status_code == 200
    assert start.json["player"] == 0
    assert start.json["complete"] is False
    assert {"type": "draw"} in start.json["actions"]
    assert {"type": "pass"} not in start.json["actions"]
    action = first_legal_placement(client, state)
    after = post(client, "/v1/legal-actions", {"state": state, "actions": [action]})
    assert after.json["complete"] is True
    assert {"type": "draw"} not in after.json["actions"]


def test_legal_actions_of_a_broken_prefix_is_that_problem(client):
    state = fresh_game(client)
    response = post(client, "/v1/legal-actions", {"state": state, "actions": [{"type": "pass"}]})
    assert response.status_code == 422
    assert response.json["code"] == "PASS_PILE_NOT_EMPTY"
    assert response.json["action"] == 0


def test_replay_applies_every_turn_and_reports_the_events(client):
    state = fresh_game(client)
    turns = [{"player": 0, "actions": [{"type": "draw"}]}, {"player": 1, "actions": [{"type": "draw"}]}]
    response = post(client, "/v1/replays", {"state": state, "turns": turns})
    assert response.status_code == 200
    assert response.json["turns"] == 2
    assert response.json["events"] == [
        [{"type": "drew", "player": 0, "card": state["pile"][0]}],
        [{"type": "drew", "player": 1, "card": state["pile"][1]}],
    ]
    assert response.json["unchecked"] == [[], []]
    assert response.json["state"]["current"] == 0


def test_replay_problem_names_the_turn_and_the_action(client):
    state = fresh_game(client)
    turns = [{"player": 0, "actions": [{"type": "draw"}]}, {"player": 0, "actions": [{"type": "draw"}]}]
    response = post(client, "/v1/replays", {"state": state, "turns": turns})
    assert response.status_code == 422
    assert response.json["code"] == "NOT_YOUR_TURN"
    assert response.json["turn"] == 1
    assert response.json["action"] is None


def test_scores_of_a_game_in_progress(client):
    state = fresh_game(client)
    response = post(client, "/v1/scores", {"state": state})
    assert response.status_code == 200
    assert response.json["finished"] is False
    hand = state["players"][0]["hand"]
    numbers = -sum(int(c[1:]) for c in hand if c != "J")
    jokers = -11 * hand.count("J")
    assert response.json["scores"][0] == {
        "player": 0, "bonus": 0, "hand": numbers, "jokers": jokers, "total": numbers + jokers,
    }


def test_scores_of_hidden_hands_are_unknown(client):
    state = post(client, "/v1/games", {"players": ["A", "B"], "seed": 3, "hidden": True}).json["state"]
    response = post(client, "/v1/scores", {"state": state})
    assert response.json["scores"][1] == {"player": 1, "bonus": 0, "hand": None, "jokers": None, "total": None}
    assert response.json["winners"] is None


def test_rules_lists_the_whole_catalogue(client):
    response = client.get("/v1/rules")
    assert_matches_contract(response, "/v1/rules", "GET")
    assert [r["code"] for r in response.json] == [c.value for c in Code]
    assert response.json[0] == {"code": "INVALID_STATE", "title": Code.INVALID_STATE.title,
                                "description": Code.INVALID_STATE.description}


def test_one_rule_by_its_code(client):
    response = client.get("/v1/rules/CARD_LIMIT")
    assert_matches_contract(response, "/v1/rules/{code}", "GET")
    assert response.json == {"code": "CARD_LIMIT", "title": "At most 4 cards per turn",
                             "description": Code.CARD_LIMIT.description}


def test_an_unknown_rule_is_not_found(client):
    response = client.get("/v1/rules/NO_SUCH_RULE")
    assert_matches_contract(response, "/v1/rules/{code}", "GET")
    assert response.status_code == 404
    assert response.json["code"] == "NOT_FOUND"


def test_openapi_document_and_schemas_are_served(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.data.decode().startswith("openapi: 3.1")
    schema = client.get("/schemas/state.json")
    assert schema.status_code == 200
    assert json.loads(schema.data)["$id"] == "state.json"
    assert client.get("/schemas/nothing.json").status_code == 404


def test_docs_page_works_offline(client):
    response = client.get("/docs")
    assert response.status_code == 200
    page = response.data.decode()
    assert "SwaggerUIBundle" in page and "/openapi.yaml" in page
    assert "http://" not in page and "https://" not in page
    asset = client.get("/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000


def test_health(client):
    response = client.get("/healthz")
    assert_matches_contract(response, "/healthz", "GET")
    assert response.json == {"status": "ok"}


# -- the problem statuses ---------------------------------------------------------------------


def test_malformed_json_is_400(client):
    response = client.post("/v1/turns", data=b'{"state": ', content_type="application/json")
    assert_matches_contract(response, "/v1/turns")
    assert response.status_code == 400
    assert response.json["code"] == "MALFORMED_JSON"


def test_schema_violation_is_400_with_a_json_pointer(client):
    state = fresh_game(client)
    state["players"][0]["hand"][3] = "R22"
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [{"type": "draw"}]}})
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert "/state/players/0/hand/3" in [e["pointer"] for e in response.json["errors"]]


def test_unknown_fields_are_refused(client):
    state = fresh_game(client)
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [{"type": "draw"}]}, "x": 1})
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"


def test_a_body_over_one_mebibyte_is_413(client):
    response = client.post("/v1/turns", data=b" " * (1024 * 1024 + 1), content_type="application/json")
    assert_matches_contract(response, "/v1/turns")
    assert response.status_code == 413
    assert response.json["code"] == "PAYLOAD_TOO_LARGE"


def test_a_body_that_is_not_json_typed_is_415(client):
    response = client.post("/v1/turns", data=b"{}", content_type="text/plain")
    assert_matches_contract(response, "/v1/turns")
    assert response.status_code == 415
    assert response.json["code"] == "UNSUPPORTED_MEDIA_TYPE"


def test_an_unknown_path_is_404(client):
    response = client.get("/v1/nothing")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == "NOT_FOUND"
    assert list(schema_validator("problem.json").iter_errors(response.json)) == []


def test_a_wrong_method_is_405(client):
    response = client.get("/v1/turns")
    assert response.status_code == 405
    assert list(schema_validator("problem.json").iter_errors(response.json)) == []
    assert response.mimetype == "application/problem+json"
    assert response.json["code"] == "METHOD_NOT_ALLOWED"
    assert "POST" in response.headers["Allow"]


def test_a_whole_number_written_as_a_float_in_a_state_is_400(client):
    # JSON Schema counts 0.0 as an integer; the engine's codec reads integers only.
    state = fresh_game(client)
    state["current"] = 0.0
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [{"type": "draw"}]}})
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert "0.0 is not an integer" in response.json["detail"]


def test_an_http_error_without_a_code_of_its_own_keeps_its_status_as_http_error():
    from werkzeug.exceptions import Conflict

    app = create_app({"TESTING": True})

    @app.get("/conflict")
    def conflict():
        raise Conflict("two writers at once")

    response = app.test_client().get("/conflict")
    assert response.status_code == 409
    assert response.mimetype == "application/problem+json"
    assert response.json == {"type": "about:blank", "title": "Conflict", "status": 409,
                             "code": "HTTP_ERROR", "detail": "two writers at once"}
    assert list(schema_validator("problem.json").iter_errors(response.json)) == []
