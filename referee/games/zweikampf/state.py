"""A Zweikampf state: two players, each with a face-down `stack` and a face-up `won` pile,
the open `battle` and the cards `out` of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...families.box.cards import cards_of
from ...families.box.options import COLORS, EDITION, UNTIL_ALL, Options, options_to_wire, read_options
from ...families.box.piles import Cards, Entry, count_cards, pile_to_wire, read_count, read_entries, read_list, read_pile
from ...families.box.wire import read_current, read_players, read_seats
from ...core.wire import Members

OPTIONS = (EDITION, COLORS, UNTIL_ALL)
STATE = Members("zweikampf state", {"ruleset", "options", "players", "current", "waiting", "battle", "out"})
PLAYER = Members("zweikampf player", {"name", "stack", "won"})


@dataclass(frozen=True, slots=True)
class Fighter:
    name: str
    stack: Cards
    won: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "stack": pile_to_wire(self.stack), "won": list(self.won)}


@dataclass(frozen=True, slots=True)
class ZweikampfState:
    options: Options
    players: tuple[Fighter, ...]
    current: int | None
    waiting: tuple[int, ...]
    battle: tuple[Entry, ...]
    out: int
    checked: bool = False
    ruleset = "zweikampf"

    @property
    def until_all(self) -> bool:
        return self.options["until_all"]

    @property
    def deck(self) -> frozenset[str]:
        return frozenset(cards_of(self.options["colors"]))

    def holds(self, player: int) -> int:
        """The cards the player can still turn up: the stack, and with `until_all` the won pile."""
        fighter = self.players[player]
        return count_cards(fighter.stack) + (len(fighter.won) if self.until_all else 0)

    @property
    def unanswered(self) -> Entry | None:
        """The card turned up in the open battle that the other has not answered yet."""
        return self.battle[-1] if len(self.battle) % 2 else None

    @property
    def is_over(self) -> bool:
        """No card waits for an answer, and a player who must turn up has none."""
        return self.unanswered is None and any(self.holds(p) == 0 for p in range(len(self.players)))

    def marked_checked(self) -> ZweikampfState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "battle": [e.to_dict() for e in self.battle],
            "out": self.out,
        }


def read_state(data: Any) -> ZweikampfState:
    STATE.check(data)
    return ZweikampfState(
        options=read_options(data["options"], OPTIONS),
        players=read_players(data["players"], PLAYER, lambda p: Fighter(
            p["name"], read_pile(p["stack"]), read_list(p["won"], "a won pile"))),
        current=read_current(data["current"]),
        waiting=read_seats(data["waiting"], "waiting"),
        battle=read_entries(data["battle"], "the battle"),
        out=read_count(data["out"], "out"),
    )
