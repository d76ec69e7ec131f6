"""Turns and their actions, parsed from and printed as the wire shape of API.md.

Each action is a small immutable record whose `to_dict` gives back the JSON it was
read from, and whose `repr` reads like the wire form, so failing examples print
legibly.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import JOKER, Slot, is_card
from .errors import MalformedInput


class Place(NamedTuple):
    """Put a number card in its slot, or a joker in the slot `at`."""

    card: str
    slot: Slot

    @property
    def is_joker(self) -> bool:
        return self.card == JOKER

    def to_dict(self) -> dict[str, str]:
        if self.card == JOKER:
            return {"type": "place", "card": JOKER, "at": str(self.slot)}
        return {"type": "place", "card": self.card}


class Bridge(NamedTuple):
    """Lay a bridge card from an occupied slot to the same value in a neighbouring row."""

    source: Slot
    target: Slot

    def to_dict(self) -> dict[str, str]:
        return {"type": "bridge", "from": str(self.source), "to": str(self.target)}


class Swap(NamedTuple):
    """Put this number card where a joker lies in its slot; the joker goes to hand."""

    slot: Slot

    @property
    def card(self) -> str:
        return str(self.slot)

    def to_dict(self) -> dict[str, str]:
        return {"type": "swap", "card": str(self.slot)}


class Draw(NamedTuple):
    """Take the top card of the pile; `card` names it where the pile is hidden."""

    card: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": "draw"} if self.card is None else {"type": "draw", "card": self.card}


class Pass(NamedTuple):
    """The pile is empty and the player cannot place a card."""

    def to_dict(self) -> dict[str, str]:
        return {"type": "pass"}


Action = Place | Bridge | Swap | Draw | Pass


class Turn(NamedTuple):
    player: int
    actions: tuple[Action, ...]

    @classmethod
    def from_dict(cls, data: Any) -> Turn:
        try:
            player = data["player"]
            if type(player) is not int:
                raise MalformedInput("a turn's player is a whole number")
            return cls(player, parse_actions(data["actions"]))
        except MalformedInput:
            raise
        except (KeyError, TypeError, AttributeError) as exc:
            raise MalformedInput(f"not a turn: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "actions": [a.to_dict() for a in self.actions]}


def parse_actions(data: Any) -> tuple[Action, ...]:
    if not isinstance(data, list):
        raise MalformedInput("actions are a list")
    return tuple(parse_action(a) for a in data)


def parse_action(data: Any) -> Action:
    """One action from its JSON shape; raises MalformedInput where it is not one."""
    try:
        kind = data["type"]
        fields = set(data) - {"type"}
        if kind == "place":
            card = data["card"]
            if card == JOKER:
                _only(fields, {"card", "at"}, kind)
                return Place(JOKER, Slot.parse(data["at"]))
            _only(fields, {"card"}, kind)
            return Place(card, Slot.parse(card))
        if kind == "bridge":
            _only(fields, {"from", "to"}, kind)
            return Bridge(Slot.parse(data["from"]), Slot.parse(data["to"]))
        if kind == "swap":
            _only(fields, {"card"}, kind)
            return Swap(Slot.parse(data["card"]))
        if kind == "draw":
            card = data.get("card")
            if card is not None and not is_card(card):
                raise MalformedInput(f"{card!r} is not a card")
            if fields - {"card"}:
                raise MalformedInput(f"unexpected fields in a draw: {sorted(fields)}")
            return Draw(card)
        if kind == "pass":
            _only(fields, set(), kind)
            return Pass()
    except MalformedInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MalformedInput(f"not an action: {exc}") from None
    raise MalformedInput(f"unknown action type {kind!r}")


def _only(fields: set[str], allowed: set[str], kind: str) -> None:
    if fields != allowed:
        raise MalformedInput(f"a {kind} action has exactly the fields {sorted(allowed)}")
