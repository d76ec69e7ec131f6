"""An Überall anschließen game in process, for bots: the stacks, open piles and the middle
as lists with their top card last, judged on them (`referee.compact` documents the
interface, `core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every stack must be known. As `POST /v1/legal-actions` does, a card put on the own pile
although it fitted elsewhere is taken, and then only `stopp` completes the turn.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.actions import Reveal
from ...families.box.cards import TOP
from ...families.box.compact import closing_events
from ...families.box.piles import known
from .actions import MIDDLE, OWN, Place, Stopp
from .ruleset import UeberallAnschliessen
from .state import Runner, UeberallAnschliessenState

#: Where a turn stands (the ruleset's grammar): at its start or after a place a reveal
#: may come; after a reveal, a place; after a place, a stopp.
START, REVEALED, PLACED, STOPPED = 0, 1, 2, 3
REVEAL, STOPP, TO_MIDDLE, TO_OWN = Reveal(), Stopp(), Place(MIDDLE), Place(OWN)
TO_SEAT = [Place(seat) for seat in range(16)]
#: The value each card follows (after 20 comes 1), by card name.
FOLLOWS: dict[str, int] = {f"{color}{v}": (v - 2) % TOP + 1 for color in "ORYGB" for v in range(1, TOP + 1)}
VALUES: dict[str, int] = {card: int(card[1:]) for card in FOLLOWS}


class Game(TableGame):
    """One Überall anschließen game with every card known."""

    __slots__ = ("stacks", "opens", "middle", "finished", "names", "options",
                 "step", "card", "over", "overlooked", "last", "ended", "events")
    reference = UeberallAnschliessen()
    NESTED, LISTS, SHARED = ("stacks", "opens"), ("middle", "finished"), ("names", "options")

    def _load(self, state: UeberallAnschliessenState) -> None:
        if not all(known(p.stack) for p in state.players):
            raise HiddenCards("a game in process needs every stack known")
        self.stacks = [list(reversed(p.stack)) for p in state.players]
        self.opens = [list(reversed(p.open)) for p in state.players]
        self.middle = list(reversed(state.middle))
        self.finished = list(state.finished)
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> UeberallAnschliessenState:
        players = tuple(Runner(name=name, stack=tuple(reversed(stack)), open=tuple(reversed(pile)))
                        for name, stack, pile in zip(self.names, self.stacks, self.opens))
        return UeberallAnschliessenState(options=self.options, players=players, current=self._current, waiting=(),
                                         middle=tuple(reversed(self.middle)), finished=tuple(self.finished),
                                         checked=True)

    # -- where a card fits ----------------------------------------------------------------------------

    def _fits_middle(self, card: str) -> bool:
        middle = self.middle
        return not middle or VALUES[middle[-1]] == FOLLOWS[card]

    def _fits_open(self, card: str, seat: int) -> bool:
        pile = self.opens[seat]
        return bool(pile) and VALUES[pile[-1]] == FOLLOWS[card]

    def _others(self) -> range:
        return range(self._seat + 1, self._seat + len(self.stacks))

    def _fits_another(self, card: str) -> bool:
        n = len(self.stacks)
        return any(self._fits_open(card, k % n) for k in self._others())

    # -- a turn: reveal, place, again while the card fitted; perhaps a stopp ---------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if seat != self._current or self._over:
            return False
        self.step, self.card, self.over, self.overlooked, self.last, self.ended = START, None, False, None, "", False
        self.events = []
        return True

    def _moves(self) -> list[Any]:
        if self.ended or (self.over and self.overlooked is None):
            return []
        if self.overlooked is not None:
            return [STOPP] if self.step == PLACED else []
        card = self.card
        if card is None:
            return [REVEAL]
        middle = self._fits_middle(card)
        listed = [TO_MIDDLE] if middle else []
        if not middle:
            n = len(self.stacks)
            listed += [TO_SEAT[k % n] for k in self._others() if self._fits_open(card, k % n)]
        listed.append(TO_OWN)
        return listed

    def _take(self, action: Any) -> bool:
        if self.ended:
            return False
        kind, step = type(action), self.step
        if kind is Reveal:
            stack = self.stacks[self._seat]
            if step == REVEALED or step == STOPPED or self.over or (action.card is not None and action.card != stack[-1]):
                return False
            self.card = card = stack.pop()
            self.events.append({"type": "revealed", "player": self._seat, "card": card})
            self.step = REVEALED
            return True
        if kind is Place:
            return step == REVEALED and self._place(action.to)
        if kind is Stopp:
            if step != PLACED or self.overlooked is None or self.overlooked != len(self._taken) - 1:
                return False
            self._stopp()
            self.step = STOPPED
            return True
        return False

    def _place(self, to: Any) -> bool:
        card, seat = self.card, self._seat
        if to == MIDDLE:
            if not self._fits_middle(card):
                return False
            if not self.middle:
                self.over = True  # the game's first card: that is the whole turn
            self.middle.append(card)
        elif to == OWN:
            if self._fits_middle(card) or self._fits_another(card):
                self.overlooked = len(self._taken)
            self.opens[seat].append(card)
            self.over = True
        else:
            if type(to) is not int or to == seat or not 0 <= to < len(self.stacks):
                return False
            if not self._fits_open(card, to) or self._fits_middle(card):
                return False
            self.opens[to].append(card)
        self.card, self.last, self.step = None, card, PLACED
        self._refill(seat)
        return True

    def _refill(self, seat: int) -> None:
        """An empty stack takes the open pile turned over; with no open pile either, the
        player has finished."""
        if self.stacks[seat]:
            return
        if self.opens[seat]:
            self.stacks[seat], self.opens[seat] = self.opens[seat][::-1], []
            return
        self.finished.append(seat)
        self.events.append({"type": "finished", "player": seat, "place": len(self.finished)})
        if seat == self._seat:
            self.ended = True

    def _stopp(self) -> None:
        """Each other player who holds cards, clockwise, gives the bottom card of their
        stack onto the top of the overlooker's stack."""
        self.over = True
        n, stacks = len(self.stacks), self.stacks
        givers = [k % n for k in self._others() if stacks[k % n]]
        mine = stacks[self._seat]
        for seat in givers:
            mine.append(stacks[seat].pop(0))
        self.events.append({"type": "penalty", "player": self._seat, "cards": len(givers)})
        for seat in givers:
            self._refill(seat)

    def _complete(self) -> bool:
        if self.step < PLACED:
            return False
        if self.overlooked is not None and self.step != STOPPED:
            return False
        return self.over or self.ended

    def _commit(self) -> list[Any]:
        stacks, n, seat = self.stacks, len(self.stacks), self._seat
        self._current = next(((seat + k) % n for k in range(1, n + 1) if stacks[(seat + k) % n]), None)
        self._over = self._current is None
        return closing_events(self, self._over)


__all__ = ["Game"]
