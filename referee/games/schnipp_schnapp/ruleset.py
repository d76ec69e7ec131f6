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
from ...families.box.ruleset import BoxRuleset
from ...families.box.seats import may_act
from ...core.codes import Code
from ...core.scoring import best_players
from .actions import READ, Call, Flip
from .deal import deal
from .state import OPTIONS, SchnippSchnappState, read_state
from .turn import SchnippSchnappTurn
from .validity import check_state
from . import texts
from .situations import SITUATIONS

#: A turn out of turn: one call.
OUT_OF_TURN = Grammar.one_of("call")


class SchnippSchnapp(BoxRuleset):
    name = "schnipp-schnapp"
    texts = texts
    situations = SITUATIONS
    declared = OPTIONS
    min_players, max_players = 2, 6
    codes = (Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.TURN_SHAPE,
             Code.MATCH_NOT_CALLED, Code.DRAW_CARD_REQUIRED, Code.DRAW_MISMATCH, Code.CARD_UNAVAILABLE,
             Code.NOTHING_TO_CALL, Code.CALL_NOT_ALLOWED)
    grammar = Grammar.one_of("flip", "call")
    reader = READ
    turned_up_kinds = frozenset({"flip"})
    sealable = True

    def load_state(self, data: Any) -> SchnippSchnappState:
        return read_state(data)

    def check_state(self, state: SchnippSchnappState) -> None:
        check_state(state)

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
            return action._replace(shuffle=rng.randrange(2**32))
        return action

    def start_turn(self, state: SchnippSchnappState, player: int) -> SchnippSchnappTurn:
        return SchnippSchnappTurn(state, player)

    def score(self, state: SchnippSchnappState) -> dict[str, Any]:
        """Quartets set aside (with together: cards won); most wins."""
        if state.together:
            counts = [p.won or 0 for p in state.players]
            scores = [{"player": i, "cards": n} for i, n in enumerate(counts)]
        else:
            counts = [len(p.quartets) for p in state.players]
            scores = [{"player": i, "quartets": n} for i, n in enumerate(counts)]
        return {"finished": state.is_over, "scores": scores, "winners": best_players(counts, max)}

    def new_deal(self, names: Sequence[str], seed: int, first: int, hidden: bool,
                 options: Any) -> SchnippSchnappState:
        return deal(names, seed, first, hidden, options)

    def view(self, state: SchnippSchnappState, player: int | None) -> SchnippSchnappState:
        """Nobody sees a face-down stack, not even its owner; open piles, the middle and the
        quartets lie face up."""
        snappers = tuple(replace(p, stack=Hidden(count_cards(p.stack))) for p in state.players)
        return replace(state, players=snappers)


def _with_fits(call: Call, player: int, players: int) -> bool:
    seats = call.together_with
    return all(0 <= seat < players and seat != player for seat in seats) and len(set(seats)) == len(seats)
