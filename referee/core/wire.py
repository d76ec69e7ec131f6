"""Reading the wire shape of openapi.yaml: integers, hands and piles, actions and turns.

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


class Members:
    """The members an object of the wire shape has: all of `required`, some of `optional`.

    Built once per kind of object; `check` is on every request's path, so the sound case
    costs one or two comparisons of key views, in C.
    """

    def __init__(self, what: str, required: Iterable[str], optional: Iterable[str] = ()):
        self.what = what
        self.required = frozenset(required)
        self.allowed = self.required | frozenset(optional)

    def check(self, data: Any) -> None:
        """`data` is an object with every required member and no member not allowed."""
        if not isinstance(data, dict):
            raise MalformedInput(f"a {self.what} is an object")
        keys = data.keys()
        if keys == self.required or keys == self.allowed or self.required <= keys <= self.allowed:
            return
        missing = self.required - keys
        if missing:
            raise MalformedInput(f"a {self.what} needs {sorted(missing)}")
        raise MalformedInput(f"a {self.what} has no {sorted(keys - self.allowed)}")


HIDDEN_ZONE = Members("hidden hand or pile", {"count"})
TURN = Members("turn", {"player", "actions"})
JOKER_PLACEMENT = Members("joker placement", {"type", "card", "at"})
PLACEMENT = Members("place action", {"type", "card"})
BRIDGE = Members("bridge action", {"type", "from", "to"})
SWAP = Members("swap action", {"type", "card"})
DRAW = Members("draw action", {"type"}, {"card"})
PASS = Members("pass action", {"type"})


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
            HIDDEN_ZONE.check(value)
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
                JOKER_PLACEMENT.check(data)
                return Place(JOKER, slot(data["at"]))
            PLACEMENT.check(data)
            card = data["card"]
            if card not in self.deck.slots:
                raise self.not_a_card(card)
            return Place(card, self.deck.slots[card])
        if kind == "bridge":
            BRIDGE.check(data)
            return Bridge(slot(data["from"]), slot(data["to"]))
        if kind == "swap":
            SWAP.check(data)
            return Swap(slot(data["card"]))
        if kind == "draw":
            DRAW.check(data)
            card = data.get("card")
            return Draw(None if card is None else self.card(card))
        PASS.check(data)
        return Pass()

    def actions(self, data: Any) -> tuple[Action, ...]:
        if not isinstance(data, (list, tuple)):
            raise MalformedInput("actions are a list")
        return tuple(self.action(a) for a in data)

    def turn(self, data: Any) -> Turn:
        TURN.check(data)
        player = data["player"]
        if type(player) is not int:
            raise MalformedInput("a turn's player is a whole number")
        return Turn(player, self.actions(data["actions"]))
