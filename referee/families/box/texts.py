"""What the box games share in what they say to a person: a reading several of them take,
and the hints for the refusals every one of them can make (a card turned up and not
named, or named wrongly; a card that cannot be in a hand)."""

from __future__ import annotations

from ...core.codes import Code
from ...i18n import N_, Message
from ...i18n.terms import cards

#: The readings several box games share, by the key a game's `texts.toml` names them
#: with in `family_readings`: `most_cards_win` for the games won by the most cards.
FAMILY_READINGS = {
    "most_cards_win": N_("In the other games in the box, the player with the most cards wins, and players with "
                         "equally many share the win."),
}


def family_hint(code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a code every box game reports alike, or None."""
    if code is Code.DRAW_CARD_REQUIRED:
        return Message("The referee cannot see that pile: name the card that was turned up.")
    if code is Code.DRAW_MISMATCH:
        return Message("Leave the card out, or name the top card of the pile.")
    if code is Code.CARD_UNAVAILABLE:
        return Message("Name a card of this game that is not already listed in the state.")
    return None


def card_not_in_hand_hint(legal: list[dict] | None) -> Message:
    """CARD_NOT_IN_HAND of a game that plays one card of a colour of one's own."""
    named = [a["card"] for a in legal or () if a.get("card")]
    if named:
        return Message("Play one of {cards}.", cards=cards(named[:6], "or"))
    return Message("Play a card that can still be in your hand: your colour, 1 to 11, not yet on the table.")

