"""What Farben sammeln says to a person: its title, a description, a summary, the readings
the referee takes where the printed rules leave room, the shape of a turn and the hints
for its refusals."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import N_, Message
from ...i18n.terms import cards

TITLE = N_("Farben sammeln (2 to 6 players, 80 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Each turn a player takes a card, from the face-down pile or from one of four face-up "
    "display stacks, and discards one onto a display stack. A player holding a single "
    "colour may close the round; each player scores the sum of their best colour, and the "
    "highest score wins."
)
SUMMARY = N_(
    "Farben sammeln, for two to six players with all 80 cards: each turn a player takes "
    "the top card of the face-down pile or of one of four face-up display stacks, then "
    "discards a card onto a display stack. A player whose hand then holds one colour may "
    "close the round; each player scores the sum of their best colour, and the highest "
    "score wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_("A Farben sammeln turn is a take, then a discard, then a close if you wish to end the round.")
READINGS = (
    N_("Farben sammeln: there are always four display stacks; a take that empties one is followed by a discard onto that place. A card taken may be discarded again at once."),
    N_("Farben sammeln: an empty pile only rules out taking from it; a round nobody can close goes on. Of equal colour sums the colour first in the edition's order counts; the lowest score loses, of equal scores the lowest seat."),
)


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code is Code.PILE_EMPTY:
        return Message("The pile is used up: take the top card of a display stack instead.")
    if code is Code.SPACE_NOT_FILLED:
        return Message("Discard onto display stack {stack}, the place your take emptied.",
                       stack=next(a["to"] for a in legal or ()))
    if code is Code.CLOSE_NOT_ALLOWED:
        return Message("Leave out the close: only a hand of a single colour may end the round.")
    if code is Code.CARD_NOT_IN_HAND:
        if not isinstance(state.players[state.current].hand, tuple):  # a hidden hand
            return Message("Discard a card that can be in your hand: one not seen anywhere else.")
        named = list(dict.fromkeys(a["card"] for a in legal or ()))
        return Message("Discard one of {cards}.", cards=cards(named, "or"))
    return None
