"""What Die höchste Karte gewinnt says to a person: its title, a description, a summary,
the readings the referee takes where the printed rules leave room and the shape of a
turn."""

from __future__ import annotations

from ...families.box.texts import MOST_CARDS_WIN
from ...i18n import N_

TITLE = N_("Die höchste Karte gewinnt (2 to 4 players)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Each player holds 1 to 11 of a colour of their own. Everyone plays one card face "
    "down at the same time; the one highest value takes the trick, and tied tricks are "
    "set aside for the next trick that has one winner. Most cards won wins."
)
SUMMARY = N_(
    "Die höchste Karte gewinnt, for two to four players: each holds 1 to 11 of a colour "
    "of their own. Everyone plays one card face down at the same time, and the one "
    "highest value takes the trick; a tie is set aside and goes to the next trick that "
    "has one winner. The most cards won wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_("A turn of this game is one play: one card from your hand, face down.")
READINGS = (
    MOST_CARDS_WIN,
    N_("Die höchste Karte gewinnt: player 0 plays the edition's first colour, player 1 the second, and so on; a tie in the last trick sends that trick and the cards set aside out of the game."),
)
