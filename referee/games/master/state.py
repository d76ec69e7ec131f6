"""The game state of Elfer raus! MASTER and its lossless conversion to and from plain data.

A state is immutable: tuples and frozen records, so the engine can hand it out and take
it back without copies. `State.from_dict` accepts the JSON shape of openapi.yaml (checking
only the shape: whether the state can happen is `validity.check_state`'s job) and
`State.to_dict` writes the canonical form (row values sorted ascending). The codec is
written by hand: it is on every request's path, and marshmallow costs milliseconds
here (see docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from ...core.cards import Slot
from ...core.errors import MalformedInput
from ...core.wire import Members, Wire, read_int
from ...core.zones import Cards, GameState, Hidden
from .facts import MASTER

#: The reader of MASTER's hands, piles, actions and turns.
WIRE = Wire(MASTER.name, MASTER.deck, ("place", "bridge", "swap", "draw", "pass"))
_SLOT_VALUES = frozenset(MASTER.values)
_STATE = Members("master state", {"players", "current", "rows", "pile"},
                 {"ruleset", "bridges", "passes"})
_PLAYER = Members("player", {"name", "hand", "bridges", "bonus"})
_TABLE_BRIDGE = Members("table bridge", {"from", "to"})
_ROW = Members("row", {"color", "cards"}, {"jokers"})


class Player(NamedTuple):
    """A player: a name, a hand, the bridge cards still in front of them, bonus cards won."""

    name: str
    hand: Cards
    bridges: int
    bonus: int


#: A player's bonus cards, as a C-level callable: `sum(map(BONUS_OF, players))`.
BONUS_OF = attrgetter("bonus")


class Row(NamedTuple):
    """One row of the table: its colour, the values of its number cards and joker slots.

    The values are kept as given (duplicates included) so that the validity checks can
    name them; states made by the engine keep them sorted.
    """

    color: str
    cards: tuple[int, ...]
    jokers: tuple[int, ...]


class TableBridge(NamedTuple):
    """A bridge card on the table, from the slot it was laid at to the slot it led to."""

    source: Slot
    target: Slot

    def to_dict(self) -> dict[str, str]:
        return {"from": str(self.source), "to": str(self.target)}


@dataclass(frozen=True, slots=True)
class State(GameState):
    players: tuple[Player, ...]
    current: int
    rows: tuple[Row, ...]
    bridges: tuple[TableBridge, ...]
    pile: Cards
    passes: int
    ruleset: str = MASTER.name
    #: Set on states the engine made itself, which need no validity check.
    checked: bool = field(default=False, compare=False, repr=False)

    def row_order(self) -> dict[str, int]:
        """Each colour's position from the top."""
        return {row.color: i for i, row in enumerate(self.rows)}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Read the JSON shape of a state; raises MalformedInput where it is not one."""
        _STATE.check(data)
        if data.get("ruleset", MASTER.name) != MASTER.name:
            raise MalformedInput(f"ruleset {data['ruleset']!r} is not {MASTER.name!r}")
        try:
            return cls(
                players=tuple(_player(p) for p in data["players"]),
                current=read_int(data["current"]),
                rows=tuple(_row(r) for r in data["rows"]),
                bridges=tuple(_table_bridge(b) for b in data.get("bridges", ())),
                pile=WIRE.cards(data["pile"]),
                passes=read_int(data.get("passes", 0)),
            )
        except MalformedInput:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MalformedInput(f"not a game state: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON shape: row values sorted ascending."""
        return {
            "ruleset": self.ruleset,
            "players": [
                {
                    "name": p.name,
                    "hand": _cards_to_json(p.hand),
                    "bridges": p.bridges,
                    "bonus": p.bonus,
                }
                for p in self.players
            ],
            "current": self.current,
            "rows": [
                {"color": r.color, "cards": sorted(r.cards), "jokers": sorted(r.jokers)}
                for r in self.rows
            ],
            "bridges": [b.to_dict() for b in self.bridges],
            "pile": _cards_to_json(self.pile),
            "passes": self.passes,
        }


# A frozen dataclass's `__init__` sets each field through `object.__setattr__`; the
# engine makes a state on every turn, and setting the slots through their descriptors
# directly costs about half as much (see `engine_made`).
_NEW_STATE = object.__new__
(_SET_PLAYERS, _SET_CURRENT, _SET_ROWS, _SET_BRIDGES, _SET_PILE, _SET_PASSES, _SET_RULESET,
 _SET_CHECKED) = (getattr(State, name).__set__ for name in State.__dataclass_fields__)


def engine_made(players: tuple[Player, ...], current: int, rows: tuple[Row, ...],
                bridges: tuple[TableBridge, ...], pile: Cards, passes: int, ruleset: str) -> State:
    """`State(players, current, rows, bridges, pile, passes, ruleset, checked=True)`: a
    state the engine made itself, equal to the one the constructor makes, built faster."""
    state = _NEW_STATE(State)
    _SET_PLAYERS(state, players)
    _SET_CURRENT(state, current)
    _SET_ROWS(state, rows)
    _SET_BRIDGES(state, bridges)
    _SET_PILE(state, pile)
    _SET_PASSES(state, passes)
    _SET_RULESET(state, ruleset)
    _SET_CHECKED(state, True)
    return state


def _cards_to_json(cards: Cards) -> Any:
    return {"count": cards.count} if isinstance(cards, Hidden) else list(cards)


def _player(data: Any) -> Player:
    _PLAYER.check(data)
    name = data["name"]
    if not isinstance(name, str):
        raise MalformedInput("a player's name is a string")
    return Player(name, WIRE.cards(data["hand"]), read_int(data["bridges"]), read_int(data["bonus"]))


def _table_bridge(data: Any) -> TableBridge:
    _TABLE_BRIDGE.check(data)
    return TableBridge(MASTER.deck.slot(data["from"]), MASTER.deck.slot(data["to"]))


def _row(data: Any) -> Row:
    _ROW.check(data)
    color = data["color"]
    if color not in MASTER.colors:
        raise MalformedInput(f"{color!r} is not a colour")
    cards = tuple(data["cards"])
    jokers = tuple(data.get("jokers", ()))
    # Set checks run in C; `type` also rules out True and 1.0, which would pass for 1.
    if not (_SLOT_VALUES.issuperset(cards) and _SLOT_VALUES.issuperset(jokers)) or not {
        int
    }.issuperset(map(type, cards + jokers)):
        raise MalformedInput(f"the {color} row's values are whole numbers from 1 to {MASTER.highest}")
    return Row(color, cards, jokers)
