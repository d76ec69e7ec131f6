"""What Elfer raus! MASTER says to a person: its title, a description, a summary, the
readings the referee takes where the printed rules leave room."""

from __future__ import annotations

from ...i18n import N_

TITLE = "Elfer raus! MASTER"
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "Four colours of 1 to 21 and four jokers; the rows grow from their 11s, at most "
    "four cards a turn, with bridge cards between neighbouring rows, joker swaps and "
    "bonus cards for completed half-rows. The highest score wins."
)
SUMMARY = N_(
    "Elfer raus! MASTER: four colours of 1 to 21, four jokers, bridge cards and bonus "
    "cards. The four 11s lie from the start and each row grows from its 11. A turn "
    "places one to four cards, or draws one card, or passes once the pile is empty."
)
READINGS = (
    N_("A bridge card joins neighbouring rows only; the top and bottom rows are not neighbours."),
    N_("A bridge must be followed at once by a card in its target slot; a turn cannot end on a bridge."),
    N_("Jokers and bridge cards never oblige a play once the pile is empty; only a number card that fits does."),
    N_("When the pile is empty and every player has passed in a row, the game ends blocked and is scored."),
    N_("A joker swap needs a card placed in the same turn, before or after the swap; the swapped-in card does not count toward the four."),
)
