"""What Zweikampf says to a person: its title, a description, a summary, the readings the
referee takes where the printed rules leave room and the shape of a turn."""

from __future__ import annotations

from ...families.box.texts import MOST_CARDS_WIN
from ...i18n import N_

TITLE = N_("Zweikampf (two players, 40 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Two players turn up the top cards of their face-down stacks at the same time; the "
    "higher value takes both, equal values fight on with the next cards. Whoever has won "
    "the most cards when the stacks are used up wins (with until_all: whoever holds them all)."
)
SUMMARY = N_(
    "Zweikampf, for two players with the cards of two colours: both turn up the top "
    "card of their face-down stacks at the same time, and the higher value takes both "
    "onto its won pile; equal values fight on with the next cards. With until_all an "
    "empty stack takes the won pile turned over, and the game goes on until one player "
    "holds every card."
)
#: What one turn is, for a TURN_SHAPE hint.
TURN_SHAPE = N_("A Zweikampf turn is one reveal: turn up the top card of your stack.")
READINGS = (
    MOST_CARDS_WIN,
    N_("Zweikampf: a tie is fought on with one more card each, and again while the values stay equal; a battle still tied when the stacks run out leaves the game."),
    N_("Zweikampf with until_all: when a player who must turn up holds no card at all, the other takes the battle and wins; when neither holds one, the battle leaves the game and it is a tie."),
)
