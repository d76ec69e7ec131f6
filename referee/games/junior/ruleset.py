"""Ruleset `junior`: the family game with 44 cards (docs/games/junior.md).

Against the shared row engine (this package) the junior game changes only this: four
colours of 1 to 11 (orange, yellow, green, blue), the 1s and 11s lie on the table from
the start so the rows fill in 2 to 10 between them, five cards a hand, and a player who
cannot place draws a single card, which may be placed if it fits. It has no options.
"""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...core.errors import MalformedInput
from ...core.wire import Members, Wire
from ...families.rows.ruleset import ROW_ACTIONS, RowRuleset
from ...families.rows.variant import Variant


class JuniorVariant(Variant):
    ruleset = "junior"
    colors = ("O", "Y", "G", "B")
    top = 11
    rows_laid_out = True
    draw_limit = 1
    must_place_from = None  # a fitting drawn card may be placed, never must

    def dealt_per_player(self, players: int) -> int:
        return 5


JUNIOR = JuniorVariant()


class Junior(RowRuleset, folder=__package__):
    top = JuniorVariant.top
    options: list[dict[str, Any]] = []
    codes = (
        Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.TURN_MIXED,
        Code.ACTION_AFTER_GAME_END, Code.PLAY_AFTER_DRAW, Code.CARD_NOT_IN_HAND,
        Code.NOT_ADJACENT, Code.MUST_PLAY, Code.DRAW_LIMIT,
        Code.PILE_EMPTY, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE,
        Code.PASS_PILE_NOT_EMPTY,
    )
    wire = Wire("junior", JUNIOR.deck, ROW_ACTIONS)
    state_members = Members("junior state", {"ruleset", "players", "current", "rows", "pile", "passes"})

    def variant(self, options: Any) -> JuniorVariant:
        if options is not None:
            raise MalformedInput("the junior game has no options")
        return JUNIOR
