"""A Ratefix state: per player a face-down `stack` and the pile of cards `won` (each
turned up for all to see: a list, a count only where a state gave one); the cards
put face down into the `middle` this round, the `guesses` made so far, the round's
`leader` (who guesses first) and the cards `out` of the game; and Ratefix's two actions,
`put` and `guess`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...families.box.actions import CARD_OR_NULL, ActionKind, ActionReader, optional_card
from ...families.box.options import EDITION, Option, Options, read_options
from ...families.box.piles import Cards, Entry, count_cards
from ...families.box.state import (BoxPlayer, BoxState, Kind, Pile, count, entries, face_down_stack, records_of, shown, wired,
                                   wired_record)
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

GUESS = Members("guess", {"player", "value"})
PUT_ACTION = Members("put action", {"type"}, {"card"})
GUESS_ACTION = Members("guess action", {"type", "value"})
#: The most cards a player can hold: half the 80, with two players.
MOST_EACH = 40


def _cards_each(value: Any) -> int:
    if read_int(value) < 1:
        raise MalformedInput("cards_each is at least 1")
    if value > 80:
        raise MalformedInput("cards_each is at most 80")
    return value


CARDS_EACH = Option(
    "cards_each", _cards_each, MOST_EACH // 2, list(range(1, MOST_EACH + 1)),
    "How many cards each player gets as a stack, 1 to 80 divided by the players; the rest "
    "leaves the game. When left out, about half the cards: 40 divided by the players, "
    "rounded down (20 for two players, 13 for three, 10 for four).",
    {"type": "integer", "minimum": 1, "maximum": 80},
)
OPTIONS = (EDITION, CARDS_EACH)


def read_ratefix_options(data: Any, players: int) -> Options:
    """The options with their defaults; `cards_each`'s depends on the number of players."""
    options = read_options(data, OPTIONS)
    if not isinstance(data, dict) or "cards_each" not in data:
        options["cards_each"] = MOST_EACH // max(players, 1)
    return options


class Put(NamedTuple):
    """Put the top card of the own stack face down into the middle; `card` names it (needed
    where the stack is hidden)."""

    card: str | None = None
    kind = "put"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "put"} if self.card is None else {"type": "put", "card": self.card}


class Guess(NamedTuple):
    """Guess the total of the middle; `value` None only in the legal-actions listing."""

    value: int | None = None
    kind = "guess"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "guess"} if self.value is None else {"type": "guess", "value": self.value}


def read_put(data: dict[str, Any]) -> Put:
    PUT_ACTION.check(data)
    return Put(optional_card(data))


def read_guess(data: dict[str, Any]) -> Guess:
    GUESS_ACTION.check(data)
    return Guess(read_value(data["value"]))


def read_value(value: Any) -> int:
    """A guess: a whole number, at least 0 (a guess of -1 or 3.5 is malformed)."""
    if read_int(value) < 0:
        raise MalformedInput("a guess is a whole number, at least 0")
    return value


#: A guess is listed without its value (any whole number may follow); random play draws one.
READER = ActionReader([
    ActionKind(
        "put", read_put, "Put",
        ("Put the top card of the own face-down stack face down into the middle (Ratefix). \"card\" names "
         "it; it is needed when the stack is hidden, and must be its top card when the stack is known. "
         "null or absent means not said."),
        {"card": CARD_OR_NULL}),
    ActionKind(
        "guess", read_guess, "Guess",
        ("Guess the total of the values in the middle (Ratefix): a whole number, 0 or more. A turn's guess"
         " gives its value; /v1/legal-actions lists the guess once without it (any whole number may "
         "follow)."),
        {"value": {"type": "integer", "minimum": 0, "maximum": 1000}},
        open_values={"value": range(121)})
], turn=("A turn of a Ratefix game: one put while cards are put into the middle, one guess once they all "
          "lie there. An empty list, or any other kind of action, is answered with TURN_SHAPE."))


class Said(NamedTuple):
    """A guess made this round."""

    player: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "value": self.value}


def read_said(item: Any) -> Said:
    GUESS.check(item)
    return Said(read_int(item["player"]), read_value(item["value"]))


#: The guesses made this round, in order.
GUESSES = records_of(read_said, "guesses are a list of {player, value}",
                     {"type": "array", "minItems": 0, "maxItems": 16, "items": {"$ref": "#/$defs/RatefixGuess"}},
                     {"RatefixGuess": {
                         "title": "Guess",
                         "description": "A player's guess of the total of the middle.",
                         "type": "object",
                         "properties": {"player": {"type": "integer", "minimum": 0, "maximum": 15},
                                        "value": {"$ref": "#/$defs/GuessValue"}},
                         "required": ["player", "value"],
                         "additionalProperties": False},
                      "GuessValue": {"description": "A guess of the total: a whole number, 0 or more.",
                                     "type": "integer", "minimum": 0, "maximum": 1000}})
#: The round's leader: a player index.
LEADER = Kind(read_int, None, {"type": "integer", "minimum": 0, "maximum": 15})


@wired_record
class Guesser(BoxPlayer):
    """A player: their face-down stack and the pile of the middles they have taken."""

    TITLE = "Ratefix player"
    ABOUT = "One player: a face-down stack and the cards they have won."

    stack: Cards = face_down_stack()
    won: Cards = wired(
        shown("won"), pile=Pile("Won", "up"),
        about="The cards won, top first: each middle taken on top, the card put last on top.")


@wired_record
class RatefixState(BoxState, options=OPTIONS, player=Guesser):
    """The table: the round's middle (who put each card), the guesses made so far in
    order, the player who guesses first, and the count of cards out of the game."""

    TITLE = "Ratefix state"
    ABOUT = ("A game of Ratefix (the rules: /rules): every player puts the top card of their stack face down "
             "into the middle (current null, waiting lists who has still to put), then each guesses the total "
             "once, from the leader on (current is the guesser); the nearest guess takes the middle.")

    middle: tuple[Entry, ...] = wired(
        entries("the middle"), pile=Pile("Middle", "down"),
        about=("The cards put into the middle this round, in the order put; a card is null in a view that may "
               "not see it."))
    guesses: tuple[Said, ...] = wired(GUESSES, about="The guesses made this round, in the order made.")
    leader: int = wired(
        LEADER,
        about=("The player who guesses first this round: the first player in round 1, then who took the last "
               "middle."))
    out: int = wired(count("out"), about="Cards not dealt: they left the game unseen.")

    @classmethod
    def read_options(cls, data: Any, players: Any) -> Options:
        return read_ratefix_options(data, len(players) if isinstance(players, list) else 0)

    @property
    def cards_each(self) -> int:
        return self.options["cards_each"]

    @property
    def all_put(self) -> bool:
        return len(self.middle) == len(self.players)

    @property
    def is_over(self) -> bool:
        """The stacks have run out and the last round has been taken."""
        return not self.middle and all(count_cards(p.stack) == 0 for p in self.players)


__all__ = ["RatefixState", "Guesser", "Said", "Put", "Guess", "READER", "OPTIONS", "read_ratefix_options"]
