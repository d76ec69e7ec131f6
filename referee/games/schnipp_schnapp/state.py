"""A Schnipp Schnapp state: per player a face-down `stack`, a face-up `open` pile, the
`quartets` set aside (values) and, with `together`, `won` (the cards won from others);
the `middle` of the mistakes, top first; `flipped`, the players whose flipped cards may
be called now (docs/games/schnipp-schnapp.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ...families.box.cards import EDITIONS, cards_of, value
from ...families.box.options import EDITION, Option, Options, boolean, options_to_wire, read_options
from ...families.box.piles import Cards, count_cards, pile_to_wire, read_count, read_list, read_pile
from ...families.box.wire import read_current, read_players, read_seats
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

TOGETHER = Option(
    "together", boolean("together"), False, [False, True],
    "Everyone flips at once, round by round, and calls come after each round; whoever won "
    "the most cards from the others and the middle wins.",
)
OPTIONS = (EDITION, TOGETHER)
STATE = Members("schnipp-schnapp state",
                {"ruleset", "options", "players", "current", "waiting", "middle", "flipped"})
PLAYER = Members("schnipp-schnapp player", {"name", "stack", "open", "quartets"})
#: With `together` a player also keeps `won`.
PLAYER_TOGETHER = Members("schnipp-schnapp player", {"name", "stack", "open", "quartets", "won"})


@cache
def deck_of(edition: str) -> frozenset[str]:
    return frozenset(cards_of(EDITIONS[edition]))


@cache
def quartet_of(edition: str, number: int) -> tuple[str, ...]:
    """The four cards of one value, in the edition's colour order."""
    return tuple(f"{c}{number}" for c in EDITIONS[edition])


@dataclass(frozen=True, slots=True)
class Snapper:
    name: str
    stack: Cards
    open: tuple[str, ...]
    quartets: tuple[int, ...]
    won: int | None = None  # with `together` only

    @property
    def holds(self) -> bool:
        """A player holds cards while their stack or open pile is not empty."""
        return bool(self.open) or count_cards(self.stack) > 0

    def to_dict(self) -> dict[str, Any]:
        data = {"name": self.name, "stack": pile_to_wire(self.stack), "open": list(self.open),
                "quartets": list(self.quartets)}
        if self.won is not None:
            data["won"] = self.won
        return data


def holders(players: Sequence[Snapper]) -> tuple[int, ...]:
    """The players who hold cards, in seat order."""
    return tuple(i for i, p in enumerate(players) if p.holds)


@dataclass(frozen=True, slots=True)
class SchnippSchnappState:
    options: Options
    players: tuple[Snapper, ...]
    current: int | None
    waiting: tuple[int, ...]
    middle: tuple[str, ...]
    flipped: tuple[int, ...]
    checked: bool = False
    ruleset = "schnipp-schnapp"

    @property
    def together(self) -> bool:
        return self.options["together"]

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(self.options["edition"])

    @property
    def holders(self) -> tuple[int, ...]:
        return holders(self.players)

    @property
    def is_over(self) -> bool:
        """Nobody holds cards, or one player does and either the middle is empty or all
        four cards of its top value lie in it: the lone holder could never call Schnipp
        (the print gives no end; this is the referee's reading)."""
        holders = self.holders
        if len(holders) != 1:
            return not holders
        if not self.middle:
            return True
        top = value(self.middle[0])
        return sum(value(card) == top for card in self.middle) == 4

    def marked_checked(self) -> SchnippSchnappState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "middle": list(self.middle),
            "flipped": list(self.flipped),
        }


def read_quartets(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedInput("quartets are a list of values")
    values = tuple(read_int(v) for v in value)
    if any(not 1 <= v <= 20 for v in values):
        raise MalformedInput("a quartet is a value 1 to 20")
    return values


def read_player(together: bool):
    def make(p: dict[str, Any]) -> Snapper:
        won = read_count(p["won"], "won") if together else None
        return Snapper(p["name"], read_pile(p["stack"]), read_list(p["open"], "an open pile"),
                       read_quartets(p["quartets"]), won)
    return make


def read_state(data: Any) -> SchnippSchnappState:
    STATE.check(data)
    options = read_options(data["options"], OPTIONS)
    together = options["together"]
    return SchnippSchnappState(
        options=options,
        players=read_players(data["players"], PLAYER_TOGETHER if together else PLAYER, read_player(together)),
        current=read_current(data["current"]),
        waiting=read_seats(data["waiting"], "waiting"),
        middle=read_list(data["middle"], "the middle"),
        flipped=read_seats(data["flipped"], "flipped"),
    )
