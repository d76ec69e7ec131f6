"""Turns and their actions, as small immutable records that print as the wire shape of
openapi.yaml.

Each action's `to_dict` gives back the JSON it was read from (`wire.py` reads them), and
its `repr` reads like the wire form, so failing examples print legibly. The classic and
junior games use `Place`, `Draw` and `Pass` only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import JOKER, Slot


class Place(NamedTuple):
    """Put a number card in its slot, or a joker in the slot `at`."""

    card: str
    slot: Slot

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
    """A player's whole turn: the actions in the order they were made (the actions above
    in the row games, a box game's own in the box games).

    Attributes:
        player: The player who plays the turn, counted from 0.
        actions: The turn's actions, in order (`engine.load_turn` reads them from JSON).
    """

    player: int
    actions: tuple[Any, ...]

    def to_dict(self) -> dict[str, Any]:
        """The turn's JSON shape, as `POST /v1/turns` takes it."""
        return {"player": self.player, "actions": [a.to_dict() for a in self.actions]}
