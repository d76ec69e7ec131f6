"""`BoxState` and `BoxPlayer`: the state every box game has, and its wire form, written once.

Every box game's state begins with the same head: `ruleset` (a class attribute: the
game's name, taken from its folder as its ruleset's is), the
`options`, the `players`, `current` and `waiting`, and `checked` (set once the state has
passed its checks, never on the wire). A game's state is a class over
`BoxState`, made a record by `@wired_record`, that adds its own fields, each declared with
`wired(kind)`: the field's JSON member has the field's name, and `kind` says how it is
read, written and what its schema is (`Kind`). Its players are likewise a `@wired_record`
over `BoxPlayer`. From those declarations come, in the fields' order:

- `to_dict`: the state's JSON (members in field order, the head first);
- `from_dict`: the state read from JSON, every member checked for shape (MalformedInput);
- `wire_schema`: each member's JSON Schema, which the tests hold `schemas/state.json` to.

`to_dict` and `from_dict` are on the path of every request, so `wired_record` writes them
out for each class once, as `dataclasses` writes a class's `__init__`: the same code a
person would write by hand for that class, without a loop over the fields.

The kinds every game uses are here (`PILE`, `face_up`, `shown`, `count`, `entries`,
`SEAT`, `seats`); a game makes a `Kind` of its own for a member only it has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, TypeVar, dataclass_transform

from ...core.errors import MalformedInput
from ...core.ruleset import game_name
from ...core.wire import Members
from .cards import colors_of, deck_of
from .options import Option, Options, options_to_wire, read_options
from .piles import pile_to_wire, read_count, read_entries, read_list, read_pile, read_shown
from .wire import read_current, read_players, read_seats

Schema = dict[str, Any]
Self = TypeVar("Self", bound="BoxState")
Record = TypeVar("Record", bound=type)


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


@dataclass(frozen=True, slots=True)
class Kind:
    """How one JSON member is read (`read(value)`, or `read(value, what)` where `what`
    names it for the complaint; MalformedInput), how its value is written (`write` None:
    the value is its own JSON), and its JSON Schema."""

    read: Callable[..., Any]
    write: Callable[[Any], Any] | None
    schema: Schema
    what: str | None = None


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
    return Kind(read_list, list, _ref("FaceUpPile"), what)


def shown(what: str) -> Kind:
    """A pile every card of which was turned up for all to see (a won pile, cards set
    aside): a list, or a count where its cards are not known (a bare number is read as a
    count: `read_shown`)."""
    return Kind(read_shown, pile_to_wire, _ref("ShownPile"), what)


def count(what: str, most: int = 80) -> Kind:
    """A number of cards, 0 or more."""
    return Kind(read_count, None, {"type": "integer", "minimum": 0, "maximum": most}, what)


def entries(what: str) -> Kind:
    """A battle, trick or middle: `{"player", "card"}` entries, `card` null where hidden."""
    return Kind(read_entries, _records, _ref("TableEntries"), what)


def seats(what: str) -> Kind:
    """A list of player indices (`finished`, `flipped`)."""
    return Kind(read_seats, list, SEATS_SCHEMA, what)


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


def wire_schema(cls: type) -> dict[str, Schema]:
    """The JSON Schema of each wired member of a state or player class, in order."""
    return {name: kind.schema for name, kind in cls.WIRE}


def _written(cls: type, name: str, body: str, names: dict[str, Any]) -> Any:
    """The function `name` of `body` (source made for `cls`), run with `names` in scope."""
    scope: dict[str, Any] = {}
    exec(compile(body, f"<{cls.__qualname__}.{name}>", "exec"), names, scope)  # noqa: S102 - made here, not read in
    return scope[name]


@dataclass_transform(frozen_default=True, field_specifiers=(field, wired))
def wired_record(cls: Record) -> Record:
    """`cls` (over `BoxState` or `BoxPlayer`) made a frozen dataclass with slots, its wire
    table (`WIRE`: (name, kind) of the wired fields in order; `OPTIONAL`: those left out
    while None) and its `to_dict` and `from_dict` written out for its fields."""
    cls = dataclass(frozen=True, slots=True)(cls)  # type: ignore[assignment]
    wired_fields = [f for f in fields(cls) if "kind" in f.metadata]  # type: ignore[arg-type]
    cls.WIRE = tuple((f.name, f.metadata["kind"]) for f in wired_fields)  # type: ignore[attr-defined]
    cls.OPTIONAL = frozenset(f.name for f in wired_fields if f.metadata.get("optional"))  # type: ignore[attr-defined]
    names: dict[str, Any] = {"options_to_wire": options_to_wire, "read_players": read_players,
                             "read_current": read_current, "read_seats": read_seats}
    written, read, leave_out = [], [], []
    for k, (name, kind) in enumerate(cls.WIRE):  # type: ignore[attr-defined]
        names[f"write{k}"], names[f"read{k}"], names[f"what{k}"] = kind.write, kind.read, kind.what
        value = f"self.{name}" if kind.write is None else f"write{k}(self.{name})"
        arguments = f'data["{name}"]' if kind.what is None else f'data["{name}"], what{k}'
        if name in cls.OPTIONAL:  # type: ignore[attr-defined]
            leave_out.append(f'    if self.{name} is not None:\n        data["{name}"] = {value}\n')
            read.append(f'read{k}({arguments}) if "{name}" in data else None')
        else:
            written.append(f'"{name}": {value}')
            read.append(f"read{k}({arguments})")
    if issubclass(cls, BoxState):
        head = ['"ruleset": self.ruleset', '"options": options_to_wire(self.options)',
                '"players": [p.to_dict() for p in self.players]', '"current": self.current',
                '"waiting": list(self.waiting)']
        read_head = ['options', 'read_players(data["players"], cls.player_members(options), cls.PLAYER.from_dict)',
                     'read_current(data["current"])', 'read_seats(data["waiting"], "waiting")']
        from_dict = ("def from_dict(cls, data):\n    cls.MEMBERS.check(data)\n"
                     '    options = cls.read_options(data["options"], data["players"])\n'
                     f"    return cls({', '.join(read_head + read)})\n")
    else:
        head, read_head = ['"name": self.name'], ['data["name"]']
        from_dict = f"def from_dict(cls, data):\n    return cls({', '.join(read_head + read)})\n"
    to_dict = f"def to_dict(self):\n    data = {{{', '.join(head + written)}}}\n{''.join(leave_out)}    return data\n"
    cls.to_dict = _written(cls, "to_dict", to_dict, names)  # type: ignore[attr-defined]
    cls.from_dict = classmethod(_written(cls, "from_dict", from_dict, names))  # type: ignore[attr-defined]
    if issubclass(cls, BoxState):
        if "ruleset" not in cls.__dict__:  # a game's state is named after its folder, as its ruleset
            cls.ruleset = game_name(cls.__module__.rpartition(".")[0])
        cls.MEMBERS = Members(f"{cls.ruleset} state", [*HEAD, *(name for name, _ in cls.WIRE)])
        player = ["name", *(name for name, _ in cls.PLAYER.WIRE)]
        cls.PLAYER_MEMBERS = {
            with_optional: Members(f"{cls.ruleset} player",
                                   [n for n in player if with_optional or n not in cls.PLAYER.OPTIONAL])
            for with_optional in (False, True)
        }
    return cls


@dataclass(frozen=True, slots=True)
class BoxPlayer:
    """A player: a `name`, then the game's own piles and counts (wired fields)."""

    name: str

    #: The wired fields in order: (name, kind); those left out of the JSON while None.
    WIRE: ClassVar[tuple[tuple[str, Kind], ...]] = ()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxPlayer:
        """A player from its object, whose members and name `read_players` has checked
        (written out for each game's player class by `wired_record`)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


#: The members every box game's state begins with.
HEAD = ("ruleset", "options", "players", "current", "waiting")


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
    #: The wired fields in order: (name, kind); those left out of the JSON while None.
    WIRE: ClassVar[tuple[tuple[str, Kind], ...]] = ()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: The members of the state object, and of a player object without and with the
    #: player's optional members (made by `wired_record`).
    MEMBERS: ClassVar[Members]
    PLAYER_MEMBERS: ClassVar[dict[bool, Members]]

    def __init_subclass__(cls, options: tuple[Option, ...] | None = None, player: type[BoxPlayer] | None = None,
                          **kwargs: Any) -> None:
        """A game's state names its options and its players' class in its header:
        `class ZweikampfState(BoxState, options=OPTIONS, player=Fighter)`."""
        # Named: a slotted dataclass is made anew, and zero-argument super() would name the
        # class before it.
        super(BoxState, cls).__init_subclass__(**kwargs)
        # `wired_record` makes the class again (a dataclass with slots), without the
        # keywords: it keeps what the first making set.
        if options is not None:
            cls.OPTIONS = options
        if player is not None:
            cls.PLAYER = player

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def deck(self) -> frozenset[str]:
        """The cards of the game: 1 to 20 of its colours (`colors_of`); a game dealt from
        other cards says which."""
        return deck_of(colors_of(self.options))

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
        """The state from its JSON; MalformedInput for the wrong shape (written out for
        each game's state class by `wired_record`)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The state's JSON (written out for each game's state class by `wired_record`)."""
        raise NotImplementedError


__all__ = ["BoxState", "BoxPlayer", "wired_record", "Kind", "wired", "PILE", "SEAT", "face_up", "shown", "count",
           "entries", "seats", "records_of", "wire_schema", "HEAD"]
