"""`FarbenSammeln`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.cards import color, value
from ...families.box.grammar import Grammar
from ...families.box.piles import Cards, Hidden, count_cards, known
from ...families.box.ruleset import FIRST_CODES, BoxRuleset
from ...core.codes import Code
from ...core.scoring import best_players
from . import deal, hints, space, validity
from .turn import FarbenSammelnTurn
from .actions import PILE, READ
from .state import Collector, FarbenSammelnState
from .situations import SITUATIONS, closed_round


class FarbenSammeln(BoxRuleset, folder=__package__):
    state_type = FarbenSammelnState
    turn_type = FarbenSammelnTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    computed_hint = staticmethod(hints.hint)
    situations = SITUATIONS
    finished_position = staticmethod(closed_round)
    min_players, max_players = 2, 6
    codes = FIRST_CODES + (Code.PILE_EMPTY, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE,
                           Code.CARD_NOT_IN_HAND, Code.SPACE_NOT_FILLED, Code.CLOSE_NOT_ALLOWED)
    grammar = Grammar({0: {"take": 1}, 1: {"discard": 2}, 2: {"close": 3}}, {2, 3})
    reader = READ

    def turns_up(self, action: Any) -> bool:
        return action.kind == "take" and action.source == "pile"  # a display's top card lies face up

    def score(self, state: FarbenSammelnState) -> dict[str, Any]:
        """Each hand's best colour sum; the highest wins, the lowest (of equals, the lowest
        seat) is the loser; null where a hidden hand decides."""
        best = [best_colour(p.hand, state.colors) for p in state.players]
        totals = [None if b is None else b[1] for b in best]
        loser = None if None in totals else min(range(len(totals)), key=lambda i: (totals[i], i))
        return {
            "finished": state.is_over,
            "scores": [{"player": i, "score": None if b is None else b[1], "color": None if b is None else b[0]}
                       for i, b in enumerate(best)],
            "winners": best_players(totals, max),
            "loser": loser,
        }

    def view(self, state: FarbenSammelnState, player: int | None) -> FarbenSammelnState:
        """A player sees their own hand and the display; the other hands and the pile are
        counts."""
        players = tuple(p if i == player else Collector(p.name, Hidden(count_cards(p.hand)))
                        for i, p in enumerate(state.players))
        return replace(state, players=players, pile=Hidden(count_cards(state.pile)), checked=False)

    def view_events(self, events: Sequence[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
        """A card taken from the pile is named to its taker alone; one taken from a display
        stack was face up for all to see."""
        return [{**event, "card": None}
                if event.get("type") == "drew" and event.get("from") == PILE and event.get("player") != player
                else event for event in events]


def best_colour(hand: Cards, colors: tuple[str, ...]) -> tuple[str, int] | None:
    """The colour whose values sum highest in `hand` and that sum (of equal sums, the
    colour first in the edition's order); None for a hidden hand."""
    if not known(hand):
        return None
    sums = {c: sum(value(card) for card in hand if color(card) == c) for c in colors}
    top = max(sums.values())
    return next((c, s) for c, s in sums.items() if s == top)
