"""`SchnippSchnapp`: the ruleset as the registry knows it, with its scores and views.

Any player may call, in turn or not, so a turn of a player not to move is taken when it
is a call (docs/games/index.md, "Turns and checks"); only the player to move (with `together`:
every player the round waits for) flips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ...families.box.grammar import Grammar
from ...families.box.piles import Hidden, count_cards
from ...families.box.ruleset import FIRST_CODES, BoxRuleset, PictureFacts, most_wins
from ...families.box.seats import may_act
from ...core.codes import Code
from . import deal, space, validity
from .situations import SITUATIONS
from .turn import SchnippSchnappTurn
from .actions import READ, Call, Flip
from .calls import schnapp_piles, schnipp_right
from .state import SchnippSchnappState

#: A turn out of turn: one call.
OUT_OF_TURN = Grammar.one_of("call")


class SchnippSchnapp(BoxRuleset, folder=__package__):
    state_type = SchnippSchnappState
    turn_type = SchnippSchnappTurn
    new_deal = staticmethod(deal.deal)
    check_game = staticmethod(validity.check_game)
    space = staticmethod(space.action_space)
    situations = SITUATIONS
    min_players, max_players = 2, 6
    codes = FIRST_CODES + (Code.MATCH_NOT_CALLED, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE,
                           Code.NOTHING_TO_CALL, Code.CALL_NOT_ALLOWED)
    grammar = Grammar.one_of("flip", "call")
    reader = READ
    turned_up_kinds = frozenset({"flip"})

    def kinds(self, state: SchnippSchnappState, player: int, actions: Sequence[Any]) -> list[str]:
        """A call whose `with` names the caller, a player twice or a player who does not
        exist fits no turn."""
        n = len(state.players)
        return ["call with" if isinstance(a, Call) and not _with_fits(a, player, n) else a.kind for a in actions]

    def turn_grammar(self, state: SchnippSchnappState, player: int, kinds: Sequence[str],
                     listing: bool) -> Grammar | None:
        """Whoever may flip has the whole grammar; anyone else a turn that is a call."""
        if state.is_over:
            return None
        if may_act(state, player):
            return self.grammar
        opens = kinds[0] in ("call", "call with") if kinds else listing
        if 0 <= player < len(state.players) and opens:
            return OUT_OF_TURN
        return None

    def sealed_pick(self, state: SchnippSchnappState, player: int, action: Any, rng: Any) -> Any:
        """A sealed game's flip from an empty stack: the referee shuffles the open pile
        turned over from the game's generator and keeps the order (see `Flip.shuffle`)."""
        if isinstance(action, Flip) and action.card is None and 0 <= player < len(state.players) \
                and count_cards(state.players[player].stack) == 0:
            # 128 bits: the shuffle's own seed must be as far beyond a search as the deal's.
            return action._replace(shuffle=rng.getrandbits(128))
        return action

    def out_of_turn(self, options: Any) -> tuple[str, ...]:
        """Anyone may call, in turn or not."""
        return ("call",)

    def acts_for_others(self, action: Any) -> tuple[int, ...]:
        """A call's `with`: the others who called at the same moment (at a table one person
        records everyone's calls; a sealed seat calls for itself alone)."""
        return action.together_with if isinstance(action, Call) else ()

    def picture_facts(self, state: SchnippSchnappState) -> PictureFacts:
        """The flipped cards a call would rightly take now: one whose value lies on another
        open pile too ("Schnapp!"), or on top of the middle ("Schnipp!")."""
        if state.is_over:
            return PictureFacts()
        opens = [p.open for p in state.players]
        snapped = set(schnapp_piles(opens, state.flipped))
        callable_ = {p for p in state.flipped if opens[p] and (
            p in snapped or schnipp_right(opens, (p,), state.middle))}
        return PictureFacts(callable=frozenset(callable_))

    def score(self, state: SchnippSchnappState) -> dict[str, Any]:
        """Quartets set aside (with together: cards won); most wins."""
        if state.together:
            return most_wins(state, [p.won or 0 for p in state.players])
        return most_wins(state, [len(p.quartets) for p in state.players], "quartets")

    def view(self, state: SchnippSchnappState, player: int | None) -> SchnippSchnappState:
        """Nobody sees a face-down stack, not even its owner; open piles, the middle and the
        quartets lie face up."""
        snappers = tuple(replace(p, stack=Hidden(count_cards(p.stack))) for p in state.players)
        return replace(state, players=snappers)


def _with_fits(call: Call, player: int, players: int) -> bool:
    seats = call.together_with
    return all(0 <= seat < players and seat != player for seat in seats) and len(set(seats)) == len(seats)
