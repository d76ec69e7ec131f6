"""The actions of a Schnipp Schnapp turn (docs/games/schnipp-schnapp.md) and their reader:
`flip` the top card of the own stack (`card` names it where the stack is hidden), `call`
a word, with the players who called it at the same moment."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ...families.box.actions import CARD_OR_NULL, ActionKind, ActionReader, optional_card
from ...families.box.piles import count_cards, known
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

WORDS = ("schnapp", "schnipp")
FLIP = Members("flip action", {"type"}, {"card"})
CALL = Members("call action", {"type", "word"}, {"with"})


class Flip(NamedTuple):
    """Turn up the top card of the own stack onto the own open pile. `shuffle` is the
    referee's own, never read from a request: in a sealed game the referee shuffles an
    open pile turned over with it and keeps the order (the spec's state can only count
    it), so that it can turn up that stack's cards."""

    card: str | None = None
    shuffle: int | None = None
    kind = "flip"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "flip"} if self.card is None else {"type": "flip", "card": self.card}


class Call(NamedTuple):
    """"Schnapp!" or "Schnipp!"; `with`: the others who called it at the same moment."""

    word: str
    together_with: tuple[int, ...] = ()
    kind = "call"

    def callers(self, player: int) -> tuple[int, ...]:
        return (player,) + self.together_with

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "call", "word": self.word}
        if self.together_with:
            data["with"] = list(self.together_with)
        return data


def read_flip(data: dict[str, Any]) -> Flip:
    FLIP.check(data)
    return Flip(optional_card(data))


def read_call(data: dict[str, Any]) -> Call:
    CALL.check(data)
    if data["word"] not in WORDS:
        raise MalformedInput(f"a call's word is schnapp or schnipp, not {data['word']!r}")
    seats = data.get("with", [])
    if not isinstance(seats, list):
        raise MalformedInput("with is a list of players")
    # A seat that does not exist is the grammar's question (TURN_SHAPE), not the reader's.
    return Call(data["word"], tuple(read_int(seat) for seat in seats))


def a_card_that_can_lie_there(state: Any, player: int, action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A listed flip from a stack the referee cannot see (a count, or an empty stack about
    to take its open pile turned over and shuffled), as random play sends it: naming one
    of the cards that can lie there, a card of the game the state names nowhere else."""
    if "card" in action:
        return action
    me = state.players[player]
    size = count_cards(me.stack)
    if known(me.stack) and size:
        return action
    named = set(state.middle) | ({c for p in state.players for c in p.open} - (set(me.open) if not size else set()))
    for p in state.players:
        if known(p.stack):
            named |= set(p.stack)
        named |= {card for card in state.deck if int(card[1:]) in p.quartets}
    free = sorted(card for card in state.deck if card not in named)
    return {**action, "card": rng.choice(free)}


READ = ActionReader([
    ActionKind(
        "flip", read_flip, "Flip (Schnipp Schnapp)",
        ("Turn up the top card of the own face-down stack onto the own open pile (an empty stack first "
         "takes the open pile turned over and shuffled). \"card\" names it; it is needed when the stack is "
         "hidden, and must be its top card when the stack is known. null or absent means not said."),
        {"card": CARD_OR_NULL},
        complete=a_card_that_can_lie_there),
    ActionKind(
        "call", read_call, "Call (Schnipp Schnapp)",
        ("Call a word, by any player: schnapp (the last flipped value lies on another open pile) or "
         "schnipp (it matches the top of the middle). \"with\": the other players who called the same word "
         "at the same moment (a tie when it is right); naming the caller, a player twice or one who does "
         "not exist is answered with TURN_SHAPE."),
        {"word": {"type": "string", "enum": ["schnapp", "schnipp"], "maxLength": 16},
         "with": {"type": "array", "maxItems": 16, "items": {"type": "integer", "minimum": -1000, "maximum": 1000}}},
        required=("word",))
], turn=("A turn of Schnipp Schnapp: one flip by the player to move (with together: by a player the round"
          " waits for), or one call by any player. Any other shape is answered with TURN_SHAPE."))
