"""The actions of a Farben sammeln turn (docs/games/farben-sammeln.md) and their reader:
`take` from the pile or a display stack, `discard` a card onto a display stack, `close`."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...families.box.actions import CARD_OR_NULL, ActionKind, ActionReader, optional_card
from ...families.box.piles import READER
from ...core.errors import MalformedInput
from ...core.wire import Members
from .state import STACKS

PILE = "pile"
TAKE = Members("take action", {"type", "from"}, {"card"})
DISCARD = Members("discard action", {"type", "card", "to"})
CLOSE = Members("close action", {"type"})


class Take(NamedTuple):
    """Take the pile's top card or a display stack's top card into the hand."""

    source: str | int
    card: str | None = None
    kind = "take"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "take", "from": self.source}
        if self.card is not None:
            data["card"] = self.card
        return data


class Discard(NamedTuple):
    """Put a card from the hand face up on display stack `to`."""

    card: str
    to: int
    kind = "discard"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "discard", "card": self.card, "to": self.to}


class Close(NamedTuple):
    """Say "Schluss": the round ends."""

    kind = "close"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "close"}


def _stack(value: Any, problem: str) -> int:
    if type(value) is not int or not 0 <= value < STACKS:
        raise MalformedInput(problem)
    return value


def read_take(data: dict[str, Any]) -> Take:
    TAKE.check(data)
    source = data["from"]
    if source != PILE:
        source = _stack(source, f'a take is "from" the "{PILE}" or a display stack, 0 to {STACKS - 1}')
    return Take(source, optional_card(data))


def read_discard(data: dict[str, Any]) -> Discard:
    DISCARD.check(data)
    return Discard(READER.card(data["card"]), _stack(data["to"], f'a discard goes "to" a display stack, 0 to {STACKS - 1}'))


def read_close(data: dict[str, Any]) -> Close:
    CLOSE.check(data)
    return Close()


READ = ActionReader([
    ActionKind(
        "take", read_take, "Take",
        ("Take a card into the hand: from \"pile\" (its top; \"card\" names it, needed when the pile is hidden"
         " and the hand known) or from display stack 0 to 3 (its top; \"card\" may be given and must match)."),
        {"from": {"oneOf": [{"type": "string", "const": "pile"}, {"description": "One of the four display stacks of Farben sammeln, 0 to 3.", "type": "integer", "minimum": 0, "maximum": 3}]},
         "card": CARD_OR_NULL},
        required=("from",)),
    ActionKind(
        "discard", read_discard, "Discard",
        ("Put a card from the hand face up on display stack \"to\"; onto the emptied one if the take emptied"
         " a stack."),
        {"card": {"$ref": "card.json#/$defs/ClassicCard"},
         "to": {"description": "One of the four display stacks of Farben sammeln, 0 to 3.", "type": "integer", "minimum": 0, "maximum": 3}},
        required=("card", "to",)),
    ActionKind(
        "close", read_close, "Close",
        "Say \"Schluss\": the round ends; only with a hand of one colour.",
        {})
], turn=("A turn of a Farben sammeln game: take, discard, and optionally close, by the player to move. "
          "Any other shape is answered with TURN_SHAPE."))
