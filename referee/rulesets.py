"""The rulesets the referee knows, found by name (like python-chess's `find_variant`).

A ruleset bundles what differs between games: how a state is read, how a turn is
judged, what may come next, the deal and the scores. MASTER is the only one so far;
the classic and junior games will register beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import deal as dealing
from . import scoring
from .actions import Action, Turn
from .cards import COLORS
from .errors import MalformedInput
from .legal import LegalActions, legal_actions
from .replay import ReplayResult, replay
from .rules import Code
from .state import State
from .turn import TurnResult, apply_turn
from .validity import check_state


class Master:
    """Elfer raus! MASTER, as RULES.md describes it."""

    name = "master"
    codes: tuple[Code, ...] = tuple(Code)
    default_rows: tuple[str, ...] = COLORS

    def load_state(self, data: Any) -> State:
        return State.from_dict(data)

    def apply(self, state: State, turn: Turn) -> TurnResult:
        return apply_turn(state, turn)

    def legal_actions(self, state: State, prefix: tuple[Action, ...] = ()) -> LegalActions:
        return legal_actions(state, prefix)

    def replay(self, state: State, turns: Sequence[Turn]) -> ReplayResult:
        return replay(state, turns)

    def scores(self, state: State) -> dict[str, Any]:
        check_state(state)
        return scoring.scores(state)

    def deal(self, names: Sequence[str], seed: int, first: int = 0,
             rows: Sequence[str] | None = None, hidden: bool = False) -> State:
        return dealing.deal(names, seed, first, rows or self.default_rows, hidden)


RULESETS = {ruleset.name: ruleset for ruleset in (Master(),)}


def find_ruleset(name: str) -> Master:
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise MalformedInput(f"unknown ruleset {name!r}; known: {sorted(RULESETS)}") from None
