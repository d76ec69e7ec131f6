"""`BoxState` and `BoxPlayer`: the state every box game has, and its wire form, written once.

Every box game's state begins with the same head: `ruleset` (a class attribute), the
`options`, the `players`, `current` and `waiting`, and `checked` (set once the state has
passed its checks, never on the wire). A game's state is a frozen dataclass over
`BoxState` that adds its own fields, each declared with `wired(kind)`: the field's JSON
member has the field's name, and `kind` says how it is read, written and what its schema
is (`Kind`). Its players are likewise a frozen dataclass over `BoxPlayer`. From those
declarations come, in the fields' order:

- `to_dict`: the state's JSON (members in field order, the head first);
- `from_dict`: the state read from JSON, every member checked for shape (MalformedInput);
- `wire_schema`: each member's JSON Schema, which the tests hold `schemas/state.json` to.

The kinds every game uses are here (`PILE`, `face_up`, `count`, `entries`, `SEAT`,
`seats`); a game makes a `Kind` of its own for a member only it has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any, ClassVar, TypeVar

from ...core.errors import MalformedInput
from ...core.wire import Members, read_int
from .options import Option, Options, options_to_wire, read_options
from .piles import Cards, pile_to_wire, read_count, read_entries, read_list, read_pile
from .wire import read_current, read_players, read_seats

Schema = dict[str, Any]
Self = TypeVar("Self", bound="BoxState")


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


@dataclass(frozen=True, slots=True)
class Kind:
    """How one JSON member is read (raising MalformedInput), how its value is written
    (`write` None: the value is its own JSON), and its JSON Schema."""

    read: Callable[[Any], Any]
    write: Callable[[Any], Any] | None
    schema: Schema


def wired(kind: Kind, optional: bool = False) -> Any:
    """A dataclass field that is a JSON member of this `kind`; an `optional` one defaults
    to None and is left out of the JSON while it is None."""
    if optional:
        return field(default=None, metadata={"kind": kind, "optional": True})
    return field(metadata={"kind": kind})


#: A player index, or null.
SEAT_SCHEMA: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": 15}
SEATS_SCHEMA: Schema = {"type": "array", "minItems": 0, "maxItems": 16,
                        "items": {"type": "integer", "minimum": 0, "maximum": 15}}

#: A pile or hand: a list of cards, top first, or `{"count": n}`.
PILE = Kind(read_pile, pile_to_wire, _ref("ClassicCards"))
SEAT = Kind(read_current, None, SEAT_SCHEMA)
NAME_SCHEMA = _ref("PlayerName")


def face_up(what: str) -> Kind:
    """A pile that always lies face up: a list, never a count."""
    return Kind(lambda value: read_list(value, what), list, _ref("FaceUpPile"))


def count(what: str, most: int = 80) -> Kind:
    """A number of cards, 0 or more."""
    return Kind(lambda value: read_count(value, what), None, {"type": "integer", "minimum": 0, "maximum": most})


def entries(what: str) -> Kind:
    """A battle, trick or middle: `{"player", "card"}` entries, `card` null where hidden."""
    return Kind(lambda value: read_entries(value, what), _records, _ref("TableEntries"))


def seats(what: str) -> Kind:
    """A list of player indices (`finished`, `flipped`)."""
    return Kind(lambda value: read_seats(value, what), list, SEATS_SCHEMA)


def _records(records: Iterable[Any]) -> list[dict[str, Any]]:
    return [r.to_dict() for r in records]


def records_of(read_one: Callable[[Any], Any], not_a_list: str, schema: Schema) -> Kind:
    """A list of records of the game's own (a play on Mogeln's stack, a Ratefix guess),
    each read by `read_one` and written by its `to_dict`; `not_a_list` is the complaint
    about anything but a list."""
    def read(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise MalformedInput(not_a_list)
        return tuple(read_one(item) for item in value)
    return Kind(read, _records, schema)


@cache
def _members(cls: type) -> tuple[tuple[str, Kind], ...]:
    """A dataclass's wired fields in order: (name, kind)."""
    return tuple((f.name, f.metadata["kind"]) for f in fields(cls) if "kind" in f.metadata)


@cache
def _optional(cls: type) -> frozenset[str]:
    """The wired fields a record leaves out while they are None."""
    return frozenset(f.name for f in fields(cls) if f.metadata.get("optional"))


def wire_schema(cls: type) -> dict[str, Schema]:
    """The JSON Schema of each wired member of a state or player class, in order."""
    return {name: kind.schema for name, kind in _members(cls)}


@dataclass(frozen=True, slots=True)
class BoxPlayer:
    """A player: a `name`, then the game's own piles and counts (wired fields)."""

    name: str

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxPlayer:
        """A player from its object, whose members and name `read_players` has checked."""
        return cls(data["name"], *[kind.read(data[name]) for name, kind in _members(cls) if name in data])

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        leave_out = _optional(type(self))
        for name, kind in _members(type(self)):
            value = getattr(self, name)
            if value is None and name in leave_out:
                continue
            data[name] = value if kind.write is None else kind.write(value)
        return data


@dataclass(frozen=True, slots=True)
class BoxState:
    """The head every box game's state begins with; a game's state adds wired fields."""

    options: Options
    players: tuple[Any, ...]
    current: int | None
    waiting: tuple[int, ...]
    checked: bool = field(default=False, kw_only=True)

    ruleset: ClassVar[str]
    #: The options the game takes, in the order `GET /v1/rulesets` lists them.
    OPTIONS: ClassVar[tuple[Option, ...]]
    #: The class of its players.
    PLAYER: ClassVar[type[BoxPlayer]]

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def marked_checked(self: Self) -> Self:
        return replace(self, checked=True)

    @classmethod
    def read_options(cls, data: Any, players: Any) -> Options:
        """The options, every default filled (`players` as sent: a default may depend on
        how many there are)."""
        return read_options(data, cls.OPTIONS)

    @classmethod
    def player_members(cls, options: Options) -> Members:
        """The members of a player object: the name and the player class's wired fields
        (a game whose players' members depend on the options says which)."""
        return player_members_of(cls, with_optional=False)

    @classmethod
    def from_dict(cls: type[Self], data: Any) -> Self:
        """The state from its JSON; MalformedInput for the wrong shape."""
        _state_members(cls).check(data)
        options = cls.read_options(data["options"], data["players"])
        player = cls.PLAYER
        return cls(
            options,
            read_players(data["players"], cls.player_members(options), player.from_dict),
            read_current(data["current"]),
            read_seats(data["waiting"], "waiting"),
            *[kind.read(data[name]) for name, kind in _members(cls)],
        )

    def to_dict(self) -> dict[str, Any]:
        data = {
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
        }
        for name, kind in _members(type(self)):
            value = getattr(self, name)
            data[name] = value if kind.write is None else kind.write(value)
        return data


HEAD = ("ruleset", "options", "players", "current", "waiting")


@cache
def _state_members(cls: type[BoxState]) -> Members:
    return Members(f"{cls.ruleset} state", [*HEAD, *(name for name, _ in _members(cls))])


@cache
def player_members_of(cls: type[BoxState], with_optional: bool) -> Members:
    """The members of a player of `cls`'s game: with or without the player class's
    optional fields."""
    player = cls.PLAYER
    names = ["name", *(name for name, _ in _members(player))]
    if not with_optional:
        names = [n for n in names if n not in _optional(player)]
    return Members(f"{cls.ruleset} player", names)


__all__ = ["BoxState", "BoxPlayer", "Kind", "wired", "PILE", "SEAT", "face_up", "count", "entries", "seats",
           "records_of", "wire_schema", "player_members_of", "Cards", "read_int", "HEAD"]
