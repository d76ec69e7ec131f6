"""A Farben sammeln turn: take a card, discard one onto a display stack, perhaps close
(docs/games/farben-sammeln.md), checked and carried out action by action."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...families.box.cards import cards_of, color
from ...families.box.piles import Cards, Hidden, count_cards, known, take_top
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from ...i18n.terms import Card
from .actions import PILE, Close, Discard, Take
from .state import STACKS, Collector, FarbenSammelnState


class FarbenSammelnTurn(BoxTurn):
    """A take, a discard and perhaps a close: the turn works on a copy of the pile, the
    display stacks and the mover's hand, and notes the stack a take emptied."""

    def __init__(self, state: FarbenSammelnState, player: int):
        super().__init__(state, player)
        self.hand: Cards = state.players[player].hand
        self.pile: Cards = state.pile
        self.display = list(state.display)
        self.emptied: int | None = None  # the display stack the take emptied: the discard refills it
        self.closed = False

    def listed(self, card: str) -> bool:
        """The card lies face up or in a known hand or pile, as the turn has left them."""
        if any(card in stack for stack in self.display):
            return True
        if known(self.pile) and card in self.pile:
            return True
        hands = [self.hand] + [p.hand for i, p in enumerate(self.state.players) if i != self.player]
        return any(known(hand) and card in hand for hand in hands)

    # -- checks -----------------------------------------------------------------------------------

    def check_take(self, index: int, action: Take) -> Violation | None:
        if action.source == PILE:
            if count_cards(self.pile) == 0:
                return Violation(Code.PILE_EMPTY, index, Message(
                    "The face-down pile is used up: take the top card of a display stack."))
            if action.card is None and not known(self.pile) and not known(self.hand):
                return None  # an unseen card into an unseen hand: nothing to name
            return self.turn_up_violation(index, action.card, self.pile, self.listed)
        return self.turn_up_violation(index, action.card, self.display[action.source], self.listed)

    def check_discard(self, index: int, action: Discard) -> Violation | None:
        card = Card(action.card)
        if known(self.hand):
            if action.card not in self.hand:
                return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                    "{player} does not hold {card}.", player=self.who(), card=card))
        elif action.card not in self.deck:
            return Violation(Code.CARD_NOT_IN_HAND, index, Message("{card} is not a card of this game.", card=card))
        elif self.listed(action.card):
            return Violation(Code.CARD_NOT_IN_HAND, index, Message(
                "{card} cannot be in the hand of {player}: it is visible elsewhere.", card=card, player=self.who()))
        if self.emptied is not None and action.to != self.emptied:
            return Violation(Code.SPACE_NOT_FILLED, index, Message(
                "Display stack {emptied} was emptied by the take; the discard goes there, not onto stack {to}.",
                emptied=self.emptied + 1, to=action.to + 1))  # counted from 1, as the table counts them
        return None

    def check_close(self, index: int, action: Close) -> Violation | None:
        if known(self.hand):
            colors = len({color(c) for c in self.hand})
            if colors > 1:
                return Violation(Code.CLOSE_NOT_ALLOWED, index, Message(
                    "{player} holds cards of {n} colours; only a hand of one colour may close the round.",
                    player=self.who(), n=colors))
        return None

    # -- carrying out -------------------------------------------------------------------------------

    def perform_take(self, index: int, action: Take) -> None:
        card: str | None
        if action.source == PILE:
            card, self.pile = take_top(self.pile, action.card)
        else:
            # A display stack lies face up: its top card is known.
            stack = self.display[action.source]
            card, self.display[action.source] = stack[0], stack[1:]
            if len(stack) == 1:
                self.emptied = action.source
        self.hand = Hidden(self.hand.count + 1) if isinstance(self.hand, Hidden) else self.hand + (card,)
        self.events.append({"type": "drew", "player": self.player, "from": action.source, "card": card})

    def perform_discard(self, index: int, action: Discard) -> None:
        if isinstance(self.hand, Hidden):
            self.hand = Hidden(self.hand.count - 1)
        else:
            position = self.hand.index(action.card)
            self.hand = self.hand[:position] + self.hand[position + 1:]
        self.display[action.to] = (action.card,) + self.display[action.to]

    def perform_close(self, index: int, action: Close) -> None:
        if not known(self.hand):
            self.note_unchecked(Code.CLOSE_NOT_ALLOWED)
        self.closed = True
        self.ended = True

    # -- what may come next ----------------------------------------------------------------------

    def candidates(self) -> Iterator[Any]:
        done = [a.kind for a in self.taken]
        if not done:
            yield Take(PILE)
            for stack in range(STACKS):
                yield Take(stack)
        elif done == ["take"]:
            held = self.hand if known(self.hand) else [c for c in cards_of(self.state.colors) if not self.listed(c)]
            places = range(STACKS) if self.emptied is None else (self.emptied,)
            for card in dict.fromkeys(held):
                for to in places:
                    yield Discard(card, to)
        elif done == ["take", "discard"]:
            yield Close()

    def new_state(self) -> FarbenSammelnState:
        players = list(self.state.players)
        players[self.player] = Collector(players[self.player].name, self.hand)
        following = None if self.closed else (self.player + 1) % len(players)
        return replace(self.state, players=tuple(players), current=following, waiting=(), pile=self.pile,
                       display=tuple(self.display), closed=self.player if self.closed else None, checked=True)

    def game_over(self, outcome: dict[str, Any]) -> dict[str, Any]:
        """The `game_over` event names the loser too, as the scores do."""
        return {**super().game_over(outcome), "loser": outcome["loser"]}

    STEPS = {
        "take": Step(check_take, perform_take),
        "discard": Step(check_discard, perform_discard),
        "close": Step(check_close, perform_close),
    }
