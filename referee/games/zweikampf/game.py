"""A Zweikampf game in process, for bots: the stacks and won piles as lists with their top
card last, judged on them (`referee.compact` documents the interface, `core/compact.py` the
table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every stack must be known. Each battle is a simultaneous step: `current` is None and
`waiting` names the seats still to turn up, each of which takes a turn of its own.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.actions import Reveal
from ...families.box.compact import SimultaneousSteps, closing_events
from ...families.box.piles import Entry, known
from .ruleset import Zweikampf
from .state import Fighter, ZweikampfState

REVEAL = Reveal()


class Game(SimultaneousSteps, TableGame):
    """One Zweikampf game with every card known."""

    __slots__ = ("stacks", "won", "battle", "out", "until_all", "names", "options", "events")
    reference = Zweikampf()
    NESTED, LISTS, SHARED = ("stacks", "won"), ("battle",), ("out", "until_all", "names", "options")

    def _load(self, state: ZweikampfState) -> None:
        if not all(known(p.stack) for p in state.players):
            raise HiddenCards("a game in process needs every stack known")
        self.stacks = [list(reversed(p.stack)) for p in state.players]
        self.won = [list(reversed(p.won)) for p in state.players]
        self.battle, self.out = list(state.battle), state.out
        self.until_all = state.until_all
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = None, tuple(state.waiting), state.is_over

    def _build(self) -> ZweikampfState:
        players = tuple(Fighter(name=name, stack=tuple(reversed(stack)), won=tuple(reversed(won)))
                        for name, stack, won in zip(self.names, self.stacks, self.won))
        return ZweikampfState(options=self.options, players=players, current=None, waiting=self._waiting,
                              battle=tuple(self.battle), out=self.out, checked=True)

    def _holds(self, seat: int) -> int:
        return len(self.stacks[seat]) + (len(self.won[seat]) if self.until_all else 0)

    # -- a turn: one reveal ----------------------------------------------------------------------------

    def _moves(self) -> list[Any]:
        return [] if self._taken else [REVEAL]

    def _take(self, action: Any) -> bool:
        if self._taken or type(action) is not Reveal:
            return False
        seat = self._seat
        stack = self.stacks[seat]
        if not stack and self.until_all:
            stack = self.won[seat][::-1]
            if action.card is not None and (not stack or action.card != stack[-1]):
                return False
            self.stacks[seat], self.won[seat] = stack, []
        elif action.card is not None and (not stack or action.card != stack[-1]):
            return False
        card = stack.pop()
        self.battle.append(Entry(seat, card))
        self.events.append({"type": "revealed", "player": seat, "card": card})
        if len(self.battle) % 2 == 0:
            self._settle()
        return True

    def _settle(self) -> None:
        """Both have turned up: the higher takes the battle; a tie goes on, unless a player
        who must turn up again has no card (then the game ends)."""
        first, second = int(self.battle[-2].card[1:]), int(self.battle[-1].card[1:])
        if first != second:
            self._take_battle(self.battle[-2].player if first > second else self.battle[-1].player)
        holding = [seat for seat in (0, 1) if self._holds(seat)]
        if len(holding) == 2:
            return
        if self.battle and len(holding) == 1:
            self._take_battle(holding[0])  # until_all: the other has nothing left to turn up
        elif self.battle:
            self.events.append({"type": "out", "cards": len(self.battle), "from": "battle"})
            self.out += len(self.battle)
            self.battle = []

    def _take_battle(self, seat: int) -> None:
        self.won[seat] += [entry.card for entry in self.battle]
        self.events.append({"type": "won", "player": seat, "cards": len(self.battle), "from": "battle"})
        self.battle = []

    def _complete(self) -> bool:
        return True

    def _commit(self) -> list[Any]:
        battle = self.battle
        if len(battle) % 2:
            self._waiting = (1 - battle[-1].player,)
        elif not self._holds(0) or not self._holds(1):
            self._over, self._waiting = True, ()
        else:
            self._waiting = (0, 1)
        return closing_events(self, self._over)


__all__ = ["Game"]
