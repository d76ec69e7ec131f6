"""A Mogeln turn: a play, a challenge and perhaps a play after it, or the acceptance of a
player's going out (docs/games/mogeln.md), checked and carried out action by action.

A challenge turns the top play up: exactly one card of the claimed value is honest and
the challenger takes the whole stack; anything else is a lie and its maker takes it. The
taker's hand gets the stack's cards at its end, top play first; cards the referee does
not know make a known hand a count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...families.box.cards import value
from ...families.box.piles import Cards, Hidden, count_cards, known
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from ...i18n.terms import Card
from .actions import Accept, Challenge, Play
from .state import Cheat, Laid, MogelnState, claim_after


class MogelnTurn(BoxTurn):
    """A play, a challenge, a challenge then a play, or an accept: the turn works on a copy
    of the stack of plays, the completed counts set aside and the winner."""

    def __init__(self, state: MogelnState, player: int):
        super().__init__(state, player)
        self.stack = list(state.stack)
        self.out = state.out
        self.winner = state.winner
        self.hidden_at_start = not known(state.players[player].hand)
        self.played = False

    @property
    def hand(self) -> Cards:
        return self.players[self.player].hand

    def going_out(self) -> bool:
        return (self.winner is None and bool(self.stack)
                and count_cards(self.players[self.stack[0].player].hand) == 0)

    def listed(self, card: str) -> bool:
        """The card lies, named, in a hand or a play as the turn has left them."""
        return (any(known(p.hand) and card in p.hand for p in self.players)
                or any(known(play.cards) and card in play.cards for play in self.stack))

    # -- checks ------------------------------------------------------------------------------------

    def check_accept(self, index: int, action: Accept) -> Violation | None:
        if not self.going_out():
            return Violation(Code.ACCEPT_NOT_ALLOWED, index, Message(
                "Nobody has gone out: there is nothing to accept."))
        return None

    def check_play(self, index: int, action: Play) -> Violation | None:
        if self.going_out():
            return Violation(Code.RESOLVE_FIRST, index, Message(
                "{player} has played their last card: challenge that play or accept it first.",
                player=self.who(self.stack[0].player)))
        hand = self.hand
        if action.cards is None:
            if not self.hidden_at_start:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "The hand of {player} is known: say which cards are played.", player=self.who()))
            if action.count > count_cards(hand):
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "The hand of {player} is too small for this play.", player=self.who()))
            return None
        if known(hand):
            missing = Counter(action.cards) - Counter(hand)
            if missing:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "{player} does not hold {card}.", player=self.who(), card=Card(next(iter(missing)))))
            return None
        if len(action.cards) > count_cards(hand):
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "The hand of {player} is too small for this play.", player=self.who()))
        for position, card in enumerate(action.cards):
            if card not in self.deck or self.listed(card) or card in action.cards[:position]:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "{card} cannot be in the hidden hand of {player}: it is not a card of this game, "
                    "or it is listed elsewhere.", card=Card(card), player=self.who()))
        return None

    def check_challenge(self, index: int, action: Challenge) -> Violation | None:
        if not self.stack:
            return Violation(Code.NOTHING_TO_CHALLENGE, index, Message("The stack is empty: there is no play to challenge."))
        top = self.stack[0]
        if top.player == self.player:
            return Violation(Code.NOTHING_TO_CHALLENGE, index, Message("Nobody challenges their own play."))
        named = action.cards
        if not known(top.cards):
            if named is None:
                return Violation(Code.REVEAL_REQUIRED, index, Message(
                    "The challenged play lies hidden from the referee: say which cards were turned up."))
            if len(named) != top.cards.count:
                return self.reveal_mismatch(index, top)
            for position, card in enumerate(named):
                if card not in self.deck:
                    return Violation(Code.CARD_UNAVAILABLE, index, Message(
                        "{card} is not a card of this game.", card=Card(card)))
                if self.listed(card) or card in named[:position]:
                    return Violation(Code.CARD_UNAVAILABLE, index, Message(
                        "{card} cannot have been turned up: it is listed elsewhere in the state.", card=Card(card)))
            return None
        if named is not None and Counter(named) != Counter(top.cards):
            return self.reveal_mismatch(index, top)
        return None

    def reveal_mismatch(self, index: int, top: Laid) -> Violation:
        return Violation(Code.REVEAL_MISMATCH, index, Message(
            "The cards named are not those of the challenged play of {player}.", player=self.who(top.player)))

    # -- carrying out -------------------------------------------------------------------------------

    def perform_accept(self, index: int, action: Accept) -> None:
        self.winner = self.stack[0].player
        self.ended = True

    def perform_play(self, index: int, action: Play) -> None:
        if self.stack and self.stack[0].claim >= self.state.last_value:
            self.set_aside()
        claim = claim_after(self.stack, self.state.last_value)
        me = self.players[self.player]
        if action.cards is None:
            laid: Cards = Hidden(action.count)
            hand: Cards = Hidden(count_cards(me.hand) - action.count)
        else:
            laid = action.cards
            if known(me.hand):
                rest = list(me.hand)
                for card in action.cards:
                    rest.remove(card)
                hand = tuple(rest)
            else:
                hand = Hidden(count_cards(me.hand) - len(action.cards))
        self.players[self.player] = Cheat(me.name, hand)
        self.stack.insert(0, Laid(self.player, laid, claim))
        self.played = True

    def set_aside(self) -> None:
        """A completed count goes out of the game as the next play is made."""
        cards = sum(count_cards(play.cards) for play in self.stack)
        self.out += cards
        self.events.append({"type": "out", "cards": cards, "from": "stack"})
        self.stack = []

    def perform_challenge(self, index: int, action: Challenge) -> None:
        top = self.stack[0]
        turned = tuple(top.cards) if known(top.cards) else action.cards
        assert turned is not None
        for card in turned:
            self.events.append({"type": "revealed", "player": top.player, "card": card})
        honest = len(turned) == 1 and value(turned[0]) == top.claim
        taker = self.player if honest else top.player
        self.events.append({"type": "challenged", "challenger": self.player, "player": top.player,
                            "honest": honest, "cards": list(turned), "taker": taker})
        piles = [turned] + [play.cards for play in self.stack[1:]]
        self.hand_over(taker, piles)
        self.stack = []
        if honest and count_cards(self.players[top.player].hand) == 0:
            self.winner = top.player  # the going out stands
            self.ended = True

    def hand_over(self, taker: int, piles: list[Cards]) -> None:
        """The taker's hand gets the piles' cards at its end, in order."""
        hand = self.players[taker].hand
        for pile in piles:
            if known(hand) and known(pile):
                hand = tuple(hand) + tuple(pile)
            else:
                hand = Hidden(count_cards(hand) + count_cards(pile))
        self.players[taker] = replace(self.players[taker], hand=hand)

    # -- what may come next ----------------------------------------------------------------------

    def candidates(self) -> Iterator[Any]:
        if self.ended or self.played:
            return
        if not self.taken:
            yield Challenge()
            yield Accept()
        hand = self.hand
        if known(hand):
            for card in hand:
                yield Play(cards=(card,))
        elif self.hidden_at_start and count_cards(hand):
            yield Play(count=1)

    def new_state(self) -> MogelnState:
        if self.winner is not None:
            current = None
        elif self.played:
            current = (self.player + 1) % len(self.players)
        else:
            current = self.state.current
        return replace(self.state, players=tuple(self.players), stack=tuple(self.stack), out=self.out,
                       winner=self.winner, current=current, waiting=(), checked=True)

    STEPS = {
        "accept": Step(check_accept, perform_accept),
        "play": Step(check_play, perform_play),
        "challenge": Step(check_challenge, perform_challenge),
    }
