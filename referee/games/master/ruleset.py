"""Ruleset `master`: Elfer raus! MASTER, as docs/games/master.md describes it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ...core.actions import Action, Turn
from ...core.codes import Code
from ...core.errors import MalformedInput
from ...core.ruleset import RowFacts, Ruleset
from ...core.turn import LegalActions, TurnResult
from ...core.zones import Hidden, hands_and_pile_hidden
from ...families.rows.space import row_action_space
from . import perft, tables
from .situations import printed_examples
from .board import Board
from .deal import deal
from .facts import MASTER
from .legal import next_actions
from .scoring import scores
from .state import WIRE, State
from .steps import next_on_state, play_on_state
from .turn import MasterTurn, check_turn_shape
from .validity import check_state, checked_rows


class Master(RowFacts, Ruleset, folder=__package__):
    top = MASTER.highest
    min_players, max_players = MASTER.min_players, MASTER.max_players
    bonus_cards = MASTER.bonus_cards
    jokers = MASTER.joker_count
    bridges = True
    chooses_row_order = True
    constructed_table = staticmethod(tables.table)
    codes: tuple[Code, ...] = (
        Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.SWAP_WITHOUT_PLAY,
        Code.TURN_MIXED, Code.BRIDGE_NOT_FOLLOWED, Code.ACTION_AFTER_GAME_END,
        Code.CARD_LIMIT, Code.CARD_NOT_IN_HAND, Code.SLOT_OCCUPIED, Code.NOT_ADJACENT,
        Code.NO_BRIDGE_LEFT, Code.BRIDGE_SAME_ROW, Code.BRIDGE_VALUE_MISMATCH,
        Code.BRIDGE_NOT_NEIGHBOR, Code.BRIDGE_SOURCE_EMPTY, Code.BRIDGE_TARGET_OCCUPIED,
        Code.SWAP_NO_JOKER, Code.PILE_EMPTY, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH,
        Code.CARD_UNAVAILABLE, Code.PASS_PILE_NOT_EMPTY, Code.MUST_PLAY,
    )
    wire = WIRE

    def load_state(self, data: Any) -> State:
        return State.from_dict(data)

    def check_state(self, state: State) -> None:
        check_state(state)

    def apply(self, state: State, turn: Turn) -> TurnResult:
        """The compact path (`steps.play_on_state`) for a legal turn of a known hand; the
        reference step loop (`Ruleset.apply`) for everything it does not decide, which
        names every refusal. The state is checked once (`INVALID_STATE`) either way, and the row
        masks the check made are the compact path's."""
        rows = checked_rows(state)
        result = play_on_state(state, turn, rows)
        if result is None:
            result = super().apply(state if state.checked else state.marked_checked(), turn)
        return result

    def row_colors(self, options: Any) -> tuple[str, ...]:
        return MASTER.colors

    def action_space(self, state: State) -> list[dict[str, Any]]:
        return row_action_space(MASTER.colors, self.top, True, self.bridges)

    def printed_examples(self) -> list[tuple[str, str, str, dict[str, Any]]]:
        return printed_examples(self)

    def fast_count(self, state: State, depth: int) -> tuple[int, int] | None:
        """`perft` on the compact board when every card is known, about thirty times faster
        than the reference walker."""
        if isinstance(state.pile, Hidden) or any(isinstance(p.hand, Hidden) for p in state.players):
            return None
        return perft.count(Board.from_state(state), depth)

    def legal_actions(self, state: State, prefix: Sequence[Action] = (),
                      player: int | None = None) -> LegalActions:
        """The compact path (`steps.next_on_state`) for the player to move with a known
        hand; the reference (`Ruleset.legal_actions`) for anything else, which names the
        prefix's violation, if any."""
        rows = checked_rows(state)
        listed = None
        if player is None or player == state.current:
            listed = next_on_state(state, tuple(prefix), rows)
        if listed is None:
            listed = super().legal_actions(state if state.checked else state.marked_checked(), prefix, player)
        return listed

    def start_turn(self, state: State, player: int, actions: Sequence[Action]) -> MasterTurn:
        check_turn_shape(actions)
        return MasterTurn(state)

    def next_actions(self, steps: MasterTurn, index: int) -> Iterator[Action]:
        return next_actions(steps, index)

    def score(self, state: State) -> dict[str, Any]:
        return scores(state)

    def view(self, state: State, player: int | None) -> State:
        # The hands and the face-down pile are the game's only secrets.
        return hands_and_pile_hidden(state, player)

    def deal(self, names: Sequence[str], seed: int, first: int = 0, hidden: bool = False,
             options: Any = None) -> tuple[State, int]:
        """MASTER's one choice at the deal is the order of the rows (`{"rows": [...]}`, the
        contract's own member `rows` of a new game); R, Y, G, B when left out."""
        options = {} if options is None else options
        if not isinstance(options, dict) or set(options) - {"rows"}:
            raise MalformedInput("the master game's only choice is the order of the rows, rows")
        return deal(names, seed, first, options.get("rows") or MASTER.colors, hidden), 0
