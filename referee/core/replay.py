"""Replay: a list of turns applied one after another, stopping at the first violation.

The same for every ruleset: each passes its own turn judge and state check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import Violation
from .steps import Event, TurnResult


class ReplayResult:
    __slots__ = ("state", "events", "unchecked")

    def __init__(self, state: Any, events: list[list[Event]], unchecked: list[list[str]]):
        self.state = state
        self.events = events
        self.unchecked = unchecked


def replay(
    state: Any,
    turns: Sequence[Any],
    apply_turn: Callable[[Any, Any], TurnResult],
    check_state: Callable[[Any], None],
) -> ReplayResult:
    """Apply the turns in order with a ruleset's `apply_turn`; stop at the first violation.

    The Violation then carries `turn`, the index of the failing turn. An impossible
    starting state is reported with `turn` None: no turn is at fault.
    """
    try:
        check_state(state)
    except Violation as violation:
        raise violation.during_replay(None)
    events: list[list[Event]] = []
    unchecked: list[list[str]] = []
    for index, turn in enumerate(turns):
        try:
            result = apply_turn(state, turn)
        except Violation as violation:
            raise violation.during_replay(index)
        state = result.state
        events.append(result.events)
        unchecked.append(result.unchecked)
    return ReplayResult(state, events, unchecked)
