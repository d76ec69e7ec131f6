"""The contract files (schemas/*.json, openapi.yaml) are valid, strict, and agree with the engine.

The schemas refer to each other by relative file name ("$ref": "card.json"), each with
its file name as "$id". `python_validator` and `rust_validator` below show how to
compile one schema with all the others available, for the jsonschema library and for
jsonschema_rs; the service does the same. The rule codes in the contract are checked
against the catalogue in referee.rules, so the files cannot drift from it.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import jsonschema
import jsonschema_rs
import openapi_spec_validator
import pytest
import yaml
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from referee import engine
from referee.actions import Draw
from referee.rules import Code

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "schemas"
OPENAPI = ROOT / "openapi.yaml"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

EXPECTED_SCHEMAS = {
    "card.json", "number-card.json", "color.json", "rule-code.json", "state.json",
    "action.json", "turn.json", "event.json", "score.json",
    "new-game-request.json", "turn-request.json", "legal-actions-request.json",
    "replay-request.json", "scores-request.json",
    "new-game-response.json", "turn-response.json", "legal-actions-response.json",
    "replay-response.json", "scores-response.json", "rule.json", "rules-response.json",
    "health-response.json", "problem.json",
}
SCHEMA_NAMES = sorted(p.name for p in SCHEMA_DIR.glob("*.json"))


# -- loading: how schemas that reference each other are compiled ---------------------------


@cache
def schemas() -> dict[str, dict[str, Any]]:
    """Every schema file, by file name (which is also its "$id")."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in SCHEMA_DIR.glob("*.json")}


@cache
def python_validator(name: str) -> jsonschema.Draft202012Validator:
    """jsonschema: a referencing.Registry holds every file under its "$id"."""
    registry = Registry().with_resources(
        (schema["$id"], DRAFT202012.create_resource(schema)) for schema in schemas().values()
    )
    return jsonschema.Draft202012Validator(schemas()[name], registry=registry)


@cache
def rust_registry() -> jsonschema_rs.Registry:
    """jsonschema_rs: a Registry of (uri, schema) pairs, the uri being the "$id"."""
    return jsonschema_rs.Registry([(schema["$id"], schema) for schema in schemas().values()])


@cache
def rust_validator(name: str) -> jsonschema_rs.Validator:
    return jsonschema_rs.validator_for(schemas()[name], registry=rust_registry())


def is_valid(backend: str, name: str, document: Any) -> bool:
    if backend == "python":
        return python_validator(name).is_valid(document)
    return rust_validator(name).is_valid(document)


def assert_valid(name: str, document: Any) -> None:
    """Valid for both libraries; on failure, show jsonschema's best error."""
    error = jsonschema.exceptions.best_match(python_validator(name).iter_errors(document))
    assert error is None, f"{name}: {error.json_path}: {error.message}"
    assert rust_validator(name).is_valid(document), name


def assert_invalid(name: str, document: Any) -> None:
    assert not python_validator(name).is_valid(document), name
    assert not rust_validator(name).is_valid(document), name


def resolve_pointer(document: Any, fragment: str) -> Any:
    """The part of `document` at a JSON Pointer fragment ("" is the whole)."""
    for token in fragment.lstrip("/").split("/") if fragment else ():
        token = token.replace("~1", "/").replace("~0", "~")
        document = document[int(token)] if isinstance(document, list) else document[token]
    return document


def walk(node: Any, path: str = ""):
    """Every dict inside a JSON document, with its JSON Pointer."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{path}/{index}")


def refs(document: Any):
    for path, node in walk(document):
        if isinstance(node.get("$ref"), str):
            yield path, node["$ref"]


# -- the real thing: documents the engine produces -----------------------------------------


def fresh_state(hidden: bool = False, players=("Timo", "Vera")) -> dict[str, Any]:
    state, _ = engine.new_game(list(players), seed=1, hidden=hidden)
    return state.to_dict()


@cache
def played_game() -> tuple[dict[str, Any], list[dict[str, Any]], list[Any]]:
    """A whole two-player game: draw while possible, then play the first legal actions.

    Returns the start state, the turns and each turn's result. With seed 0 the game has
    every kind of event: draws, bonus cards, one completion without bonus, passes, the end.
    """
    start, _ = engine.new_game(["Timo", "Vera"], seed=0)
    state = engine.load_state(start.to_dict())
    turns, results = [], []
    while not state.is_over:
        options = engine.legal_actions(state).actions
        actions = [a for a in options if isinstance(a, Draw)][:1]
        while not actions or not engine.legal_actions(state, actions).complete:
            actions.append(engine.legal_actions(state, actions).actions[0])
        turn = {"player": state.current, "actions": [a.to_dict() for a in actions]}
        result = engine.apply(state, engine.load_turn(turn))
        turns.append(turn)
        results.append(result)
        state = result.state
    return start.to_dict(), turns, results


# -- (a) the schema files ------------------------------------------------------------------


def test_every_expected_schema_file_is_there():
    assert EXPECTED_SCHEMAS <= set(SCHEMA_NAMES)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_is_a_valid_draft_2020_12_schema(name):
    schema = schemas()[name]
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DIALECT
    assert schema["$id"] == name
    assert schema["title"].strip() and schema["description"].strip()


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_compiles_with_jsonschema_rs(name):
    rust_validator(name)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_ref_of_a_schema_points_at_something(name):
    for path, ref in refs(schemas()[name]):
        target, fragment = urldefrag(ref)
        document = schemas()[target or name] if (target or name) in schemas() else None
        assert document is not None, f"{name}{path}: {ref} names no schema file"
        resolve_pointer(document, fragment)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_schema_bounds_every_object_array_string_and_integer(name):
    for path, node in walk(schemas()[name]):
        types = node.get("type", [])
        types = [types] if isinstance(types, str) else types
        where = f"{name}#{path}"
        if "object" in types:
            closed = node.get("additionalProperties") is False or (
                node.get("unevaluatedProperties") is False
            )
            assert closed, f"{where}: an object must forbid unknown members"
        if "array" in types:
            assert "maxItems" in node, f"{where}: an array needs maxItems"
        if "string" in types:
            assert "maxLength" in node, f"{where}: a string needs maxLength"
        if "integer" in types or "number" in types:
            assert "minimum" in node and "maximum" in node, f"{where}: an integer needs bounds"


# -- (b) the OpenAPI document --------------------------------------------------------------

ENDPOINTS = {
    ("/v1/games", "post"): ("newGame", "201"),
    ("/v1/turns", "post"): ("applyTurn", "200"),
    ("/v1/legal-actions", "post"): ("legalActions", "200"),
    ("/v1/replays", "post"): ("replay", "200"),
    ("/v1/scores", "post"): ("scores", "200"),
    ("/v1/rules", "get"): ("listRules", "200"),
    ("/v1/rules/{code}", "get"): ("getRule", "200"),
    ("/openapi.yaml", "get"): ("getOpenApi", "200"),
    ("/docs", "get"): ("getDocs", "200"),
    ("/healthz", "get"): ("health", "200"),
    ("/schemas/{name}", "get"): ("getSchema", "200"),
}
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@cache
def openapi() -> dict[str, Any]:
    return yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))


def response(operation: dict[str, Any], status: str) -> dict[str, Any]:
    """A response of an operation, following a reference into components/responses."""
    found = operation["responses"][status]
    if "$ref" in found:
        found = resolve_pointer(openapi(), urldefrag(found["$ref"]).fragment)
    return found


def test_openapi_is_version_3_1_with_info():
    document = openapi()
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"].strip()
    assert document["info"]["version"] == "0.1.0"
    assert document["info"]["description"].strip()


def test_openapi_has_every_endpoint_of_the_api_and_no_other():
    operations = {
        (path, method): item[method]
        for path, item in openapi()["paths"].items()
        for method in item
        if method in METHODS
    }
    assert set(operations) == set(ENDPOINTS)
    for key, (operation_id, success) in ENDPOINTS.items():
        assert operations[key]["operationId"] == operation_id
        assert success in operations[key]["responses"], key


def test_openapi_post_endpoints_document_their_problems():
    for path, item in openapi()["paths"].items():
        if "post" not in item:
            continue
        operation = item["post"]
        assert operation["requestBody"]["required"] is True
        statuses = {"400", "413", "415", "500"} | ({"422"} if path != "/v1/games" else set())
        assert statuses <= set(operation["responses"]), path
        for status in statuses:
            content = response(operation, status)["content"]
            assert content["application/problem+json"]["schema"]["$ref"] == "schemas/problem.json"


def test_openapi_request_and_response_bodies_use_the_schema_files():
    paths = openapi()["paths"]
    for (path, method), (_, success) in ENDPOINTS.items():
        operation = paths[path][method]
        if method == "post":
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert body["$ref"].startswith("schemas/") and body["$ref"].endswith("-request.json")
        content = response(operation, success)["content"]
        if "application/json" in content:
            assert content["application/json"]["schema"]["$ref"].startswith("schemas/")
    assert "text/html" in response(paths["/docs"]["get"], "200")["content"]


def test_every_ref_of_the_openapi_document_resolves():
    for path, ref in refs(openapi()):
        target, fragment = urldefrag(ref)
        if target:
            file = (OPENAPI.parent / target).resolve()
            assert file.is_file(), f"openapi.yaml#{path}: {ref} names no file"
            resolve_pointer(json.loads(file.read_text(encoding="utf-8")), fragment)
        else:
            resolve_pointer(openapi(), fragment)


def test_every_request_and_response_schema_is_used_by_the_openapi_document():
    used = {urldefrag(ref).url.removeprefix("schemas/") for _, ref in refs(openapi())}
    bodies = {n for n in SCHEMA_NAMES if n.endswith(("-request.json", "-response.json"))}
    assert bodies | {"problem.json", "rule.json"} <= used


def test_openapi_examples_match_their_schemas():
    checked = 0
    for _, node in walk(openapi()):
        if "examples" in node and "schema" in node and "$ref" in node["schema"]:
            name = node["schema"]["$ref"].removeprefix("schemas/")
            for example in node["examples"].values():
                assert_valid(name, example["value"])
                checked += 1
    assert checked >= 5


def test_openapi_turn_example_gets_the_documented_answer():
    post = openapi()["paths"]["/v1/turns"]["post"]
    request = post["requestBody"]["content"]["application/json"]["examples"]["hiddenTable"]
    answer = post["responses"]["200"]["content"]["application/json"]["examples"]["hiddenTable"]
    state = engine.load_state(request["value"]["state"])
    result = engine.apply(state, engine.load_turn(request["value"]["turn"]))
    assert {
        "state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked
    } == answer["value"]


def test_openapi_document_passes_openapi_spec_validator():
    # It does not follow the refs into schemas/; the structural tests above do that.
    openapi_spec_validator.validate(openapi(), base_uri=OPENAPI.as_uri())


# -- (c) the codes agree with the catalogue ------------------------------------------------


def test_rule_code_enum_is_the_catalogue():
    assert schemas()["rule-code.json"]["enum"] == [c.value for c in Code]


def test_openapi_422_lists_every_rule_code_with_its_title():
    description = openapi()["components"]["responses"]["RuleViolation"]["description"]
    listed = re.findall(r"^- `([A-Z_]+)`: (.+)$", description, flags=re.MULTILINE)
    assert listed == [(c.value, c.title) for c in Code]


def test_problem_codes_do_not_overlap_rule_codes():
    protocol = set(schemas()["problem.json"]["$defs"]["protocolCode"]["enum"])
    assert protocol.isdisjoint(c.value for c in Code)


def test_catalogue_validates_as_the_rules_response():
    from referee.rules import catalogue

    assert_valid("rules-response.json", catalogue())
    for rule in catalogue():
        assert_valid("rule.json", rule)


# -- (d) sample documents ------------------------------------------------------------------


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("players", [("Timo", "Vera"), tuple("ABCDEF")])
def test_a_fresh_deal_is_a_valid_state_and_new_game_response(hidden, players):
    state, seed = engine.new_game(list(players), seed=1, hidden=hidden)
    assert_valid("state.json", state.to_dict())
    assert_valid("new-game-response.json", {"state": state.to_dict(), "seed": seed})


def test_a_whole_game_validates_turn_by_turn():
    start, turns, results = played_game()
    kinds = {event["type"] for result in results for event in result.events}
    assert kinds == {"bonus", "bonus_unavailable", "drew", "passed", "game_over"}
    state = start
    for turn, result in zip(turns, results):
        assert_valid("turn-request.json", {"state": state, "turn": turn})
        assert_valid("legal-actions-request.json", {"state": state, "actions": turn["actions"]})
        answer = {"state": result.state.to_dict(), "events": result.events,
                  "unchecked": result.unchecked}
        assert_valid("turn-response.json", answer)
        state = answer["state"]
    assert_valid("scores-response.json", engine.scores(engine.load_state(state)))


def test_a_replay_of_the_whole_game_validates():
    start, turns, _ = played_game()
    assert_valid("replay-request.json", {"state": start, "turns": turns})
    result = engine.replay(engine.load_state(start), [engine.load_turn(t) for t in turns])
    assert_valid("replay-response.json", {
        "state": result.state.to_dict(), "turns": len(turns),
        "events": result.events, "unchecked": result.unchecked,
    })


def test_legal_actions_answers_validate():
    state = engine.load_state(fresh_state())
    prefix: list = []
    for _ in range(3):
        answer = engine.legal_actions(state, prefix).to_dict()
        assert answer["actions"]
        assert_valid("legal-actions-response.json", answer)
        prefix.append(engine.legal_actions(state, prefix).actions[0])


def test_hidden_hands_give_null_scores_and_unknown_draws():
    state = fresh_state(hidden=True)
    answer = engine.scores(engine.load_state(state))
    assert answer["winners"] is None
    assert_valid("scores-response.json", answer)
    result = engine.apply(engine.load_state(state),
                          engine.load_turn({"player": 0, "actions": [{"type": "draw"}]}))
    assert result.events == [{"type": "drew", "player": 0, "card": None}]
    assert_valid("turn-response.json", {"state": result.state.to_dict(),
                                        "events": result.events, "unchecked": result.unchecked})


def test_the_api_examples_are_well_formed():
    abridged_state = {
        "ruleset": "master",
        "players": [
            {"name": "Timo", "hand": ["R10", "Y3", "J"], "bridges": 4, "bonus": 0},
            {"name": "Vera", "hand": {"count": 20}, "bridges": 4, "bonus": 0},
        ],
        "current": 0,
        "rows": [
            {"color": "R", "cards": [11], "jokers": []},
            {"color": "Y", "cards": [9, 10, 11], "jokers": []},
            {"color": "G", "cards": [11], "jokers": []},
            {"color": "B", "cards": [9, 11], "jokers": [10]},
        ],
        "bridges": [{"from": "Y9", "to": "B9"}],
        "pile": ["G5", "J", "R2"],
        "passes": 0,
    }
    turn = {"player": 0, "actions": [
        {"type": "bridge", "from": "Y9", "to": "B9"},
        {"type": "place", "card": "B9"},
        {"type": "place", "card": "J", "at": "B8"},
        {"type": "swap", "card": "R7"},
    ]}
    assert_valid("turn-request.json", {"state": abridged_state, "turn": turn})
    assert_valid("new-game-request.json", {"ruleset": "master", "players": ["Timo", "Vera"],
                                           "seed": 42, "first": 0, "rows": ["R", "Y", "G", "B"],
                                           "hidden": False})
    assert_valid("scores-response.json", {
        "finished": True,
        "scores": [{"player": 0, "bonus": 22, "hand": -37, "jokers": -11, "total": -26}],
        "winners": [0],
    })
    assert_valid("problem.json", {
        "type": "/v1/rules/CARD_LIMIT", "title": "At most 4 cards per turn", "status": 422,
        "code": "CARD_LIMIT", "action": 4,
        "detail": "R12 would be the 5th card placed this turn; bridges and swapped-in cards "
                  "do not count.",
    })
    assert_valid("health-response.json", {"status": "ok"})


def with_state(**changes: Any) -> dict[str, Any]:
    return {**fresh_state(), **changes}


def with_action(action: dict[str, Any]) -> dict[str, Any]:
    return {"state": fresh_state(), "turn": {"player": 0, "actions": [action]}}


def new_game_request(**fields: Any) -> dict[str, Any]:
    return {"players": ["Timo", "Vera"], **fields}


STATE, TURN, GAME = "state.json", "turn-request.json", "new-game-request.json"
REJECTED = {
    "an unknown member in the state": (STATE, lambda: with_state(colour="red")),
    "a state without passes": (
        STATE, lambda: {k: v for k, v in fresh_state().items() if k != "passes"}),
    "another ruleset": (STATE, lambda: with_state(ruleset="classic")),
    "an unknown member in a player": (STATE, lambda: with_state(players=[
        {**p, "age": 9} for p in fresh_state()["players"]])),
    "a value 22 card in hand": (STATE, lambda: with_state(players=[
        {**p, "hand": ["R22"]} for p in fresh_state()["players"]])),
    "a zero-padded card in the pile": (STATE, lambda: with_state(pile=["R07"])),
    "a negative count": (STATE, lambda: with_state(pile={"count": -1})),
    "a slot value 0": (STATE, lambda: with_state(rows=[
        {"color": "R", "cards": [0], "jokers": []}])),
    "a colour that does not exist": (STATE, lambda: with_state(rows=[
        {"color": "O", "cards": [11], "jokers": []}])),
    "a boolean as a count": (STATE, lambda: with_state(passes=True)),
    "a joker placed without a slot": (TURN, lambda: with_action({"type": "place", "card": "J"})),
    "a number card placed with a slot": (
        TURN, lambda: with_action({"type": "place", "card": "R7", "at": "R7"})),
    "a joker placed at a joker": (
        TURN, lambda: with_action({"type": "place", "card": "J", "at": "J"})),
    "a draw of a card that does not exist": (
        TURN, lambda: with_action({"type": "draw", "card": "X"})),
    "a swap of a joker": (TURN, lambda: with_action({"type": "swap", "card": "J"})),
    "a pass with a card": (TURN, lambda: with_action({"type": "pass", "card": "R1"})),
    "an unknown action type": (TURN, lambda: with_action({"type": "discard"})),
    "a bridge without its target": (TURN, lambda: with_action({"type": "bridge", "from": "R11"})),
    "a turn without actions": (
        TURN, lambda: {"state": fresh_state(), "turn": {"player": 0, "actions": []}}),
    "a turn request without a turn": (TURN, lambda: {"state": fresh_state()}),
    "a new game for one player": (GAME, lambda: new_game_request(players=["Timo"])),
    "a new game for seven players": (GAME, lambda: new_game_request(players=list("ABCDEFG"))),
    "a first player who does not exist": (GAME, lambda: new_game_request(first=2)),
    "rows with a colour twice": (GAME, lambda: new_game_request(rows=list("RRGB"))),
    "three rows": (GAME, lambda: new_game_request(rows=list("RYG"))),
    "a seed beyond 64 bits": (GAME, lambda: new_game_request(seed=2**63)),
    "an empty name": (GAME, lambda: new_game_request(players=["", "Vera"])),
    "a problem without a code": ("problem.json", lambda: {
        "type": "about:blank", "title": "Bad Request", "status": 400, "detail": ""}),
}


@pytest.mark.parametrize("backend", ["python", "rust"])
@pytest.mark.parametrize("case", sorted(REJECTED))
def test_schema_rejects(case, backend):
    name, build = REJECTED[case]
    assert not is_valid(backend, name, build())


def test_the_first_player_may_be_the_last_one():
    assert_valid("new-game-request.json", {"players": list("ABCDEF"), "first": 5})
    assert_valid("new-game-request.json", {"players": ["Timo", "Vera"], "first": 1})


def impossible(state: dict[str, Any], change) -> dict[str, Any]:
    change(state)
    return state


def _swap_rows(s):
    s["rows"][1]["color"] = "R"


def _duplicate(s):
    s["players"][0]["hand"].append(s["players"][0]["hand"][0])


IMPOSSIBLE = {
    "one player": lambda: impossible(fresh_state(), lambda s: s["players"].pop()),
    "no player": lambda: impossible(fresh_state(), lambda s: s["players"].clear()),
    "seven players": lambda: impossible(
        fresh_state(hidden=True), lambda s: s["players"].extend([s["players"][0]] * 5)),
    "a card twice in a hand": lambda: impossible(fresh_state(), _duplicate),
    "a colour twice": lambda: impossible(fresh_state(), _swap_rows),
    "three rows": lambda: impossible(fresh_state(), lambda s: s["rows"].pop()),
    "a value twice in a row": lambda: impossible(
        fresh_state(), lambda s: s["rows"][0]["cards"].append(11)),
    "a player to move who does not exist": lambda: impossible(
        fresh_state(), lambda s: s.update(current=5)),
    "passes while the pile has cards": lambda: impossible(
        fresh_state(), lambda s: s.update(passes=1)),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_an_impossible_but_well_formed_state_reaches_the_engine(case):
    """The schema must let these through, so that the answer is 422 INVALID_STATE."""
    state = IMPOSSIBLE[case]()
    assert_valid("state.json", state)
    with pytest.raises(engine.Violation) as refused:
        engine.scores(engine.load_state(state))
    assert refused.value.code is Code.INVALID_STATE


def test_a_bad_action_is_reported_at_the_field_at_fault_by_both_libraries():
    """action.json picks the kind by "type" with if/then, so errors name the missing field."""
    document = with_action({"type": "place", "card": "J"})
    rust = [(list(e.instance_path), e.message) for e in rust_validator("turn-request.json").iter_errors(document)]
    assert rust == [(["turn", "actions", 0], '"at" is a required property')]
    python = [(list(e.absolute_path), e.message) for e in python_validator("turn-request.json").iter_errors(document)]
    assert python == [(["turn", "actions", 0], "'at' is a required property")]
    unknown = with_action({"type": "jump"})
    (error,) = rust_validator("turn-request.json").iter_errors(unknown)
    assert list(error.instance_path) == ["turn", "actions", 0, "type"]
