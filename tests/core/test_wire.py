"""The one wire reader is strict alike for every ruleset (openapi.yaml: no member beyond
the schema's).

A state with an unknown top-level member, a hidden hand or pile with a member beside its
count, a turn or an action with an extra key: each is MalformedInput, whichever game the
state or turn belongs to. The same data without the extra member loads.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.master_tables import table
from support.row_tables import classic, junior
from support.zones import HIDDEN_REST, hidden

STATES = {
    "master": lambda: table(hands=[hidden("B10", extra=1), ["R1"]], pile=HIDDEN_REST),
    "classic": lambda: classic(hands=[hidden("O11", extra=1), ["G1"]], pile=HIDDEN_REST),
    "junior": lambda: junior(hands=[hidden("O5", extra=1), ["G3"]], pile=HIDDEN_REST),
}
by_ruleset = pytest.mark.parametrize("ruleset", list(STATES))


def draw_turn(**extra: Any) -> dict[str, Any]:
    return {"player": 0, "actions": [{"type": "draw"}], **extra}


@by_ruleset
def test_the_sound_state_and_turn_load(ruleset):
    state = engine.load_state(STATES[ruleset]())
    assert state.ruleset == ruleset
    assert engine.load_turn(draw_turn(), ruleset=ruleset).to_dict() == draw_turn()


@by_ruleset
def test_a_state_with_an_unknown_top_level_member_is_malformed(ruleset):
    data = {**STATES[ruleset](), "bogus": 1}
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_state(data)


@by_ruleset
def test_a_hidden_pile_with_a_member_beside_its_count_is_malformed(ruleset):
    data = STATES[ruleset]()
    data["pile"] = {**data["pile"], "bogus": 1}
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_state(data)


@by_ruleset
def test_a_hidden_hand_with_a_member_beside_its_count_is_malformed(ruleset):
    data = STATES[ruleset]()
    data["players"][0]["hand"] = {"count": 2, "bogus": 1}
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_state(data)


@by_ruleset
def test_a_turn_with_an_extra_key_is_malformed(ruleset):
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_turn(draw_turn(bogus=1), ruleset=ruleset)


@by_ruleset
def test_an_action_with_an_extra_key_is_malformed(ruleset):
    turn = {"player": 0, "actions": [{"type": "draw", "bogus": 1}]}
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_turn(turn, ruleset=ruleset)
    with pytest.raises(MalformedInput, match="bogus"):
        engine.load_actions([{"type": "pass", "bogus": 1}], ruleset=ruleset)
