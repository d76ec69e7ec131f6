"""A Schnipp Schnapp state: per player a face-down `stack`, a face-up `open` pile, the
`quartets` set aside (values) and, with `together`, `won` (the cards won from others);
the `middle` of the mistakes, top first; `flipped`, the players whose flipped cards may
be called now (docs/games/schnipp-schnapp.md)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ...families.box.cards import EDITIONS, value
from ...families.box.options import EDITION, Option, boolean
from ...families.box.piles import Cards, count_cards
from ...families.box.state import BoxPlayer, BoxState, Kind, Pile, count, face_down_stack, face_up, open_pile, seats, wired, wired_record
from ...core.errors import MalformedInput
from ...core.wire import read_int

TOGETHER = Option(
    "together", boolean("together"), False, [False, True],
    "Everyone flips at once, round by round, and calls come after each round; whoever won "
    "the most cards from the others and the middle wins.",
)
OPTIONS = (EDITION, TOGETHER)


@cache
def quartet_of(edition: str, number: int) -> tuple[str, ...]:
    """The four cards of one value, in the edition's colour order."""
    return tuple(f"{c}{number}" for c in EDITIONS[edition])


def read_quartets(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedInput("quartets are a list of values")
    values = tuple(read_int(v) for v in value)
    if any(not 1 <= v <= 20 for v in values):
        raise MalformedInput("a quartet is a value 1 to 20")
    return values


#: The values of the quartets a player has set aside.
QUARTETS = Kind(read_quartets, list,
                {"type": "array", "minItems": 0, "maxItems": 20, "items": {"$ref": "#/$defs/BoxValue"}})


@wired_record
class Snapper(BoxPlayer):
    """A player: their face-down stack, their open pile, the values of the quartets they
    set aside, and with `together` the count of cards won."""

    TITLE = "Schnipp Schnapp player"
    ABOUT = ("A player: the face-down stack, the face-up open pile in front of it, the quartets set aside and,"
             " with together only, the cards won. A player holds cards while the stack or the open pile is not"
             " empty; one who holds none is out until a right Schnipp.")

    stack: Cards = face_down_stack()
    open: tuple[str, ...] = open_pile()
    quartets: tuple[int, ...] = wired(
        QUARTETS,
        about="The values whose four cards this player set aside, in the order set aside.")
    won: int | None = wired(
        count("won", most=1_000_000), optional=True,
        about=("With together (and only then): the cards this player has won from the others' open piles and "
               "the middle, over the whole game."))  # with `together` only

    @property
    def holds(self) -> bool:
        """A player holds cards while their stack or open pile is not empty."""
        return bool(self.open) or count_cards(self.stack) > 0


def holders(players: Sequence[Snapper]) -> tuple[int, ...]:
    """The players who hold cards, in seat order."""
    return tuple(i for i, p in enumerate(players) if p.holds)


@wired_record
class SchnippSchnappState(BoxState, options=OPTIONS, player=Snapper):
    """The table: the middle, top first, and the players whose open pile was flipped onto
    last, which a call may still take."""

    TITLE = "Schnipp Schnapp state"
    PLAYER_OPTIONAL_WITH = "together"  # a player keeps `won` with `together` only
    ABOUT = ("A game of Schnipp Schnapp (the rules: /rules): players flip the tops of their face-down stacks "
             "onto open piles and call Schnapp (the value lies on another open pile) or Schnipp (it matches "
             "the top of the middle); quartets are set aside. Without together the player to move flips "
             "(current); with together every holder flips in a round (waiting, current null). A call may come "
             "from any player.")

    middle: tuple[str, ...] = wired(
        face_up("the middle"), pile=Pile("Middle", "up"),
        about="The open piles thrown there by wrong calls, top card first.")
    flipped: tuple[int, ...] = wired(
        seats("flipped"),
        about=("The players whose flipped cards may be called now, in seat order: without together the player "
               "whose flip came last (until a right call or a tie, or their own wrong call); with together [] "
               "while a round is under way, then everyone who flipped in it."))

    @property
    def together(self) -> bool:
        return self.options["together"]

    @property
    def holders(self) -> tuple[int, ...]:
        return holders(self.players)

    @property
    def is_over(self) -> bool:
        """Nobody holds cards, or one player does and either the middle is empty or all
        four cards of its top value lie in it: the lone holder could never call Schnipp
        (the print gives no end; this is the referee's reading)."""
        holders = self.holders
        if len(holders) != 1:
            return not holders
        if not self.middle:
            return True
        top = value(self.middle[0])
        return sum(value(card) == top for card in self.middle) == 4

