"""Cards, slots and decks, as value types that print as their wire text.

A number card and its slot share one name (`"B9"` is the blue 9 and the blue 9's place),
so one type, `Slot`, serves both; a joker is the string `"J"`. A `Deck` is the set of
names one ruleset's games can use (colours × values, with or without jokers), built once,
so that reading a name is a dictionary look-up and a name not in it is not a card.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import MalformedInput

JOKER = "J"
#: Colour names for messages; orange is the 2018 classic and junior decks' first colour.
COLOR_NAMES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue"}


class Slot(NamedTuple):
    """A place in a row, named like the number card that belongs there."""

    color: str
    value: int

    def __str__(self) -> str:
        return f"{self.color}{self.value}"

    def describe(self) -> str:
        """The card's name for messages to players: `blue 9`."""
        return f"{COLOR_NAMES[self.color]} {self.value}"


class Deck:
    """The card names a ruleset's games can use: every colour × 1..`top`, and the joker.

    `slots` maps each number card's name to its slot, colour by colour, then by value
    (the deck order). The joker is a name only where `jokers` is true.
    """

    def __init__(self, colors: tuple[str, ...], top: int, jokers: bool = False):
        self.colors = colors
        self.top = top
        self.jokers = jokers
        self.values = range(1, top + 1)
        self.slots: dict[str, Slot] = {f"{c}{v}": Slot(c, v) for c in colors for v in self.values}
        self.names = frozenset(self.slots) | ({JOKER} if jokers else frozenset())

    def slot(self, name: object) -> Slot:
        """`deck.slot("B9")` → `Slot('B', 9)`; MalformedInput for any other name."""
        slot = self.slots.get(name) if isinstance(name, str) else None
        if slot is None:
            raise MalformedInput(f"{name!r} is not a slot or number card of this game")
        return slot

    def sort_key(self, card: str) -> tuple[int, int]:
        """Deck order for sorting a hand: colour, then value; jokers last."""
        if card == JOKER:
            return (len(self.colors), 0)
        slot = self.slots[card]
        return (self.colors.index(slot.color), slot.value)


def describe_card(card: str) -> str:
    """`blue 9` or `joker`, for messages (any ruleset's card names: colour letter + value)."""
    return "joker" if card == JOKER else f"{COLOR_NAMES[card[0]]} {card[1:]}"
