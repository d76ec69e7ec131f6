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
from typing import Any, ClassVar, TypeVar, dataclass_transform

from ...core.errors import MalformedInput
from ...core.wire import Members
from .options import Option, Options, options_to_wire, read_options
from .piles import pile_to_wire, read_count, read_entries, read_list, read_pile
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


@dataclass_transform(frozen_default=True, field_specifiers=(field, wired))
class Wired:
    """A record whose wired fields are JSON members. A subclass is made a frozen dataclass
    as it is defined, and its wire table (`WIRE`, `OPTIONAL`) is made once then."""

    #: The wired fields in order: (name, kind).
    WIRE: ClassVar[tuple[tuple[str, Kind], ...]] = ()
    #: The wired fields left out of the JSON while they are None.
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)
        wired_fields = [f for f in fields(cls) if "kind" in f.metadata]  # type: ignore[arg-type]
        cls.WIRE = tuple((f.name, f.metadata["kind"]) for f in wired_fields)
        cls.OPTIONAL = frozenset(f.name for f in wired_fields if f.metadata.get("optional"))

    def wire_members(self, data: dict[str, Any]) -> dict[str, Any]:
        """`data` with this record's wired members added, in field order."""
        for name, kind in self.WIRE:
            value = getattr(self, name)
            if value is None and name in self.OPTIONAL:
                continue
            data[name] = value if kind.write is None else kind.write(value)
        return data


def wire_schema(cls: type[Wired]) -> dict[str, Schema]:
    """The JSON Schema of each wired member of a state or player class, in order."""
    return {name: kind.schema for name, kind in cls.WIRE}


class BoxPlayer(Wired):
    """A player: a `name`, then the game's own piles and counts (wired fields)."""

    name: str

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxPlayer:
        """A player from its object, whose members and name `read_players` has checked."""
        return cls(data["name"], *[kind.read(data[name]) for name, kind in cls.WIRE if name in data])

    def to_dict(self) -> dict[str, Any]:
        return self.wire_members({"name": self.name})


#: The members every box game's state begins with.
HEAD = ("ruleset", "options", "players", "current", "waiting")


class BoxState(Wired):
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
    #: The members of the state object, and of a player object without and with the
    #: player's optional members (made as the game's state class is defined).
    MEMBERS: ClassVar[Members]
    PLAYER_MEMBERS: ClassVar[dict[bool, Members]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if hasattr(cls, "ruleset"):  # a game's state (not a base between)
            cls.MEMBERS = Members(f"{cls.ruleset} state", [*HEAD, *(name for name, _ in cls.WIRE)])
            player = ["name", *(name for name, _ in cls.PLAYER.WIRE)]
            cls.PLAYER_MEMBERS = {
                with_optional: Members(f"{cls.ruleset} player",
                                       [n for n in player if with_optional or n not in cls.PLAYER.OPTIONAL])
                for with_optional in (False, True)
            }

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
        return cls.PLAYER_MEMBERS[False]

    @classmethod
    def from_dict(cls: type[Self], data: Any) -> Self:
        """The state from its JSON; MalformedInput for the wrong shape."""
        cls.MEMBERS.check(data)
        options = cls.read_options(data["options"], data["players"])
        return cls(
            options,
            read_players(data["players"], cls.player_members(options), cls.PLAYER.from_dict),
            read_current(data["current"]),
            read_seats(data["waiting"], "waiting"),
            *[kind.read(data[name]) for name, kind in cls.WIRE],
        )

    def to_dict(self) -> dict[str, Any]:
        return self.wire_members({
            "ruleset": self.ruleset,
            "options": options_to_wire(self.options),
            "players": [p.to_dict() for p in self.players],
            "current": self.current,
            "waiting": list(self.waiting),
        })


__all__ = ["BoxState", "BoxPlayer", "Wired", "Kind", "wired", "PILE", "SEAT", "face_up", "count", "entries", "seats",
           "records_of", "wire_schema", "HEAD"]
