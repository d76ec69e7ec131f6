"""A Zweikampf turn: one reveal, and the battle settled when both have turned up
(docs/games/zweikampf.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ...families.box.actions import Reveal
from ...families.box.cards import value
from ...families.box.piles import Cards, Entry, Hidden, count_cards, take_top, turned_over
from ...families.box.turn import BoxTurn, Step
from ...core.errors import Violation
from .state import Fighter, ZweikampfState
from .validity import seats


class ZweikampfTurn(BoxTurn):
    """One reveal: the turn works on a copy of the battle and the cards out of the game,
    and settles the battle once both have turned up."""

    def __init__(self, state: ZweikampfState, player: int):
        super().__init__(state, player)
        self.battle = list(state.battle)
        self.out = state.out

    def source(self) -> Cards:
        """What the player turns up from: the stack, or with `until_all` the won pile
        turned over when the stack is empty."""
        fighter = self.players[self.player]
        if count_cards(fighter.stack) == 0 and self.state.until_all:
            return turned_over(fighter.won)
        return fighter.stack

    def listed(self, card: str) -> bool:
        return card in self.state_cards()

    def state_cards(self) -> set[str]:
        seen = {e.card for e in self.battle}
        for fighter in self.players:
            seen.update(fighter.won)
            if not isinstance(fighter.stack, Hidden):
                seen.update(fighter.stack)
        return seen

    def check_reveal(self, index: int, action: Any) -> Violation | None:
        return self.turn_up_violation(index, action.card, self.source(), self.listed)

    def perform_reveal(self, index: int, action: Reveal) -> None:
        me = self.players[self.player]
        stack = self.source()
        if stack is not me.stack:
            me = Fighter(me.name, stack, ())
        card, rest = take_top(stack, action.card)
        self.players[self.player] = Fighter(me.name, rest, me.won)
        self.battle.append(Entry(self.player, card))
        self.events.append({"type": "revealed", "player": self.player, "card": card})
        if len(self.battle) % 2 == 0:
            self.settle()

    def settle(self) -> None:
        """Both have turned up: the higher takes the battle; a tie goes on, unless a player
        who must turn up again has no card (then the game ends)."""
        first, second = self.battle[-2], self.battle[-1]
        if value(first.card) != value(second.card):
            winner = max((first, second), key=lambda e: value(e.card)).player
            self.take_battle(winner)
        holding = [p for p in (0, 1) if self.holds(p)]
        if len(holding) == 2:
            return
        if self.battle and len(holding) == 1:
            self.take_battle(holding[0])  # until_all: the other has nothing left to turn up
        elif self.battle:
            self.events.append({"type": "out", "cards": len(self.battle), "from": "battle"})
            self.out += len(self.battle)
            self.battle = []

    def holds(self, player: int) -> int:
        fighter = self.players[player]
        return count_cards(fighter.stack) + (len(fighter.won) if self.state.until_all else 0)

    def take_battle(self, player: int) -> None:
        fighter = self.players[player]
        cards = tuple(e.card for e in self.battle)
        self.players[player] = Fighter(fighter.name, fighter.stack, turned_over(cards) + fighter.won)
        self.events.append({"type": "won", "player": player, "cards": len(cards), "from": "battle"})
        self.battle = []

    def candidates(self) -> Iterator[Reveal]:
        if not self.taken:  # one reveal a turn
            yield Reveal()

    def new_state(self) -> ZweikampfState:
        state = replace(self.state, players=tuple(self.players), battle=tuple(self.battle), out=self.out,
                        checked=False)
        return replace(state, waiting=seats(state).waiting, checked=True)

    STEPS = {"reveal": Step(check_reveal, perform_reveal)}
