"""What Mogeln says to a person: its title, a description, a summary, the readings the
referee takes where the printed rules leave room, the shape of a turn and the hints for
its refusals."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import N_, Message
from ...i18n.terms import cards

TITLE = N_("Mogeln (3 to 6 players)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Players lay cards face down in a rising count, saying the value, and may lie or slip "
    "in several cards as one. A challenge turns the top play up: whoever was wrong takes the "
    "stack. The first to empty their hand without being caught wins. In the 2018 edition "
    "anyone may challenge and the count goes to the top value dealt; in the original only "
    "the player to move challenges and the count goes to 20."
)
SUMMARY = N_(
    "Mogeln, for three to six players with the cards 1 to 9, 10 or 15 of four colours: "
    "each in turn lays cards face down, saying the next value of the count, and may lie. "
    "A challenge turns the top play up: an honest play is exactly one card of the value "
    "said, and whoever was wrong takes the whole stack. A completed count is set aside. "
    "The first to empty their hand without being caught wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_(
        "A Mogeln turn is a play, a challenge, a challenge then a play, or an accept; a player not to move "
        "may only challenge, and only in the 2018 edition.")
READINGS = (
    N_("Mogeln: after a challenge the count starts again at 1. A lie, and several cards laid as one, are judged only by a challenge; the referee does not make a player lie or tell the truth."),
    N_("Mogeln: a player whose play empties their hand wins unless that play is challenged and found false; until then the player to move may only challenge it or accept it. In the 2018 edition any other player may challenge out of turn; in the original only the player to move, and the count runs to 20."),
)


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code is Code.RESOLVE_FIRST:
        return Message("Challenge the last play, or accept it and end the game.")
    if code is Code.NOTHING_TO_CHALLENGE:
        return Message("Only another player's play on top of the stack can be challenged: play instead.")
    if code is Code.REVEAL_REQUIRED:
        return Message("Name the cards the challenge turned up, in a cards list.")
    if code is Code.REVEAL_MISMATCH:
        return Message("Name exactly the cards of the top play, as many as were laid.")
    if code is Code.ACCEPT_NOT_ALLOWED:
        return Message("Play or challenge instead: nobody has laid their last card.")
    if code is Code.CARD_NOT_IN_HAND:
        named = [a["cards"][0] for a in legal or () if a.get("cards")]
        if named:
            return Message("Play cards from your hand, such as {cards}.", cards=cards(named[:6], "or"))
        return Message("Play cards that can still be in your hand: cards of this game not listed elsewhere, "
                       "no more than you hold.")
    return None
