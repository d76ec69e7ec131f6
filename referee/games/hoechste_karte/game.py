"""A game of "Die höchste Karte gewinnt" in process, for bots: the hands as lists, judged
on them (`referee.compact` documents the interface, `core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every hand and every pile must be known. Each trick is a simultaneous step: `current` is
None and `waiting` names the seats still to play, each of which takes a turn of its own.
The cards won, set aside and out of the game are kept as lists with their top card last
(a trick laid on a pile is appended); the state lists them top first.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.actions import Play
from ...families.box.compact import SimultaneousSteps, closing_events
from ...families.box.piles import Entry, known
from .ruleset import HoechsteKarte
from .state import Holder, HoechsteKarteState

#: A play of each card, made once.
PLAYS = {f"{color}{v}": Play(f"{color}{v}") for color in "ORYGB" for v in range(1, 21)}


class Game(SimultaneousSteps, TableGame):
    """One game of "Die höchste Karte gewinnt" with every card known."""

    __slots__ = ("hands", "won", "trick", "set_aside", "out", "names", "options", "events")
    reference = HoechsteKarte()
    NESTED, LISTS, SHARED = ("hands", "won"), ("trick", "set_aside", "out"), ("names", "options")

    def _load(self, state: HoechsteKarteState) -> None:
        if not all(known(p.hand) for p in state.players) or any(e.card is None for e in state.trick):
            raise HiddenCards("a game in process needs every hand and the trick known")
        if not all(known(pile) for _, pile in state.shown_piles):
            raise HiddenCards("a game in process needs the cards won, set aside and out known")
        self.hands = [list(p.hand) for p in state.players]
        self.won = [list(reversed(p.won)) for p in state.players]
        self.trick = list(state.trick)
        self.set_aside, self.out = list(reversed(state.set_aside)), list(reversed(state.out))
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = None, tuple(state.waiting), state.is_over

    def _build(self) -> HoechsteKarteState:
        players = tuple(Holder(name=name, hand=tuple(hand), won=tuple(reversed(won)))
                        for name, hand, won in zip(self.names, self.hands, self.won))
        return HoechsteKarteState(options=self.options, players=players, current=None, waiting=self._waiting,
                                  trick=tuple(self.trick), set_aside=tuple(reversed(self.set_aside)),
                                  out=tuple(reversed(self.out)), checked=True)

    # -- a turn: one play --------------------------------------------------------------------------

    def _moves(self) -> list[Any]:
        return [] if self._taken else [PLAYS[card] for card in self.hands[self._seat]]

    def _take(self, action: Any) -> bool:
        if self._taken or type(action) is not Play:
            return False
        hand = self.hands[self._seat]
        if action.card not in hand:
            return False
        hand.remove(action.card)
        self.trick.append(Entry(self._seat, action.card))
        return True

    def _complete(self) -> bool:
        return True

    def _settle(self) -> None:
        """Everyone has played: the one highest value takes the trick and what is set aside;
        a tie sets the trick aside, or in the last trick sends it out with what is set aside."""
        trick, events = self.trick, self.events
        for entry in trick:
            events.append({"type": "revealed", "player": entry.player, "card": entry.card})
        values = [int(entry.card[1:]) for entry in trick]
        top = max(values)
        best = [entry.player for entry, v in zip(trick, values) if v == top]
        cards = [entry.card for entry in trick]
        if len(best) == 1:
            winner = best[0]
            self.won[winner] += cards + self.set_aside
            events.append({"type": "won", "player": winner, "cards": len(trick), "from": "trick"})
            if self.set_aside:
                events.append({"type": "won", "player": winner, "cards": len(self.set_aside), "from": "set_aside"})
            self.set_aside = []
        elif not any(self.hands):
            events.append({"type": "out", "cards": len(trick), "from": "trick"})
            if self.set_aside:
                events.append({"type": "out", "cards": len(self.set_aside), "from": "set_aside"})
            self.out += cards + self.set_aside
            self.set_aside = []
        else:
            events.append({"type": "set_aside", "cards": len(trick), "from": "trick"})
            self.set_aside += cards
        self.trick = []

    def _commit(self) -> list[Any]:
        n = len(self.hands)
        if len(self.trick) == n:
            self._settle()
        if not self.trick and not any(self.hands):
            self._over, self._waiting = True, ()
        else:
            played = {entry.player for entry in self.trick}
            self._waiting = tuple(seat for seat in range(n) if seat not in played)
        return closing_events(self, self._over)


__all__ = ["Game"]
