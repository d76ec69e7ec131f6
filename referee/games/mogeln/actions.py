"""The actions of a Mogeln turn (docs/games/mogeln.md) and their reader: `play` one or
more cards face down (`cards`, or `count` from a hidden hand), `challenge` the top play
(naming its cards where it is hidden), `accept` a player's going out."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...families.box.actions import ActionKind, ActionReader
from ...families.box.piles import READER
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

PLAY = Members("play action", {"type"}, {"cards", "count"})
CHALLENGE = Members("challenge action", {"type"}, {"cards"})
ACCEPT = Members("accept action", {"type"})


class Play(NamedTuple):
    """Cards laid face down claiming the next value: `cards` named, or only their `count`
    (from a hand the referee cannot see)."""

    cards: tuple[str, ...] | None = None
    count: int | None = None
    kind = "play"

    @property
    def size(self) -> int:
        return len(self.cards) if self.cards is not None else self.count or 0

    def to_dict(self) -> dict[str, Any]:
        if self.cards is None:
            return {"type": "play", "count": self.count}
        return {"type": "play", "cards": list(self.cards)}


class Challenge(NamedTuple):
    """"Gemogelt!": the top play is turned up; `cards` names it where it lies hidden."""

    cards: tuple[str, ...] | None = None
    kind = "challenge"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "challenge"} if self.cards is None else {"type": "challenge", "cards": list(self.cards)}


class Accept(NamedTuple):
    """The player to move lets a player's going out stand: the game ends."""

    kind = "accept"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "accept"}


def _card_list(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise MalformedInput(f"{what} is a list of one or more cards")
    return tuple(READER.card(card) for card in value)


def read_play(data: dict[str, Any]) -> Play:
    PLAY.check(data)
    if ("cards" in data) == ("count" in data):
        raise MalformedInput("a play names its cards or gives their count, one of the two")
    if "cards" in data:
        return Play(cards=_card_list(data["cards"], "a play's cards"))
    count = read_int(data["count"])
    if count < 1:
        raise MalformedInput("a play lays at least one card")
    return Play(count=count)


def read_challenge(data: dict[str, Any]) -> Challenge:
    CHALLENGE.check(data)
    if "cards" not in data:
        return Challenge()
    return Challenge(_card_list(data["cards"], "the cards turned up"))


def read_accept(data: dict[str, Any]) -> Accept:
    ACCEPT.check(data)
    return Accept()


READ = ActionReader([
    ActionKind(
        "play", read_play, "Play face down (Mogeln)",
        ("Lay one or more cards face down on the stack, claiming the next value: \"cards\" names them, or "
         "\"count\" says how many where the hand is hidden from the referee. Several cards laid as one are a"
         " cheat, caught only by a challenge."),
        {"cards": {"type": "array", "minItems": 1, "maxItems": 80, "items": {"$ref": "card.json#/$defs/ClassicCard"}},
         "count": {"type": "integer", "minimum": 1, "maximum": 80}},
        rest={"oneOf": [{"required": ["cards"]}, {"required": ["count"]}]}),
    ActionKind(
        "challenge", read_challenge, "Challenge (Mogeln)",
        ("Say \"gemogelt!\": the top play is turned up. \"cards\" names the cards turned up; it is needed "
         "where the play is hidden from the referee, and must be the play's cards where it is known."),
        {"cards": {"type": "array", "minItems": 1, "maxItems": 80, "items": {"$ref": "card.json#/$defs/ClassicCard"}}}),
    ActionKind(
        "accept", read_accept, "Accept (Mogeln)",
        "Let a player's going out stand: the game ends with that player as the winner.",
        {})
], turn=("A turn of Mogeln by the player to move: a play, a challenge (then perhaps a play), or accept; "
          "in the 2018 edition any other player's turn of one challenge. Any other shape is answered with "
          "TURN_SHAPE."))
