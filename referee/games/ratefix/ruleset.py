"""`Ratefix`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Entry, Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, most_wins
from ...families.box.seats import may_act
from ...core.codes import Code
from . import deal, space, validity
from .situations import SITUATIONS
from .turn import RatefixTurn
from .state import READER, RatefixState
from .validity import HIGHEST, LOWEST

PUTTING = Grammar.one_of("put")
GUESSING = Grammar.one_of("guess")


class Ratefix(BoxRuleset, folder=__package__):
    state_type = RatefixState
    turn_type = RatefixTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    situations = SITUATIONS
    min_players, max_players = LOWEST, HIGHEST
    codes = FIRST_CODES + (Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE, Code.CARDS_HIDDEN)
    grammar = PUTTING
    reader = READER
    turned_up_kinds = frozenset({"put"})

    def turn_grammar(self, state: RatefixState, player: int, kinds: Sequence[str], listing: bool) -> Grammar | None:
        """A put while cards are put into the middle, a guess once they all lie there."""
        if not may_act(state, player):
            return None
        return GUESSING if state.all_put else PUTTING

    def score(self, state: RatefixState) -> dict[str, Any]:
        """Cards won; most wins, ties share."""
        return most_wins(state, [count_cards(p.won) for p in state.players])

    def view(self, state: RatefixState, player: int | None) -> RatefixState:
        """Nobody sees a face-down stack, not even its owner; in the middle each player sees
        only their own card until it is turned up. The won piles lie face up: everyone
        sees them."""
        players = tuple(replace(p, stack=Hidden(count_cards(p.stack))) for p in state.players)
        middle = tuple(e if e.player == player else Entry(e.player, None) for e in state.middle)
        return replace(state, players=players, middle=middle)
