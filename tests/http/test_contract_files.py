"""The contract files (schemas/*.json, openapi.yaml) are valid, strict, and agree with the engine.

The schemas refer to each other by relative file name ("$ref": "card.json"), each with
its file name as "$id". `python_validator` and `rust_validator` below show how to
compile one schema with all the others available, for the jsonschema library and for
jsonschema_rs; the service does the same. The rule codes in the contract are checked
against the catalogue in referee.rules, and the ruleset names against the engine's
registry, so the files cannot drift from them. Real documents of all three rulesets
(MASTER, classic, junior) are checked against the files.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import jsonschema
import jsonschema_rs
import openapi_spec_validator
import pytest

import referee
from referee.http import create_app
import yaml
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from referee import engine
from referee.core.actions import Draw
from referee.core.codes import Code
from referee.contract_gen.bundle import component_name
from referee.http.contract import schema_errors

ROOT = Path(__file__).resolve().parents[2]
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
    "health-response.json", "problem.json", "ruleset-name.json", "rulesets-response.json",
    "picture-request.json", "view-request.json", "view-response.json",
    "seat-request.json", "seat-response.json",
}
SCHEMA_NAMES = sorted(p.name for p in SCHEMA_DIR.glob("*.json"))
COMPONENTS = "#/components/schemas/"
#: The schema file of each whole-file component of openapi.yaml ("TurnRequest": "turn-request.json").
FILE_OF = {component_name(name): name for name in SCHEMA_NAMES}


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
    state, _, _ = engine.new_game(list(players), seed=1, hidden=hidden)
    return state.to_dict()


@cache
def played_game() -> tuple[dict[str, Any], list[dict[str, Any]], list[Any]]:
    """A whole two-player game: draw while possible, then play the first legal actions.

    Returns the start state, the turns and each turn's result. With seed 0 the game has
    every kind of event: draws, bonus cards, one completion without bonus, passes, the end.
    """
    start, _, _ = engine.new_game(["Timo", "Vera"], seed=0)
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


def fresh_row_state(ruleset: str = "classic", options: dict[str, Any] | None = None,
                    hidden: bool = False, players=("Ann", "Ben")) -> dict[str, Any]:
    """A fresh classic or junior deal, as JSON."""
    return engine.new_game(list(players), seed=1, hidden=hidden, ruleset=ruleset,
                           options=options).state.to_dict()


@cache
def played_row_game(ruleset: str, edition: str | None = None, start: str | None = None):
    """A whole two-player classic or junior game of random legal turns (seed 0).

    Returns the start state, the turns and each turn's result. The classic games of seed 0
    draw and end (the original edition's with the start on any card passes too); the junior
    game draws and ends.
    """
    options = None
    if ruleset == "classic":
        options = {k: v for k, v in (("edition", edition), ("start", start)) if v is not None}
    state = engine.new_game(["Ann", "Ben"], seed=0, ruleset=ruleset, options=options).state
    start_state = state.to_dict()
    rnd = random.Random(0)
    turns, results = [], []
    while not state.is_over:
        actions: list = []
        while True:
            options_now = engine.legal_actions(state, actions)
            if options_now.complete and (not options_now.actions or rnd.random() < 0.3):
                break
            actions.append(rnd.choice(options_now.actions))
        turn = {"player": state.current, "actions": [a.to_dict() for a in actions]}
        result = engine.apply(state, engine.load_turn(turn, ruleset=ruleset))
        turns.append(turn)
        results.append(result)
        state = result.state
    return start_state, turns, results


#: The classic and junior games `played_row_game` plays, with the event kinds each has.
ROW_GAMES = {
    ("classic", "2018", "eleven"): {"drew", "game_over"},
    ("classic", "original", "any"): {"drew", "passed", "game_over"},
    ("classic", "2018", "ends"): {"drew", "game_over"},
    ("junior", None, None): {"drew", "game_over"},
}


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
            # A constant (a discriminator's value) bounds itself.
            assert "maxLength" in node or "const" in node, f"{where}: a string needs maxLength"
        if "integer" in types or "number" in types:
            assert "minimum" in node and "maximum" in node, f"{where}: an integer needs bounds"


# -- (b) the OpenAPI document --------------------------------------------------------------

ENDPOINTS = {
    ("/v1/games", "post"): ("newGame", "201"),
    ("/v1/turns", "post"): ("applyTurn", "200"),
    ("/v1/seats", "post"): ("claimSeat", "200"),
    ("/v1/legal-actions", "post"): ("listLegalActions", "200"),
    ("/v1/replays", "post"): ("replayGame", "200"),
    ("/v1/scores", "post"): ("scoreGame", "200"),
    ("/v1/views", "post"): ("viewGame", "200"),
    ("/v1/pictures", "post"): ("drawPicture", "200"),
    ("/", "get"): ("getHome", "200"),
    ("/table", "get"): ("getTable", "200"),
    ("/v1/rulesets", "get"): ("listRulesets", "200"),
    ("/v1/rules", "get"): ("listRules", "200"),
    ("/v1/rules/{code}", "get"): ("getRule", "200"),
    ("/openapi.yaml", "get"): ("getOpenApi", "200"),
    ("/openapi.json", "get"): ("getOpenApiJson", "200"),
    ("/docs", "get"): ("getDocs", "200"),
    ("/healthz", "get"): ("getHealth", "200"),
    ("/readyz", "get"): ("getReadiness", "200"),
    ("/metrics", "get"): ("getMetrics", "200"),
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
    # The package's version, written once in referee/__init__.py.
    assert document["info"]["version"] == "0.2.0" == referee.__version__
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
        # No rule is judged when a game is dealt or a seat claimed: those answer no 422.
        statuses = {"400", "413", "415", "500"} | ({"422"} if path not in ("/v1/games", "/v1/seats") else set())
        assert statuses <= set(operation["responses"]), path
        for status in statuses:
            content = response(operation, status)["content"]
            assert content["application/problem+json"]["schema"]["$ref"] == "#/components/schemas/Problem"


def test_openapi_request_and_response_bodies_use_the_schema_files():
    paths = openapi()["paths"]
    for (path, method), (_, success) in ENDPOINTS.items():
        operation = paths[path][method]
        if method == "post":
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert body["$ref"].startswith(COMPONENTS) and body["$ref"].endswith("Request")
        content = response(operation, success)["content"]
        if "application/json" in content and path != "/openapi.json":
            assert content["application/json"]["schema"]["$ref"].startswith(COMPONENTS)
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
    used = {FILE_OF[ref.removeprefix(COMPONENTS)] for _, ref in refs(openapi()) if ref.removeprefix(COMPONENTS) in FILE_OF}
    bodies = {n for n in SCHEMA_NAMES if n.endswith(("-request.json", "-response.json"))}
    assert "rulesets-response.json" in bodies
    assert bodies | {"problem.json", "rule.json"} <= used


def test_openapi_examples_match_their_schemas():
    checked = 0
    for _, node in walk(openapi()):
        if "examples" in node and "schema" in node and "$ref" in node["schema"]:
            name = FILE_OF[node["schema"]["$ref"].removeprefix(COMPONENTS)]
            for example in node["examples"].values():
                assert_valid(name, example["value"])
                checked += 1
    assert checked >= 12


def example(path: str, name: str) -> tuple[Any, Any]:
    """The request example `name` of `POST path` and the 200 answer of the same name."""
    post = openapi()["paths"][path]["post"]
    request = post["requestBody"]["content"]["application/json"]["examples"][name]
    answer = post["responses"]["200"]["content"]["application/json"]["examples"][name]
    return request["value"], answer["value"]


@pytest.mark.parametrize("name", ["hiddenTable", "classicDraws"])
def test_openapi_turn_examples_get_the_documented_answer(name):
    request, answer = example("/v1/turns", name)
    state = engine.load_state(request["state"])
    result = engine.apply(state, engine.load_turn(request["turn"], ruleset=state.ruleset))
    assert {
        "state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked
    } == answer


def test_openapi_classic_legal_actions_and_scores_examples_get_the_documented_answers():
    request, answer = example("/v1/legal-actions", "classicAfterTwoDraws")
    state = engine.load_state(request["state"])
    prefix = engine.load_actions(request["actions"], ruleset="classic")
    assert engine.legal_actions(state, prefix).to_dict() == answer
    request, answer = example("/v1/scores", "classic")
    assert engine.scores(engine.load_state(request["state"])) == answer


def test_openapi_replay_example_replays_to_the_classic_turn_examples_answer():
    post = openapi()["paths"]["/v1/replays"]["post"]
    request = post["requestBody"]["content"]["application/json"]["examples"]["classic"]["value"]
    turn, answer = example("/v1/turns", "classicDraws")
    assert (request["state"], request["turns"]) == (turn["state"], [turn["turn"]])
    state = engine.load_state(request["state"])
    result = engine.replay(state, [engine.load_turn(t, ruleset=state.ruleset) for t in request["turns"]])
    assert result.state.to_dict() == answer["state"]


def test_openapi_classic_problem_example_is_what_the_referee_says():
    request, _ = example("/v1/turns", "classicDraws")
    problem = openapi()["components"]["responses"]["RuleViolation"]["content"][
        "application/problem+json"]["examples"]["drawIncomplete"]["value"]
    state = engine.load_state(request["state"])
    with pytest.raises(engine.Violation) as refused:
        engine.apply(state, engine.load_turn({"player": 0, "actions": [{"type": "draw"}]},
                                             ruleset="classic"))
    assert (refused.value.code, refused.value.action, refused.value.detail) == (
        problem["code"], problem["action"], problem["detail"])
    assert problem["title"] == Code.DRAW_INCOMPLETE.title
    answered = create_app({"TESTING": True}).test_client().post(
        "/v1/turns", json={"state": request["state"], "turn": {"player": 0, "actions": [{"type": "draw"}]}}).json
    assert (answered["hint"], answered["legal"]) == (problem["hint"], problem["legal"])


@pytest.mark.parametrize("name", ["classic", "classicWithoutBlue", "junior", "everyOption"])
def test_openapi_new_game_examples_deal(name):
    post = openapi()["paths"]["/v1/games"]["post"]
    body = post["requestBody"]["content"]["application/json"]["examples"][name]["value"]
    game = engine.new_game(body["players"], seed=body["seed"], first=body.get("first", 0),
                           hidden=body.get("hidden", False), ruleset=body.get("ruleset", "master"),
                           options=engine.with_rows(body.get("options"), body.get("rows")))
    assert_valid("new-game-response.json", {"state": game.state.to_dict(), "seed": game.seed,
                                            "redeals": game.redeals})


def test_openapi_document_passes_openapi_spec_validator():
    # It does not follow the refs into schemas/; the structural tests above do that.
    openapi_spec_validator.validate(openapi(), base_uri=OPENAPI.as_uri())


# -- (c) the codes agree with the catalogue ------------------------------------------------


def test_rule_code_enum_is_the_catalogue():
    assert schemas()["rule-code.json"]["$defs"]["KnownRuleCode"]["enum"] == [c.value for c in Code]


def test_rule_codes_stay_open_to_readers():
    # A client generated today must still read a problem or a rule with a code added later.
    assert_valid("problem.json", {"type": "/v1/rules/LATER_CODE", "title": "t", "status": 422,
                                  "detail": "d", "code": "LATER_CODE", "action": 0})
    assert_valid("rule.json", {"code": "LATER_CODE", "title": "t", "description": "d", "rulesets": ["master"]})
    assert_invalid("rule.json", {"code": "not a code", "title": "t", "description": "d", "rulesets": ["master"]})


def test_openapi_422_lists_every_rule_code_with_its_title():
    description = openapi()["components"]["responses"]["RuleViolation"]["description"]
    listed = re.findall(r"^- `([A-Z_]+)`: (.+)$", description, flags=re.MULTILINE)
    assert listed == [(c.value, c.title) for c in Code]


def test_problem_codes_do_not_overlap_rule_codes():
    protocol = set(schemas()["problem.json"]["$defs"]["ProtocolCode"]["enum"])
    assert protocol.isdisjoint(c.value for c in Code)


def test_catalogue_validates_as_the_rules_response():
    from referee.http.serializers import rule_schema, rules_schema

    assert_valid("rules-response.json", rules_schema.dump(list(Code)))
    for code in Code:
        assert_valid("rule.json", rule_schema.dump(code))


def test_ruleset_names_are_the_engines_registry():
    assert schemas()["ruleset-name.json"]["$defs"]["KnownRulesetName"]["enum"] == list(engine.RULESETS)


def test_ruleset_names_stay_open_to_readers_and_closed_to_requests():
    # A client generated today must still read an answer naming a ruleset added later.
    assert_valid("rule.json", {"code": "OPENING", "title": "t", "description": "d", "rulesets": ["duo"]})
    assert_invalid(GAME, new_game_request(ruleset="duo"))


def test_the_rulesets_validate_as_the_rulesets_response():
    from referee.http.serializers import rulesets_schema

    answer = rulesets_schema.dump(list(engine.RULESETS.values()))
    assert_valid("rulesets-response.json", answer)
    for ruleset in answer:
        for option in ruleset["options"]:
            assert option["default"] in option["values"]


def test_every_code_is_used_by_some_ruleset():
    used = {code for ruleset in engine.RULESETS.values() for code in ruleset.codes}
    assert used == set(Code)


def test_the_classic_options_are_the_state_schemas_options():
    """GET /v1/rulesets and schemas/state.json name the same options and values."""
    state_defs = schemas()["state.json"]["$defs"]
    classic = engine.RULESETS["classic"]
    assert [o["name"] for o in classic.options] == list(
        state_defs["ClassicOptions"]["properties"])
    values = {o["name"]: o["values"] for o in classic.options}
    assert values["edition"] == state_defs["ClassicEdition"]["enum"]
    assert values["start"] == state_defs["ClassicStart"]["enum"]
    assert values["without_blue"] == [False, True]
    request = schemas()["new-game-request.json"]["$defs"]["NewGameOptions"]["properties"]
    assert list(request) == list(state_defs["ClassicOptions"]["properties"])


# -- (d) sample documents ------------------------------------------------------------------


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("players", [("Timo", "Vera"), tuple("ABCDEF")])
def test_a_fresh_deal_is_a_valid_state_and_new_game_response(hidden, players):
    state, seed, redeals = engine.new_game(list(players), seed=1, hidden=hidden)
    assert_valid("state.json", state.to_dict())
    assert_valid("new-game-response.json", {"state": state.to_dict(), "seed": seed,
                                            "redeals": redeals})


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("ruleset, options, players", [
    ("classic", None, ("Ann", "Ben")),
    ("classic", {"edition": "original", "start": "ends"}, tuple("ABCDEF")),
    ("classic", {"start": "ten-to-twelve"}, tuple("ABCD")),
    ("classic", {"start": "any", "without_blue": True}, ("Ann", "Ben")),
    ("junior", None, ("Ann", "Ben")),
    ("junior", None, tuple("ABCDEF")),
])
def test_a_fresh_classic_or_junior_deal_is_a_valid_state_and_new_game_response(
        hidden, ruleset, options, players):
    game = engine.new_game(list(players), seed=1, hidden=hidden, ruleset=ruleset, options=options)
    assert_valid("state.json", game.state.to_dict())
    assert_valid("new-game-response.json", {"state": game.state.to_dict(), "seed": game.seed,
                                            "redeals": game.redeals})


def test_a_new_game_response_needs_its_redeals():
    assert_invalid("new-game-response.json", {"state": fresh_state(), "seed": 1})


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


@pytest.mark.parametrize("game", sorted(ROW_GAMES, key=str))
def test_a_whole_classic_or_junior_game_validates_turn_by_turn(game):
    start, turns, results = played_row_game(*game)
    kinds = {event["type"] for result in results for event in result.events}
    assert kinds == ROW_GAMES[game]
    state = start
    for turn, result in zip(turns, results):
        assert_valid("turn-request.json", {"state": state, "turn": turn})
        assert_valid("legal-actions-request.json", {"state": state, "actions": turn["actions"]})
        assert_valid("scores-response.json", engine.scores(engine.load_state(state)))
        answer = {"state": result.state.to_dict(), "events": result.events,
                  "unchecked": result.unchecked}
        assert_valid("turn-response.json", answer)
        state = answer["state"]
    final = engine.scores(engine.load_state(state))
    assert final["finished"] is True
    assert_valid("scores-response.json", final)
    assert_valid("replay-request.json", {"state": start, "turns": turns})
    result = engine.replay(engine.load_state(start),
                           [engine.load_turn(t, ruleset=game[0]) for t in turns])
    assert_valid("replay-response.json", {
        "state": result.state.to_dict(), "turns": len(turns),
        "events": result.events, "unchecked": result.unchecked,
    })


@pytest.mark.parametrize("ruleset", ["classic", "junior"])
def test_classic_and_junior_legal_actions_answers_validate(ruleset):
    _, turns, results = played_row_game(ruleset, *(("2018", "eleven") if ruleset == "classic" else (None, None)))
    for result in results[:10]:
        answer = engine.legal_actions(result.state).to_dict()
        assert_valid("legal-actions-response.json", answer)


@pytest.mark.parametrize("ruleset", ["classic", "junior"])
def test_hidden_classic_and_junior_hands_give_null_penalties_and_unknown_draws(ruleset):
    # With the start on the 11s the first turn places an 11; with "ends" anybody may draw.
    options = {"start": "ends"} if ruleset == "classic" else None
    state = fresh_row_state(ruleset, options, hidden=True)
    answer = engine.scores(engine.load_state(state))
    assert answer["winners"] is None
    assert [s["penalty"] for s in answer["scores"]] == [None, None]
    assert_valid("scores-response.json", answer)
    loaded = engine.load_state(state)
    result = engine.apply(loaded, engine.load_turn(
        {"player": loaded.current, "actions": [{"type": "draw"}]}, ruleset=ruleset))
    assert result.events == [{"type": "drew", "player": loaded.current, "card": None}]
    assert_valid("turn-response.json", {"state": result.state.to_dict(),
                                        "events": result.events, "unchecked": result.unchecked})


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
    assert_valid("health-response.json", {"status": "ok", "version": "0.2.0"})


def with_state(**changes: Any) -> dict[str, Any]:
    return {**fresh_state(), **changes}


def with_action(action: dict[str, Any]) -> dict[str, Any]:
    return {"state": fresh_state(), "turn": {"player": 0, "actions": [action]}}


def new_game_request(**fields: Any) -> dict[str, Any]:
    return {"players": ["Timo", "Vera"], **fields}


def with_classic(**changes: Any) -> dict[str, Any]:
    return {**fresh_row_state("classic"), **changes}


def with_junior(**changes: Any) -> dict[str, Any]:
    return {**fresh_row_state("junior"), **changes}


def with_hand(state: dict[str, Any], *cards: str) -> dict[str, Any]:
    """The state with player 0's hand replaced (the schema does not count cards)."""
    return {**state, "players": [{**state["players"][0], "hand": list(cards)}, *state["players"][1:]]}


def with_row_action(ruleset: str, action: dict[str, Any]) -> dict[str, Any]:
    state = fresh_row_state(ruleset)
    return {"state": state, "turn": {"player": state["current"], "actions": [action]}}


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
    "a seed beyond 2**53 - 1, which JSON readers round": (GAME, lambda: new_game_request(seed=2**53)),
    "an empty name": (GAME, lambda: new_game_request(players=["", "Vera"])),
    "an orange card in a MASTER hand": (STATE, lambda: with_hand(fresh_state(), "O5")),
    "an orange card placed in a MASTER game": (
        TURN, lambda: with_action({"type": "place", "card": "O5"})),
    "a classic state without options": (
        STATE, lambda: {k: v for k, v in fresh_row_state().items() if k != "options"}),
    "a classic state without opening": (
        STATE, lambda: {k: v for k, v in fresh_row_state().items() if k != "opening"}),
    "a classic state with bridges": (STATE, lambda: with_classic(bridges=[])),
    "a joker in a classic hand": (STATE, lambda: with_hand(fresh_row_state(), "O5", "J")),
    "a joker in a classic pile": (STATE, lambda: with_classic(pile=["J"])),
    "a value 21 in a classic hand": (STATE, lambda: with_hand(fresh_row_state(), "Y21")),
    "a classic player with bridge cards": (STATE, lambda: with_classic(players=[
        {**p, "bridges": 4, "bonus": 0} for p in fresh_row_state()["players"]])),
    "a classic row with jokers": (STATE, lambda: with_classic(rows=[
        {"color": "O", "cards": [11], "jokers": []}])),
    "a classic row of a colour no edition has": (STATE, lambda: with_classic(rows=[
        {"color": "X", "cards": [11]}])),
    "a classic row value 21": (STATE, lambda: with_classic(rows=[{"color": "O", "cards": [21]}])),
    "an opening value 21": (STATE, lambda: with_classic(opening=21)),
    "an unknown edition": (STATE, lambda: with_classic(options={
        "edition": "1925", "start": "eleven", "without_blue": False})),
    "classic options with one missing": (STATE, lambda: with_classic(options={
        "edition": "2018", "start": "eleven"})),
    "a classic hand of 81 cards": (STATE, lambda: with_hand(fresh_row_state(), *["O1"] * 81)),
    "a junior state with options": (STATE, lambda: with_junior(
        options={"edition": "2018", "start": "eleven", "without_blue": False})),
    "a junior state with an opening": (STATE, lambda: with_junior(opening=None)),
    "a red card in a junior hand": (STATE, lambda: with_hand(fresh_row_state("junior"), "R5")),
    "a value 12 in a junior hand": (STATE, lambda: with_hand(fresh_row_state("junior"), "O12")),
    "a junior row value 12": (STATE, lambda: with_junior(rows=[{"color": "O", "cards": [12]}])),
    "a state of an unknown ruleset": (STATE, lambda: with_classic(ruleset="skat")),
    "a bridge in a classic turn": (
        TURN, lambda: with_row_action("classic", {"type": "bridge", "from": "O11", "to": "Y11"})),
    "a swap in a junior turn": (TURN, lambda: with_row_action("junior", {"type": "swap", "card": "O5"})),
    "a joker placed in a classic game": (
        TURN, lambda: with_row_action("classic", {"type": "place", "card": "J", "at": "O10"})),
    "a classic placement with a slot": (
        TURN, lambda: with_row_action("classic", {"type": "place", "card": "O10", "at": "O10"})),
    "a classic draw of a joker": (TURN, lambda: with_row_action("classic", {"type": "draw", "card": "J"})),
    "a value 12 placed in a junior game": (
        TURN, lambda: with_row_action("junior", {"type": "place", "card": "O12"})),
    "a bridge in a classic prefix": ("legal-actions-request.json", lambda: {
        "state": fresh_row_state(), "actions": [{"type": "bridge", "from": "O11", "to": "Y11"}]}),
    "a joker in a classic replay": ("replay-request.json", lambda: {
        "state": fresh_row_state(), "turns": [{"player": 1, "actions": [
            {"type": "place", "card": "J", "at": "O11"}]}]}),
    "an orange card in a MASTER replay": ("replay-request.json", lambda: {
        "state": fresh_state(), "turns": [{"player": 0, "actions": [{"type": "place", "card": "O11"}]}]}),
    "options for a MASTER game": (GAME, lambda: new_game_request(options={"start": "ends"})),
    "options for a game whose ruleset is left out": (GAME, lambda: new_game_request(options={})),
    "options for a junior game": (GAME, lambda: new_game_request(ruleset="junior", options={})),
    "rows for a classic game": (GAME, lambda: new_game_request(ruleset="classic", rows=list("RYGB"))),
    "rows for a junior game": (GAME, lambda: new_game_request(ruleset="junior", rows=list("RYGB"))),
    "an unknown option": (GAME, lambda: new_game_request(ruleset="classic", options={"jokers": 4})),
    "an unknown start": (GAME, lambda: new_game_request(ruleset="classic", options={"start": "twelve"})),
    "without_blue as a string": (
        GAME, lambda: new_game_request(ruleset="classic", options={"without_blue": "yes"})),
    "three players without the blue cards": (GAME, lambda: new_game_request(
        ruleset="classic", options={"without_blue": True}, players=["A", "B", "C"])),
    "an unknown ruleset": (GAME, lambda: new_game_request(ruleset="skat")),
    "a MASTER score with a penalty": ("score.json", lambda: {
        "player": 0, "bonus": 0, "hand": 0, "jokers": 0, "total": 0, "penalty": 0}),
    "a negative penalty": ("score.json", lambda: {"player": 0, "penalty": -3}),
    "scores of both kinds": ("scores-response.json", lambda: {
        "finished": False, "winners": None, "scores": [
            {"player": 0, "penalty": 3},
            {"player": 1, "bonus": 0, "hand": 0, "jokers": 0, "total": 0}]}),
    "a rule without its rulesets": ("rule.json", lambda: {
        "code": "OPENING", "title": "t", "description": "d"}),
    "a rule of an unknown ruleset": ("rule.json", lambda: {
        "code": "OPENING", "title": "t", "description": "d", "rulesets": ["Mogeln!"]}),
    "a problem without a code": ("problem.json", lambda: {
        "type": "about:blank", "title": "Bad Request", "status": 400, "detail": ""}),
}


@pytest.mark.parametrize("backend", ["python", "rust"])
@pytest.mark.parametrize("case", sorted(REJECTED))
def test_schema_rejects(case, backend):
    name, build = REJECTED[case]
    assert not is_valid(backend, name, build())


ACCEPTED = {
    "a classic game with every option": (GAME, lambda: new_game_request(ruleset="classic", options={
        "edition": "original", "start": "any", "without_blue": True})),
    "a classic game with empty options": (GAME, lambda: new_game_request(ruleset="classic", options={})),
    "a classic game without options": (GAME, lambda: new_game_request(ruleset="classic")),
    "a junior game for six": (GAME, lambda: new_game_request(ruleset="junior", players=list("ABCDEF"), first=5)),
    "a MASTER game named": (GAME, lambda: new_game_request(ruleset="master", rows=list("BGYR"))),
    "a hidden classic hand and pile": (STATE, lambda: fresh_row_state(hidden=True)),
    "a classic state without blue": (STATE, lambda: fresh_row_state(options={"without_blue": True})),
    "a classic draw naming its card": (TURN, lambda: with_row_action("classic", {"type": "draw", "card": "R20"})),
    "a classic draw sequence": (TURN, lambda: {"state": fresh_row_state(), "turn": {"player": 0, "actions": [
        {"type": "draw", "card": None}, {"type": "draw"}, {"type": "place", "card": "Y20"}]}}),
    "a junior placement": (TURN, lambda: with_row_action("junior", {"type": "place", "card": "B10"})),
    "a penalty": ("score.json", lambda: {"player": 0, "penalty": 0}),
    "an unknown penalty": ("score.json", lambda: {"player": 5, "penalty": None}),
}


@pytest.mark.parametrize("backend", ["python", "rust"])
@pytest.mark.parametrize("case", sorted(ACCEPTED))
def test_schema_accepts(case, backend):
    name, build = ACCEPTED[case]
    assert is_valid(backend, name, build())


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


def _classic_row(s, row):
    s["rows"].append(row)
    if s["opening"] is None:
        s["opening"] = row["cards"][0] if len(row["cards"]) == 1 else 11


IMPOSSIBLE.update({
    "a classic game for seven": lambda: impossible(
        fresh_row_state(hidden=True), lambda s: s["players"].extend([s["players"][0]] * 5)),
    "a classic game for one": lambda: impossible(fresh_row_state(), lambda s: s["players"].pop()),
    "a red card in a 2018 classic game": lambda: impossible(
        fresh_row_state(), lambda s: s["players"][0]["hand"].append("R5")),
    "an orange card in an original classic game": lambda: impossible(
        fresh_row_state(options={"edition": "original"}),
        lambda s: s["players"][0]["hand"].append("O5")),
    "a blue card in a game without blue": lambda: impossible(
        fresh_row_state(options={"without_blue": True}),
        lambda s: s["players"][0]["hand"].append("B5")),
    "a classic card twice in a hand": lambda: impossible(fresh_row_state(), _duplicate),
    "a classic row with a gap": lambda: impossible(
        fresh_row_state(options={"start": "ends"}), lambda s: s["rows"][0]["cards"].insert(1, 5)),
    "a classic row that no 11 started": lambda: impossible(
        fresh_row_state(hidden=True), lambda s: _classic_row(s, {"color": "Y", "cards": [5]})),
    "a classic colour with two rows": lambda: impossible(
        fresh_row_state(options={"start": "ends"}), lambda s: s["rows"].append(dict(s["rows"][0]))),
    "an opening with the start on the ends": lambda: impossible(
        fresh_row_state(options={"start": "ends"}), lambda s: s.update(opening=1)),
    "a classic player to move who does not exist": lambda: impossible(
        fresh_row_state(), lambda s: s.update(current=5)),
    "classic passes while the pile has cards": lambda: impossible(
        fresh_row_state(), lambda s: s.update(passes=1)),
    "a junior game with three rows": lambda: impossible(
        fresh_row_state("junior"), lambda s: s["rows"].pop()),
    "a junior row without its 11": lambda: impossible(
        fresh_row_state("junior"), lambda s: s["rows"][0]["cards"].remove(11)),
    "a junior card twice": lambda: impossible(fresh_row_state("junior"), _duplicate),
    "a junior hand of 44 cards": lambda: impossible(
        fresh_row_state("junior"), lambda s: s["players"][0]["hand"].extend(s["pile"])),
})


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_an_impossible_but_well_formed_state_reaches_the_engine(case):
    """The schema must let these through, so that the answer is 422 INVALID_STATE."""
    state = IMPOSSIBLE[case]()
    assert_valid("state.json", state)
    with pytest.raises(engine.Violation) as refused:
        engine.scores(engine.load_state(state))
    assert refused.value.code is Code.INVALID_STATE


def located(name: str, document: Any) -> list[tuple[str, str]]:
    """(pointer, message) of every error, as the service reports them (referee.http.contract).

    The schemas choose a state's, an action's and an event's kind with `oneOf` and a
    discriminator, which validators report at the value as a whole; the service looks
    into the branch that was meant, and both libraries agree on validity (test_schema_rejects).
    """
    assert not is_valid("python", name, document) and not is_valid("rust", name, document)
    return [(e["pointer"], e["message"]) for e in schema_errors(name, document)]


def test_a_bad_action_is_reported_at_the_field_at_fault():
    assert located("turn-request.json", with_action({"type": "place", "card": "J"})) == [
        ("/turn/actions/0", 'the field "at" is missing')]
    assert [pointer for pointer, _ in located("turn-request.json", with_action({"type": "jump"}))] == [
        "/turn/actions/0/type"]


def test_the_state_schema_picks_the_shape_by_ruleset_so_errors_point_at_the_field_at_fault():
    errors = located("turn-request.json", {
        "state": with_hand(fresh_row_state(), "O5", "J"), "turn": {"player": 0, "actions": [{"type": "pass"}]}})
    assert [pointer for pointer, _ in errors] == ["/state/players/0/hand/1"]
    assert located("state.json", with_classic(bridges=[])) == [
        ("", 'unknown field "bridges": this object takes only the fields the contract lists')]


def test_a_turn_is_read_by_its_states_ruleset_so_errors_point_at_the_field_at_fault():
    bridge = with_row_action("classic", {"type": "bridge", "from": "O11", "to": "Y11"})
    assert located("turn-request.json", bridge) == [
        ("/turn/actions/0", 'unknown field "from", "to": this object takes only the fields the contract lists'),
        ("/turn/actions/0/type", '"bridge" in the field "type" is not one of "place", "draw", "pass"'),
    ]
    joker = with_row_action("junior", {"type": "place", "card": "J"})
    assert [pointer for pointer, _ in located("turn-request.json", joker)] == ["/turn/actions/0/card"]
    orange = with_action({"type": "place", "card": "O5"})
    assert [pointer for pointer, _ in located("turn-request.json", orange)] == ["/turn/actions/0/card"]


def errors_of(name: str, document: Any) -> tuple[list, list]:
    """(instance path, message) of every error, by jsonschema-rs and by jsonschema."""
    rust = [(list(e.instance_path), e.message) for e in rust_validator(name).iter_errors(document)]
    python = [(list(e.absolute_path), e.message) for e in python_validator(name).iter_errors(document)]
    return rust, python


def test_a_member_of_another_ruleset_in_a_new_game_request_is_refused_at_that_member():
    # One branch per ruleset (MASTER when ruleset is left out): the validators report
    # the union at the root, the service looks into the branch the ruleset names.
    assert located(GAME, new_game_request(options={"start": "ends"})) == [
        ("/options", 'the field "options" is not allowed here')]
    assert [pointer for pointer, _ in located(GAME, new_game_request(ruleset="classic", rows=list("RYGB")))] == ["/rows"]
    assert [pointer for pointer, _ in located(GAME, new_game_request(ruleset="zweikampf", players=["A", "B", "C"]))] == ["/players"]
    assert [pointer for pointer, _ in located(GAME, new_game_request(first=2))] == ["/first"]
