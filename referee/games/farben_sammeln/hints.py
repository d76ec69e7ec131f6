"""Farben sammeln's hints that name a stack or cards; its fixed hints are in `texts.toml`."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import Message
from ...i18n.terms import cards


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code is Code.SPACE_NOT_FILLED:
        return Message("Discard onto display stack {stack}, the place your take emptied.",
                       stack=next(a["to"] for a in legal or ()) + 1)  # counted from 1
    if code is Code.CARD_NOT_IN_HAND:
        if not isinstance(state.players[state.current].hand, tuple):  # a hidden hand
            return Message("Discard a card that can be in your hand: one not seen anywhere else.")
        named = list(dict.fromkeys(a["card"] for a in legal or ()))
        return Message("Discard one of {cards}.", cards=cards(named, "or"))
    return None
