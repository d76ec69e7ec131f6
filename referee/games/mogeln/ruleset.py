"""`Mogeln`: the ruleset as the registry knows it, with its scores and views.

In the 2018 edition anyone but the play's maker may challenge the top play, so a turn of
a player not to move is taken when it begins with a challenge (docs/games/index.md,
"Turns and checks"); in the original only the player to move challenges.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, PictureFacts
from ...core.codes import Code
from . import deal, hints, space, validity
from .situations import SITUATIONS
from .turn import MogelnTurn
from .actions import READ, Challenge
from .state import Cheat, Laid, MogelnState

#: An out-of-turn turn (2018 only): one challenge.
OUT_OF_TURN = Grammar.one_of("challenge")


class Mogeln(BoxRuleset, folder=__package__):
    state_type = MogelnState
    turn_type = MogelnTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    computed_hint = staticmethod(hints.hint)
    situations = SITUATIONS
    min_players, max_players = 3, 6
    codes = FIRST_CODES + (Code.ACTION_AFTER_GAME_END, Code.RESOLVE_FIRST, Code.CARD_NOT_IN_HAND,
                           Code.NOTHING_TO_CHALLENGE, Code.REVEAL_REQUIRED, Code.REVEAL_MISMATCH,
                           Code.CARD_UNAVAILABLE, Code.ACCEPT_NOT_ALLOWED)
    grammar = Grammar({0: {"play": 1, "accept": 1, "challenge": 2}, 2: {"play": 1}}, {1, 2})
    reader = READ
    unnamed = frozenset({"REVEAL_REQUIRED"})
    #: A play may lay several cards at once: game AI picks them one by one.
    gathered = "play"

    def out_of_turn(self, options: Any) -> tuple[str, ...]:
        """In 2018 any player but the play's maker may challenge out of turn."""
        return ("challenge",) if options["edition"] == "2018" else ()

    def turn_grammar(self, state: MogelnState, player: int, kinds: Sequence[str], listing: bool) -> Grammar | None:
        """The player to move has the whole grammar; in 2018 any other player a turn that
        begins with a challenge (the turns still open, when listing with no prefix)."""
        if state.is_over:
            return None
        if player == state.current:
            return self.grammar
        opens = kinds[0] == "challenge" if kinds else listing
        if state.options["edition"] == "2018" and 0 <= player < len(state.players) and opens:
            return OUT_OF_TURN
        return None

    def sealed_unnamed(self, action: Any) -> str | None:
        """In a sealed game the referee turns the challenged play up: a challenge names no
        cards (naming some would ask whether they are the play's without challenging it)."""
        if isinstance(action, Challenge) and action.cards is not None:
            return "cards"
        return None

    def picture_facts(self, state: MogelnState) -> PictureFacts:
        """The value the next play claims, while the game goes on."""
        return PictureFacts(next_claim=None if state.is_over else state.next_claim)

    def score(self, state: MogelnState) -> dict[str, Any]:
        """The cards each player holds; the winner once the game has ended."""
        return {
            "finished": state.is_over,
            "scores": [{"player": i, "cards": count_cards(p.hand)} for i, p in enumerate(state.players)],
            "winners": None if state.winner is None else [state.winner],
        }

    def view(self, state: MogelnState, player: int | None) -> MogelnState:
        """The viewer sees their own hand and their own plays; the others' hands are counts
        and their plays lie face down."""
        cheats = tuple(p if i == player else Cheat(p.name, Hidden(count_cards(p.hand)))
                       for i, p in enumerate(state.players))
        stack = tuple(play if play.player == player else Laid(play.player, Hidden(count_cards(play.cards)), play.claim)
                      for play in state.stack)
        return replace(state, players=cheats, stack=stack, checked=False)
