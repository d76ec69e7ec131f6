"""`BoxState` and `BoxPlayer`: the state every box game has, and its wire form, written once.

Every box game's state begins with the same head: `ruleset` (a class attribute: the
game's name, taken from its folder as its ruleset's is), the
`options`, the `players`, `current` and `waiting`, and `checked` (set once the state has
passed its checks, never on the wire). A game's state is a class over
`BoxState`, made a record by `@wired_record`, that adds its own fields, each declared with
`wired(kind, about=..., pile=...)`: the field's JSON member has the field's name, `kind`
says how it is read, written and what its schema is (`Kind`), `about` what the contract
says of it, and `pile`, for a member holding cards, how a person sees them (`Pile`: its
label and whether its cards lie face down, face up or in a hand). Its players are
likewise a `@wired_record` over `BoxPlayer`; the state and player classes give the
contract's title and description (`TITLE`, `ABOUT`). From those declarations come, in
the fields' order:

- `to_dict`: the state's JSON (members in field order, the head first);
- `from_dict`: the state read from JSON, every member checked for shape (MalformedInput);
- `wire_schema`: each member's JSON Schema, from which `referee.contract_gen` writes the
  game's part of `schemas/state.json`;
- `PILES`: every pile of the game, a player's and the table's, which the picture draws.

`to_dict` and `from_dict` are on the path of every request, so `wired_record` builds them
once per class, as loops over the class's field table read into tuples, the head apart
(no code is written at run time).

The kinds every game uses are here (`PILE`, `face_up`, `shown`, `count`, `entries`,
`SEAT`, `seats`); a game makes a `Kind` of its own for a member only it has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, TypeVar, dataclass_transform

from ...core.errors import MalformedInput
from ...core.ruleset import game_name
from ...core.wire import Members
from ...core.zones import replaced
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
    #: How a pile of this kind is laid out: "pile" (a list of cards, or a count where
    #: hidden), "piles" (a list of such piles), "entries" (one card per player, each with
    #: its player) or "records" (the game's own records holding cards); "value" for a
    #: member that holds no cards.
    shape: str = "value"
    #: The schemas `schema` refers to that are the game's own (`state.json`'s `$defs`).
    defs: Mapping[str, Schema] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Pile:
    """A member holding cards, as a person at the table sees it: its `label` (an English
    text of the pages catalogue) and how its cards lie (`face`: "down", "up", or "held", a
    hand its holder sees). `wired_record` fills in the rest: the member's `name`, its
    `owner` ("player": each player has one; "table") and its kind's `shape`."""

    label: str
    face: str
    name: str = ""
    owner: str = ""
    shape: str = ""


FACES = ("down", "up", "held")


def wired(kind: Kind, optional: bool = False, *, about: str = "", pile: Pile | None = None) -> Any:
    """A dataclass field that is a JSON member of this `kind`, which the contract describes
    as `about`; an `optional` one defaults to None and is left out of the JSON while it is
    None; a `pile` holds cards, and says how a person sees them (the picture draws every
    pile declared)."""
    if pile is not None and (pile.face not in FACES or kind.shape == "value"):
        raise ValueError(f"a pile lies {', '.join(FACES)} and is of a kind that holds cards, not {pile}")
    metadata = {"kind": kind, "pile": pile, "about": about}
    if optional:
        return field(default=None, metadata={**metadata, "optional": True})
    return field(metadata=metadata)


#: A player index, or null.
SEAT_SCHEMA: Schema = {"type": ["integer", "null"], "minimum": 0, "maximum": 15}
SEATS_SCHEMA: Schema = {"type": "array", "minItems": 0, "maxItems": 16,
                        "items": {"type": "integer", "minimum": 0, "maximum": 15}}

#: A pile or hand: a list of cards, top first, or `{"count": n}`.
PILE = Kind(read_pile, pile_to_wire, _ref("ClassicCards"), shape="pile")
SEAT = Kind(read_current, None, SEAT_SCHEMA)
NAME_SCHEMA = _ref("PlayerName")


def face_up(what: str) -> Kind:
    """A pile that always lies face up: a list, never a count."""
    return Kind(read_list, list, _ref("FaceUpPile"), what, shape="pile")


def face_down_stack() -> Any:
    """A player's face-down stack, as every game that deals stacks declares it."""
    return wired(PILE, pile=Pile("Stack", "down"), about="The face-down stack, top card first, or its size alone.")


def open_pile() -> Any:
    """A player's face-up open pile, as every game with one declares it."""
    return wired(face_up("an open pile"), pile=Pile("Open", "up"), about="The open pile, face up, top card first.")


def won_pile() -> Any:
    """A player's face-up pile of the cards won, every card of it known (a list), as
    Zweikampf and the game `referee new-game` writes declare it."""
    return wired(face_up("a won pile"), pile=Pile("Won", "up"), about="The cards won, face up, top card first.")


def shown(what: str) -> Kind:
    """A pile every card of which was turned up for all to see (a won pile, cards set
    aside): a list, or a count where its cards are not known (a bare number is read as a
    count: `read_shown`)."""
    return Kind(read_shown, pile_to_wire, _ref("ShownPile"), what, shape="pile")


def count(what: str, most: int = 80) -> Kind:
    """A number of cards, 0 or more (at most the 80 of the box unless `most` says)."""
    schema = _ref("BoxCount") if most == 80 else {"type": "integer", "minimum": 0, "maximum": most}
    return Kind(read_count, None, schema, what)


def entries(what: str) -> Kind:
    """A battle, trick or middle: `{"player", "card"}` entries, `card` null where hidden."""
    return Kind(read_entries, _records, _ref("TableEntries"), what, shape="entries")


def seats(what: str) -> Kind:
    """A list of player indices (`finished`, `flipped`)."""
    return Kind(read_seats, list, SEATS_SCHEMA, what)


def _records(records: Iterable[Any]) -> list[dict[str, Any]]:
    return [r.to_dict() for r in records]


def records_of(read_one: Callable[[Any], Any], not_a_list: str, schema: Schema,
               defs: Mapping[str, Schema] | None = None) -> Kind:
    """A list of records of the game's own (a play on Mogeln's stack, a Ratefix guess),
    each read by `read_one` and written by its `to_dict`; `not_a_list` is the complaint
    about anything but a list; `defs`, the schemas of the record `schema` refers to."""
    def read(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise MalformedInput(not_a_list)
        return tuple(read_one(item) for item in value)
    return Kind(read, _records, schema, shape="records", defs=dict(defs or {}))


def wire_schema(cls: type) -> dict[str, Schema]:
    """The JSON Schema of each wired member of a state or player class, in order, with the
    words that describe it (`wired(..., about=...)`)."""
    about = {f.name: f.metadata["about"] for f in fields(cls) if "kind" in f.metadata}
    return {name: {"description": about[name], **kind.schema} if about[name] else kind.schema
            for name, kind in cls.WIRE}


def _writer(cls: type) -> Callable[[Any], dict[str, Any]]:
    """`to_dict` for a state or player class: the head, then its wired members in order,
    the optional ones last and left out while None. Built once per class, over its field
    table read into tuples (a member's writer None: the value is its own JSON)."""
    required = tuple((name, kind.write) for name, kind in cls.WIRE if name not in cls.OPTIONAL)
    optional = tuple((name, kind.write) for name, kind in cls.WIRE if name in cls.OPTIONAL)
    head = _state_head if issubclass(cls, BoxState) else _player_head

    # On every request: the loops are in the function itself, a call for each member
    # would show.
    def to_dict(self: Any) -> dict[str, Any]:
        data = head(self)
        for name, write in required:
            data[name] = getattr(self, name) if write is None else write(getattr(self, name))
        for name, write in optional:
            value = getattr(self, name)
            if value is not None:
                data[name] = value if write is None else write(value)
        return data
    return to_dict


def _state_head(state: Any) -> dict[str, Any]:
    return {"ruleset": state.ruleset, "options": options_to_wire(state.options),
            "players": [p.to_dict() for p in state.players], "current": state.current,
            "waiting": list(state.waiting)}


def _player_head(player: Any) -> dict[str, Any]:
    return {"name": player.name}


def _reader(cls: type) -> Callable[..., Any]:
    """`from_dict` for a state or player class: the head read by the family, then each
    wired member by its kind (an optional one None while absent), in field order."""
    table = tuple((name, kind.read, kind.what) for name, kind in cls.WIRE)
    optional = cls.OPTIONAL
    head = _read_state_head if issubclass(cls, BoxState) else _read_player_head

    # As `_writer`'s loops; a record without optional members (most) tests for none.
    if optional:
        def from_dict(cls: Any, data: Any) -> Any:
            values = head(cls, data)
            for name, read, what in table:
                if name in optional and name not in data:
                    values.append(None)
                else:
                    values.append(read(data[name]) if what is None else read(data[name], what))
            return cls(*values)
    else:
        def from_dict(cls: Any, data: Any) -> Any:
            values = head(cls, data)
            for name, read, what in table:
                values.append(read(data[name]) if what is None else read(data[name], what))
            return cls(*values)
    return from_dict


def _read_state_head(cls: Any, data: Any) -> list[Any]:
    """The state's head: its members checked, its options, players, `current` and `waiting`."""
    cls.MEMBERS.check(data)
    options = cls.read_options(data["options"], data["players"])
    return [options, read_players(data["players"], cls.player_members(options), cls.PLAYER.from_dict),
            read_current(data["current"]), read_seats(data["waiting"], "waiting")]


def _read_player_head(cls: Any, data: Any) -> list[Any]:
    """A player's name (`read_players` has checked it and the members)."""
    return [data["name"]]


@dataclass_transform(frozen_default=True, field_specifiers=(field, wired))
def wired_record(cls: Record) -> Record:
    """`cls` (over `BoxState` or `BoxPlayer`) made a frozen dataclass with slots, its wire
    table (`WIRE`: (name, kind) of the wired fields in order; `OPTIONAL`: those left out
    while None) and its `to_dict` and `from_dict` made for its fields."""
    made: Any = dataclass(frozen=True, slots=True)(cls)
    wired_fields = [f for f in fields(made) if "kind" in f.metadata]
    made.WIRE = tuple((f.name, f.metadata["kind"]) for f in wired_fields)
    made.OPTIONAL = frozenset(f.name for f in wired_fields if f.metadata.get("optional"))
    made.OWN_PILES = tuple(replace(f.metadata["pile"], name=f.name, shape=f.metadata["kind"].shape)
                           for f in wired_fields if f.metadata.get("pile"))
    made.to_dict = _writer(made)
    made.from_dict = classmethod(_reader(made))
    if issubclass(made, BoxState):
        if "ruleset" not in made.__dict__:  # a game's state is named after its folder, as its ruleset
            made.ruleset = game_name(made.__module__.rpartition(".")[0])
        made.PILES = (*(replace(p, owner="player") for p in made.PLAYER.OWN_PILES),
                      *(replace(p, owner="table") for p in made.OWN_PILES))
        made.MEMBERS = Members(f"{made.ruleset} state", [*HEAD, *(name for name, _ in made.WIRE)])
        player = ["name", *(name for name, _ in made.PLAYER.WIRE)]
        made.PLAYER_MEMBERS = {
            with_optional: Members(f"{made.ruleset} player",
                                   [n for n in player if with_optional or n not in made.PLAYER.OPTIONAL])
            for with_optional in (False, True)
        }
    return made


@dataclass(frozen=True, slots=True)
class BoxPlayer:
    """A player: a `name`, then the game's own piles and counts (wired fields)."""

    name: str

    #: The contract's words for a player object: its title and description.
    TITLE: ClassVar[str] = ""
    ABOUT: ClassVar[str] = ""
    #: The wired fields in order: (name, kind); those left out of the JSON while None.
    WIRE: ClassVar[tuple[tuple[str, Kind], ...]] = ()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: The piles among them, in order.
    OWN_PILES: ClassVar[tuple[Pile, ...]] = ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxPlayer:
        """A player from its object, whose members and name `read_players` has checked
        (made for each game's player class by `wired_record`)."""
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
    #: The contract's words for the state object: its title and description.
    TITLE: ClassVar[str] = ""
    ABOUT: ClassVar[str] = ""
    #: The options the game takes, in the order `GET /v1/rulesets` lists them.
    OPTIONS: ClassVar[tuple[Option, ...]]
    #: The class of its players.
    PLAYER: ClassVar[type[BoxPlayer]]
    #: The wired fields in order: (name, kind); those left out of the JSON while None.
    WIRE: ClassVar[tuple[tuple[str, Kind], ...]] = ()
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()
    #: The piles among the state's own wired fields, in order; and every pile of the game:
    #: each player's, then the table's (made by `wired_record`).
    OWN_PILES: ClassVar[tuple[Pile, ...]] = ()
    PILES: ClassVar[tuple[Pile, ...]] = ()
    #: The members of the state object, and of a player object without and with the
    #: player's optional members (made by `wired_record`).
    MEMBERS: ClassVar[Members]
    PLAYER_MEMBERS: ClassVar[dict[bool, Members]]
    #: The boolean option under which the players have their optional members, which
    #: they lack without it (Schnipp Schnapp's `won` with `together`); None: never.
    PLAYER_OPTIONAL_WITH: ClassVar[str | None] = None

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
        return replaced(self, checked=True)

    @classmethod
    def read_options(cls, data: Any, players: Any) -> Options:
        """The options, every default filled (`players` as sent: a default may depend on
        how many there are)."""
        return read_options(data, cls.OPTIONS)

    @classmethod
    def player_members(cls, options: Options) -> Members:
        """The members of a player object: the name and the player class's wired fields,
        the optional ones with the option `PLAYER_OPTIONAL_WITH` only."""
        return cls.PLAYER_MEMBERS[bool(cls.PLAYER_OPTIONAL_WITH and options[cls.PLAYER_OPTIONAL_WITH])]

    @classmethod
    def from_dict(cls: type[Self], data: Any) -> Self:
        """The state from its JSON; MalformedInput for the wrong shape (made for
        each game's state class by `wired_record`)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The state's JSON (made for each game's state class by `wired_record`)."""
        raise NotImplementedError


__all__ = ["BoxState", "BoxPlayer", "wired_record", "Kind", "Pile", "wired", "PILE", "SEAT", "face_up", "shown", "count", "entries",
           "seats", "records_of", "wire_schema", "HEAD"]
