"""Mogeln's hints that name cards; its fixed hints are in `texts.toml`."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import Message
from ...i18n.terms import cards


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code is not Code.CARD_NOT_IN_HAND:
        return None
    named = [a["cards"][0] for a in legal or () if a.get("cards")]
    if named:
        return Message("Play cards from your hand, such as {cards}.", cards=cards(named[:6], "or"))
    return Message("Play cards that can still be in your hand: cards of this game not listed elsewhere, "
                   "no more than you hold.")
