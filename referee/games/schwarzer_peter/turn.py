"""A Schwarzer Peter turn: a draw from the next player clockwise who holds cards, and the
pair it makes laid at once (docs/games/schwarzer-peter.md).

The draw's checks, in order: CARD_NOT_IN_HAND (the card is not in that hand, or the
index is past its end; with a hidden hand only the index against its count), then the
draw codes (DRAW_CARD_REQUIRED, DRAW_MISMATCH, CARD_UNAVAILABLE); the pair's:
CARD_NOT_IN_HAND; the end of the turn: PAIR_NOT_LAID, at the draw whose card made the
pair. A player left without cards is out and safe; when one player alone holds cards the
game is over and that player has lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...families.box.piles import Cards, Hidden, count_cards
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from ...i18n.terms import Card
from .state import Draw, Holder, Pair, SchwarzerPeterState, next_holding
from .validity import twin_of

DRAW_INDEX = 0


class SchwarzerPeterTurn(BoxTurn):
    """A draw from the next player who holds cards, and the pair it makes."""

    def __init__(self, state: SchwarzerPeterState, player: int):
        super().__init__(state, player, state.deck)
        self.players: list[Holder] = list(state.players)
        self.source = next_holding([p.hand for p in state.players], player)
        self.drawn: str | None = None
        self.has_drawn = False
        self.paired = False

    # -- what lies where ---------------------------------------------------------------------

    def listed(self, card: str) -> bool:
        """The card is named somewhere in the state as the turn left it."""
        if not isinstance(self.state.aside, Hidden) and card in self.state.aside:
            return True
        for holder in self.players:
            if not isinstance(holder.hand, Hidden) and card in holder.hand:
                return True
            if int(card[1:]) in holder.pairs:
                return True
        return False

    def hand(self, player: int | None = None) -> Cards:
        return self.players[self.player if player is None else player].hand

    # -- the checks ----------------------------------------------------------------------------

    def check_draw(self, index: int, action: Draw) -> Violation | None:
        source = self.hand(self.source)
        owner = self.who(self.source)
        if action.index is not None and action.index >= count_cards(source):
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "{player} holds {n} cards; there is no card {position} from the left.",
                player=owner, n=count_cards(source), position=action.index + 1))
        if not isinstance(source, Hidden):
            if action.card is not None and action.card not in source:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "{card} is not in {player}'s hand.", card=Card(action.card), player=owner))
            if action.card is None and action.index is None:
                return Violation(Code.DRAW_CARD_REQUIRED, index, Message(
                    "Say which card is drawn from {player}'s hand: its card or its index.", player=owner))
            if action.card is not None and action.index is not None and source[action.index] != action.card:
                return Violation(Code.DRAW_MISMATCH, index, Message(
                    "The card at index {index} of {player}'s hand is {card}, not {named}.", index=action.index,
                    player=owner, card=Card(source[action.index]), named=Card(action.card)))
            return None
        if action.card is None:
            if not isinstance(self.hand(), Hidden):
                return Violation(Code.DRAW_CARD_REQUIRED, index, Message(
                    "{player}'s hand is hidden but yours is known: say which card you drew.", player=owner))
            return None
        if action.card not in self.deck:
            return Violation(Code.CARD_UNAVAILABLE, index, Message(
                "{card} is not a card of this game.", card=Card(action.card)))
        if self.listed(action.card):
            return Violation(Code.CARD_UNAVAILABLE, index, Message(
                "{card} cannot have been drawn: it is listed elsewhere in the state.", card=Card(action.card)))
        return None

    def check_pair(self, index: int, action: Pair) -> Violation | None:
        hand = self.hand()
        cards = self.state.twins(action.value)
        if any(c not in self.deck for c in cards):
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "There are no {value}s in this game.", value=action.value))
        if isinstance(hand, Hidden):
            if hand.count < 2 or any(self.listed(c) for c in cards):
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "The pair of {value}s cannot be in your hand: a card of it lies elsewhere.", value=action.value))
            return None
        missing = [c for c in cards if c not in hand]
        if missing:
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "{card} is not in your hand, so there is no pair of {value}s to lay.",
                card=Card(missing[0]), value=action.value))
        return None

    def end_violation(self) -> Violation | None:
        if self.paired or not self.has_drawn or self.drawn is None or isinstance(self.hand(), Hidden):
            return None
        if twin_of(self.state, self.drawn) in self.hand():
            return Violation(Code.PAIR_NOT_LAID, DRAW_INDEX, Message(
                "{card} makes a pair with {twin} in your hand: lay the pair of {value}s.",
                card=Card(self.drawn), twin=Card(twin_of(self.state, self.drawn)), value=int(self.drawn[1:])))
        return None

    def may_have_paired(self) -> bool:
        """A hidden hand that laid no pair: the drawn card may have made one (its twin, or
        for a card not named some value's two cards, listed nowhere)."""
        if self.paired or not isinstance(self.hand(), Hidden):
            return False
        if self.drawn is not None:
            return not self.listed(twin_of(self.state, self.drawn))
        top = self.state.top
        return any(not any(self.listed(c) for c in self.state.twins(v)) for v in range(1, top + 1))

    # -- carrying out ------------------------------------------------------------------------

    def perform_draw(self, index: int, action: Draw) -> None:
        source = self.hand(self.source)
        if isinstance(source, Hidden):
            card, rest = action.card, Hidden(source.count - 1)
        else:
            at = action.index if action.index is not None else source.index(action.card)
            card, rest = source[at], source[:at] + source[at + 1:]
        self.players[self.source] = replace(self.players[self.source], hand=rest)
        me = self.players[self.player]
        hand = Hidden(me.hand.count + 1) if isinstance(me.hand, Hidden) else me.hand + (card,)
        self.players[self.player] = replace(me, hand=hand)
        self.drawn, self.has_drawn = card, True
        self.events.append({"type": "drew", "player": self.player, "from": self.source, "card": card})

    def perform_pair(self, index: int, action: Pair) -> None:
        me = self.players[self.player]
        cards = self.state.twins(action.value)
        hand = Hidden(me.hand.count - 2) if isinstance(me.hand, Hidden) else tuple(c for c in me.hand if c not in cards)
        self.players[self.player] = replace(me, hand=hand, pairs=me.pairs + (action.value,))
        self.paired = True
        self.events.append({"type": "pair", "player": self.player, "value": action.value})

    def candidates(self) -> Iterator[Any]:
        if not self.has_drawn:
            source = self.hand(self.source)
            if isinstance(source, Hidden):
                yield Draw()
            else:
                yield from (Draw(card) for card in dict.fromkeys(source))
        elif not self.paired:
            yield from (Pair(v) for v in range(1, self.state.top + 1))

    def new_state(self) -> SchwarzerPeterState:
        if self.may_have_paired():
            self.note_unchecked(Code.PAIR_NOT_LAID)
        hands = [p.hand for p in self.players]
        over = sum(1 for h in hands if count_cards(h)) <= 1
        current = None if over else next_holding(hands, self.player)
        return replace(self.state, players=tuple(self.players), current=current, waiting=(), checked=True)

    STEPS = {"draw": Step(check_draw, perform_draw), "pair": Step(check_pair, perform_pair)}
