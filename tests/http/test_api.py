"""The HTTP service: every endpoint, every problem status, every body against its schema.

The MASTER game first, then the classic and junior games (docs/games/classic.md).
"""

from __future__ import annotations

import json

import pytest

from referee import engine
from referee.http import create_app
from referee.core.codes import Code
from referee.core.cards import describe_card
from support.contract_check import assert_matches_contract, schema_validator


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
    assert first.json["redeals"] == 0
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
    assert describe_card(twice) in response.json["reason"]
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
                                "description": Code.INVALID_STATE.description,
                                "rulesets": list(engine.RULESETS)}  # every ruleset checks the state


def test_one_rule_by_its_code(client):
    response = client.get("/v1/rules/CARD_LIMIT")
    assert_matches_contract(response, "/v1/rules/{code}", "GET")
    assert response.json == {"code": "CARD_LIMIT", "title": "At most 4 cards per turn",
                             "description": Code.CARD_LIMIT.description, "rulesets": ["master"]}


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
    assert response.json == {"status": "ok", "version": "0.2.0"}


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


def test_a_whole_number_written_as_a_float_is_read_as_that_integer(client):
    # JSON Schema counts 0.0 and 1e2 as integers, so the service must accept them: what
    # the schema accepts, the service accepts, and reads as the schema means it.
    state = fresh_game(client)
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    exact = post(client, "/v1/turns", {"state": state, "turn": turn})
    floated = post(client, "/v1/turns", {"state": {**state, "current": 0.0, "passes": 0.0}, "turn": {**turn, "player": 0.0}})
    assert (floated.status_code, floated.data) == (200, exact.data)
    deal = post(client, "/v1/games", {"players": ["Ann", "Ben"], "seed": 100, "first": 1})
    raw = client.post("/v1/games", data=b'{"players": ["Ann", "Ben"], "seed": 1e2, "first": 1.0}',
                      content_type="application/json")
    assert (raw.status_code, raw.json) == (201, deal.json)
    assert raw.json["seed"] == 100 and raw.json["state"]["current"] == 1


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


# -- the classic and junior games ---------------------------------------------------------------

#: A classic position (2018 edition, rows started on the 11s): the rows hold these values.
CLASSIC_ROWS = {"O": range(6, 17), "Y": range(9, 14), "G": range(10, 13), "B": range(8, 17)}
#: Nothing in Ann's hand fits; Ben can place O5, O17, Y8 and G13.
ANN = ["O3", "Y4", "Y17", "G2", "B20"]
BEN = ["O5", "O17", "Y8", "G13", "G20", "B1", "B2", "Y20"]


def classic_table(hands=(ANN, BEN), top=("G5", "B17"), edition="2018", rest_to_ben=False):
    """The CLASSIC_ROWS position with these hands, Ann to move, opened on the 11s.

    The pile is `top` and then every other card in deck order, unless `rest_to_ben`: then
    the pile is empty and the rest is in Ben's hand. In the original edition every orange
    card is red.
    """
    first = "O" if edition == "2018" else "R"

    def paint(card: str) -> str:
        return first + card[1:] if card[0] == "O" else card

    named = {f"{c}{v}" for c, vs in CLASSIC_ROWS.items() for v in vs}
    named |= {card for hand in hands for card in hand} | set(top)
    rest = [f"{c}{v}" for c in "OYGB" for v in range(1, 21) if f"{c}{v}" not in named]
    hands = [list(hands[0]), list(hands[1]) + (rest if rest_to_ben else [])]
    pile = [] if rest_to_ben else [*top, *rest]
    return {
        "ruleset": "classic",
        "options": {"edition": edition, "start": "eleven", "without_blue": False},
        "players": [{"name": name, "hand": [paint(c) for c in hand]}
                    for name, hand in zip(("Ann", "Ben"), hands)],
        "current": 0,
        "rows": [{"color": paint(c), "cards": list(vs)} for c, vs in CLASSIC_ROWS.items()],
        "opening": 11,
        "pile": [paint(c) for c in pile],
        "passes": 0,
    }


def play_turn(client, state, *actions, player=None):
    turn = {"player": state["current"] if player is None else player, "actions": list(actions)}
    return post(client, "/v1/turns", {"state": state, "turn": turn})


def draw(card=None):
    return {"type": "draw"} if card is None else {"type": "draw", "card": card}


def place(card):
    return {"type": "place", "card": card}


PASS = {"type": "pass"}


def test_rulesets_lists_each_ruleset_with_its_options_and_codes(client):
    response = client.get("/v1/rulesets")
    assert_matches_contract(response, "/v1/rulesets", "GET")
    assert response.status_code == 200
    master, classic, junior, *box = response.json
    assert [master["name"], classic["name"], junior["name"]] == ["master", "classic", "junior"]
    assert master["options"] == [] and junior["options"] == []
    assert [(o["name"], o["values"], o["default"]) for o in classic["options"]] == [
        ("edition", ["2018", "original"], "2018"),
        ("start", ["eleven", "ends", "ten-to-twelve", "any"], "eleven"),
        ("without_blue", [False, True], False),
    ]
    assert master["codes"] == [c.value for c in Code][:24]
    assert "CARD_LIMIT" in master["codes"] and "OPENING" not in master["codes"]
    assert {"OPENING", "ROW_NOT_STARTED", "DRAW_INCOMPLETE", "MUST_PLACE_DRAWN"} <= set(classic["codes"])
    assert "BRIDGE_NOT_FOLLOWED" not in classic["codes"]
    assert {"DRAW_LIMIT", "PLAY_AFTER_DRAW"} <= set(junior["codes"])
    assert set(junior["codes"]).isdisjoint({"OPENING", "ROW_NOT_STARTED", "DRAW_INCOMPLETE",
                                            "DRAW_AFTER_FIT", "MUST_PLACE_DRAWN", "CARD_LIMIT"})


def test_rules_name_the_rulesets_that_use_each_new_code(client):
    response = client.get("/v1/rules")
    rulesets = {rule["code"]: rule["rulesets"] for rule in response.json}
    assert {code: rulesets[code] for code in (
        "OPENING", "ROW_NOT_STARTED", "PLAY_AFTER_DRAW", "DRAW_LIMIT", "DRAW_AFTER_FIT",
        "DRAW_INCOMPLETE", "MUST_PLACE_DRAWN", "CARD_LIMIT", "MUST_PLAY")} == {
        "OPENING": ["classic"],
        "ROW_NOT_STARTED": ["classic"],
        "PLAY_AFTER_DRAW": ["classic", "junior"],
        "DRAW_LIMIT": ["classic", "junior"],
        "DRAW_AFTER_FIT": ["classic"],
        "DRAW_INCOMPLETE": ["classic"],
        "MUST_PLACE_DRAWN": ["classic"],
        "CARD_LIMIT": ["master"],
        "MUST_PLAY": ["master", "classic", "junior"],
    }
    one = client.get("/v1/rules/OPENING")
    assert_matches_contract(one, "/v1/rules/{code}", "GET")
    assert one.json == {"code": "OPENING", "title": "The first turn opens one row",
                        "description": Code.OPENING.description, "rulesets": ["classic"]}


def test_a_hidden_classic_deal_on_the_elevens_opens_with_the_player_the_table_names(client):
    # Real cards: the referee cannot see who holds the orange 11, so `first` says it, and
    # nothing is redealt (seed 3 redeals once when the referee deals the cards itself).
    for first in (0, 1, 2, 2):
        response = post(client, "/v1/games", {"ruleset": "classic", "players": ["Ann", "Ben", "Cleo"],
                                                "first": first, "hidden": True, "seed": 3})
        assert response.status_code == 201
        assert response.json["redeals"] == 0
        state = response.json["state"]
        assert state["current"] == first
        assert state["players"][first]["hand"] == {"count": 20} and state["pile"] == {"count": 20}
    seeded = post(client, "/v1/games", {"ruleset": "classic", "players": ["Ann", "Ben"], "seed": 3, "first": 0})
    assert (seeded.json["redeals"], seeded.json["state"]["current"]) == (1, 1)
    hidden = post(client, "/v1/games", {"ruleset": "classic", "players": ["Ann", "Ben"], "seed": 3, "first": 0,
                                        "hidden": True})
    assert (hidden.json["redeals"], hidden.json["state"]["current"]) == (0, 0)


def test_a_classic_deal_on_the_elevens_is_redone_until_someone_holds_an_11(client):
    response = post(client, "/v1/games", {"ruleset": "classic", "players": ["Ann", "Ben"], "seed": 3})
    assert response.status_code == 201
    assert response.json["seed"] == 3
    assert response.json["redeals"] == 1
    state = response.json["state"]
    assert state["options"] == {"edition": "2018", "start": "eleven", "without_blue": False}
    assert state["rows"] == [] and state["opening"] is None and state["passes"] == 0
    assert [len(p["hand"]) for p in state["players"]] == [20, 20]
    assert len(state["pile"]) == 40
    # Ben holds the orange 11, the first by priority, so he opens (whatever `first` says).
    assert [[c for c in p["hand"] if c.endswith("11")] for p in state["players"]] == [["G11", "B11"], ["O11"]]
    assert state["current"] == 1
    again = post(client, "/v1/games", {"ruleset": "classic", "options": {}, "players": ["Ann", "Ben"],
                                       "seed": 3, "first": 0})
    assert again.json == response.json


def test_a_classic_game_opens_with_the_first_11_alone(client):
    state = post(client, "/v1/games", {"ruleset": "classic", "players": ["Ann", "Ben"], "seed": 3}).json["state"]
    refused = play_turn(client, state, place("O11"), place("O12"))
    assert refused.status_code == 422
    assert (refused.json["code"], refused.json["action"]) == ("OPENING", None)
    assert refused.json["type"] == "/v1/rules/OPENING"
    response = play_turn(client, state, place("O11"))
    assert response.status_code == 200
    after = response.json["state"]
    assert after["rows"] == [{"color": "O", "cards": [11]}]
    assert after["opening"] == 11
    assert after["current"] == 0
    assert "O11" not in after["players"][1]["hand"] and len(after["players"][1]["hand"]) == 19
    assert response.json["events"] == [] and response.json["unchecked"] == []


def test_a_classic_deal_takes_every_option(client):
    response = post(client, "/v1/games", {
        "ruleset": "classic", "options": {"edition": "original", "start": "ends"},
        "players": ["Ann", "Ben", "Cleo", "Dan"], "seed": 5, "first": 2})
    assert response.status_code == 201
    assert response.json["redeals"] == 0
    state = response.json["state"]
    assert state["options"] == {"edition": "original", "start": "ends", "without_blue": False}
    assert state["rows"] == [{"color": c, "cards": [1, 20]} for c in "RYGB"]
    assert state["opening"] is None
    assert state["current"] == 2
    assert [len(p["hand"]) for p in state["players"]] == [15] * 4
    assert len(state["pile"]) == 80 - 8 - 60
    cards = [c for p in state["players"] for c in p["hand"]] + state["pile"]
    assert {c[0] for c in cards} == set("RYGB")


def test_a_classic_deal_for_two_without_the_blue_cards(client):
    response = post(client, "/v1/games", {
        "ruleset": "classic", "options": {"without_blue": True, "start": "ten-to-twelve"},
        "players": ["Ann", "Ben"], "seed": 1, "hidden": True})
    assert response.status_code == 201
    state = response.json["state"]
    assert state["options"] == {"edition": "2018", "start": "ten-to-twelve", "without_blue": True}
    assert [p["hand"] for p in state["players"]] == [{"count": 20}, {"count": 20}]
    assert state["pile"] == {"count": 20}
    assert response.json["redeals"] == 0


@pytest.mark.parametrize("players, pile", [(["Ann", "Ben"], 26), (list("ABCDEF"), 6)])
def test_a_junior_deal(client, players, pile):
    response = post(client, "/v1/games", {"ruleset": "junior", "players": players, "seed": 1,
                                          "first": len(players) - 1})
    assert response.status_code == 201
    assert response.json["redeals"] == 0
    state = response.json["state"]
    assert set(state) == {"ruleset", "players", "current", "rows", "pile", "passes"}
    assert state["rows"] == [{"color": c, "cards": [1, 11]} for c in "OYGB"]
    assert [len(p["hand"]) for p in state["players"]] == [5] * len(players)
    assert len(state["pile"]) == pile
    assert state["current"] == len(players) - 1


@pytest.mark.parametrize("body, pointer", [
    ({"options": {"start": "ends"}}, "/options"),
    ({"ruleset": "master", "options": {}}, "/options"),
    ({"ruleset": "junior", "options": {"edition": "2018"}}, "/options"),
    ({"ruleset": "classic", "rows": ["R", "Y", "G", "B"]}, "/rows"),
    ({"ruleset": "junior", "rows": ["R", "Y", "G", "B"]}, "/rows"),
    ({"ruleset": "classic", "options": {"without_blue": True}, "players": ["A", "B", "C"]}, "/players"),
    ({"ruleset": "classic", "options": {"start": "twelve"}}, "/options/start"),
    ({"ruleset": "classic", "options": {"jokers": True}}, "/options"),
    ({"ruleset": "skat"}, "/ruleset"),
])
def test_a_new_game_member_of_another_ruleset_is_400_at_that_member(client, body, pointer):
    response = post(client, "/v1/games", {"players": ["Ann", "Ben"], **body})
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert [e["pointer"] for e in response.json["errors"]] == [pointer]


def test_a_classic_draw_sequence_ends_on_the_card_that_fits(client):
    response = play_turn(client, classic_table(), draw(), draw(), place("B17"))
    assert response.status_code == 200
    state = response.json["state"]
    assert response.json["events"] == [{"type": "drew", "player": 0, "card": "G5"},
                                       {"type": "drew", "player": 0, "card": "B17"}]
    assert response.json["unchecked"] == []
    assert state["players"][0]["hand"] == ["O3", "Y4", "Y17", "G2", "B20", "G5"]
    assert state["rows"][3] == {"color": "B", "cards": list(range(8, 18))}
    assert len(state["pile"]) == 37 and state["pile"][:3] == ["O1", "O2", "O4"]
    assert state["current"] == 1 and state["passes"] == 0


def test_a_classic_turn_places_any_number_of_cards(client):
    state = classic_table()
    state["current"] = 1
    response = play_turn(client, state, place("O5"), place("O17"), place("Y8"), place("G13"))
    assert response.status_code == 200
    after = response.json["state"]
    assert after["players"][1]["hand"] == ["G20", "B1", "B2", "Y20"]
    assert after["rows"][0] == {"color": "O", "cards": list(range(5, 18))}
    assert after["rows"][1] == {"color": "Y", "cards": list(range(8, 14))}
    assert after["rows"][2] == {"color": "G", "cards": [10, 11, 12, 13]}
    assert after["current"] == 0
    # The orange 4 would fit next to the 5 just placed, but it lies in the pile.
    more = play_turn(client, state, place("O5"), place("O17"), place("Y8"), place("G13"), place("O4"))
    assert (more.status_code, more.json["code"], more.json["action"]) == (422, "CARD_NOT_IN_HAND", 4)


@pytest.mark.parametrize("actions, code, index", [
    ([draw()], "DRAW_INCOMPLETE", 0),
    ([draw(), draw(), place("Y4")], "PLAY_AFTER_DRAW", 2),
    ([draw(), draw(), draw()], "DRAW_AFTER_FIT", 2),
    ([place("Y4")], "NOT_ADJACENT", 0),
    ([PASS], "PASS_PILE_NOT_EMPTY", 0),
])
def test_a_classic_turn_against_the_rules_is_422_with_its_code(client, actions, code, index):
    response = play_turn(client, classic_table(), *actions)
    assert response.status_code == 422
    assert (response.json["code"], response.json["action"]) == (code, index)
    assert response.json["type"] == f"/v1/rules/{code}"
    assert response.json["title"] == Code[code].title


def test_a_classic_player_who_can_place_may_not_draw(client):
    state = classic_table()
    state["current"] = 1
    response = play_turn(client, state, draw())
    assert response.status_code == 422
    assert (response.json["code"], response.json["action"]) == ("MUST_PLAY", 0)


def test_a_second_drawn_card_that_fits_must_be_placed_in_both_editions(client):
    for edition in ("original", "2018"):
        response = play_turn(client, classic_table(edition=edition), draw(), draw())
        assert response.status_code == 422
        assert (response.json["code"], response.json["action"]) == ("MUST_PLACE_DRAWN", 1)


def test_classic_legal_actions_after_a_draw_prefix(client):
    state = classic_table()
    steps = [post(client, "/v1/legal-actions", {"state": state, "actions": prefix}).json
             for prefix in ([], [draw()], [draw(), draw()], [draw(), draw(), place("B17")])]
    assert steps == [
        {"player": 0, "actions": [{"type": "draw"}], "complete": False},
        {"player": 0, "actions": [{"type": "draw"}], "complete": False},
        {"player": 0, "actions": [{"type": "place", "card": "B17"}], "complete": False},
        {"player": 0, "actions": [], "complete": True},
    ]
    original = classic_table(edition="original")
    after_two = post(client, "/v1/legal-actions", {"state": original, "actions": [draw(), draw()]})
    assert after_two.json == {"player": 0, "actions": [{"type": "place", "card": "B17"}], "complete": False}


def test_classic_legal_actions_of_a_broken_prefix_is_that_problem(client):
    response = post(client, "/v1/legal-actions", {"state": classic_table(),
                                                  "actions": [draw(), draw(), draw()]})
    assert response.status_code == 422
    assert (response.json["code"], response.json["action"]) == ("DRAW_AFTER_FIT", 2)


def test_a_classic_replay_applies_every_turn(client):
    turns = [
        {"player": 0, "actions": [draw(), draw(), place("B17")]},
        {"player": 1, "actions": [place("O5"), place("O17"), place("Y8"), place("G13")]},
    ]
    response = post(client, "/v1/replays", {"state": classic_table(), "turns": turns})
    assert response.status_code == 200
    assert response.json["turns"] == 2
    assert response.json["events"] == [
        [{"type": "drew", "player": 0, "card": "G5"}, {"type": "drew", "player": 0, "card": "B17"}],
        [],
    ]
    assert response.json["unchecked"] == [[], []]
    state = response.json["state"]
    assert state["current"] == 0
    assert state["players"][1]["hand"] == ["G20", "B1", "B2", "Y20"]


def test_a_classic_replay_problem_names_the_turn_and_the_action(client):
    turns = [
        {"player": 0, "actions": [draw(), draw(), place("B17")]},
        {"player": 1, "actions": [draw()]},
    ]
    response = post(client, "/v1/replays", {"state": classic_table(), "turns": turns})
    assert response.status_code == 422
    assert (response.json["code"], response.json["turn"], response.json["action"]) == ("MUST_PLAY", 1, 0)


def test_classic_scores_are_penalties(client):
    response = post(client, "/v1/scores", {"state": classic_table()})
    assert response.status_code == 200
    assert response.json == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 3 + 4 + 17 + 2 + 20},
                   {"player": 1, "penalty": 5 + 17 + 8 + 13 + 20 + 1 + 2 + 20}],
        "winners": [0],
    }


def test_a_hidden_classic_hand_has_an_unknown_penalty(client):
    state = classic_table()
    state["players"][1]["hand"] = {"count": 8}
    response = post(client, "/v1/scores", {"state": state})
    assert response.json == {"finished": False,
                             "scores": [{"player": 0, "penalty": 46}, {"player": 1, "penalty": None}],
                             "winners": None}


def test_a_classic_player_who_places_the_last_card_wins(client):
    response = play_turn(client, classic_table(hands=(["B17"], BEN), top=("G5",)), place("B17"))
    assert response.status_code == 200
    assert response.json["events"] == [{
        "type": "game_over", "reason": "out",
        "scores": [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 86}],
        "winners": [0],
    }]
    state = response.json["state"]
    assert state["players"][0]["hand"] == []
    finished = post(client, "/v1/scores", {"state": state}).json
    assert finished["finished"] is True and finished["winners"] == [0]
    over = play_turn(client, state, place("O5"))
    assert (over.status_code, over.json["code"]) == (422, "GAME_OVER")


def test_a_classic_player_passes_when_the_pile_is_empty_and_nothing_fits(client):
    response = play_turn(client, classic_table(top=(), rest_to_ben=True), PASS)
    assert response.status_code == 200
    assert response.json["events"] == [{"type": "passed", "player": 0}]
    assert response.json["state"]["passes"] == 1
    assert response.json["state"]["current"] == 1


def test_a_junior_turn_draws_one_card_only(client):
    state = post(client, "/v1/games", {"ruleset": "junior", "players": ["Ann", "Ben"], "seed": 1}).json["state"]
    assert state["players"][0]["hand"] == ["O4", "G3", "G6", "B5", "B9"]
    assert state["pile"][:2] == ["Y4", "G2"]
    start = post(client, "/v1/legal-actions", {"state": state})
    assert start.json == {"player": 0, "actions": [{"type": "draw"}], "complete": False}
    after = post(client, "/v1/legal-actions", {"state": state, "actions": [draw()]})
    assert after.json == {"player": 0, "actions": [], "complete": True}
    twice = play_turn(client, state, draw(), draw())
    assert (twice.status_code, twice.json["code"], twice.json["action"]) == (422, "DRAW_LIMIT", 1)
    response = play_turn(client, state, draw())
    assert response.status_code == 200
    assert response.json["events"] == [{"type": "drew", "player": 0, "card": "Y4"}]
    assert response.json["state"]["players"][0]["hand"] == ["O4", "G3", "G6", "B5", "B9", "Y4"]
    # Ben holds the yellow 10 and the blue 2, which fit next to the 11 and the 1.
    ben = play_turn(client, response.json["state"], place("Y10"), place("B2"))
    assert ben.status_code == 200
    rows = ben.json["state"]["rows"]
    assert rows[1] == {"color": "Y", "cards": [1, 10, 11]}
    assert rows[3] == {"color": "B", "cards": [1, 2, 11]}
    replay = post(client, "/v1/replays", {"state": state, "turns": [
        {"player": 0, "actions": [draw()]}, {"player": 1, "actions": [place("Y10"), place("B2")]}]})
    assert replay.status_code == 200
    assert replay.json["state"] == ben.json["state"]
    scores = post(client, "/v1/scores", {"state": ben.json["state"]}).json
    assert scores == {"finished": False,
                      "scores": [{"player": 0, "penalty": 4 + 3 + 6 + 5 + 9 + 4},
                                 {"player": 1, "penalty": 3 + 7 + 8}],
                      "winners": [1]}


# -- the classic and junior contract ------------------------------------------------------------


def test_a_joker_in_a_classic_state_is_400_at_the_card(client):
    state = classic_table()
    state["players"][0]["hand"].append("J")
    response = play_turn(client, state, draw(), draw(), place("B17"))
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert [e["pointer"] for e in response.json["errors"]] == ["/state/players/0/hand/5"]


def test_master_members_in_a_classic_state_are_400(client):
    state = classic_table()
    state["bridges"] = []
    state["rows"][0]["jokers"] = []
    response = play_turn(client, state, draw(), draw(), place("B17"))
    assert response.status_code == 400
    assert sorted(e["pointer"] for e in response.json["errors"]) == ["/state", "/state/rows/0"]


def test_a_bridge_in_a_classic_turn_is_400_at_its_type(client):
    response = play_turn(client, classic_table(), {"type": "bridge", "from": "O11", "to": "Y11"})
    assert response.status_code == 400
    assert response.json["errors"][0]["pointer"] == "/turn/actions/0"
    assert "/turn/actions/0/type" in [e["pointer"] for e in response.json["errors"]]


def test_an_orange_card_in_a_master_turn_is_400_at_the_card(client):
    state = fresh_game(client)
    response = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [place("O10")]}})
    assert response.status_code == 400
    assert [e["pointer"] for e in response.json["errors"]] == ["/turn/actions/0/card"]


def test_a_card_of_the_other_edition_is_an_impossible_state(client):
    state = classic_table()
    state["players"][0]["hand"][0] = "R3"
    response = play_turn(client, state, draw(), draw(), place("B17"))
    assert response.status_code == 422
    assert response.json["code"] == "INVALID_STATE"
    assert "the red 3" in response.json["reason"]


def test_a_card_of_the_other_edition_in_a_turn_is_400(client):
    state = classic_table(edition="original")
    state["current"] = 1
    response = play_turn(client, state, place("O5"))
    assert response.status_code == 400
    assert response.json["code"] == "SCHEMA_VIOLATION"
    assert response.json["detail"] == "O5 is not a card of this game"
    assert play_turn(client, state, place("R5")).status_code == 200
