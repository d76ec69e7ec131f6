"""A Farben sammeln state: each player's `hand`, the face-down `pile`, the four face-up
`display` stacks (each a list, top first) and `closed`, the player who ended the round.
"""

from __future__ import annotations

from typing import Any

from ...families.box.cards import EDITIONS
from ...families.box.options import EDITION
from ...families.box.piles import Cards, read_list
from ...families.box.state import PILE, SEAT, BoxPlayer, BoxState, Kind, Pile, wired, wired_record
from ...core.errors import MalformedInput

OPTIONS = (EDITION,)
#: There are always four display stacks.
STACKS = 4


def hand_size(players: int) -> int:
    """The cards dealt to each player: 9 for two or three players, 8 for four or five, 7 for six."""
    return 9 if players <= 3 else 8 if players <= 5 else 7


@wired_record
class Collector(BoxPlayer):
    """A collector: their hand."""

    TITLE = "Farben sammeln player"
    ABOUT = "A player and their hand: 9 cards with two or three players, 8 with four or five, 7 with six."

    hand: Cards = wired(PILE, pile=Pile("Hand", "held"), about="The cards in hand, or their number alone.")


def read_display(value: Any) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list):
        raise MalformedInput("display is a list of face-up stacks")
    return tuple(read_list(stack, "a display stack") for stack in value)


#: The display: face-up stacks, each a list, top first.
DISPLAY = Kind(read_display, lambda display: [list(stack) for stack in display],
               {"type": "array", "minItems": 0, "maxItems": 8, "items": {"$ref": "#/$defs/FaceUpPile"}}, shape="piles")


@wired_record
class FarbenSammelnState(BoxState, options=OPTIONS, player=Collector):
    """The table: the face-down pile, the four face-up display stacks (top first) and
    who closed the round, once someone has."""

    TITLE = "Farben sammeln state"
    ABOUT = ("A round of Farben sammeln (the rules: /rules): each turn the player to move takes a card from "
             "the face-down pile or a display stack and discards one onto a display stack; a hand of one "
             "colour may close the round.")

    pile: Cards = wired(
        PILE, pile=Pile("Draw pile", "down"),
        about="The face-down pile, top card first, or its size alone.")
    display: tuple[tuple[str, ...], ...] = wired(
        DISPLAY, pile=Pile("Stack {n}", "up"),
        about=("The four face-up display stacks, each top card first; the referee refuses any other number, or"
               " an empty stack (422 INVALID_STATE)."))
    closed: int | None = wired(SEAT, about="The player who closed the round (it is over), or null while it runs.")

    @property
    def colors(self) -> tuple[str, ...]:
        return EDITIONS[self.options["edition"]]

    @property
    def is_over(self) -> bool:
        """One round per game: it ends when a player closes it."""
        return self.closed is not None

