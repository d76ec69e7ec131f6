"""The state of a classic or junior game and its conversion to and from plain data.

Immutable like MASTER's: tuples and frozen records. `read_state` accepts the JSON shape
of docs/games/classic.md (checking only the shape; whether the state can happen is
`validity.check_state`'s job), and `RowState.to_dict` writes the canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core.errors import MalformedInput
from ...core.wire import Members, Wire, read_int
from ...core.zones import Cards, GameState, Hidden
from .variant import Variant

_PLAYER = Members("player", {"name", "hand"})
_ROW = Members("row", {"color", "cards"})


class Player(NamedTuple):
    """A player: a name and a hand (the cards in order, or only their count)."""

    name: str
    hand: Cards


class Row(NamedTuple):
    """One row: its colour and the values lying in it (kept as given, so checks can name them)."""

    color: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RowState(GameState):
    variant: Variant
    players: tuple[Player, ...]
    current: int
    rows: tuple[Row, ...]
    opening: int | None
    pile: Cards
    passes: int
    #: Set on states the engine made itself, which need no validity check.
    checked: bool = field(default=False, compare=False, repr=False)

    @property
    def ruleset(self) -> str:
        return self.variant.ruleset

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON shape: row values sorted ascending, rows in the order started."""
        data: dict[str, Any] = {"ruleset": self.variant.ruleset}
        options = self.variant.options_json()
        if options is not None:
            data["options"] = options
        data["players"] = [{"name": p.name, "hand": _cards_json(p.hand)} for p in self.players]
        data["current"] = self.current
        data["rows"] = [{"color": r.color, "cards": sorted(r.cards)} for r in self.rows]
        if options is not None:
            data["opening"] = self.opening
        data["pile"] = _cards_json(self.pile)
        data["passes"] = self.passes
        return data


def read_state(data: Any, variant: Variant, wire: Wire, members: Members) -> RowState:
    """A state of `variant` from its JSON shape; `members` are the members it has.

    Cards are read by the ruleset's `wire`, which knows every card any of its games has:
    a card of another edition's colour is a card, though an impossible one here.
    """
    members.check(data)
    try:
        opening = data.get("opening")
        return RowState(
            variant=variant,
            players=tuple(_player(p, wire) for p in data["players"]),
            current=read_int(data["current"]),
            rows=tuple(_row(r, wire) for r in data["rows"]),
            opening=None if opening is None else read_int(opening),
            pile=wire.cards(data["pile"]),
            passes=read_int(data["passes"]),
        )
    except MalformedInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MalformedInput(f"not a {variant.ruleset} game state: {exc}") from None


def _cards_json(cards: Cards) -> Any:
    return {"count": cards.count} if isinstance(cards, Hidden) else list(cards)


def _player(data: Any, wire: Wire) -> Player:
    _PLAYER.check(data)
    name = data["name"]
    if not isinstance(name, str):
        raise MalformedInput("a player's name is a string")
    return Player(name, wire.cards(data["hand"]))


def _row(data: Any, wire: Wire) -> Row:
    _ROW.check(data)
    color = data["color"]
    if not isinstance(color, str) or color not in wire.deck.colors:
        raise MalformedInput(f"{color!r} is not a colour of the {wire.game} game")
    cards = tuple(data["cards"])
    if any(type(v) is not int or v not in wire.deck.values for v in cards):
        raise MalformedInput(
            f"the {color} row's values are whole numbers from 1 to {wire.deck.top}"
        )
    return Row(color, cards)
