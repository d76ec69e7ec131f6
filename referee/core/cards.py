"""Cards and slots of Elfer raus! MASTER, as value types that print as their wire text.

A number card and its slot share one name (`"B9"` is the blue 9 and the blue 9's place),
so one type, `Slot`, serves both; a joker is the string `"J"`. Every name is parsed
through a table built once, so parsing is a dictionary look-up and a name that is not
in the table is not a card.
"""

from __future__ import annotations

from typing import NamedTuple

COLORS: tuple[str, ...] = ("R", "Y", "G", "B")
#: Colour names for messages; orange is the 2018 classic and junior decks' first colour.
COLOR_NAMES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue"}
LOWEST, CENTRE, HIGHEST = 1, 11, 21
VALUES = range(LOWEST, HIGHEST + 1)
JOKER = "J"
JOKER_COUNT = 4
#: The two halves of a row: slots 1-10 ("low") and 12-21 ("high").
HALVES = {
    "low": frozenset(range(LOWEST, CENTRE)),
    "high": frozenset(range(CENTRE + 1, HIGHEST + 1)),
}


class Slot(NamedTuple):
    """A place in a row, named like the number card that belongs there."""

    color: str
    value: int

    @classmethod
    def parse(cls, text: str) -> Slot:
        """`Slot.parse("B9")` → `Slot('B', 9)`; raises ValueError for anything else."""
        try:
            return _SLOTS[text]
        except (KeyError, TypeError):
            raise ValueError(f"{text!r} is not a slot or number card") from None

    def __str__(self) -> str:
        return f"{self.color}{self.value}"

    def describe(self) -> str:
        """The card's name for messages to players: `blue 9`."""
        return f"{COLOR_NAMES[self.color]} {self.value}"

    @property
    def half(self) -> str | None:
        """`low`, `high`, or None for the 11."""
        if self.value < CENTRE:
            return "low"
        if self.value > CENTRE:
            return "high"
        return None


_SLOTS: dict[str, Slot] = {f"{c}{v}": Slot(c, v) for c in COLORS for v in VALUES}
#: Every number card of the game, in a fixed order (colour, then value).
NUMBER_CARDS: tuple[str, ...] = tuple(_SLOTS)
#: The cards that are shuffled and dealt: all number cards but the 11s, and the jokers.
DEALT_CARDS: tuple[str, ...] = tuple(c for c in NUMBER_CARDS if _SLOTS[c].value != CENTRE) + (
    JOKER,
) * JOKER_COUNT
TOTAL_CARDS = len(NUMBER_CARDS) + JOKER_COUNT
#: Every name a card can have.
CARD_NAMES = frozenset(NUMBER_CARDS) | {JOKER}


def is_card(text: object) -> bool:
    """True for the name of a number card or a joker."""
    return text == JOKER or text in _SLOTS


def card_value(card: str) -> int:
    """A number card's face value (what it costs in hand at the end); a joker's is 11."""
    return CENTRE if card == JOKER else _SLOTS[card].value


def describe_card(card: str) -> str:
    """`blue 9` or `joker`, for messages (any ruleset's card names: colour letter + value)."""
    return "joker" if card == JOKER else f"{COLOR_NAMES[card[0]]} {card[1:]}"
