"""A turn of "Die höchste Karte gewinnt": one card played face down, and the trick settled
when everyone has played (docs/games/hoechste-karte.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ...families.box.actions import Play
from ...families.box.cards import value
from ...families.box.piles import Cards, Entry, Hidden, count_cards, emptied, put_on, stacked
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from ...i18n.terms import Card
from .state import Holder, HoechsteKarteState
from .validity import seats


class HoechsteKarteTurn(BoxTurn):
    """One card played face down: the turn works on a copy of the trick, the cards set aside
    by tied tricks and those out of the game, and settles the trick once it is whole."""

    def __init__(self, state: HoechsteKarteState, player: int):
        super().__init__(state, player)
        self.trick = list(state.trick)
        self.set_aside = state.set_aside
        self.out = state.out

    @property
    def hand(self):
        return self.players[self.player].hand

    def check_play(self, index: int, action: Play) -> Violation | None:
        card, hand = action.card, self.hand
        if not isinstance(hand, Hidden):
            if card is None:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "The hand of {player} is known: say which card is played.", player=self.who()))
            if card not in hand:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "{player} does not hold {card}.", player=self.who(), card=Card(card)))
            return None
        if card is None:
            return None
        if card not in self.state.cards_of(self.player):
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "{card} cannot be in the hand of {player}: only that player's colour, 1 to 11, not yet played.",
                card=Card(card), player=self.who()))
        if any(e.card == card for e in self.trick) or self.turned_up(card):
            return Violation(Code.CARD_UNAVAILABLE, index, Message(
                "{card} has been played already: it lies face up on the table.", card=Card(card)))
        return None

    def turned_up(self, card: str) -> bool:
        """The card lies in a known won, set-aside or out pile (a count hides its cards)."""
        return any(not isinstance(pile, Hidden) and card in pile for _, pile in self.state.shown_piles)

    def perform_play(self, index: int, action: Play) -> None:
        me = self.players[self.player]
        if isinstance(me.hand, Hidden):
            hand = Hidden(me.hand.count - 1)
        else:
            hand = tuple(c for c in me.hand if c != action.card)
        self.players[self.player] = Holder(me.name, hand, me.won)
        self.trick.append(Entry(self.player, action.card))

    def complete_trick(self) -> bool:
        return len(self.trick) == len(self.players)

    def end_violation(self) -> Violation | None:
        if self.complete_trick() and any(e.card is None for e in self.trick):
            return Violation(Code.CARDS_HIDDEN, None, Message(
                "This play completes the trick, which would turn up cards this state hides; "
                "judge it on the whole state."))
        return None

    def settle(self) -> None:
        """Everyone has played: the one highest value takes the trick and what is set aside;
        a tie sets the trick aside, or in the last trick sends it out with what is set aside."""
        trick = self.trick
        for entry in trick:
            self.events.append({"type": "revealed", "player": entry.player, "card": entry.card})
        top = max(value(e.card) for e in trick)
        best = [e.player for e in trick if value(e.card) == top]
        last = all(count_cards(p.hand) == 0 for p in self.players)
        cards = stacked([e.card for e in trick])  # the card played last on top
        aside = count_cards(self.set_aside)
        if len(best) == 1:
            winner = best[0]
            holder = self.players[winner]
            self.players[winner] = Holder(holder.name, holder.hand, self.onto(holder.won, cards))
            self.events.append({"type": "won", "player": winner, "cards": len(trick), "from": "trick"})
            if aside:
                self.events.append({"type": "won", "player": winner, "cards": aside, "from": "set_aside"})
            self.set_aside = emptied(self.set_aside)
        elif last:
            self.events.append({"type": "out", "cards": len(trick), "from": "trick"})
            if aside:
                self.events.append({"type": "out", "cards": aside, "from": "set_aside"})
            self.out = self.onto(self.out, cards)
            self.set_aside = emptied(self.set_aside)
        else:
            self.events.append({"type": "set_aside", "cards": len(trick), "from": "trick"})
            self.set_aside = put_on(self.set_aside, cards)
        self.trick = []

    def onto(self, pile: Cards, trick: tuple[str, ...]) -> Cards:
        """A pile that takes the trick and then what is set aside on top of it, as it lies."""
        return put_on(put_on(pile, trick), self.set_aside)

    def candidates(self) -> Iterator[Play]:
        if self.taken:  # one play a turn
            return
        if isinstance(self.hand, Hidden):
            yield Play()
        else:
            yield from (Play(card) for card in self.hand)

    def new_state(self) -> HoechsteKarteState:
        if self.complete_trick():
            self.settle()
        state = replace(self.state, players=tuple(self.players), trick=tuple(self.trick),
                        set_aside=self.set_aside, out=self.out)
        return replace(state, waiting=seats(state).waiting, checked=True)

    STEPS = {"play": Step(check_play, perform_play)}
