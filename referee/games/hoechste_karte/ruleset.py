"""`HoechsteKarte`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...families.box.actions import PLAY, ActionReader
from ...families.box.grammar import Grammar
from ...families.box.piles import Entry, Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, most_wins
from ...core.codes import Code
from . import deal, space, validity
from .situations import SITUATIONS
from .turn import HoechsteKarteTurn
from .state import HoechsteKarteState, Holder


class HoechsteKarte(BoxRuleset, folder=__package__):
    state_type = HoechsteKarteState
    turn_type = HoechsteKarteTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    situations = SITUATIONS
    min_players, max_players = 2, 4
    codes = FIRST_CODES + (Code.CARD_NOT_IN_HAND, Code.CARD_UNAVAILABLE, Code.CARDS_HIDDEN)
    grammar = Grammar.one_of("play")
    reader = ActionReader([PLAY], turn=("A turn of Die höchste Karte gewinnt: one play, by a player the trick "
                                        "waits for. An empty list, or any other kind of action, is answered "
                                        "with TURN_SHAPE."))

    def score(self, state: HoechsteKarteState) -> dict[str, Any]:
        return most_wins(state, [count_cards(p.won) for p in state.players])

    def view(self, state: HoechsteKarteState, player: int | None) -> HoechsteKarteState:
        """The viewer sees their own hand and their own card in the trick; the others'
        hands are counts and their trick cards face down. The won, set-aside and out
        piles lie face up: everyone sees them."""
        holders = tuple(p if i == player else Holder(p.name, Hidden(count_cards(p.hand)), p.won)
                        for i, p in enumerate(state.players))
        trick = tuple(e if e.player == player else Entry(e.player, None) for e in state.trick)
        return replace(state, players=holders, trick=trick)
