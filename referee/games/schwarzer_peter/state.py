"""A Schwarzer Peter state: per player a `hand` (a list, or `{"count": n}`) and the values
of the `pairs` laid; the card set `aside` (its twin is the Schwarzer Peter); and the game's
two actions, `draw` (from the next player who holds cards) and `pair`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any, NamedTuple

from ...families.box.actions import ActionReader, optional_card
from ...families.box.cards import TOP, cards_of
from ...families.box.options import COLORS, EDITION, Option, Options, boolean, options_to_wire, read_options
from ...families.box.piles import Cards, count_cards, pile_to_wire, read_pile
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

STATE = Members("schwarzer-peter state", {"ruleset", "options", "players", "current", "waiting", "aside"})
PLAYER = Members("schwarzer-peter player", {"name", "hand", "pairs"})
DRAW_ACTION = Members("draw action", {"type"}, {"card", "index"})
PAIR_ACTION = Members("pair action", {"type", "value"})
#: The highest value with the option short: 17 to 20 are left out.
SHORT_TOP = 16

SHORT = Option(
    "short", boolean("short"), False, [False, True],
    "Play with the values 1 to 16 only (32 cards): the 17s to 20s stay in the box.",
)
OPTIONS = (EDITION, COLORS, SHORT)


class Draw(NamedTuple):
    """Draw a card from the next player clockwise who holds cards: `card` names it, `index`
    is its place in that hand as the state lists it; either, both (they must agree), or
    neither where neither hand is known."""

    card: str | None = None
    index: int | None = None
    kind = "draw"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "draw"}
        if self.card is not None:
            data["card"] = self.card
        if self.index is not None:
            data["index"] = self.index
        return data


class Pair(NamedTuple):
    """Lay the two cards of `value` from hand."""

    value: int
    kind = "pair"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pair", "value": self.value}


def read_draw(data: dict[str, Any]) -> Draw:
    DRAW_ACTION.check(data)
    index = data.get("index")
    if index is not None and read_int(index) < 0:
        raise MalformedInput("a draw's index is a place in the hand: 0 or more")
    return Draw(optional_card(data), index)


def read_value(value: Any) -> int:
    if not 1 <= read_int(value) <= TOP:
        raise MalformedInput(f"a value is a whole number from 1 to {TOP}")
    return value


def read_pair(data: dict[str, Any]) -> Pair:
    PAIR_ACTION.check(data)
    return Pair(read_value(data["value"]))


READER = ActionReader({"draw": read_draw, "pair": read_pair})


@dataclass(frozen=True, slots=True)
class Holder:
    name: str
    hand: Cards
    pairs: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": pile_to_wire(self.hand), "pairs": list(self.pairs)}


@dataclass(frozen=True, slots=True)
class SchwarzerPeterState:
    options: Options
    players: tuple[Holder, ...]
    current: int | None
    waiting: tuple[int, ...]
    aside: Cards
    checked: bool = False
    ruleset = "schwarzer-peter"

    @property
    def top(self) -> int:
        return SHORT_TOP if self.options["short"] else TOP

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(self.options["colors"], self.top)

    def twins(self, value: int) -> tuple[str, str]:
        """The two cards of a value."""
        first, second = self.options["colors"]
        return f"{first}{value}", f"{second}{value}"

    def holding(self) -> list[int]:
        """The players who still hold cards, in seat order."""
        return [i for i, p in enumerate(self.players) if count_cards(p.hand)]

    @property
    def is_over(self) -> bool:
        """At most one player holds cards: the game is over (that one has lost)."""
        return len(self.holding()) <= 1

    def marked_checked(self) -> SchwarzerPeterState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "aside": pile_to_wire(self.aside),
        }


@cache
def deck_of(colors: tuple[str, ...], top: int) -> frozenset[str]:
    return frozenset(cards_of(colors, top))


def next_holding(hands: list[Cards], after: int) -> int | None:
    """The next player clockwise after `after` who holds cards (None when nobody else does)."""
    n = len(hands)
    for step in range(1, n):
        seat = (after + step) % n
        if count_cards(hands[seat]):
            return seat
    return None


def read_state(data: Any) -> SchwarzerPeterState:
    STATE.check(data)
    players = data["players"]
    if not isinstance(players, list):
        raise MalformedInput("players are a list")
    holders = []
    for player in players:
        PLAYER.check(player)
        if not isinstance(player["name"], str):
            raise MalformedInput("a player's name is a string")
        if not isinstance(player["pairs"], list):
            raise MalformedInput("pairs are a list of values")
        holders.append(Holder(player["name"], read_pile(player["hand"]),
                              tuple(read_value(v) for v in player["pairs"])))
    waiting = data["waiting"]
    if not isinstance(waiting, list):
        raise MalformedInput("waiting is a list of players")
    current = data["current"]
    return SchwarzerPeterState(
        options=read_options(data["options"], OPTIONS),
        players=tuple(holders),
        current=None if current is None else read_int(current),
        waiting=tuple(read_int(w) for w in waiting),
        aside=read_pile(data["aside"]),
    )
