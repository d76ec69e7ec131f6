"""A Farben sammeln state: each player's `hand`, the face-down `pile`, the four face-up
`display` stacks (each a list, top first) and `closed`, the player who ended the round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...families.box.cards import EDITIONS, cards_of
from ...families.box.options import EDITION, Options, options_to_wire, read_options
from ...families.box.piles import Cards, pile_to_wire, read_list, read_pile
from ...families.box.wire import read_current, read_players, read_seats
from ...core.errors import MalformedInput
from ...core.wire import Members

OPTIONS = (EDITION,)
STATE = Members("farben-sammeln state",
                {"ruleset", "options", "players", "current", "waiting", "pile", "display", "closed"})
PLAYER = Members("farben-sammeln player", {"name", "hand"})
#: There are always four display stacks.
STACKS = 4


def hand_size(players: int) -> int:
    """The cards dealt to each player: 9 for two or three players, 8 for four or five, 7 for six."""
    return 9 if players <= 3 else 8 if players <= 5 else 7


@dataclass(frozen=True, slots=True)
class Collector:
    name: str
    hand: Cards

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": pile_to_wire(self.hand)}


@dataclass(frozen=True, slots=True)
class FarbenSammelnState:
    options: Options
    players: tuple[Collector, ...]
    current: int | None
    waiting: tuple[int, ...]
    pile: Cards
    display: tuple[tuple[str, ...], ...]
    closed: int | None
    checked: bool = False
    ruleset = "farben-sammeln"

    @property
    def colors(self) -> tuple[str, ...]:
        return EDITIONS[self.options["edition"]]

    @property
    def deck(self) -> frozenset[str]:
        return frozenset(cards_of(self.colors))

    @property
    def is_over(self) -> bool:
        """One round per game: it ends when a player closes it."""
        return self.closed is not None

    def marked_checked(self) -> FarbenSammelnState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "pile": pile_to_wire(self.pile),
            "display": [list(stack) for stack in self.display],
            "closed": self.closed,
        }


def read_state(data: Any) -> FarbenSammelnState:
    STATE.check(data)
    display = data["display"]
    if not isinstance(display, list):
        raise MalformedInput("display is a list of face-up stacks")
    return FarbenSammelnState(
        options=read_options(data["options"], OPTIONS),
        players=read_players(data["players"], PLAYER, lambda p: Collector(p["name"], read_pile(p["hand"]))),
        current=read_current(data["current"]),
        waiting=read_seats(data["waiting"], "waiting"),
        pile=read_pile(data["pile"]),
        display=tuple(read_list(stack, "a display stack") for stack in display),
        closed=read_current(data["closed"]),
    )
