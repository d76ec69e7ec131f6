"""A Schwarzer Peter game in process, for bots: the hands as lists, judged on them
(`referee.compact` documents the interface, `core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every hand must be known (the card set aside may stay hidden: play never asks for it).
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.compact import closing_events
from ...families.box.piles import Hidden
from .ruleset import SchwarzerPeter
from .state import Draw, Holder, Pair, SchwarzerPeterState


#: A draw of each card and a pair of each value, made once.
DRAWS = {f"{color}{v}": Draw(f"{color}{v}") for color in "ORYGB" for v in range(1, 21)}
PAIRS = {value: Pair(value) for value in range(1, 21)}


class Game(TableGame):
    """One Schwarzer Peter game with every hand known."""

    __slots__ = ("hands", "pairs", "names", "options", "aside", "twins", "twin", "top",
                 "source", "drawn", "paired", "events")
    reference = SchwarzerPeter()
    NESTED, SHARED = ("hands", "pairs"), ("names", "options", "aside", "twins", "twin", "top")

    def _load(self, state: SchwarzerPeterState) -> None:
        if any(isinstance(p.hand, Hidden) for p in state.players):
            raise HiddenCards("a game in process needs every hand known")
        self.hands = [list(p.hand) for p in state.players]
        self.pairs = [list(p.pairs) for p in state.players]
        self.names = [p.name for p in state.players]
        self.options, self.aside, self.top = state.options, state.aside, state.top
        first, second = state.options["colors"]
        self.twins = {value: (f"{first}{value}", f"{second}{value}") for value in range(1, 21)}
        self.twin = {**{a: b for a, b in self.twins.values()}, **{b: a for a, b in self.twins.values()}}
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> SchwarzerPeterState:
        players = tuple(Holder(name=name, hand=tuple(hand), pairs=tuple(pairs))
                        for name, hand, pairs in zip(self.names, self.hands, self.pairs))
        return SchwarzerPeterState(options=self.options, players=players, current=self._current, waiting=(),
                                   aside=self.aside, checked=True)

    def _next_holding(self, after: int) -> int | None:
        hands, n = self.hands, len(self.hands)
        for step in range(1, n):
            seat = (after + step) % n
            if hands[seat]:
                return seat
        return None

    # -- a turn: [draw] or [draw, pair] ---------------------------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if seat != self._current or self._over:
            return False
        self.source = self._next_holding(seat)
        self.drawn, self.paired, self.events = None, False, []
        return True

    def _moves(self) -> list[Any]:
        if self.drawn is None:
            return [DRAWS[card] for card in self.hands[self.source]]
        if self.paired:
            return []
        hand, twin = self.hands[self._seat], self.twin
        values = {int(card[1:]) for card in hand if twin[card] in hand}
        return [PAIRS[value] for value in sorted(values) if value <= self.top]

    def _take(self, action: Any) -> bool:
        kind = type(action)
        seat = self._seat
        if kind is Draw:
            if self.drawn is not None:
                return False
            source = self.hands[self.source]
            card, index = action.card, action.index
            if index is not None:
                if index >= len(source) or (card is not None and source[index] != card):
                    return False
            elif card is None or card not in source:
                return False
            else:
                index = source.index(card)
            if card is not None and card not in source:
                return False
            card = source.pop(index)
            self.hands[seat].append(card)
            self.drawn = card
            self.events.append({"type": "drew", "player": seat, "from": self.source, "card": card})
            return True
        if kind is Pair:
            if self.drawn is None or self.paired or not 1 <= action.value <= self.top:
                return False
            hand = self.hands[seat]
            first, second = self.twins[action.value]
            if first not in hand or second not in hand:
                return False
            hand.remove(first)
            hand.remove(second)
            self.pairs[seat].append(action.value)
            self.paired = True
            self.events.append({"type": "pair", "player": seat, "value": action.value})
            return True
        return False

    def _complete(self) -> bool:
        drawn = self.drawn
        if drawn is None:
            return False
        if self.paired:
            return True
        first, second = self.twins[int(drawn[1:])]
        return (second if drawn == first else first) not in self.hands[self._seat]

    def _commit(self) -> list[Any]:
        holding = sum(1 for hand in self.hands if hand)
        self._over = holding <= 1
        self._current = None if self._over else self._next_holding(self._seat)
        return closing_events(self, self._over)


__all__ = ["Game"]
