"""What Schwarzer Peter says to a person: its title, a description, a summary, the readings
the referee takes where the printed rules leave room, the shape of a turn and the hints
for its refusals."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import N_, Message
from ...i18n.terms import cards

TITLE = N_("Schwarzer Peter (2 to 6 players, pairs)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "One card is set aside unseen, the rest dealt; pairs of equal value are laid down. In "
    "turn each player draws a card from the next player who still holds cards and lays the "
    "pair it makes. A player without cards is safe; the last one holding a card, the twin of "
    "the card set aside, has lost."
)
SUMMARY = N_(
    "Schwarzer Peter, for two to six players with the cards of two colours: one card is set "
    "aside unseen and the rest dealt, and pairs of equal value are laid down. In turn each "
    "player draws a card from the next player who still holds cards and lays the pair it "
    "makes. Whoever is left holding the last card, the twin of the one set aside, has lost."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_("A Schwarzer Peter turn is one draw, then the pair it makes, if any.")
READINGS = (
    N_("Schwarzer Peter: the player drawn from is the next one clockwise who still holds cards; a drawn card that makes a pair must be laid in the same turn."),
)


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """Schwarzer Peter's draws take from a hand, its pairs lay two cards."""
    pairs = [a["value"] for a in legal or () if a["type"] == "pair"]
    drawn = [a["card"] for a in legal or () if a["type"] == "draw" and a.get("card")]
    if pairs:
        return Message("Lay the pair of {value}s.", value=pairs[0])
    if code is Code.PAIR_NOT_LAID:
        return None
    if drawn:
        return Message("Draw one of {cards}, or give its index in that hand.", cards=cards(drawn[:6], "or"))
    if code is Code.CARD_NOT_IN_HAND and legal == []:
        return Message("No pair can be laid now: end the turn after the draw.")
    return Message("Name a card that can be in that hand and is listed nowhere else, or give its index.")
