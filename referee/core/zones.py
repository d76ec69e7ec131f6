"""Where cards are: hands and piles that may be hidden, and what every state answers alike.

At a physical table the referee sees neither the hands nor the draw pile; either may be
given as a count alone (`Hidden`). Whatever the ruleset, a state knows whether its game
is over and how large its pile is, and a state the engine made itself carries a mark
that spares it the impossible-state check. A view (`Ruleset.view`) is a state whose
secrets are counts: `hidden` and `hands_and_pile_hidden` make one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any, NamedTuple

from .cards import JOKER
from .errors import MalformedInput


class Hidden(NamedTuple):
    """A hand or draw pile the referee cannot see: only how many cards it holds."""

    count: int


#: A hand or pile: the cards in order (a pile's top card first), or only their count.
Cards = tuple[str, ...] | Hidden


#: A hidden hand or pile of no cards.
_NO_CARDS = Hidden(0)


def count_cards(zone: Cards) -> int:
    """How many cards a hand or pile holds, seen or not."""
    return zone.count if isinstance(zone, Hidden) else len(zone)


class GameState:
    """What the states of every ruleset answer alike.

    A subclass is a frozen dataclass with `players` (each with a `hand`), `current`,
    `passes`, `pile` and `checked`, and names its `ruleset`.
    """

    __slots__ = ()
    # What every state has, for type checkers; each subclass declares its own fields.
    ruleset: str
    players: tuple[Any, ...]
    current: int | None
    passes: int
    pile: Any
    checked: bool

    @property
    def is_over(self) -> bool:
        """True when a hand is empty or every player has passed in a row."""
        # Asked on every turn: a known hand of no cards is an empty tuple (falsy), a
        # hidden one equals `Hidden(0)`, so no hand's count need be taken.
        players = self.players
        if self.passes >= len(players) > 0:
            return True
        for player in players:
            hand = player.hand
            if not hand or hand == _NO_CARDS:
                return True
        return False

    @property
    def pile_size(self) -> int:
        """How many cards the draw pile holds, whether they are listed or only counted."""
        return count_cards(self.pile)

    def marked_checked(self) -> Any:
        """The same state, marked as one that passed the impossible-state check."""
        return replaced(self, checked=True)


#: Each state class's fields, as (name, read, write) through their slots (`replaced`).
_SLOTS: dict[type, tuple[tuple[str, Any, Any], ...]] = {}


def replaced(state: Any, **changes: Any) -> Any:
    """`dataclasses.replace(state, **changes)` for a state (a frozen dataclass with slots,
    every field set by `__init__`, no `__post_init__`), made through the slots'
    descriptors as `master.state.engine_made` does: about a third of the time, on every
    sealed turn (the state it opens is marked checked, and each view is one). Any other
    dataclass goes the standard way."""
    kind = type(state)
    slots = _SLOTS.get(kind)
    if slots is None:
        direct = ("__slots__" in vars(kind) and not hasattr(kind, "__post_init__")
                  and all(f.init for f in fields(kind)))
        slots = _SLOTS[kind] = tuple((f.name, getattr(kind, f.name).__get__, getattr(kind, f.name).__set__)
                                     for f in fields(kind)) if direct else ()
    if not slots:
        return replace(state, **changes)
    made = object.__new__(kind)
    for name, read, write in slots:
        write(made, changes[name] if name in changes else read(state))
    return made


def visible_elsewhere(players: Iterable[Any], me: int, pile: Cards) -> tuple[set[str], int]:
    """Number cards and the joker count in the known hands of the others and the known pile.

    Hidden zones contribute nothing. A hidden hand may hold any card not seen here or on
    the table (docs/games/master.md, "Hidden cards").
    """
    cards: set[str] = set()
    jokers = 0
    zones = [p.hand for i, p in enumerate(players) if i != me]
    zones.append(pile)
    for zone in zones:
        if not isinstance(zone, Hidden):
            for card in zone:
                if card == JOKER:
                    jokers += 1
                else:
                    cards.add(card)
    return cards, jokers


def hidden(zone: Cards) -> Hidden:
    """A hand or pile as someone sees it who cannot see its cards: its count."""
    return zone if isinstance(zone, Hidden) else Hidden(len(zone))


def check_viewer(state: Any, player: Any) -> None:
    """MalformedInput unless `player` is a seat of the state or None (a spectator)."""
    if player is None:
        return
    if type(player) is not int or not 0 <= player < len(state.players):
        raise MalformedInput(
            f"the viewer is a player from 0 to {len(state.players) - 1}, or null for a spectator"
        )


def hands_and_pile_hidden(state: Any, player: int | None) -> Any:
    """The view of a game whose only secrets are the hands and the face-down draw pile
    (MASTER, classic, junior): `player`'s own hand stays, the others' hands and the pile
    become counts. None is a spectator, who sees no hand."""
    players = tuple(
        seat if index == player else seat._replace(hand=hidden(seat.hand))
        for index, seat in enumerate(state.players)
    )
    return replaced(state, players=players, pile=hidden(state.pile))
