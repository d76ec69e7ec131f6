"""The shared core of the box games (referee/families/box): the grammar of turn shapes, the
options, and the legal-actions player rule."""

from __future__ import annotations

import pytest

from referee import engine
from referee.families.box.grammar import Grammar
from referee.families.box.options import COLORS, EDITION, UNTIL_ALL, check_options, read_options
from referee.core.errors import MalformedInput, Violation
from support.box_tables import zweikampf

#: Überall anschließen's shape (docs/games/ueberall-anschliessen.md): reveal-place pairs,
#: then maybe stopp.
PAIRS = Grammar({0: {"reveal": 1}, 1: {"place": 2}, 2: {"reveal": 1, "stopp": 3}}, {2, 3})


@pytest.mark.parametrize(("kinds", "whole", "expected"), [
    ([], True, ("TURN_SHAPE", None)),
    ([], False, None),
    (["reveal"], True, ("TURN_SHAPE", None)),  # stops before the place it needs
    (["reveal"], False, None),
    (["reveal", "place"], True, None),
    (["reveal", "place", "reveal", "place", "stopp"], True, None),
    (["reveal", "reveal"], True, ("TURN_SHAPE", 1)),
    (["place"], False, ("TURN_SHAPE", 0)),
    (["reveal", "place", "stopp", "reveal"], True, ("TURN_SHAPE", 3)),
    (["flip"], True, ("TURN_SHAPE", 0)),  # a kind the game does not have
])
def test_the_grammar_finds_the_first_action_that_does_not_fit(kinds, whole, expected):
    found = PAIRS.violation(kinds, whole)
    assert (None if found is None else (str(found.code), found.action)) == expected


def test_the_grammar_says_what_may_come_next():
    assert PAIRS.allows_next([], "reveal") and not PAIRS.allows_next([], "place")
    assert PAIRS.allows_next(["reveal", "place"], "stopp")
    assert PAIRS.accepts(["reveal", "place"]) and not PAIRS.accepts(["reveal"])


def test_options_are_filled_and_a_colour_of_the_other_edition_is_an_impossible_state():
    declared = (EDITION, COLORS, UNTIL_ALL)
    assert read_options(None, declared) == {"edition": "2018", "colors": ("O", "Y"), "until_all": False}
    assert read_options({"edition": "original"}, declared)["colors"] == ("R", "Y")
    assert read_options({"colors": ["B", "G"]}, declared)["colors"] == ("B", "G")  # kept in the order given
    with pytest.raises(Violation) as refused:
        check_options(read_options({"edition": "original", "colors": ["O", "Y"]}, declared))
    assert refused.value.reason == "the option colors names O, a colour the original edition does not have"


@pytest.mark.parametrize("options", [
    {"edition": "2019"}, {"colors": ["O"]}, {"colors": ["O", "O"]}, {"colors": "OY"},
    {"until_all": 1}, {"cards_each": 3}, [],
])
def test_an_option_of_the_wrong_shape_or_that_the_game_does_not_take_is_malformed(options):
    with pytest.raises(MalformedInput):
        read_options(options, (EDITION, COLORS, UNTIL_ALL))


def test_legal_actions_need_the_player_while_several_act_at_once():
    state = engine.load_state(zweikampf(stacks=[["O9"], ["Y5"]]))
    with pytest.raises(MalformedInput):
        engine.legal_actions(state)
    with pytest.raises(MalformedInput):
        engine.legal_actions(state, (), 2)
    assert engine.legal_actions(state, (), 1).to_dict() == {"player": 1, "actions": [{"type": "reveal"}], "complete": False}


def test_legal_actions_of_a_player_who_may_not_act_now_are_empty_in_every_ruleset():
    state = engine.load_state(zweikampf(stacks=[["O9"], ["Y5"]], battle=[(1, "Y20")]))
    assert engine.legal_actions(state, (), 1).to_dict() == {"player": 1, "actions": [], "complete": False}
    master = engine.new_game(["Timo", "Vera"], seed=42).state
    assert engine.legal_actions(master, (), 1).to_dict() == {"player": 1, "actions": [], "complete": False}
    assert engine.legal_actions(master, (), 0).to_dict() == engine.legal_actions(master).to_dict()
