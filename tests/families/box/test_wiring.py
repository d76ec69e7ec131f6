"""A box game is wired by what its ruleset names: its parts by import, and each kind of
action by its turn's table of steps, which is held to the kinds the game reads when the
game is imported. Nothing in the package finds a part by a file's or a method's name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import engine
from referee.families.box.actions import PLAY, REVEAL, ActionReader
from referee.families.box.grammar import Grammar
from referee.families.box.ruleset import BoxRuleset
from referee.games.zweikampf.ruleset import Zweikampf
from referee.games.zweikampf.turn import ZweikampfTurn

PACKAGE = Path(__file__).resolve().parents[3] / "referee"


def test_every_box_game_has_a_step_for_each_kind_it_reads_and_no_other():
    for rules in engine.RULESETS.values():
        if isinstance(rules, BoxRuleset):
            assert set(rules.turn_type.STEPS) == set(rules.reader.kinds), rules.name
            assert rules.grammar.kinds() <= set(rules.turn_type.STEPS), rules.name


def test_a_game_whose_turn_misses_a_kind_it_reads_fails_when_it_is_defined():
    with pytest.raises(TypeError) as failed:
        class Broken(Zweikampf):  # noqa: F841  (defining it is the test)
            reader = ActionReader([REVEAL, PLAY])
            grammar = Grammar.one_of("reveal", "play")
    assert str(failed.value) == "the game zweikampf: ZweikampfTurn.STEPS has no step for ['play']"


def test_a_game_whose_turn_has_a_step_it_never_reads_fails_when_it_is_defined():
    class TwoStepTurn(ZweikampfTurn):
        STEPS = {**ZweikampfTurn.STEPS, "play": ZweikampfTurn.STEPS["reveal"]}

    with pytest.raises(TypeError) as failed:
        class Broken(Zweikampf):  # noqa: F841
            turn_type = TwoStepTurn
    assert str(failed.value) == "the game zweikampf: TwoStepTurn.STEPS has steps for ['play'], which its reader does not read"


def test_a_grammar_naming_a_kind_the_game_does_not_read_fails_when_it_is_defined():
    with pytest.raises(TypeError) as failed:
        class Broken(Zweikampf):  # noqa: F841
            grammar = Grammar.one_of("reveal", "guess")
    assert str(failed.value) == "the game zweikampf: its grammar names ['guess'], which its reader does not read"


def test_a_game_that_reads_what_it_steps_is_defined():
    class Renamed(Zweikampf):
        grammar = Grammar.one_of("reveal")

    assert Renamed.turn_type.STEPS.keys() == {"reveal"}


def calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def test_no_part_is_found_by_a_file_name_no_method_by_a_formatted_name_and_no_code_is_made_from_text():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in calls(tree):
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            if name in ("import_module", "__import__", "find_spec") or (
                    name in ("exec", "eval") and isinstance(call.func, ast.Name)):  # not Redis' EVAL
                found.append(f"{path.relative_to(PACKAGE)}:{call.lineno} {name}")
            if name == "getattr" and len(call.args) >= 2 and isinstance(call.args[1], ast.JoinedStr):
                found.append(f"{path.relative_to(PACKAGE)}:{call.lineno} getattr(f'...')")
    assert found == []
