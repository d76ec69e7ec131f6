"""A classic or junior game in process, for bots: the hands and the pile as lists and the
rows as sets of values, judged on them (`referee.compact` documents the interface,
`core/compact.py` the table's part). Each game's `game.py` names its ruleset:
`class Game(RowGame): reference = Classic()`.

The checks are `turn.py`'s, in its order, asked as yes-or-no questions; `turn.py` stays
the reference that names every refusal. Every hand and the pile must be known.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Draw, Pass, Place
from ...core.compact import HiddenCards, TableGame
from ...core.zones import Hidden
from .scoring import scores
from .state import Player, Row, RowState

DRAW, PASS = Draw(), Pass()


class RowGame(TableGame):
    """One classic or junior game with every card known."""

    __slots__ = ("hands", "pile", "rows", "opening", "passes", "fit", "fit_parts", "by_color", "names", "variant", "slots", "places",
                 "opening_state", "placed", "draws", "last_draw", "drawn", "after_draw", "passed", "ended",
                 "events")
    NESTED, LISTS = ("hands",), ("pile",)
    SHARED = ("rows", "opening", "passes", "fit", "fit_parts", "by_color", "names", "variant", "slots", "places")

    def _load(self, state: RowState) -> None:
        if isinstance(state.pile, Hidden) or any(isinstance(p.hand, Hidden) for p in state.players):
            raise HiddenCards("a game in process needs every hand and the pile known")
        self.hands = [list(p.hand) for p in state.players]
        self.pile = list(reversed(state.pile))  # the top card last
        self.rows = {row.color: frozenset(row.cards) for row in state.rows}
        self.opening, self.passes = state.opening, state.passes
        self.names = [p.name for p in state.players]
        self.variant = state.variant
        self.slots = state.variant.slots
        self.places = {card: Place(card, slot) for card, slot in self.slots.items()}
        self.by_color: dict[str, list[tuple[str, int]]] = {}
        for card, (color, value) in self.slots.items():
            self.by_color.setdefault(color, []).append((card, value))
        self.fit = self._fitting()
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> RowState:
        players = tuple(Player(name, tuple(hand)) for name, hand in zip(self.names, self.hands))
        rows = tuple(Row(color, tuple(sorted(values))) for color, values in self.rows.items())
        return RowState(variant=self.variant, players=players, current=self._current, rows=rows,
                        opening=self.opening, pile=tuple(reversed(self.pile)), passes=self.passes, checked=True)

    # -- what fits -------------------------------------------------------------------------------------

    def _fitting(self, colors: Any = None) -> frozenset[str]:
        """The cards that could be placed now: next to their row, or starting a row they
        may start (`turn.py`'s `fits`, for every card at once); worked out again for
        `colors` only (the row a card went to), or for all."""
        variant, rows = self.variant, self.rows
        parts = dict(self.fit_parts) if colors is not None else {}
        for color in self.by_color if colors is None else colors:
            row = rows.get(color)
            if row is None:
                parts[color] = [card for card, value in self.by_color[color] if variant.may_start(value, self.opening)]
            else:
                parts[color] = [card for card, value in self.by_color[color]
                                if value not in row and (value - 1 in row or value + 1 in row)]
        self.fit_parts = parts
        return frozenset(card for part in parts.values() for card in part)

    def _fits(self, card: str) -> bool:
        return card in self.fit

    def _playable(self) -> bool:
        return not self.fit.isdisjoint(self.hands[self._seat])

    # -- a turn ---------------------------------------------------------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if seat != self._current or self._over:
            return False
        # The opening's check asks the state as the turn began (only before any row lies).
        self.opening_state = None if self.rows else self.state
        self.placed = self.draws = 0
        self.last_draw = self.drawn = None
        self.after_draw = self.passed = self.ended = False
        self.events = []
        return True

    def _whole_turn_fits(self, action: Any) -> bool:
        """The whole-turn checks on the turn so far with `action`: OPENING while no row lies,
        and a pass alone."""
        if self.opening_state is not None:
            actions = (*self._taken, action)
            if self.variant.opening_violation(self.opening_state, actions) is not None:
                return False
        if type(action) is Pass:
            return not self._taken
        return not (self._taken and type(self._taken[0]) is Pass)

    def _allowed(self, action: Any) -> bool:
        """The action passes its own checks (`turn.py`'s `violation`), changing nothing."""
        if self.ended:
            return False
        kind = type(action)
        if kind is Place:
            card = action.card
            if card not in self.slots:
                return False
            if self.draws and (self.after_draw or card != self.drawn):
                return False
            return card in self.fit and card in self.hands[self._seat]
        if kind is Draw:
            if self.placed or (not self.draws and self._playable()):
                return False
            if self.draws >= self.variant.draw_limit or (self.draws and self._fits(self.drawn)):
                return False
            return bool(self.pile) and (action.card is None or action.card == self.pile[-1])
        if kind is Pass:
            return not self.pile and not self._playable()
        return False

    def _moves(self) -> list[Any]:
        if self.passed or self.ended:
            return []
        places, fit = self.places, self.fit
        listed = [places[card] for card in self.hands[self._seat] if card in fit]
        listed += [DRAW, PASS]
        return [action for action in listed if self._allowed(action) and self._whole_turn_fits(action)]

    def _take(self, action: Any) -> bool:
        if not self._whole_turn_fits(action) or not self._allowed(action):
            return False
        kind, seat = type(action), self._seat
        if kind is Place:
            color, value = self.slots[action.card]
            if self.draws:
                self.after_draw = True
            hand = self.hands[seat]
            hand.remove(action.card)
            if not hand:
                self.ended = True
            row = self.rows.get(color)
            if row is None:
                self.rows = {**self.rows, color: frozenset((value,))}  # rows in the order started
                if self.opening is None:
                    self.opening = value
                    self.fit = self._fitting()  # the opening decides which rows may begin
                else:
                    self.fit = self._fitting((color,))
            else:
                self.rows = {**self.rows, color: row | {value}}
                self.fit = self._fitting((color,))
            self.placed += 1
        elif kind is Draw:
            card = self.drawn = self.pile.pop()
            self.hands[seat].append(card)
            self.events.append({"type": "drew", "player": seat, "card": card})
            self.last_draw = len(self._taken)
            self.draws += 1
        else:
            self.passed = True
            self.events.append({"type": "passed", "player": seat})
        return True

    def _complete(self) -> bool:
        if self.passed or self.ended:
            return True
        if not self.draws:
            return self.placed > 0
        if self.after_draw:
            return True
        if not self._fits(self.drawn):
            return not (self.draws < self.variant.draw_limit and self.pile)
        return not self.variant.must_place(self.draws)

    def _commit(self) -> list[Any]:
        if self.passed:
            self.passes += 1
        elif self.placed:
            self.passes = 0
        n = len(self.hands)
        self._current = (self._current + 1) % n
        events = self.events
        if self.ended or self.passes >= n:
            self._over = True
            outcome = scores(self.state)
            events.append({"type": "game_over", "reason": "out" if self.ended else "blocked",
                           "scores": outcome["scores"], "winners": outcome["winners"]})
        return events


__all__ = ["RowGame"]
