"""A Ratefix turn: one put into the middle, or one guess; after the last guess the
middle is turned up and the nearest guess takes it (docs/games/ratefix.md).

Of equally near guesses the one made first takes the middle (the spec's reading). On a
view, whose middle hides the others' cards (`card: null`), a put from a hidden stack may
leave out its card, and the last guess, which would turn them up, is CARDS_HIDDEN. A
state whose every stack is hidden and whose middle is empty is a spectator's view (a
physical table, where the cards go in face down): its first put may leave out its card too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...families.box.cards import value
from ...families.box.piles import Entry, Hidden, put_on, stacked
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from .state import Guess, Put, RatefixState, Said
from .validity import seats


class RatefixTurn(BoxTurn):
    """One put or one guess: the turn works on a copy of the middle, the round's guesses
    and its leader, and takes the middle for the nearest guess once everyone has guessed."""

    def __init__(self, state: RatefixState, player: int):
        super().__init__(state, player)
        self.middle = list(state.middle)
        self.guesses = list(state.guesses)
        self.leader = state.leader

    @property
    def is_view(self) -> bool:
        """The middle hides a card, or nothing lies there yet and no stack is known: the
        state is a view (the spectator's, where every stack is hidden)."""
        middle = self.state.middle
        if not middle:
            return all(isinstance(p.stack, Hidden) for p in self.state.players)
        return any(e.card is None for e in middle)

    def listed(self, card: str) -> bool:
        """The card lies in the middle, a known stack or a known won pile."""
        if any(e.card == card for e in self.middle):
            return True
        return any(not isinstance(pile, Hidden) and card in pile for p in self.players for pile in (p.stack, p.won))

    def check_put(self, index: int, action: Put) -> Violation | None:
        stack = self.players[self.player].stack
        if action.card is None and isinstance(stack, Hidden) and self.is_view:
            return None  # another player's put on a view: it lies there face down, unnamed
        return self.turn_up_violation(index, action.card, stack, self.listed)

    def check_guess(self, index: int, action: Guess) -> Violation | None:
        if len(self.guesses) + 1 == len(self.players) and any(e.card is None for e in self.middle):
            return Violation(Code.CARDS_HIDDEN, None, Message(
                "This view hides cards in the middle that the last guess would turn up; send the whole state."))
        return None

    def perform_put(self, index: int, action: Put) -> None:
        self.middle.append(Entry(self.player, self.turn_up_own(action.card)))

    def perform_guess(self, index: int, action: Guess) -> None:
        self.guesses.append(Said(self.player, action.value))
        if len(self.guesses) == len(self.players):
            self.take_middle()

    def take_middle(self) -> None:
        """Turn the middle up: the guess nearest its total takes it (the first of equals)."""
        total = 0
        for entry in self.middle:
            self.events.append({"type": "revealed", "player": entry.player, "card": entry.card})
            total += value(entry.card)
        taker = min(self.guesses, key=lambda said: abs(said.value - total)).player  # min keeps the first
        winner = self.players[taker]
        middle = stacked([e.card for e in self.middle])  # the card put last on top
        self.players[taker] = replace(winner, won=put_on(winner.won, middle))
        self.events.append({"type": "won", "player": taker, "cards": len(self.middle), "from": "middle"})
        self.middle, self.guesses, self.leader = [], [], taker

    def candidates(self) -> Iterator[Any]:
        if not self.taken:  # one action a turn
            yield Put()
            yield Guess()

    def new_state(self) -> RatefixState:
        state = replace(self.state, players=tuple(self.players), middle=tuple(self.middle),
                        guesses=tuple(self.guesses), leader=self.leader, checked=False)
        shown = seats(state)
        return replace(state, current=shown.current, waiting=shown.waiting, checked=True)

    STEPS = {"put": Step(check_put, perform_put), "guess": Step(check_guess, perform_guess)}
