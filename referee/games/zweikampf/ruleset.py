"""`Zweikampf`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.actions import ActionReader, read_reveal
from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import BoxRuleset
from ...core.codes import Code
from ...core.scoring import best_players
from .turn import ZweikampfTurn
from .deal import deal
from .state import OPTIONS, Fighter, ZweikampfState, read_state
from .validity import check_state
from . import texts
from .situations import SITUATIONS


class Zweikampf(BoxRuleset):
    name = "zweikampf"
    texts = texts
    situations = SITUATIONS
    declared = OPTIONS
    codes = (Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.TURN_SHAPE,
             Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE)
    grammar = Grammar.one_of("reveal")
    reader = ActionReader({"reveal": read_reveal})
    turned_up_kinds = frozenset({"reveal"})
    sealable = True

    def load_state(self, data: Any) -> ZweikampfState:
        return read_state(data)

    def check_state(self, state: ZweikampfState) -> None:
        check_state(state)

    def start_turn(self, state: ZweikampfState, player: int) -> ZweikampfTurn:
        return ZweikampfTurn(state, player)

    def score(self, state: ZweikampfState) -> dict[str, Any]:
        """Cards won (with until_all: cards held, stack and won pile); most wins."""
        counts = [len(p.won) + (count_cards(p.stack) if state.until_all else 0) for p in state.players]
        return {
            "finished": state.is_over,
            "scores": [{"player": i, "cards": n} for i, n in enumerate(counts)],
            "winners": best_players(counts, max),
        }

    def new_deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> ZweikampfState:
        return deal(names, seed, first, hidden, options)

    def view(self, state: ZweikampfState, player: int | None) -> ZweikampfState:
        """Nobody sees a face-down stack, not even its owner; the won piles and the battle
        lie face up."""
        fighters = tuple(Fighter(p.name, Hidden(count_cards(p.stack)), p.won) for p in state.players)
        return replace(state, players=fighters)
