"""The rulesets the referee knows, found by name (like python-chess's `find_variant`).

A ruleset bundles what differs between games: how a state and a turn are read, how a
turn is judged, what may come next, the deal and the scores. MASTER lives in `turn.py`,
`legal.py`, `validity.py` and friends; the classic and junior games in `classic.py` and
`junior.py` on the shared row engine `rowgame.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..master import deal as dealing
from ..master import scoring
from .actions import Action, Turn, parse_actions
from .cards import COLORS
from ..rowgames.classic import Classic
from .errors import MalformedInput
from ..rowgames.junior import Junior
from ..master.legal import LegalActions, legal_actions
from .replay import ReplayResult, replay
from .codes import Code
from ..master.state import State
from ..master.turn import TurnResult, apply_turn
from ..master.validity import check_state


class NewGame(NamedTuple):
    """A fresh deal: the state, the seed it came from, and how often it was redone."""

    state: Any
    seed: int
    redeals: int


class Master:
    """Elfer raus! MASTER, as RULES.md describes it."""

    name = "master"
    title = "Elfer raus! MASTER"
    description = (
        "Four colours of 1 to 21 and four jokers; the rows grow from their 11s, at most "
        "four cards a turn, with bridge cards between neighbouring rows, joker swaps and "
        "bonus cards for completed half-rows. The highest score wins."
    )
    options: list[dict[str, Any]] = []
    codes: tuple[Code, ...] = (
        Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.SWAP_WITHOUT_PLAY,
        Code.TURN_MIXED, Code.BRIDGE_NOT_FOLLOWED, Code.ACTION_AFTER_GAME_END,
        Code.CARD_LIMIT, Code.CARD_NOT_IN_HAND, Code.SLOT_OCCUPIED, Code.NOT_ADJACENT,
        Code.NO_BRIDGE_LEFT, Code.BRIDGE_SAME_ROW, Code.BRIDGE_VALUE_MISMATCH,
        Code.BRIDGE_NOT_NEIGHBOR, Code.BRIDGE_SOURCE_EMPTY, Code.BRIDGE_TARGET_OCCUPIED,
        Code.SWAP_NO_JOKER, Code.PILE_EMPTY, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH,
        Code.CARD_UNAVAILABLE, Code.PASS_PILE_NOT_EMPTY, Code.MUST_PLAY,
    )
    default_rows: tuple[str, ...] = COLORS

    def load_state(self, data: Any) -> State:
        return State.from_dict(data)

    def load_turn(self, data: Any) -> Turn:
        return Turn.from_dict(data)

    def load_actions(self, data: Any) -> tuple[Action, ...]:
        return parse_actions(data)

    def check_state(self, state: State) -> None:
        check_state(state)

    def apply(self, state: State, turn: Turn) -> TurnResult:
        return apply_turn(state, turn)

    def legal_actions(self, state: State, prefix: tuple[Action, ...] = ()) -> LegalActions:
        return legal_actions(state, prefix)

    def replay(self, state: State, turns: Sequence[Turn]) -> ReplayResult:
        return replay(state, turns, apply_turn, check_state)

    def scores(self, state: State) -> dict[str, Any]:
        check_state(state)
        return scoring.scores(state)

    def deal(self, names: Sequence[str], seed: int, first: int = 0,
             rows: Sequence[str] | None = None, hidden: bool = False,
             options: Any = None) -> tuple[State, int]:
        if options is not None:
            raise MalformedInput("the master game has no options")
        return dealing.deal(names, seed, first, rows or self.default_rows, hidden), 0


RULESETS = {ruleset.name: ruleset for ruleset in (Master(), Classic(), Junior())}


def find_ruleset(name: str) -> Master | Classic | Junior:
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise MalformedInput(f"unknown ruleset {name!r}; known: {sorted(RULESETS)}") from None


def rulesets_using(code: Code) -> list[str]:
    """The names of the rulesets that report `code`."""
    return [r.name for r in RULESETS.values() if code in r.codes]
