"""`Ratefix`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Entry, Hidden, count_cards
from ...families.box.ruleset import BoxRuleset
from ...core.codes import Code
from ...core.scoring import best_players
from .deal import deal
from .turn import RatefixTurn
from .state import OPTIONS, READER, RatefixState, read_state
from .validity import HIGHEST, LOWEST, check_state
from . import texts
from .situations import SITUATIONS

PUTTING = Grammar.one_of("put")
GUESSING = Grammar.one_of("guess")


class Ratefix(BoxRuleset):
    name = "ratefix"
    texts = texts
    situations = SITUATIONS
    middle_holds_entries = True
    declared = OPTIONS
    min_players, max_players = LOWEST, HIGHEST
    codes = (Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.TURN_SHAPE,
             Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE, Code.CARDS_HIDDEN)
    grammar = PUTTING
    reader = READER
    turned_up_kinds = frozenset({"put"})
    sealable = True

    def shape(self, state: RatefixState) -> Grammar:
        """A put while cards are put into the middle, a guess once they all lie there."""
        return GUESSING if state.all_put else PUTTING

    def load_state(self, data: Any) -> RatefixState:
        return read_state(data)

    def check_state(self, state: RatefixState) -> None:
        check_state(state)

    def start_turn(self, state: RatefixState, player: int) -> RatefixTurn:
        return RatefixTurn(state, player)

    def score(self, state: RatefixState) -> dict[str, Any]:
        """Cards won; most wins, ties share."""
        counts = [p.won for p in state.players]
        return {
            "finished": state.is_over,
            "scores": [{"player": i, "cards": n} for i, n in enumerate(counts)],
            "winners": best_players(counts, max),
        }

    def new_deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> RatefixState:
        return deal(names, seed, first, hidden, options)

    def view(self, state: RatefixState, player: int | None) -> RatefixState:
        """Nobody sees a face-down stack, not even its owner; in the middle each player sees
        only their own card until it is turned up."""
        players = tuple(replace(p, stack=Hidden(count_cards(p.stack))) for p in state.players)
        middle = tuple(e if e.player == player else Entry(e.player, None) for e in state.middle)
        return replace(state, players=players, middle=middle)
