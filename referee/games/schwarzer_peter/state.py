"""A Schwarzer Peter state: per player a `hand` (a list, or `{"count": n}`) and the values
of the `pairs` laid; the card set `aside` (its twin is the Schwarzer Peter); and the game's
two actions, `draw` (from the next player who holds cards) and `pair`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...families.box.actions import CARD_OR_NULL, ActionKind, ActionReader, optional_card
from ...families.box.cards import TOP, deck_of
from ...families.box.options import COLORS, EDITION, Option, boolean
from ...families.box.piles import Cards, count_cards
from ...families.box.state import PILE, BoxPlayer, BoxState, Kind, Pile, wired, wired_record
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

DRAW_ACTION = Members("draw action", {"type"}, {"card", "index"})
PAIR_ACTION = Members("pair action", {"type", "value"})
#: The highest value with the option short: 17 to 20 are left out.
SHORT_TOP = 16

SHORT = Option(
    "short", boolean("short"), False, [False, True],
    "Play with the values 1 to 16 only (32 cards): the 17s to 20s stay in the box.",
)
OPTIONS = (EDITION, COLORS, SHORT)


class Draw(NamedTuple):
    """Draw a card from the next player clockwise who holds cards: `card` names it, `index`
    is its place in that hand as the state lists it; either, both (they must agree), or
    neither where neither hand is known."""

    card: str | None = None
    index: int | None = None
    kind = "draw"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "draw"}
        if self.card is not None:
            data["card"] = self.card
        if self.index is not None:
            data["index"] = self.index
        return data


class Pair(NamedTuple):
    """Lay the two cards of `value` from hand."""

    value: int
    kind = "pair"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pair", "value": self.value}


def read_draw(data: dict[str, Any]) -> Draw:
    DRAW_ACTION.check(data)
    index = data.get("index")
    if index is not None and read_int(index) < 0:
        raise MalformedInput("a draw's index is a place in the hand: 0 or more")
    return Draw(optional_card(data), index)


def read_value(value: Any) -> int:
    if not 1 <= read_int(value) <= TOP:
        raise MalformedInput(f"a value is a whole number from 1 to {TOP}")
    return value


def read_pair(data: dict[str, Any]) -> Pair:
    PAIR_ACTION.check(data)
    return Pair(read_value(data["value"]))


READER = ActionReader([
    ActionKind(
        "draw", read_draw, "Draw from a neighbour",
        ("Draw a card from the hand of the next player clockwise who still holds cards (Schwarzer Peter): "
         "\"card\" names it, \"index\" is its place in that hand as the state lists it (0 first); either, or "
         "both when they agree. A draw from a known hand needs one of them; one from a hidden hand into a "
         "known one needs the card."),
        {"card": CARD_OR_NULL,
         "index": {"type": "integer", "minimum": 0, "maximum": 80}}),
    ActionKind(
        "pair", read_pair, "Lay a pair",
        "Lay the two cards of this value from the hand (Schwarzer Peter).",
        {"value": {"type": "integer", "minimum": 1, "maximum": 20}},
        required=("value",))
], turn=("A turn of a Schwarzer Peter game: a draw, and the pair it makes. An empty list, or any other "
          "kind of action or order, is answered with TURN_SHAPE."))


def read_pairs(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedInput("pairs are a list of values")
    return tuple(read_value(v) for v in value)


#: The values of the pairs a player has laid.
PAIRS = Kind(read_pairs, list, {"type": "array", "minItems": 0, "maxItems": 20, "items": {"$ref": "#/$defs/BoxValue"}})


@wired_record
class Holder(BoxPlayer):
    """A player: their hand and the values of the pairs they have laid."""

    TITLE = "Schwarzer Peter player"
    ABOUT = "One player: a hand (the cards in order, or their number alone) and the values of the pairs laid."

    hand: Cards = wired(
        PILE, pile=Pile("Hand", "held"),
        about="The hand, in order: a card drawn goes to its end; or its size alone.")
    pairs: tuple[int, ...] = wired(
        PAIRS,
        about=("The values of the pairs the player has laid, in the order laid (ascending for those laid at "
               "the deal)."))


@wired_record
class SchwarzerPeterState(BoxState, options=OPTIONS, player=Holder):
    """The table: the card set aside unseen at the deal."""

    TITLE = "Schwarzer Peter state"
    ABOUT = ("A game of Schwarzer Peter (the rules: /rules): one card is set aside, the rest dealt; in turn "
             "each player draws a card from the next player who holds cards and lays the pair it makes. "
             "current is the player to move; it is null once one player alone holds cards (that player has "
             "lost).")

    aside: Cards = wired(
        PILE, pile=Pile("Set aside", "down"),
        about=("The card set aside face down at the deal: {\"count\": 1}, or the card where it is known. Its "
               "twin is the Schwarzer Peter."))

    @property
    def top(self) -> int:
        return SHORT_TOP if self.options["short"] else TOP

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(self.options["colors"], self.top)

    def twins(self, value: int) -> tuple[str, str]:
        """The two cards of a value."""
        first, second = self.options["colors"]
        return f"{first}{value}", f"{second}{value}"

    def holding(self) -> list[int]:
        """The players who still hold cards, in seat order."""
        return [i for i, p in enumerate(self.players) if count_cards(p.hand)]

    @property
    def is_over(self) -> bool:
        """At most one player holds cards: the game is over (that one has lost)."""
        return len(self.holding()) <= 1


def next_holding(hands: list[Cards], after: int) -> int | None:
    """The next player clockwise after `after` who holds cards (None when nobody else does)."""
    n = len(hands)
    for step in range(1, n):
        seat = (after + step) % n
        if count_cards(hands[seat]):
            return seat
    return None
