"""Replay: a list of turns applied one after another, stopping at the first violation."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Turn
from .errors import Violation
from .state import State
from .turn import Event, apply_turn
from .validity import check_state


class ReplayResult:
    __slots__ = ("state", "events", "unchecked")

    def __init__(self, state: State, events: list[list[Event]], unchecked: list[list[str]]):
        self.state = state
        self.events = events
        self.unchecked = unchecked


def replay(state: State, turns: Sequence[Turn]) -> ReplayResult:
    """Apply the turns in order; a Violation carries `turn`, the index of the failing turn.

    An impossible starting state is reported with `turn` None: no turn is at fault.
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
