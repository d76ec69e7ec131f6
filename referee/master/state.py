"""The game state of Elfer raus! MASTER and its lossless conversion to and from plain data.

A state is immutable: tuples and frozen records, so the engine can hand it out and take
it back without copies. `State.from_dict` accepts the JSON shape of API.md (checking
only the shape: whether the state can happen is `validity.check_state`'s job) and
`State.to_dict` writes the canonical form (row values sorted ascending). The codec is
written by hand: it is on every request's path, and marshmallow costs milliseconds
here (see the README's figures).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from ..core.cards import CARD_NAMES, COLORS, VALUES, Slot, is_card
from ..core.errors import MalformedInput

RULESET = "master"
_SLOT_VALUES = frozenset(VALUES)


class Hidden(NamedTuple):
    """A hand or draw pile the referee cannot see: only how many cards it holds."""

    count: int


#: A hand or pile: the cards in order (a pile's top card first), or only their count.
Cards = tuple[str, ...] | Hidden


class Player(NamedTuple):
    name: str
    hand: Cards
    bridges: int
    bonus: int

    @property
    def hand_size(self) -> int:
        return self.hand.count if isinstance(self.hand, Hidden) else len(self.hand)


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


class GameState:
    """What the states of every ruleset answer alike: whether the game is over, the pile's
    size, and the engine's mark for states it made itself (they need no validity check).

    A subclass is a frozen dataclass with `players` (each with `hand_size`), `passes`,
    `pile` and `checked`.
    """

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        """True when a hand is empty or every player has passed in a row."""
        return any(p.hand_size == 0 for p in self.players) or (
            self.passes >= len(self.players) > 0
        )

    @property
    def pile_size(self) -> int:
        return self.pile.count if isinstance(self.pile, Hidden) else len(self.pile)

    def marked_checked(self):
        return replace(self, checked=True)


@dataclass(frozen=True, slots=True)
class State(GameState):
    players: tuple[Player, ...]
    current: int
    rows: tuple[Row, ...]
    bridges: tuple[TableBridge, ...]
    pile: Cards
    passes: int
    ruleset: str = RULESET
    #: Set on states the engine made itself, which need no validity check.
    checked: bool = field(default=False, compare=False, repr=False)

    def row_order(self) -> dict[str, int]:
        """Each colour's position from the top."""
        return {row.color: i for i, row in enumerate(self.rows)}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Read the JSON shape of a state; raises MalformedInput where it is not one."""
        try:
            if data.get("ruleset", RULESET) != RULESET:
                raise MalformedInput(f"ruleset {data['ruleset']!r} is not {RULESET!r}")
            return cls(
                players=tuple(_player(p) for p in data["players"]),
                current=_int(data["current"]),
                rows=tuple(_row(r) for r in data["rows"]),
                bridges=tuple(
                    TableBridge(Slot.parse(b["from"]), Slot.parse(b["to"]))
                    for b in data.get("bridges", ())
                ),
                pile=_cards(data["pile"]),
                passes=_int(data.get("passes", 0)),
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


def _int(value: Any) -> int:
    if type(value) is not int:  # bool is an int subclass, and is no count
        raise MalformedInput(f"{value!r} is not an integer: write counts and indexes as integers (5, not 5.0)")
    return value


def _cards(value: Any) -> Cards:
    if isinstance(value, dict):
        count = _int(value["count"])
        if count < 0:
            raise MalformedInput("a card count cannot be negative")
        return Hidden(count)
    cards = tuple(value)
    if not CARD_NAMES.issuperset(cards):  # one C-level pass for the common, sound case
        bad = next(card for card in cards if not is_card(card))
        raise MalformedInput(f"{bad!r} is not a card")
    return cards


def _cards_to_json(cards: Cards) -> Any:
    return {"count": cards.count} if isinstance(cards, Hidden) else list(cards)


def _player(data: Any) -> Player:
    name = data["name"]
    if not isinstance(name, str):
        raise MalformedInput("a player's name is a string")
    return Player(name, _cards(data["hand"]), _int(data["bridges"]), _int(data["bonus"]))


def _row(data: Any) -> Row:
    color = data["color"]
    if color not in COLORS:
        raise MalformedInput(f"{color!r} is not a colour")
    cards = tuple(data["cards"])
    jokers = tuple(data.get("jokers", ()))
    # Set checks run in C; `type` also rules out True and 1.0, which would pass for 1.
    if not (_SLOT_VALUES.issuperset(cards) and _SLOT_VALUES.issuperset(jokers)) or not {
        int
    }.issuperset(map(type, cards + jokers)):
        raise MalformedInput(f"the {color} row's values are whole numbers from 1 to 21")
    return Row(color, cards, jokers)
