"""An Überall anschließen state: per player a face-down `stack` and a face-up `open` pile,
the `middle` (a run, top first) and `finished`, the players who ran out of cards in the
order they did."""

from __future__ import annotations


from ...families.box.cards import TOP, value
from ...families.box.options import EDITION
from ...families.box.piles import Cards, count_cards
from ...families.box.state import PILE, BoxPlayer, BoxState, Pile, face_up, seats, wired, wired_record

OPTIONS = (EDITION,)


def follows(card: str, top: str) -> bool:
    """`card` is one higher than `top`; after 20 comes 1."""
    return value(card) == value(top) % TOP + 1


@wired_record
class Runner(BoxPlayer):
    """A player: their face-down stack and their open pile, top first."""

    stack: Cards = wired(PILE, pile=Pile("Stack", "down"))
    open: tuple[str, ...] = wired(face_up("an open pile"), pile=Pile("Open", "up"))

    @property
    def holds(self) -> bool:
        """A player holds cards exactly when their stack is not empty."""
        return count_cards(self.stack) > 0


@wired_record
class UeberallAnschliessenState(BoxState, options=OPTIONS, player=Runner):
    """The table: the middle, top first, and the players who have run out of cards, in
    the order they did."""

    middle: tuple[str, ...] = wired(face_up("the middle"), pile=Pile("Middle", "up"))
    finished: tuple[int, ...] = wired(seats("finished"))

    @property
    def is_over(self) -> bool:
        """Every card lies in the middle: nobody holds one."""
        return not any(p.holds for p in self.players)

