"""Which calls are right as the table lies (docs/games/schnipp-schnapp.md, "A turn").

The last flipped cards are the tops of the open piles of the players in `flipped` (one
player without `together`, everyone who flipped in the round with it). "Schnapp!" is
right when one of their values lies on top of two or more open piles, and takes every
open pile with such a value on top; "Schnipp!" is right when one of their values is the
top of the middle. Each word is judged on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...families.box.cards import value


def flipped_values(opens: Sequence[tuple[str, ...]], flipped: Sequence[int]) -> set[int]:
    return {value(opens[p][0]) for p in flipped if opens[p]}


def schnapp_piles(opens: Sequence[tuple[str, ...]], flipped: Sequence[int]) -> list[int]:
    """The players whose open piles a right "Schnapp!" takes (none: it is not right)."""
    values = flipped_values(opens, flipped)
    tops = Counter(value(pile[0]) for pile in opens if pile)
    matched = {v for v in values if tops[v] >= 2}
    return [p for p, pile in enumerate(opens) if pile and value(pile[0]) in matched]


def schnipp_right(opens: Sequence[tuple[str, ...]], flipped: Sequence[int], middle: Sequence[str]) -> bool:
    return bool(middle) and value(middle[0]) in flipped_values(opens, flipped)


def is_right(word: str, opens: Sequence[tuple[str, ...]], flipped: Sequence[int], middle: Sequence[str]) -> bool:
    if word == "schnapp":
        return bool(schnapp_piles(opens, flipped))
    return schnipp_right(opens, flipped, middle)


def right_call_exists(opens: Sequence[tuple[str, ...]], flipped: Sequence[int], middle: Sequence[str]) -> bool:
    return bool(schnapp_piles(opens, flipped)) or schnipp_right(opens, flipped, middle)


def quartets_among(cards: Sequence[str]) -> list[int]:
    """The values of which all four cards are among `cards`, ascending."""
    counts = Counter(value(card) for card in cards)
    return sorted(v for v, n in counts.items() if n == 4)


def seat_order_from(start: int, seats: Sequence[int], players: int) -> list[int]:
    """`seats` in seat order beginning with `start` (clockwise)."""
    return sorted(seats, key=lambda seat: (seat - start) % players)
