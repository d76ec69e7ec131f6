"""An Überall anschließen state: per player a face-down `stack` and a face-up `open` pile,
the `middle` (a run, top first) and `finished`, the players who ran out of cards in the
order they did."""

from __future__ import annotations


from ...families.box.cards import TOP, value
from ...families.box.options import EDITION
from ...families.box.piles import Cards, count_cards
from ...families.box.state import BoxPlayer, BoxState, Pile, face_down_stack, face_up, open_pile, seats, wired, wired_record

OPTIONS = (EDITION,)


def follows(card: str, top: str) -> bool:
    """`card` is one higher than `top`; after 20 comes 1."""
    return value(card) == value(top) % TOP + 1


@wired_record
class Runner(BoxPlayer):
    """A player: their face-down stack and their open pile, top first."""

    TITLE = "Überall anschließen player"
    ABOUT = ("A player: a face-down stack and the face-up open pile in front of it. A player holds cards "
             "exactly when the stack is not empty: an empty stack takes the open pile turned over.")

    stack: Cards = face_down_stack()
    open: tuple[str, ...] = open_pile()

    @property
    def holds(self) -> bool:
        """A player holds cards exactly when their stack is not empty."""
        return count_cards(self.stack) > 0


@wired_record
class UeberallAnschliessenState(BoxState, options=OPTIONS, player=Runner):
    """The table: the middle, top first, and the players who have run out of cards, in
    the order they did."""

    TITLE = "Überall anschließen state"
    ABOUT = ("A game of Überall anschließen (the rules: /rules): the player to move turns up the cards of "
             "their stack and puts each on the middle, another player's open pile or their own, wherever it is"
             " one higher (after 20 comes 1).")

    middle: tuple[str, ...] = wired(
        face_up("the middle"), pile=Pile("Middle", "up"),
        about="The middle, top card first: a run, each card one higher than the one below (after 20 comes 1).")
    finished: tuple[int, ...] = wired(
        seats("finished"),
        about="The players who have no card left, in the order they ran out: the first is the winner.")

    @property
    def is_over(self) -> bool:
        """Every card lies in the middle: nobody holds one."""
        return not any(p.holds for p in self.players)

