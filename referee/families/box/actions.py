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


Schema = dict[str, Any]


@dataclass(frozen=True)
class ActionKind:
    """One kind of action a game has, as the game declares it: its `type` on the wire, its
    reader, its members for the contract (`referee.contract_gen` writes the JSON Schema:
    `members`, each member's schema; `required`, those always given; `rest`, any other
    keywords of the schema, such as a choice between members; `title` and `about`, its
    words), and what a listed action of this kind may leave open, which random play
    (`referee.testing.boxplay`) fills in and a turn must give: `open_values`, members the
    listing leaves out, each with the values random play draws from; `complete`, for what
    only the game can fill in (a card that can lie in a pile hidden from the referee)."""

    type: str
    read: Callable[[dict[str, Any]], Any]
    title: str = ""
    about: str = ""
    members: Mapping[str, Schema] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    rest: Schema = field(default_factory=dict)
    open_values: Mapping[str, range] = field(default_factory=dict)
    complete: Complete | None = None

    def schema(self) -> Schema:
        """The JSON Schema of an action of this kind, as the referee lists it."""
        return {"title": self.title, "description": self.about, "type": "object",
                "properties": {"type": {"type": "string", "const": self.type}, **self.members},
                "required": ["type", *self.required], **self.rest, "additionalProperties": False}


#: A card named, or null (not said).
CARD_OR_NULL: Schema = {"oneOf": [{"$ref": "card.json#/$defs/ClassicCard"}, {"type": "null"}]}
#: Turning up the top card of the own stack (Zweikampf, Überall anschließen).
REVEAL = ActionKind(
    "reveal", read_reveal, "Reveal",
    "Turn up the top card of the own face-down stack. \"card\" names it; it is needed when the stack is hidden, "
    "and must be its top card when the stack is known. null or absent means not said.",
    {"card": CARD_OR_NULL})
#: Playing a card from hand (Die höchste Karte gewinnt).
PLAY = ActionKind(
    "play", read_play, "Play",
    "Play a card from hand. \"card\" names it; it may be left out only where the hand is hidden (the card then "
    "lies face down, unknown).",
    {"card": CARD_OR_NULL})


class ActionReader:
    """Reads one game's actions and turns: `kinds` declares each kind it has; `turn` says
    in words what a turn of them is, and `most` how many actions it may hold at most (the
    contract's bound)."""

    def __init__(self, kinds: Iterable[ActionKind], *, turn: str = "", most: int = 64):
        #: The kinds the game declares, by type.
        self.declared = {kind.type: kind for kind in kinds}
        self.kinds = {kind.type: kind.read for kind in self.declared.values()}
        self.turn_about = turn
        self.most = most

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
