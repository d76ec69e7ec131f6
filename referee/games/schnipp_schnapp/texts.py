"""What Schnipp Schnapp says to a person: its title, a description, a summary, the readings
the referee takes where the printed rules leave room, the shape of a turn and the hints
for its refusals."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...i18n import N_, Message

TITLE = N_("Schnipp Schnapp (2 to 6 players, 80 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Players flip the top cards of their face-down stacks onto open piles. Whoever first "
    "calls Schnapp when the flipped value lies on another open pile takes those piles; "
    "Schnipp when it matches the top of the middle takes the middle; a wrong call throws "
    "the caller's open pile onto the middle. Quartets are set aside, and the most wins "
    "(with together: everyone flips at once, and the most cards won wins)."
)
SUMMARY = N_(
    "Schnipp Schnapp, for two to six players with all 80 cards: each sets aside the quartets "
    "dealt to them and turns up the top of a face-down stack onto an open pile in turn. Whoever "
    "first calls Schnapp when the flipped value lies on another open pile takes those piles; "
    "Schnipp when it matches the top of the middle takes the middle. A wrong call throws the "
    "caller's open pile onto the middle. Quartets won are set aside; the most quartets win. "
    "With together everyone flips at once and the most cards won wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_(
        "A Schnipp Schnapp turn is one flip by the player to move, or one call by anyone; with names the "
        "other players who called at the same moment, each once and not the caller.")
READINGS = (
    N_("Schnipp Schnapp: calls are recorded in the order the table heard them, those made at the same moment as one call with the others named; a right call made by several is a tie that nobody wins, and each caller puts their open pile back under their stack."),
    N_("Schnipp Schnapp: a Schnapp puts the caller's own open pile under their stack first, then the piles taken, in seat order from the caller's left, each top card first; quartets among them are set aside. The game ends when nobody holds cards, or one player does and the middle is empty or holds all four cards of its top value, so that no Schnipp can come; the most quartets win."),
)


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code is Code.MATCH_NOT_CALLED:
        return Message("Call the match first: Schnapp if the value lies on another open pile, Schnipp if it "
                       "matches the top of the middle.")
    if code is Code.NOTHING_TO_CALL:
        return Message("Wait for a flip: a call answers the card flipped last.")
    if code is Code.CALL_NOT_ALLOWED:
        return Message("Call Schnipp instead: a player without cards may come back only by the middle.")
    return None
