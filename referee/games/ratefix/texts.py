"""What Ratefix says to a person: its title, a description, a summary, the readings the
referee takes where the printed rules leave room and the shape of a turn."""

from __future__ import annotations

from ...families.box.texts import MOST_CARDS_WIN
from ...i18n import N_

TITLE = N_("Ratefix (2 to 4 players, guess the total)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Every player puts the top card of their face-down stack into the middle, face down; "
    "then each guesses the total of the middle once, and the nearest guess, above or below, "
    "takes the cards. Whoever has won the most cards when the stacks are used up wins."
)
SUMMARY = N_(
    "Ratefix, for two to four players with the 80 cards: each gets a face-down stack. Every "
    "round each player puts their top card face down into the middle, then each guesses the "
    "total once, and the guess nearest the total, above or below, takes the middle. Whoever "
    "has won the most cards when the stacks run out wins."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_("A Ratefix turn is one put while cards go into the middle, then one guess each, in turn.")
READINGS = (
    MOST_CARDS_WIN,
    N_("Ratefix: of guesses equally near the total, the one made first takes the middle; whoever takes it guesses first in the next round."),
)
