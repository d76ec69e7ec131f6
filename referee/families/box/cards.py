"""The 80 classic cards the box games are played with (docs/games/index.md).

Values 1 to 20 in four colours; the edition says which: `2018` orange, yellow, green,
blue; `original` red instead of orange. A card name is a colour letter of either edition
and a value 1 to 20 (`"O7"`, `"R20"`); whether it is a card of one game's deck is that
game's question (INVALID_STATE in a state, a rule code in a turn), not the reader's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ...core.cards import Deck

EDITIONS: dict[str, tuple[str, ...]] = {"2018": ("O", "Y", "G", "B"), "original": ("R", "Y", "G", "B")}
TOP = 20
#: Every well-formed card name: a colour letter of either edition and a value 1 to 20.
WELL_FORMED = Deck(("O", "R", "Y", "G", "B"), TOP)


def value(card: str) -> int:
    return int(card[1:])


def color(card: str) -> str:
    return card[0]


def cards_of(colors: tuple[str, ...], top: int = TOP) -> tuple[str, ...]:
    """The cards of `colors` with values 1 to `top`, colour by colour, then by value."""
    return tuple(f"{c}{v}" for c in colors for v in range(1, top + 1))


def colors_of(options: Mapping[str, Any]) -> tuple[str, ...]:
    """A game's colours, by its options: the two its `colors` option chose where it has
    one, else the edition's four."""
    return tuple(options["colors"]) if "colors" in options else EDITIONS[options["edition"]]


def deck_of(colors: Sequence[str], top: int = TOP) -> frozenset[str]:
    """The cards of `colors` with values 1 to `top`, as a set: a game's deck, which its
    checks ask for on every state and turn, made once for each colours and top."""
    return _deck(tuple(colors), top)


@cache
def _deck(colors: tuple[str, ...], top: int) -> frozenset[str]:
    return frozenset(cards_of(colors, top))
