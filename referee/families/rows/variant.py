"""What one game of the row family decides: the `Variant` that `classic.py` and
`junior.py` subclass.

The classic and junior games share their whole mechanism (see the package's docstring);
a variant says what differs: the deck, which cards may start a row, the opening turn,
the draw limit, whether a fitting drawn card must be placed, and the deal's sizes.

A state holds its variant (`state.py` imports this module), so the hooks here take the
state as `core.zones.GameState`, the base of `RowState`, and this module never imports
`state.py`: the import rule reads one way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any

from ...core.actions import Action
from ...core.cards import Deck, Slot
from ...core.errors import Violation
from ...core.zones import GameState


class Variant:
    """The rules of one game of the row family.

    A subclass sets the attributes below and may override the hooks `may_start`,
    `opening_violation`, `opening_unchecked`, `check_opening_state`, `opener` and
    `deal_is_playable`.
    """

    ruleset: str = ""
    colors: tuple[str, ...] = ()
    top: int = 0
    #: Rows lie from the start (1 and the top value of every colour) and none is started.
    rows_laid_out: bool = False
    draw_limit: int = 1
    #: From which draw of a turn on (1 for the first) a drawn card that fits must be
    #: placed; None: never (it may be kept).
    must_place_from: int | None = None
    min_players: int = 2
    max_players: int = 6

    def options_json(self) -> dict[str, Any] | None:
        """The state's `options` member, or None for a ruleset without options."""
        return None

    def dealt_per_player(self, players: int) -> int:
        """Cards dealt to each player."""
        raise NotImplementedError

    def may_start(self, value: int, opening: int | None) -> bool:
        """A card of this value may begin the row of its colour."""
        return False

    def opening_violation(self, state: GameState, actions: Sequence[Action]) -> Violation | None:
        """The OPENING check on the turn (or a prefix of it); only while no row lies."""
        return None

    def opening_unchecked(self, state: GameState, actions: Sequence[Action]) -> bool:
        """OPENING could not be checked in full for lack of hidden cards."""
        return False

    def must_place(self, draws: int) -> bool:
        """A fitting card drawn as the turn's `draws`-th must be placed."""
        return self.must_place_from is not None and draws >= self.must_place_from

    def check_opening_state(self, state: GameState) -> None:
        """Impossible states particular to the opening; raise INVALID_STATE."""

    def opener(self, hands: list[tuple[str, ...]], first: int) -> int:
        """Who moves first after the deal."""
        return first

    def deal_is_playable(self, hands: list[tuple[str, ...]]) -> bool:
        """False when the deal must be redone."""
        return True

    # -- derived facts ---------------------------------------------------------------------

    @cached_property
    def deck(self) -> Deck:
        """The cards of this game (another edition's colour is not one of them)."""
        return Deck(self.colors, self.top)

    @property
    def slots(self) -> dict[str, Slot]:
        """Every card of the deck by name, in deck order (colour, then value)."""
        return self.deck.slots
