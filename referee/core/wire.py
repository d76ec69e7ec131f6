"""Reading the wire shape of API.md: integers, hands and piles, actions and turns.

One reader serves every ruleset, parameterised by the names its games can use (a `Deck`)
and the kinds of action it has. It checks shape only, the same things the JSON Schemas
check (exact members, types, card names), and raises `MalformedInput` where the data is
not a state, action or turn at all; whether the rules allow it is the engine's question.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import Action, Bridge, Draw, Pass, Place, Swap, Turn
from .cards import JOKER, Deck
from .errors import MalformedInput
from .zones import Cards, Hidden

ACTION_KINDS = ("place", "bridge", "swap", "draw", "pass")


def read_int(value: Any) -> int:
    """A JSON integer; a bool or a float such as 5.0 is refused."""
    if type(value) is not int:  # bool is an int subclass, and is no count
        raise MalformedInput(
            f"{value!r} is not an integer: write counts and indexes as integers (5, not 5.0)"
        )
    return value


def read_members(data: Any, required: Iterable[str], what: str, optional: Iterable[str] = ()) -> None:
    """`data` is an object with every `required` member and nothing but those and `optional`."""
    if not isinstance(data, dict):
        raise MalformedInput(f"a {what} is an object")
    required = set(required)
    missing = required - data.keys()
    if missing:
        raise MalformedInput(f"a {what} needs {sorted(missing)}")
    extra = data.keys() - required - set(optional)
    if extra:
        raise MalformedInput(f"a {what} has no {sorted(extra)}")


class Wire:
    """The reader of one ruleset's hands, piles, actions and turns."""

    def __init__(self, game: str, deck: Deck, kinds: Iterable[str]):
        self.game = game
        self.deck = deck
        self.kinds = frozenset(kinds)

    def not_a_card(self, card: Any) -> MalformedInput:
        return MalformedInput(f"{card!r} is not a card of the {self.game} game")

    def cards(self, value: Any) -> Cards:
        """A hand or pile: a list of card names, or `{"count": n}` where it is hidden."""
        if isinstance(value, dict):
            read_members(value, {"count"}, "hidden hand or pile")
            count = read_int(value["count"])
            if count < 0:
                raise MalformedInput("a card count cannot be negative")
            return Hidden(count)
        if not isinstance(value, (list, tuple)):
            raise MalformedInput('a hand or pile is a list of cards or {"count": n}')
        cards = tuple(value)
        if not self.deck.names.issuperset(cards):  # one C-level pass for the common, sound case
            raise self.not_a_card(next(c for c in cards if c not in self.deck.names))
        return cards

    def card(self, value: Any) -> str:
        if value not in self.deck.names:
            raise self.not_a_card(value)
        return value

    def action(self, data: Any) -> Action:
        """One action from its JSON shape."""
        if not isinstance(data, dict) or "type" not in data:
            raise MalformedInput("an action is an object with a type")
        kind = data["type"]
        if kind not in ACTION_KINDS:
            raise MalformedInput(f"unknown action type {kind!r}")
        if kind not in self.kinds:
            raise MalformedInput(f"the {self.game} game has no {kind} action")
        slot = self.deck.slot
        if kind == "place":
            if data.get("card") == JOKER and self.deck.jokers:
                read_members(data, {"type", "card", "at"}, "joker placement")
                return Place(JOKER, slot(data["at"]))
            read_members(data, {"type", "card"}, "place action")
            card = data["card"]
            if card not in self.deck.slots:
                raise self.not_a_card(card)
            return Place(card, self.deck.slots[card])
        if kind == "bridge":
            read_members(data, {"type", "from", "to"}, "bridge action")
            return Bridge(slot(data["from"]), slot(data["to"]))
        if kind == "swap":
            read_members(data, {"type", "card"}, "swap action")
            return Swap(slot(data["card"]))
        if kind == "draw":
            read_members(data, {"type"}, "draw action", optional={"card"})
            card = data.get("card")
            return Draw(None if card is None else self.card(card))
        read_members(data, {"type"}, "pass action")
        return Pass()

    def actions(self, data: Any) -> tuple[Action, ...]:
        if not isinstance(data, (list, tuple)):
            raise MalformedInput("actions are a list")
        return tuple(self.action(a) for a in data)

    def turn(self, data: Any) -> Turn:
        read_members(data, {"player", "actions"}, "turn")
        player = data["player"]
        if type(player) is not int:
            raise MalformedInput("a turn's player is a whole number")
        return Turn(player, self.actions(data["actions"]))
