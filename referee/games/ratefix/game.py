"""A Ratefix game in process, for bots: the stacks as lists with their top card last,
judged on them (`referee.compact` documents the interface, `core/compact.py` the table's
part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every stack and won pile must be known. Putting the cards is a simultaneous step (`current` is None,
`waiting` names the seats still to put); then one seat at a time guesses. A guess is
listed once, without its value (`Guess()`, as `POST /v1/legal-actions` lists it), and
taken with one (`Guess(17)`). The cards won are kept as lists with their top card last
(a middle taken is appended), which the state lists top first; the state counts the
cards out of the game.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...core.errors import MalformedInput
from ...families.box.compact import closing_events
from ...families.box.piles import Entry, known
from .ruleset import Ratefix
from .state import Guess, Guesser, Put, RatefixState, Said

PUT, GUESS = Put(), Guess()


class Game(TableGame):
    """One Ratefix game with every card known."""

    __slots__ = ("stacks", "won", "middle", "guesses", "leader", "out", "names", "options", "events")
    reference = Ratefix()
    NESTED, LISTS, SHARED = ("stacks", "won"), ("middle", "guesses"), ("leader", "out", "names", "options")

    def _load(self, state: RatefixState) -> None:
        if not all(known(p.stack) for p in state.players) or any(e.card is None for e in state.middle):
            raise HiddenCards("a game in process needs every stack and the middle known")
        if not all(known(p.won) for p in state.players):
            raise HiddenCards("a game in process needs every won pile known")
        self.stacks = [list(reversed(p.stack)) for p in state.players]
        self.won = [list(reversed(p.won)) for p in state.players]
        self.middle, self.guesses, self.leader = list(state.middle), list(state.guesses), state.leader
        self.out = (None,) * state.out
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = state.current, tuple(state.waiting), state.is_over

    def _build(self) -> RatefixState:
        players = tuple(Guesser(name=name, stack=tuple(reversed(stack)), won=tuple(reversed(won)))
                        for name, stack, won in zip(self.names, self.stacks, self.won))
        return RatefixState(options=self.options, players=players, current=self._current, waiting=self._waiting,
                            middle=tuple(self.middle), guesses=tuple(self.guesses), leader=self.leader,
                            out=len(self.out), checked=True)

    # -- a turn: one put, or one guess ----------------------------------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if self._over:
            return False
        if self._current is None:
            if seat not in self._waiting:
                return False
        elif seat != self._current:
            return False
        self.events = []
        return True

    def _moves(self) -> list[Any]:
        if self._taken:
            return []
        return [GUESS] if self._current is not None else [PUT]

    def _take(self, action: Any) -> bool:
        if self._taken:
            return False
        kind = type(action)
        if kind is Put:
            stack = self.stacks[self._seat]
            if self._current is not None or not stack or (action.card is not None and action.card != stack[-1]):
                return False
            self.middle.append(Entry(self._seat, stack.pop()))
            return True
        if kind is Guess:
            if self._current is None:
                return False
            if action.value is None:
                raise MalformedInput("a guess says its value: Guess(17), not Guess()")
            self.guesses.append(Said(self._seat, action.value))
            if len(self.guesses) == len(self.stacks):
                self._take_middle()
            return True
        return False

    def _take_middle(self) -> None:
        """Turn the middle up: the guess nearest its total takes it (the first of equals)."""
        events, total = self.events, 0
        for entry in self.middle:
            events.append({"type": "revealed", "player": entry.player, "card": entry.card})
            total += int(entry.card[1:])
        taker = min(self.guesses, key=lambda said: abs(said.value - total)).player  # min keeps the first
        self.won[taker] += [entry.card for entry in self.middle]
        events.append({"type": "won", "player": taker, "cards": len(self.middle), "from": "middle"})
        self.middle, self.guesses, self.leader = [], [], taker

    def _complete(self) -> bool:
        return True

    def _commit(self) -> list[Any]:
        n = len(self.stacks)
        if not self.middle and not any(self.stacks):
            self._over, self._current, self._waiting = True, None, ()
        elif len(self.middle) < n:
            put = {entry.player for entry in self.middle}
            self._current, self._waiting = None, tuple(seat for seat in range(n) if seat not in put)
        else:
            self._current, self._waiting = (self.leader + len(self.guesses)) % n, ()
        return closing_events(self, self._over)


__all__ = ["Game"]
