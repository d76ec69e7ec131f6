"""What Überall anschließen says to a person: its title, a description, a summary, the
readings the referee takes where the printed rules leave room, the shape of a turn and
the hints for its refusals."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...core.turn import player_term
from ...i18n import N_, Message

TITLE = N_("Überall anschließen (2 to 6 players, 80 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Players turn up the cards of their face-down stacks one by one and put each where it is "
    "one higher than the top card (after 20 comes 1): on the middle first, else on another "
    "player's open pile, else on their own, which ends the turn. An overlooked fit caught "
    "with \"Stopp!\" costs a card from every other player; the first to run out of cards wins."
)
SUMMARY = N_(
    "Überall anschließen, for two to six players with all 80 cards dealt into face-down "
    "stacks: the player to move turns up cards one by one and puts each where it is one "
    "higher than the top card (after 20 comes 1, colours do not matter): on the middle "
    "first, else on another player's open pile, else on their own, which ends the turn. "
    "An empty stack takes the open pile turned over; the first to run out of cards wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_(
        "An Überall anschließen turn is a reveal and a place, again after every card that fitted, and a stopp "
        "only right after a fit overlooked; a place goes to \"middle\", \"own\" or another player's seat.")
READINGS = (
    N_("Überall anschließen: an overlooked fit caught by the table is recorded with stopp right after it; each other player, clockwise from the overlooker's left, then gives the bottom card of their stack onto the top of the overlooker's stack. A card put on another player's pile while it fitted the middle is always refused."),
    N_("Überall anschließen: an empty stack takes the open pile turned over as soon as it is used up, so a player holds cards exactly while the stack is not empty; the game's first turn is the one card put into the empty middle."),
)


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code in (Code.NOT_NEXT_HIGHER, Code.MIDDLE_FIRST, Code.FIT_OVERLOOKED):
        where = next(a["to"] for a in legal or ())  # the first listed placement is where it must go
        if where == "middle":
            must = Message("Put the card on the middle.")
        elif where == "own":
            must = Message("Nothing fits: put the card on your own pile.")
        else:
            must = Message("Put the card on the open pile of {player}.", player=player_term(state, where))
        if code is Code.FIT_OVERLOOKED:
            return Message("{must} If the table caught the mistake, follow it with stopp.", must=must)
        return must
    if code is Code.STOPP_WITHOUT_MISTAKE:
        return Message("Leave out the stopp: no fit was overlooked just before it.")
    if code is Code.TURN_ENDED:
        return Message("End the turn there: the card that ended it is placed.")
    if code is Code.TURN_INCOMPLETE:
        return Message("The card fitted: turn up the next card and place it.")
    if code is Code.ACTION_AFTER_GAME_END:
        return Message("You have no card left: end the turn there.")
    return None
