"""A state of "Die höchste Karte gewinnt": per player a `hand` and a count of cards `won`;
the open `trick`; the counts `set_aside` (tied tricks) and `out`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ...families.box.cards import EDITIONS
from ...families.box.options import EDITION, Options, options_to_wire, read_options
from ...families.box.piles import Cards, Entry, count_cards, pile_to_wire, read_count, read_entries, read_pile
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

OPTIONS = (EDITION,)
TOP = 11
STATE = Members("hoechste-karte state",
                {"ruleset", "options", "players", "current", "waiting", "trick", "set_aside", "out"})
PLAYER = Members("hoechste-karte player", {"name", "hand", "won"})


@cache
def colour_cards(edition: str, player: int) -> frozenset[str]:
    """The cards of player `player`'s colour (made once: the state checks ask for them often)."""
    return frozenset(f"{EDITIONS[edition][player]}{v}" for v in range(1, TOP + 1))


@cache
def deck_of(edition: str, players: int) -> frozenset[str]:
    return frozenset().union(*(colour_cards(edition, i) for i in range(players)))


@dataclass(frozen=True, slots=True)
class Holder:
    name: str
    hand: Cards
    won: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": pile_to_wire(self.hand), "won": self.won}


@dataclass(frozen=True, slots=True)
class HoechsteKarteState:
    options: Options
    players: tuple[Holder, ...]
    current: int | None
    waiting: tuple[int, ...]
    trick: tuple[Entry, ...]
    set_aside: int
    out: int
    checked: bool = False
    ruleset = "hoechste-karte"

    def color_of(self, player: int) -> str:
        """Player `i` plays the edition's `i`-th colour."""
        return EDITIONS[self.options["edition"]][player]

    def cards_of(self, player: int) -> frozenset[str]:
        return colour_cards(self.options["edition"], player)

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(self.options["edition"], min(len(self.players), 4))

    @property
    def is_over(self) -> bool:
        """Every hand is empty (and so no trick is open)."""
        return not self.trick and all(count_cards(p.hand) == 0 for p in self.players)

    def marked_checked(self) -> HoechsteKarteState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "trick": [e.to_dict() for e in self.trick],
            "set_aside": self.set_aside,
            "out": self.out,
        }


def read_state(data: Any) -> HoechsteKarteState:
    STATE.check(data)
    players = data["players"]
    if not isinstance(players, list):
        raise MalformedInput("players are a list")
    holders = []
    for player in players:
        PLAYER.check(player)
        if not isinstance(player["name"], str):
            raise MalformedInput("a player's name is a string")
        holders.append(Holder(player["name"], read_pile(player["hand"]), read_count(player["won"], "won")))
    current = data["current"]
    waiting = data["waiting"]
    if not isinstance(waiting, list):
        raise MalformedInput("waiting is a list of players")
    return HoechsteKarteState(
        options=read_options(data["options"], OPTIONS),
        players=tuple(holders),
        current=None if current is None else read_int(current),
        waiting=tuple(read_int(w) for w in waiting),
        trick=read_entries(data["trick"], "the trick"),
        set_aside=read_count(data["set_aside"], "set_aside"),
        out=read_count(data["out"], "out"),
    )
