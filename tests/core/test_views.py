"""The view hook (`Ruleset.view`, `engine.view`): what one player, or a spectator, sees.

Every ruleset the registry lists implements it; a view is a state of the same ruleset
that passes the impossible-state check, names the viewer's hand and nothing else hidden.
"""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from referee.core.zones import Hidden

PLAYERS = ["Ann", "Ben", "Cleo"]


def dealt(ruleset: str):
    # Each game of the box with the fewest players it takes (Zweikampf two, Mogeln three).
    players = PLAYERS[:engine.RULESETS[ruleset].min_players] if engine.RULESETS[ruleset].family == "box" else PLAYERS
    return engine.new_game(players, seed=11, ruleset=ruleset).state


@pytest.mark.parametrize("ruleset", sorted(engine.RULESETS))
def test_every_ruleset_implements_the_view_hook(ruleset):
    state = dealt(ruleset)
    view = engine.RULESETS[ruleset].view(state, 0)
    assert type(view) is type(state)
    assert view.ruleset == ruleset


@pytest.mark.parametrize("ruleset", ["master", "classic", "junior"])
@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_a_player_sees_their_own_hand_and_counts_of_the_others_and_the_pile(ruleset, viewer):
    state = dealt(ruleset)
    view = engine.view(state, viewer)
    for index, (seen, real) in enumerate(zip(view.players, state.players)):
        if index == viewer:
            assert seen.hand == real.hand
        else:
            assert seen.hand == Hidden(len(real.hand))
    assert view.pile == Hidden(len(state.pile))
    assert view.rows == state.rows and view.current == state.current
    engine.check_state(view)


@pytest.mark.parametrize("ruleset", ["master", "classic", "junior"])
def test_a_spectator_sees_no_hand(ruleset):
    state = dealt(ruleset)
    view = engine.view(state, None)
    assert [p.hand for p in view.players] == [Hidden(len(p.hand)) for p in state.players]
    assert view.pile == Hidden(len(state.pile))


def test_a_view_of_a_view_is_the_same_view_and_the_input_is_not_changed():
    state = dealt("master")
    before = state.to_dict()
    view = engine.view(state, 1)
    assert engine.view(view, 1) == view
    assert engine.view(view, None) == engine.view(state, None)
    assert state.to_dict() == before


@pytest.mark.parametrize("viewer", [3, -1, True, "0", 1.0])
def test_a_viewer_who_is_no_seat_is_malformed(viewer):
    with pytest.raises(MalformedInput):
        engine.view(dealt("master"), viewer)


def test_a_drawn_card_is_named_to_the_drawer_alone():
    state = dealt("master")
    events = engine.apply(state, engine.load_turn({"player": 0, "actions": [{"type": "draw"}]})).events
    drawn = state.pile[0]
    assert events == [{"type": "drew", "player": 0, "card": drawn}]
    assert engine.view_events(state, events, 0) == [{"type": "drew", "player": 0, "card": drawn}]
    assert engine.view_events(state, events, 1) == [{"type": "drew", "player": 0, "card": None}]
    assert engine.view_events(state, events, None) == [{"type": "drew", "player": 0, "card": None}]


@pytest.mark.parametrize("ruleset", sorted(engine.RULESETS))
def test_a_state_replaced_through_its_slots_is_the_one_dataclasses_replace_makes(ruleset):
    # `zones.replaced` (marked checked, and each view) builds the state field by field.
    from dataclasses import fields, replace

    from referee.core.zones import replaced

    state = dealt(ruleset)
    others = state.players[::-1]
    for changes in ({"checked": True}, {"checked": False}, {"players": others}, {"players": others, "checked": True}):
        made, expected = replaced(state, **changes), replace(state, **changes)
        assert type(made) is type(expected)
        assert {f.name: getattr(made, f.name) for f in fields(made)} == {
            f.name: getattr(expected, f.name) for f in fields(expected)}
    unchecked = replaced(state, checked=False)
    assert unchecked.marked_checked().checked is True and unchecked.checked is False
