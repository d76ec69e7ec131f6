"""The actions of an Überall anschließen turn (docs/games/ueberall-anschliessen.md) and
their reader: `reveal` the top of the own stack, `place` it (`"middle"`, `"own"` or a
seat), `stopp`."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...families.box.actions import REVEAL, ActionKind, ActionReader, Reveal
from ...core.errors import MalformedInput
from ...core.wire import Members

MIDDLE, OWN = "middle", "own"
PLACE = Members("place action", {"type", "to"})
STOPP = Members("stopp action", {"type"})
#: The highest seat index a place may name (the schema's bound; more players than six
#: are refused with the state).
SEATS = 16

__all__ = ["MIDDLE", "OWN", "READ", "Place", "Reveal", "Stopp"]


class Place(NamedTuple):
    """Put the card just turned up on the middle, the own open pile or a seat's open pile."""

    to: str | int
    kind = "place"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "place", "to": self.to}


class Stopp(NamedTuple):
    """The table caught an overlooked fit: the card stays, and the others give a penalty."""

    kind = "stopp"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "stopp"}


def read_place(data: dict[str, Any]) -> Place:
    PLACE.check(data)
    to = data["to"]
    if to in (MIDDLE, OWN) or (type(to) is int and 0 <= to < SEATS):
        return Place(to)
    raise MalformedInput(f'a place goes "to" the "{MIDDLE}", the "{OWN}" open pile or a seat, 0 to {SEATS - 1}')


def read_stopp(data: dict[str, Any]) -> Stopp:
    STOPP.check(data)
    return Stopp()


READ = ActionReader([
    REVEAL,
    ActionKind(
        "place", read_place, "Place on a pile",
        ("Put the card just turned up on the \"middle\", on the \"own\" open pile, or on another player's open"
         " pile (their seat index; the own seat, or a seat that does not exist, is answered with "
         "TURN_SHAPE)."),
        {"to": {"oneOf": [{"type": "string", "maxLength": 6, "enum": ["middle", "own"]}, {"type": "integer", "minimum": 0, "maximum": 15}]}},
        required=("to",)),
    ActionKind(
        "stopp", read_stopp, "Stopp!",
        ("The table caught an overlooked fit, right after the card was put on the own pile: the card "
         "stays, the turn ends, and each other player gives the bottom card of their stack onto the top of"
         " the overlooker's stack."),
        {})
], turn=("A turn of an Überall anschließen game: one or more reveal, place pairs, then optionally stopp, "
          "by the player to move. Any other shape is answered with TURN_SHAPE."), most=200)
