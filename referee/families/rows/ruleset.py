"""`RowRuleset`: what the classic and junior rulesets share as `core.ruleset.Ruleset`s.

A subclass says how its options become a `Variant` (`variant`), which members its state
has (`state_members`), and which cards its turns may name (`wire`). What a row game says
about its table beyond the core questions is `core.ruleset.RowFacts`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...core.actions import Action
from ...core.codes import Code
from ...core.ruleset import RowFacts, Ruleset
from ...core.zones import hands_and_pile_hidden
from ...core.wire import Members
from .deal import deal
from .legal import next_actions
from .scoring import scores
from .space import row_action_space
from .state import RowState, read_state
from .turn import RowTurn, start_turn
from .validity import check_state
from .variant import Variant

#: The row games have no bridges and no swaps.
ROW_ACTIONS = ("place", "draw", "pass")


class RowRuleset(RowFacts, Ruleset):
    state_members: Members
    #: A card's slot is taken only by that very card, which CARD_NOT_IN_HAND refuses first.
    unreachable_codes = frozenset({Code.SLOT_OCCUPIED})

    def variant(self, options: Any) -> Variant:
        raise NotImplementedError

    def row_colors(self, options: Any) -> tuple[str, ...]:
        return self.variant(options).colors

    def seats(self, options: Any) -> range:
        variant = self.variant(options)
        return range(variant.min_players, variant.max_players + 1)

    def load_state(self, data: Any) -> RowState:
        return read_state(data, self.variant(data.get("options")), self.wire, self.state_members)

    def check_state(self, state: RowState) -> None:
        check_state(state)

    def start_turn(self, state: RowState, player: int, actions: Sequence[Action]) -> RowTurn:
        return start_turn(state, actions)

    def next_actions(self, steps: RowTurn, index: int) -> Iterator[Action]:
        return next_actions(steps, index)

    def score(self, state: RowState) -> dict[str, Any]:
        return scores(state)

    def view(self, state: RowState, player: int | None) -> RowState:
        # The hands and the face-down pile are the game's only secrets.
        return hands_and_pile_hidden(state, player)

    def action_space(self, state: RowState) -> list[dict[str, Any]]:
        return row_action_space(self.row_colors(state.to_dict().get("options")), self.top, False, False)

    def deal(self, names: Sequence[str], seed: int, first: int = 0, hidden: bool = False,
             options: Any = None) -> tuple[RowState, int]:
        return deal(self.variant(options), names, seed, first, hidden)
