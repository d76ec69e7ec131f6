"""Schwarzer Peter's hints: its draws take from a hand and its pairs lay two cards, so
every hint names cards, a value or an index."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import Message
from ...i18n.terms import cards


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """Schwarzer Peter's draws take from a hand, its pairs lay two cards."""
    pairs = [a["value"] for a in legal or () if a["type"] == "pair"]
    drawn = [a["card"] for a in legal or () if a["type"] == "draw" and a.get("card")]
    if len(pairs) == 1:
        return Message("Lay the pair of {value}s.", value=pairs[0])
    if pairs:
        # The drawn card is hidden: any of these values may be its pair, and nobody but
        # the drawer knows which.
        return Message("If the drawn card made a pair, lay that pair; name it by its value.")
    if code is Code.PAIR_NOT_LAID:
        return None
    if drawn:
        return Message("Draw one of {cards}, or give its index in that hand.", cards=cards(drawn[:6], "or"))
    if code is Code.CARD_NOT_IN_HAND and legal == []:
        return Message("No pair can be laid now: end the turn after the draw.")
    return Message("Name a card that can be in that hand and is listed nowhere else, or give its index.")
