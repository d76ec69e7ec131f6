"""Hints for refused turns of the box games (RULES-DECK.md): one sentence per code for a
player at the table, built from the refusal and the legal list (`referee.advice` asks
here for every box ruleset)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core.codes import Code
from .core.errors import Violation
from .i18n import Message, N_
from .i18n.terms import cards

#: What one turn of each game is, for a TURN_SHAPE hint.
TURN_SHAPES = {
    "zweikampf": N_("A Zweikampf turn is one reveal: turn up the top card of your stack."),
    "hoechste-karte": N_("A turn of this game is one play: one card from your hand, face down."),
}


def box_hint(state: Any, actions: Sequence[Any], violation: Violation, legal: list[dict] | None) -> Message | None:
    code = violation.code
    if code is Code.TURN_SHAPE:
        return Message(TURN_SHAPES[state.ruleset])
    if code is Code.DRAW_CARD_REQUIRED:
        return Message("The referee cannot see that pile: name the card that was turned up.")
    if code is Code.DRAW_MISMATCH:
        return Message("Leave the card out, or name the top card of the pile.")
    if code is Code.CARD_UNAVAILABLE:
        return Message("Name a card of this game that is not already listed in the state.")
    if code is Code.CARD_NOT_IN_HAND:
        named = [a["card"] for a in legal or () if a.get("card")]
        if named:
            return Message("Play one of {cards}.", cards=cards(named[:6], "or"))
        return Message("Play a card that can still be in your hand: your colour, 1 to 11, not yet on the table.")
    return None
