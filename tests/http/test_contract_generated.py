"""`schemas/` and `openapi.yaml` are what the games' declarations generate.

`python -m referee.contract_gen --write` writes them (referee/contract_gen); these tests
fail when a committed file differs, when a game's declaration and its schema disagree,
or when a part of the contract that depends on which games there are is written by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import engine
from referee.contract_gen import SOURCES, generated, stale
from referee.contract_gen.__main__ import main
from referee.contract_gen.box import prefix

ROOT = Path(__file__).resolve().parents[2]
BOX = [name for name, rules in engine.RULESETS.items() if rules.family == "box"]


def schema(name: str) -> dict:
    return json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))


def test_the_committed_contract_is_what_the_declarations_generate():
    # On failure: run `python -m referee.contract_gen --write` and commit the files.
    assert stale(ROOT) == []
    assert main(["--check", "--root", str(ROOT)]) == 0


def test_the_check_names_a_file_that_differs(tmp_path, capsys):
    for path, text in generated(ROOT).items():
        target = tmp_path / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for path in (ROOT / "schemas").glob("*.json"):
        if not (tmp_path / "schemas" / path.name).exists():
            (tmp_path / "schemas" / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["--check", "--root", str(tmp_path)]) == 0
    turn = tmp_path / "schemas" / "turn.json"
    turn.write_text(turn.read_text(encoding="utf-8").replace('"maxItems": 200', '"maxItems": 201'), encoding="utf-8")
    assert main(["--check", "--root", str(tmp_path)]) == 1
    assert "schemas/turn.json is out of date" in capsys.readouterr().err


def names_in(node) -> set[str]:
    """Every `$defs` name, reference, `const` and `enum` value in a schema."""
    found: set[str] = set()
    if isinstance(node, list):
        for item in node:
            found |= names_in(item)
    elif isinstance(node, dict):
        found |= set(node.get("$defs", {}))
        found |= {str(node[key]) for key in ("$ref", "const") if key in node}
        found |= {str(value) for value in node.get("enum", []) if isinstance(node.get("enum"), list)}
        for value in node.values():
            found |= names_in(value)
    return found


def test_no_source_names_a_box_game():
    """What depends on which games there are comes from the registry: no hand-written part
    of a generated file names a box game, refers to its schemas or lists it (the row
    games' parts are written by hand)."""
    for source in SOURCES.glob("*.json"):
        names = names_in(json.loads(source.read_text(encoding="utf-8")))
        for name in BOX:
            assert not {n for n in names if n == name or prefix(name) in n}, (source.name, name)


def test_every_ruleset_has_its_state_turn_and_actions_chosen_by_its_name():
    mapping = schema("state.json")["discriminator"]["mapping"]
    assert mapping == {name: f"#/$defs/{prefix(name)}State" for name in engine.RULESETS}
    requests = schema("turn-request.json")["$defs"]
    choice = requests["PlainTurnRequest"]
    assert choice["x-ruleset-of"] == {"propertyName": "state", "mapping": {
        name: f"#/$defs/{prefix(name)}TurnRequest" for name in engine.RULESETS}}
    assert choice["oneOf"] == [{"$ref": ref} for ref in choice["x-ruleset-of"]["mapping"].values()]
    for name in engine.RULESETS:
        branch = requests[f"{prefix(name)}TurnRequest"]["properties"]
        assert branch["state"] == {"$ref": f"state.json#/$defs/{prefix(name)}State"}
        assert branch["turn"]["$ref"] == f"turn.json#/$defs/{prefix(name)}Turn"
    assert schema("ruleset-name.json")["$defs"]["KnownRulesetName"]["enum"] == list(engine.RULESETS)


def test_a_new_games_options_rows_and_players_are_one_choice_by_ruleset():
    # One `oneOf` branch per ruleset: a body generator reads an `allOf` of one `if`/`then`
    # per ruleset as every combination of them (2**rulesets), a `oneOf` as one choice.
    request = schema("new-game-request.json")
    choices = [part for part in request["allOf"] if "oneOf" in part]
    assert len(choices) == 1 and choices[0]["x-chosen-by"] == "ruleset"
    branches = choices[0]["oneOf"]
    assert [branch["properties"]["ruleset"] for branch in branches] == [
        {"const": name} for name in ("classic", "junior", "master", *BOX)]
    # MASTER's branch is also the one a body without ruleset takes.
    assert [branch.get("required") for branch in branches] == [["ruleset"]] * 2 + [None] + [["ruleset"]] * len(BOX)
    by_name = {branch["properties"]["ruleset"]["const"]: branch["properties"] for branch in branches}
    assert by_name["zweikampf"] == {"ruleset": {"const": "zweikampf"}, "rows": {"not": {}},
                                    "options": {"$ref": "state.json#/$defs/ZweikampfOptions"},
                                    "players": {"type": "array", "minItems": 2, "maxItems": 2,
                                                "items": {"type": "string", "minLength": 1, "maxLength": 64}}}
    assert by_name["junior"] == {"ruleset": {"const": "junior"}, "options": {"not": {}}, "rows": {"not": {}}}
    # What stays an `allOf` of `if`/`then` is the four "first is below the number of players".
    assert [part["if"]["properties"] for part in request["allOf"] if "if" in part] == [
        {"players": {"maxItems": n}} for n in (2, 3, 4, 5)]


def _if_clauses_by_ruleset(node) -> list[int]:
    """The number of `if`/`then` clauses on a ruleset in each `allOf` under `node`."""
    found = []
    if isinstance(node, dict):
        clauses = [part for part in node.get("allOf", []) if isinstance(part, dict) and "ruleset" in json.dumps(part.get("if"))]
        if clauses:
            found.append(len(clauses))
        for value in node.values():
            found += _if_clauses_by_ruleset(value)
    elif isinstance(node, list):
        for value in node:
            found += _if_clauses_by_ruleset(value)
    return found


def test_no_request_is_an_if_then_per_ruleset():
    for path in sorted((ROOT / "schemas").glob("*.json")):
        assert _if_clauses_by_ruleset(json.loads(path.read_text(encoding="utf-8"))) == [], path.name


@pytest.mark.parametrize("ruleset", BOX)
def test_a_box_games_action_kinds_are_its_own(ruleset):
    defs = schema("action.json")["$defs"]
    declared = engine.find_ruleset(ruleset).reader.declared
    choice = defs[f"{prefix(ruleset)}Action"]["allOf"]
    assert choice[0] == {"$ref": "#/$defs/AnyBoxAction"}
    assert [branch["if"]["properties"]["type"]["const"] for branch in choice[1:]] == list(declared)
    for kind in declared.values():
        own = defs[f"{prefix(ruleset)}{prefix(kind.type)}Action"]
        assert own["properties"]["type"] == {"type": "string", "const": kind.type}
        assert list(own["properties"]) == ["type", *kind.members]


def test_two_games_may_have_an_action_of_the_same_kind():
    defs = schema("action.json")["$defs"]
    assert defs["HoechsteKartePlayAction"] != defs["MogelnPlayAction"]
    assert defs["MogelnPlayAction"]["properties"]["cards"]["minItems"] == 1
    assert "BoxAction" not in defs
