"""Counting legal turns, like chess's perft: one number another move generator can match.

`count_turns(state)` walks every legal complete turn of the player to move, action by
action through `engine.legal_actions`, and counts the distinct turns (action lists) and
the distinct states they lead to (several turns can lead to one state: the same cards
placed in another order). A draw that must name its card (a hidden pile, a known hand)
is counted once per card it could name.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .. import engine
from ..testing.decks import known, unseen


class Counted(NamedTuple):
    turns: int
    states: int


def count_turns(state: Any) -> Counted:
    """The distinct legal complete turns of the player to move, and the states they reach;
    raises the state's Violation (INVALID_STATE) for a state that cannot happen."""
    engine.check_state(state)
    data = state.to_dict()
    must_name = not known(data["pile"]) and known(data["players"][data["current"]]["hand"])
    names = unseen(data) if must_name else []
    results: set[str] = set()
    turns = 0

    def walk(prefix: tuple) -> None:
        nonlocal turns
        listed = engine.legal_actions(state, prefix)
        if prefix and listed.complete:
            turns += 1
            after = engine.apply(state, engine.Turn(listed.player, prefix)).state
            results.add(json.dumps(after.to_dict(), sort_keys=True))
        for action in listed.actions:
            if action.to_dict() == {"type": "draw"} and must_name:
                for card in names:
                    walk(prefix + engine.load_actions([{"type": "draw", "card": card}], state.ruleset))
            else:
                walk(prefix + (action,))

    walk(())
    return Counted(turns, len(results))
