"""Hands and piles for the test builders of every ruleset: the named cards, hidden zones,
the zone that takes the rest, and value specs ("1-4,9-11").

`resolve_zones` turns the hands and pile a test names into their JSON shape, every card of
the deck not on the table accounted for once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple


class _Rest:
    def __repr__(self) -> str:
        return "REST"


#: The known list of every card not placed elsewhere.
REST = _Rest()


class Hidden(NamedTuple):
    cards: tuple[str, ...]
    extra: int = 0
    rest: bool = False


def hidden(*cards: str, extra: int = 0, rest: bool = False) -> Hidden:
    """A zone given as a count: these cards, `extra` more, and with `rest` all the rest."""
    return Hidden(cards, extra, rest)


#: A hidden zone holding every card not placed elsewhere.
HIDDEN_REST = Hidden((), 0, True)


def values(spec: str | int | Iterable[int]) -> list[int]:
    """`"1-4,9-11"` → [1, 2, 3, 4, 9, 10, 11]."""
    if isinstance(spec, int):
        return [spec]
    if not isinstance(spec, str):
        return list(spec)
    out: list[int] = []
    for part in spec.split(","):
        low, _, high = part.strip().partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def resolve_zones(pool: list[str], hands: list[Any], pile: Any) -> list[Any]:
    """The hands and then the pile as JSON: the named cards taken out of `pool` (every card
    not on the table), hidden zones' extras filled from it in its order (number cards only),
    and what is left given to the one zone that takes the rest."""
    pool = list(pool)

    def take(card: str) -> None:
        if card not in pool:
            raise ValueError(f"{card} is placed twice, lies on the table or is not in the deck")
        pool.remove(card)

    zones = list(hands) + [pile]
    for zone in zones:
        named = zone.cards if isinstance(zone, Hidden) else zone if isinstance(zone, list) else []
        for card in named:
            if card is not REST:
                take(card)
    counts: dict[int, int] = {}
    for i, zone in enumerate(zones):
        if isinstance(zone, Hidden):
            extras = [c for c in pool if c != "J"][: zone.extra]
            for card in extras:
                take(card)
            counts[i] = len(zone.cards) + zone.extra
    resolved: list[Any] = []
    takers = 0
    for i, zone in enumerate(zones):
        if zone is REST:
            zone = [REST]
        if isinstance(zone, Hidden):
            count = counts[i]
            if zone.rest:
                takers += 1
                count += len(pool)
            resolved.append({"count": count})
        else:
            cards = [c for c in zone if c is not REST]
            if zone and zone[-1] is REST:
                takers += 1
                cards += pool
            resolved.append(cards)
    if takers > 1 or (takers == 0 and pool):
        raise ValueError(f"exactly one zone takes the rest; {len(pool)} cards are left over")
    return resolved
