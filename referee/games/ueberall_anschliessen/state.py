"""An Überall anschließen state: per player a face-down `stack` and a face-up `open` pile,
the `middle` (a run, top first) and `finished`, the players who ran out of cards in the
order they did."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...families.box.cards import EDITIONS, TOP, cards_of, value
from ...families.box.options import EDITION, Options, options_to_wire, read_options
from ...families.box.piles import Cards, count_cards, pile_to_wire, read_list, read_pile
from ...families.box.wire import read_current, read_players, read_seats
from ...core.wire import Members

OPTIONS = (EDITION,)
STATE = Members("ueberall-anschliessen state",
                {"ruleset", "options", "players", "current", "waiting", "middle", "finished"})
PLAYER = Members("ueberall-anschliessen player", {"name", "stack", "open"})


def follows(card: str, top: str) -> bool:
    """`card` is one higher than `top`; after 20 comes 1."""
    return value(card) == value(top) % TOP + 1


@dataclass(frozen=True, slots=True)
class Runner:
    name: str
    stack: Cards
    open: tuple[str, ...]

    @property
    def holds(self) -> bool:
        """A player holds cards exactly when their stack is not empty."""
        return count_cards(self.stack) > 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "stack": pile_to_wire(self.stack), "open": list(self.open)}


@dataclass(frozen=True, slots=True)
class UeberallAnschliessenState:
    options: Options
    players: tuple[Runner, ...]
    current: int | None
    waiting: tuple[int, ...]
    middle: tuple[str, ...]
    finished: tuple[int, ...]
    checked: bool = False
    ruleset = "ueberall-anschliessen"

    @property
    def deck(self) -> frozenset[str]:
        return frozenset(cards_of(EDITIONS[self.options["edition"]]))

    @property
    def is_over(self) -> bool:
        """Every card lies in the middle: nobody holds one."""
        return not any(p.holds for p in self.players)

    def marked_checked(self) -> UeberallAnschliessenState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "middle": list(self.middle),
            "finished": list(self.finished),
        }


def read_state(data: Any) -> UeberallAnschliessenState:
    STATE.check(data)
    return UeberallAnschliessenState(
        options=read_options(data["options"], OPTIONS),
        players=read_players(data["players"], PLAYER, lambda p: Runner(
            p["name"], read_pile(p["stack"]), read_list(p["open"], "an open pile"))),
        current=read_current(data["current"]),
        waiting=read_seats(data["waiting"], "waiting"),
        middle=read_list(data["middle"], "the middle"),
        finished=read_seats(data["finished"], "finished"),
    )
