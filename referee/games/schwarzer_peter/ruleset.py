"""`SchwarzerPeter`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from . import deal, hints, space, validity
from .situations import SITUATIONS
from .turn import SchwarzerPeterTurn
from .state import READER, Draw, SchwarzerPeterState, next_holding
from .validity import HIGHEST, LOWEST


class SchwarzerPeter(BoxRuleset, folder=__package__):
    state_type = SchwarzerPeterState
    turn_type = SchwarzerPeterTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    computed_hint = staticmethod(hints.hint)
    situations = SITUATIONS
    min_players, max_players = LOWEST, HIGHEST
    codes = FIRST_CODES + (Code.CARD_NOT_IN_HAND, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE,
                           Code.PAIR_NOT_LAID)
    grammar = Grammar({0: {"draw": 1}, 1: {"pair": 2}}, {1, 2})
    reader = READER
    turned_up_kinds = frozenset({"draw"})

    def score(self, state: SchwarzerPeterState) -> dict[str, Any]:
        """Nobody has lost until the end; then the one left holding cards has, and the
        others win."""
        over = state.is_over
        loser = state.holding() if over else []
        return {
            "finished": over,
            "scores": [{"player": i, "lost": i in loser} for i in range(len(state.players))],
            "winners": [i for i in range(len(state.players)) if i not in loser] if over else None,
        }

    def sealed_pick(self, state: SchwarzerPeterState, player: int, action: Any, rng: Any) -> Any:
        """In a sealed game the drawer sees only the backs of the fan: a draw that names
        neither card nor place takes a place at random."""
        if isinstance(action, Draw) and action.card is None and action.index is None:
            source = next_holding([p.hand for p in state.players], player)
            if source is not None:
                return action._replace(index=rng.randrange(count_cards(state.players[source].hand)))
        return action

    def sealed_reorder(self, before: SchwarzerPeterState, after: SchwarzerPeterState,
                       rng: Any) -> SchwarzerPeterState:
        """In a sealed game a hand the turn changed is shuffled: a drawn card would lie at
        the end of the hand, where the player it came from would draw it back at will."""
        players = tuple(
            replace(p, hand=tuple(rng.sample(p.hand, len(p.hand))))
            if p.hand != b.hand and not isinstance(p.hand, Hidden) else p
            for p, b in zip(after.players, before.players))
        return replace(after, players=players)

    def view(self, state: SchwarzerPeterState, player: int | None) -> SchwarzerPeterState:
        """A player sees their own hand; the others' hands and the card set aside are
        counts; the pairs lie face up."""
        players = tuple(p if i == player else replace(p, hand=Hidden(count_cards(p.hand)))
                        for i, p in enumerate(state.players))
        return replace(state, players=players, aside=Hidden(count_cards(state.aside)))

    def hint(self, state: Any, actions: Sequence[Any], violation: Violation,
             legal: list[dict] | None) -> Message | None:
        """A draw and its pair are named for every refusal but the turn's shape."""
        if violation.code is Code.TURN_SHAPE:
            return super().hint(state, actions, violation, legal)
        return self.computed_hint(state, violation.code, legal)
