"""A Mogeln state: per player a `hand`; the `stack` of face-down plays, top first, each
with its maker, its cards (a list, or `{"count": n}` where they are not known) and its
claim; `out`, the cards of completed stacks (a count); and the `winner` once the game
ends (docs/games/mogeln.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...families.box.cards import EDITIONS, TOP, cards_of
from ...families.box.options import EDITION, Options, options_to_wire, read_options
from ...families.box.piles import Cards, pile_to_wire, read_count, read_pile
from ...families.box.wire import read_current, read_players, read_seats
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

OPTIONS = (EDITION,)
STATE = Members("mogeln state", {"ruleset", "options", "players", "current", "waiting", "stack", "out", "winner"})
PLAYER = Members("mogeln player", {"name", "hand"})
PLAY = Members("mogeln play on the stack", {"player", "cards", "claim"})
#: The top value dealt, by the number of players (the other cards are not in the game).
DEALT_TOP = {3: 9, 4: 10, 5: 15, 6: 15}


@dataclass(frozen=True, slots=True)
class Cheat:
    name: str
    hand: Cards

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": pile_to_wire(self.hand)}


@dataclass(frozen=True, slots=True)
class Laid:
    """One play on the stack: who made it, its cards face down, the value it claims."""

    player: int
    cards: Cards
    claim: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "cards": pile_to_wire(self.cards), "claim": self.claim}


@dataclass(frozen=True, slots=True)
class MogelnState:
    options: Options
    players: tuple[Cheat, ...]
    current: int | None
    waiting: tuple[int, ...]
    stack: tuple[Laid, ...]
    out: int
    winner: int | None
    checked: bool = False
    ruleset = "mogeln"

    @property
    def top_dealt(self) -> int:
        """The highest value in the game (for 3 to 6 players; 15 beyond)."""
        return DEALT_TOP.get(len(self.players), 15)

    @property
    def last_value(self) -> int:
        """The count's last value: the top value dealt in 2018, 20 in the original."""
        return self.top_dealt if self.options["edition"] == "2018" else TOP

    @property
    def deck(self) -> frozenset[str]:
        return frozenset(cards_of(EDITIONS[self.options["edition"]], self.top_dealt))

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def marked_checked(self) -> MogelnState:
        return replace(self, checked=True)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
            "stack": [play.to_dict() for play in self.stack],
            "out": self.out,
            "winner": self.winner,
        }


def read_stack(value: Any) -> tuple[Laid, ...]:
    if not isinstance(value, list):
        raise MalformedInput("the stack is a list of plays")
    plays = []
    for item in value:
        PLAY.check(item)
        claim = read_int(item["claim"])
        if not 1 <= claim <= TOP:
            raise MalformedInput(f"a claim is a value 1 to {TOP}")
        plays.append(Laid(read_int(item["player"]), read_pile(item["cards"]), claim))
    return tuple(plays)


def read_state(data: Any) -> MogelnState:
    STATE.check(data)
    return MogelnState(
        options=read_options(data["options"], OPTIONS),
        players=read_players(data["players"], PLAYER, lambda p: Cheat(p["name"], read_pile(p["hand"]))),
        current=read_current(data["current"]),
        waiting=read_seats(data["waiting"], "waiting"),
        stack=read_stack(data["stack"]),
        out=read_count(data["out"], "out"),
        winner=read_current(data["winner"]),
    )
