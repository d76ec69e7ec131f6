"""Piles and table entries of the box games, read from and written to the wire.

A pile is a list of cards, top first, or `{"count": n}` where its cards are not known
(`core.zones.Hidden`). A table entry (a card turned up in a battle, played to a trick)
is `{"player": p, "card": c}`; in a view that may not see it, `card` is `null`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.errors import MalformedInput
from ...core.wire import Members, Wire, read_int
from ...core.zones import Cards, Hidden, count_cards
from .cards import WELL_FORMED

#: Reads card names and piles for every box game (the game checks its own deck).
READER = Wire("box", WELL_FORMED, ())
ENTRY = Members("table entry", {"player", "card"})

__all__ = ["Cards", "Hidden", "count_cards", "Entry", "read_pile", "read_list", "read_count", "read_shown",
           "read_entries", "stacked", "put_on", "emptied", "take_top", "pile_to_wire", "known", "turned_over"]


class Entry(NamedTuple):
    """A card on the table and who put it there; `card` None where a view hides it."""

    player: int
    card: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "card": self.card}


#: Every card name a box game's pile may hold (the reader's).
NAMES = READER.deck.names


def read_pile(value: Any) -> Cards:
    """A pile or hand: a list of card names (top first), or `{"count": n}`."""
    # Read on every request for every pile: a list of sound names, the common case, is
    # read here; anything else (a count, a complaint) by the reader.
    if type(value) is list:
        cards = tuple(value)
        if NAMES.issuperset(cards):
            return cards
    return READER.cards(value)


def read_list(value: Any, what: str) -> tuple[str, ...]:
    """A pile the game always keeps face up: a list, never a count."""
    if type(value) is list:  # as `read_pile`: the common case here
        cards = tuple(value)
        if NAMES.issuperset(cards):
            return cards
    if not isinstance(value, list):
        raise MalformedInput(f"{what} is a list of cards")
    read: Any = READER.cards(value)  # a list is read as a tuple of names
    return read


def read_shown(value: Any, what: str) -> Cards:
    """A pile whose every card was turned up for all to see (a won pile): a list, or
    `{"count": n}` where its cards are not known; a bare number (records and clients
    written when such piles were counts) is read as a count, and stays one."""
    if type(value) is int:
        return Hidden(read_count(value, what))
    return read_pile(value)


def read_count(value: Any, what: str) -> int:
    """A number of cards: a whole number, at least 0."""
    count = read_int(value)
    if count < 0:
        raise MalformedInput(f"{what} cannot be negative")
    return count


def read_entries(value: Any, what: str) -> tuple[Entry, ...]:
    """A battle, trick or middle: a list of `{"player", "card"}`, `card` a name or null."""
    if not isinstance(value, list):
        raise MalformedInput(f"{what} is a list of {{player, card}}")
    entries = []
    for item in value:
        ENTRY.check(item)
        card = item["card"]
        entries.append(Entry(read_int(item["player"]), None if card is None else READER.card(card)))
    return tuple(entries)


def take_top(pile: Cards, named: str | None) -> tuple[str | None, Cards]:
    """The top card of `pile` and the rest: from a hidden pile, the card `named` (the
    turn's checks have made sure it is named where it must be)."""
    if isinstance(pile, Hidden):
        return named, Hidden(pile.count - 1)
    return pile[0], pile[1:]


def stacked(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Cards laid one by one onto a pile, each on top (a trick or middle in the order
    played): the last one laid is the top."""
    return tuple(reversed(cards))


def put_on(pile: Cards, cards: Cards) -> Cards:
    """`cards` (a pile, top first) laid onto `pile` as they lie: a list while both are
    known; a count once either is not (a count that takes known cards stays a count, a
    list that takes counted cards becomes one)."""
    if isinstance(pile, Hidden) or isinstance(cards, Hidden):
        return Hidden(count_cards(pile) + count_cards(cards))
    return cards + pile


def emptied(pile: Cards) -> Cards:
    """The pile once all its cards are taken: a count stays one (`{"count": 0}`)."""
    return Hidden(0) if isinstance(pile, Hidden) else ()


def pile_to_wire(pile: Cards) -> Any:
    return {"count": pile.count} if isinstance(pile, Hidden) else list(pile)


def known(pile: Cards) -> bool:
    return not isinstance(pile, Hidden)


def turned_over(pile: tuple[str, ...]) -> tuple[str, ...]:
    """A face-up pile turned over into a face-down one: its bottom card is now on top."""
    return tuple(reversed(pile))
