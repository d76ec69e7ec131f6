"""Impossible-state checks every box game makes (docs/games/index.md, "Impossible states").

`check_cards` is card conservation: every card listed once, every listed card one of the
game's deck, and the listed and counted cards adding up to the deck. A game hands it its
zones as `(where, pile)` pairs, `where` the field's JSON pointer (a name a program and a
person both read, the same in every language).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.errors import invalid_state
from ...core.zones import Cards, Hidden
from ...i18n import Counted
from ...i18n.terms import Card
from .piles import Entry


def check_cards(deck: frozenset[str], zones: Iterable[tuple[str, Cards]], counted: int = 0) -> None:
    """The zones (and `counted` cards kept only as a number) hold exactly the deck."""
    zones = list(zones)
    # Checked on every request: the sound case is told in C (no card twice, every card of
    # the deck, the sum right); only a state that fails it is walked card by card below,
    # to name what is wrong.
    known = [pile for _, pile in zones if not isinstance(pile, Hidden)]
    listed = sum(map(len, known))
    hidden = counted + sum(pile.count for _, pile in zones if isinstance(pile, Hidden))
    every = set().union(*known)
    if len(every) == listed and listed + hidden == len(deck) and deck.issuperset(every):
        return
    seen: dict[str, str] = {}
    hidden = counted
    for where, pile in zones:
        if isinstance(pile, Hidden):
            hidden += pile.count
            continue
        for card in pile:
            if card not in deck:
                raise invalid_state("{card} in {where} is not a card of this game", card=Card(card), where=where)
            if card in seen:
                raise invalid_state("{card} is listed twice, in {first} and in {second}",
                                    card=Card(card), first=seen[card], second=where)
            seen[card] = where
    if len(seen) + hidden != len(deck):
        raise invalid_state(Counted(
            "the cards listed and counted add up to {listed}, but this game has {n} card",
            "the cards listed and counted add up to {listed}, but this game has {n} cards",
            len(deck), listed=len(seen) + hidden))


def entry_zones(entries: Iterable[Entry], where: str) -> list[tuple[str, Cards]]:
    """A battle's or trick's named cards as zones for `check_cards`; a hidden card counts."""
    zones: list[tuple[str, Cards]] = []
    for position, entry in enumerate(entries):
        card: Cards = Hidden(1) if entry.card is None else (entry.card,)
        zones.append((f"{where}/{position}", card))
    return zones


def check_entry_players(entries: Iterable[Entry], players: int, where: str) -> None:
    """Every entry names a player who exists."""
    for position, entry in enumerate(entries):
        if not 0 <= entry.player < players:
            raise invalid_state("{where} names player {index}, who does not exist",
                                where=f"{where}/{position}", index=entry.player)
