"""The actions of the box games and their one reader.

Each action is a small record that prints as its wire form (`to_dict`) and knows its
`kind` (its `type`). A game reads the kinds it has with their fields; any other kind is
read as `Other`, which no grammar fits, so the turn is refused with `TURN_SHAPE`
(docs/games/index.md, "Turns and checks") rather than as malformed. The fields of a kind
the game has are checked for shape here (SCHEMA_VIOLATION), their cards by the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from ...core.errors import MalformedInput
from ...core.wire import TURN, Members, read_int
from .piles import READER


class Reveal(NamedTuple):
    """Turn up the top card of the own stack; `card` names it where the stack is hidden."""

    card: str | None = None
    kind = "reveal"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "reveal"} if self.card is None else {"type": "reveal", "card": self.card}


class Play(NamedTuple):
    """Play a card from hand (face down into a trick); `card` may be left out only where
    the hand is hidden."""

    card: str | None = None
    kind = "play"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play"} if self.card is None else {"type": "play", "card": self.card}


class Other(NamedTuple):
    """An action of a kind this game does not have, kept as it was sent."""

    data: dict[str, Any]

    @property
    def kind(self) -> str:
        return self.data["type"]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)


class BoxTurnRecord(NamedTuple):
    """One player's turn: the actions in the order they were made."""

    player: int
    actions: tuple[Any, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "actions": [a.to_dict() for a in self.actions]}


CARD_ONLY = {"reveal": Members("reveal action", {"type"}, {"card"}),
             "play": Members("play action", {"type"}, {"card"})}


def optional_card(data: dict[str, Any]) -> str | None:
    card = data.get("card")
    return None if card is None else READER.card(card)


def read_reveal(data: dict[str, Any]) -> Reveal:
    CARD_ONLY["reveal"].check(data)
    return Reveal(optional_card(data))


def read_play(data: dict[str, Any]) -> Play:
    CARD_ONLY["play"].check(data)
    return Play(optional_card(data))


class ActionReader:
    """Reads one game's actions and turns: `kinds` maps each kind it has to its reader."""

    def __init__(self, kinds: Mapping[str, Callable[[dict[str, Any]], Any]]):
        self.kinds = dict(kinds)

    def action(self, data: Any) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise MalformedInput("an action is an object with a type")
        read = self.kinds.get(data["type"])
        return Other(dict(data)) if read is None else read(data)

    def actions(self, data: Any) -> tuple[Any, ...]:
        if not isinstance(data, (list, tuple)):
            raise MalformedInput("actions are a list")
        return tuple(self.action(a) for a in data)

    def turn(self, data: Any) -> BoxTurnRecord:
        TURN.check(data)
        return BoxTurnRecord(read_int(data["player"]), self.actions(data["actions"]))
