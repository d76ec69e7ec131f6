"""`Zweikampf`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...families.box.actions import REVEAL, ActionReader
from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, most_wins
from ...core.codes import Code
from . import deal, space, validity
from .situations import SITUATIONS
from .turn import ZweikampfTurn
from .state import Fighter, ZweikampfState


class Zweikampf(BoxRuleset, folder=__package__):
    state_type = ZweikampfState
    turn_type = ZweikampfTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    situations = SITUATIONS
    codes = FIRST_CODES + (Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE)
    grammar = Grammar.one_of("reveal")
    reader = ActionReader([REVEAL], turn=("A turn of a Zweikampf game: one reveal, by a player the step waits "
                                          "for. An empty list, or any other kind of action, is answered with "
                                          "TURN_SHAPE."))
    turned_up_kinds = frozenset({"reveal"})

    def score(self, state: ZweikampfState) -> dict[str, Any]:
        """Cards won (with until_all: cards held, stack and won pile); most wins."""
        return most_wins(state, [len(p.won) + (count_cards(p.stack) if state.until_all else 0) for p in state.players])

    def view(self, state: ZweikampfState, player: int | None) -> ZweikampfState:
        """Nobody sees a face-down stack, not even its owner; the won piles and the battle
        lie face up."""
        fighters = tuple(Fighter(p.name, Hidden(count_cards(p.stack)), p.won) for p in state.players)
        return replace(state, players=fighters)
