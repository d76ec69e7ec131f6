"""A Schnipp Schnapp turn: one flip or one call (docs/games/schnipp-schnapp.md), checked and
carried out.

A flip turns the top of the own stack onto the own open pile; an empty stack first takes
the open pile turned over and shuffled, unknown from then on. A right call takes the
matching piles (Schnapp) or the middle (Schnipp), sets their quartets aside and puts the
rest under the caller's stack; a right call made by several at once is a tie, and every
caller's open pile goes back under their own stack; a wrong call throws each caller's
open pile onto the middle.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from ...families.box.cards import value
from ...families.box.piles import Cards, Hidden, count_cards, known
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from .actions import WORDS, Call, Flip
from .calls import is_right, quartets_among, right_call_exists, schnapp_piles, seat_order_from
from .state import SchnippSchnappState, Snapper, holders


def put_under(stack: Cards, cards: Sequence[str]) -> Cards:
    """Cards put under a stack, top first; a stack the referee cannot see stays a count."""
    if known(stack):
        return tuple(stack) + tuple(cards)
    return Hidden(stack.count + len(cards))


def next_holder(players: Sequence[Snapper], after: int) -> int | None:
    """The first player clockwise after `after` (`after` itself last) who holds cards."""
    n = len(players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if players[seat].holds:
            return seat
    return None


class SchnippSchnappTurn(BoxTurn):
    """One flip or one call: the turn works on a copy of the players' piles, the middle,
    the flipped cards and who is to flip."""

    def __init__(self, state: SchnippSchnappState, player: int):
        super().__init__(state, player, state.deck)
        self.players = list(state.players)
        self.middle = state.middle
        self.flipped = state.flipped
        self.current = state.current
        self.waiting = state.waiting

    @property
    def opens(self) -> list[tuple[str, ...]]:
        return [p.open for p in self.players]

    def source(self) -> Cards:
        """What the player flips from: the stack, or the open pile turned over and shuffled
        when the stack is empty (a count from then on)."""
        me = self.players[self.player]
        if count_cards(me.stack) == 0:
            return Hidden(len(me.open))
        return me.stack

    def listed(self, card: str) -> bool:
        """The card lies, named, somewhere the flip leaves named (the own open pile turned
        over is no longer)."""
        if card in self.middle:
            return True
        turning = count_cards(self.players[self.player].stack) == 0
        for seat, p in enumerate(self.players):
            if (card in p.open and not (turning and seat == self.player)) or (known(p.stack) and card in p.stack):
                return True
            if value(card) in p.quartets:
                return True
        return False

    # -- checks ------------------------------------------------------------------------------------

    def check_flip(self, index: int, action: Flip) -> Violation | None:
        if self.flipped and right_call_exists(self.opens, self.flipped, self.middle):
            return Violation(Code.MATCH_NOT_CALLED, index, Message(
                "The card flipped last can be called: nobody flips until it is."))
        source = self.source()
        if count_cards(source) == 0:  # cannot happen: the player to move holds cards
            return None
        if action.shuffle is not None and count_cards(self.players[self.player].stack) == 0:
            return None  # a sealed game's referee shuffles the known open pile itself
        return self.turn_up_violation(index, action.card, source, self.listed)

    def check_call(self, index: int, action: Call) -> Violation | None:
        if not self.flipped:
            return Violation(Code.NOTHING_TO_CALL, index, Message(
                "No flipped card waits to be called."))
        if action.word == "schnapp":
            for caller in action.callers(self.player):
                if not self.players[caller].holds:
                    return Violation(Code.CALL_NOT_ALLOWED, index, Message(
                        "{player} holds no cards: a player who is out may only call Schnipp.",
                        player=self.who(caller)))
        return None

    # -- carrying out -------------------------------------------------------------------------------

    def perform_flip(self, index: int, action: Flip) -> None:
        me = self.players[self.player]
        stack, opened = me.stack, me.open
        if count_cards(stack) == 0:
            if action.shuffle is None:
                stack = Hidden(len(opened))  # shuffled: nobody knows the order
            else:
                pile = list(opened)
                random.Random(action.shuffle).shuffle(pile)
                stack = tuple(pile)
            opened = ()
        if known(stack):
            card, rest = stack[0], stack[1:]
        else:
            card, rest = action.card, Hidden(stack.count - 1)
        self.players[self.player] = replace(me, stack=rest, open=(card,) + opened)
        self.events.append({"type": "revealed", "player": self.player, "card": card})
        if not self.state.together:
            self.flipped = (self.player,)
            self.current = next_holder(self.players, self.player)
            return
        self.waiting = tuple(seat for seat in self.waiting if seat != self.player)
        if self.waiting:
            self.flipped = ()
        else:  # the round's last flip: its cards may be called, then the next round
            self.flipped = holders(self.players)
            self.waiting = holders(self.players)

    def perform_call(self, index: int, action: Call) -> None:
        n = len(self.players)
        callers = seat_order_from(self.player, action.callers(self.player), n)
        if is_right(action.word, self.opens, self.flipped, self.middle):
            if len(callers) > 1:
                for caller in callers:
                    me = self.players[caller]
                    self.players[caller] = replace(me, stack=put_under(me.stack, me.open), open=())
                self.events.append({"type": "tie", "players": callers, "word": action.word})
            elif action.word == "schnapp":
                self.schnapp()
            else:
                self.schnipp()
            self.flipped = ()
        else:
            for caller in callers:
                me = self.players[caller]
                self.middle = me.open + self.middle
                self.players[caller] = replace(me, open=())
                self.events.append({"type": "mistake", "player": caller, "word": action.word})
            self.flipped = tuple(seat for seat in self.flipped if seat not in callers)
        if self.state.together:
            self.waiting = holders(self.players)
        elif self.current is not None and not self.players[self.current].holds:
            self.current = next_holder(self.players, self.current)

    def schnapp(self) -> None:
        n = len(self.players)
        taken = [seat for seat in seat_order_from((self.player + 1) % n, schnapp_piles(self.opens, self.flipped), n)
                 if seat != self.player]
        piles = [self.players[self.player].open] + [self.players[seat].open for seat in taken]
        from_others = sum(len(pile) for pile in piles[1:])
        for seat in taken:
            self.players[seat] = replace(self.players[seat], open=())
        self.players[self.player] = replace(self.players[self.player], open=())
        self.events.append({"type": "won", "player": self.player, "cards": from_others, "from": taken})
        self.win([card for pile in piles for card in pile], from_others)

    def schnipp(self) -> None:
        middle, self.middle = self.middle, ()
        self.events.append({"type": "won", "player": self.player, "cards": len(middle), "from": "middle"})
        self.win(list(middle), len(middle))

    def win(self, cards: list[str], from_others: int) -> None:
        """The quartets among the cards won are set aside; the rest go under the stack."""
        quartets = quartets_among(cards)
        rest = [card for card in cards if value(card) not in quartets]
        me = self.players[self.player]
        won = None if me.won is None else me.won + from_others
        self.players[self.player] = replace(me, stack=put_under(me.stack, rest),
                                            quartets=me.quartets + tuple(quartets), won=won)
        for number in quartets:
            self.events.append({"type": "quartet", "player": self.player, "value": number})

    # -- what may come next ----------------------------------------------------------------------

    def candidates(self) -> Iterator[Any]:
        if self.taken:  # one action a turn
            return
        yield Flip()
        for word in WORDS:
            yield Call(word)

    def new_state(self) -> SchnippSchnappState:
        state = replace(self.state, players=tuple(self.players), middle=self.middle, flipped=self.flipped,
                        current=self.current, waiting=self.waiting, checked=True)
        if state.is_over:
            return replace(state, current=None, waiting=())
        return state

    STEPS = {"flip": Step(check_flip, perform_flip), "call": Step(check_call, perform_call)}
