"""`UeberallAnschliessen`: the ruleset as the registry knows it, with its scores and views."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset
from ...core.codes import Code
from . import deal, hints, space, validity
from .situations import SITUATIONS
from .turn import UeberallAnschliessenTurn
from .actions import MIDDLE, OWN, READ, Place
from .state import Runner, UeberallAnschliessenState


class UeberallAnschliessen(BoxRuleset, folder=__package__):
    state_type = UeberallAnschliessenState
    turn_type = UeberallAnschliessenTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    computed_hint = staticmethod(hints.hint)
    situations = SITUATIONS
    min_players, max_players = 2, 6
    codes = FIRST_CODES + (Code.ACTION_AFTER_GAME_END, Code.TURN_ENDED, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH,
                           Code.CARD_UNAVAILABLE, Code.NOT_NEXT_HIGHER, Code.MIDDLE_FIRST, Code.FIT_OVERLOOKED,
                           Code.STOPP_WITHOUT_MISTAKE, Code.TURN_INCOMPLETE)
    grammar = Grammar({0: {"reveal": 1}, 1: {"place": 2}, 2: {"reveal": 1, "stopp": 3}}, {2, 3})
    reader = READ
    turned_up_kinds = frozenset({"reveal"})

    def kinds(self, state: UeberallAnschliessenState, player: int, actions: Sequence[Any]) -> list[str]:
        """A place onto the own seat or a seat that does not exist fits no turn (the own pile
        is `"own"`)."""
        return [f"place to {a.to}" if isinstance(a, Place) and a.to not in (MIDDLE, OWN)
                and (a.to == player or a.to >= len(state.players)) else a.kind for a in actions]

    def score(self, state: UeberallAnschliessenState) -> dict[str, Any]:
        """Each player's finishing place (null while they play); the first to finish wins."""
        places = {seat: k + 1 for k, seat in enumerate(state.finished)}
        return {
            "finished": state.is_over,
            "scores": [{"player": i, "place": places.get(i)} for i in range(len(state.players))],
            "winners": [state.finished[0]] if state.finished else None,
        }

    def view(self, state: UeberallAnschliessenState, player: int | None) -> UeberallAnschliessenState:
        """Nobody sees a face-down stack, not even its owner; the open piles and the middle
        lie face up."""
        runners = tuple(Runner(p.name, Hidden(count_cards(p.stack)), p.open) for p in state.players)
        return replace(state, players=runners, checked=False)
