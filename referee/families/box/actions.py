"""The actions of the box games and their one reader.

Each action is a small record that prints as its wire form (`to_dict`) and knows its
`kind` (its `type`). A game reads the kinds it has with their fields; any other kind is
read as `Other`, which no grammar fits, so the turn is refused with `TURN_SHAPE`
(docs/games/index.md, "Turns and checks") rather than as malformed. The fields of a kind
the game has are checked for shape here (SCHEMA_VIOLATION), their cards by the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core.actions import Turn
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


#: What random play adds to a listed action: (state, player, the action's JSON, rng) ->
#: the action's JSON as sent.
Complete = Callable[[Any, int, dict[str, Any], random.Random], dict[str, Any]]


@dataclass(frozen=True)
class ActionKind:
    """One kind of action a game has, as the game declares it: its `type` on the wire, its
    reader, and what a listed action of this kind may leave open, which random play
    (`referee.testing.boxplay`) fills in: `open_values`, members the listing leaves out,
    each with the values random play draws from; `complete`, for what only the game can
    fill in (a card that can lie in a pile hidden from the referee)."""

    type: str
    read: Callable[[dict[str, Any]], Any]
    open_values: Mapping[str, range] = field(default_factory=dict)
    complete: Complete | None = None


class ActionReader:
    """Reads one game's actions and turns: `kinds` declares each kind it has (`ActionKind`,
    or a mapping of each kind to its reader)."""

    def __init__(self, kinds: Mapping[str, Callable[[dict[str, Any]], Any]] | Iterable[ActionKind]):
        if isinstance(kinds, Mapping):
            kinds = [ActionKind(kind, read) for kind, read in kinds.items()]
        #: The kinds the game declares, by type.
        self.declared = {kind.type: kind for kind in kinds}
        self.kinds = {kind.type: kind.read for kind in self.declared.values()}

    def action(self, data: Any) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise MalformedInput("an action is an object with a type")
        read = self.kinds.get(data["type"])
        return Other(dict(data)) if read is None else read(data)

    def actions(self, data: Any) -> tuple[Any, ...]:
        if not isinstance(data, (list, tuple)):
            raise MalformedInput("actions are a list")
        return tuple(self.action(a) for a in data)

    def turn(self, data: Any) -> Turn:
        """A turn (`core.actions.Turn`, as in every game) of this game's actions."""
        TURN.check(data)
        return Turn(read_int(data["player"]), self.actions(data["actions"]))
