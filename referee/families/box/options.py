"""The options of the box games (docs/games/index.md): read, filled, checked, listed.

Two kinds of wrong option, told apart as docs/games/index.md, "Cards and options", says:

- the wrong type, a value outside the option's fixed range (an edition not listed,
  `cards_each` below 1) or an option the game does not take: the request is malformed
  (`MalformedInput`, answered SCHEMA_VIOLATION), raised by `read_options`;
- a value the game does not have in this edition or with these players (`colors` of
  the other edition, `cards_each` above 80 ÷ players): the state cannot happen
  (INVALID_STATE naming the option), raised by `check_options`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.errors import MalformedInput, invalid_state
from ...core.wire import read_int
from .cards import EDITIONS

Options = dict[str, Any]


class Option:
    """One option: its name, how a value is read, its default, its listing, and the JSON
    Schema of its value (the contract's, `referee.contract_gen`)."""

    def __init__(self, name: str, read: Callable[[Any], Any], default: Any, values: list[Any],
                 description: str, schema: dict[str, Any] | None = None):
        self.name = name
        self.read = read
        self.default = default
        self.values = values
        self.description = description
        self.schema = schema if schema is not None else {"type": "boolean"}

    def listing(self) -> dict[str, Any]:
        """The option as `GET /v1/rulesets` lists it."""
        return {"name": self.name, "values": self.values, "default": self.default,
                "description": self.description}


def _edition(value: Any) -> str:
    if value not in EDITIONS:
        raise MalformedInput(f"the edition is one of {sorted(EDITIONS)}, not {value!r}")
    return value


def boolean(name: str) -> Callable[[Any], bool]:
    def read(value: Any) -> bool:
        if type(value) is not bool:
            raise MalformedInput(f"{name} is true or false")
        return value
    return read


def _colors(value: Any) -> tuple[str, ...]:
    letters = {c for colors in EDITIONS.values() for c in colors}
    if (not isinstance(value, list) or len(value) != 2 or any(c not in letters for c in value)
            or value[0] == value[1]):
        raise MalformedInput('colors are two different colour letters, such as ["O", "Y"]')
    return tuple(value)


def _positive(name: str) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        if read_int(value) < 1:
            raise MalformedInput(f"{name} is at least 1")
        return value
    return read


def _pairs() -> list[list[str]]:
    seen: list[list[str]] = []
    for colors in EDITIONS.values():
        for a in colors:
            for b in colors:
                if a != b and [a, b] not in seen:
                    seen.append([a, b])
    return seen


EDITION = Option(
    "edition", _edition, "2018", list(EDITIONS),
    "The edition of the cards: 2018 (orange, yellow, green, blue) or original (red instead "
    "of orange).",
    {"$ref": "#/$defs/ClassicEdition"},
)
COLORS = Option(
    "colors", _colors, ["O", "Y"], _pairs(),
    "The two colours the game is played with, two different letters of the edition; its "
    'first two when left out (["O", "Y"] in 2018, ["R", "Y"] in the original).',
    {"$ref": "#/$defs/TwoColors"},
)
UNTIL_ALL = Option(
    "until_all", boolean("until_all"), False, [False, True],
    "Play on until one player holds every card: an empty stack takes the won pile turned "
    "over.",
)


def read_options(data: Any, declared: Sequence[Option]) -> Options:
    """The options of a state or new game, every default filled; MalformedInput for the
    wrong shape or an option the game does not take."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise MalformedInput("options are an object")
    names = {o.name for o in declared}
    if not names.issuperset(data):
        unknown = sorted(set(data) - names)
        raise MalformedInput(f"this game has no option {unknown[0]!r}")
    options = {o.name: o.read(data[o.name]) if o.name in data else o.default for o in declared}
    if "colors" in options and "colors" not in data:  # the default is the edition's first two
        options["colors"] = EDITIONS[options["edition"]][:2]
    return options


def check_options(options: Options) -> None:
    """INVALID_STATE for colours the edition does not have."""
    colors = options.get("colors")
    if colors is not None:
        edition = EDITIONS[options["edition"]]
        for letter in colors:
            if letter not in edition:
                raise invalid_state(
                    "the option colors names {letter}, a colour the {edition} edition does not have",
                    letter=letter, edition=options["edition"],
                )


def options_to_wire(options: Options) -> dict[str, Any]:
    return {name: list(value) if isinstance(value, tuple) else value for name, value in options.items()}
