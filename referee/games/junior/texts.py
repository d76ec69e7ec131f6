"""What the junior game says to a person: its title, a description, a summary, the readings
the referee takes where the printed rules leave room."""

from __future__ import annotations

from ...i18n import N_

TITLE = N_("Elfer raus! junior (44 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "The family game: four colours of 1 to 11, the 1s and 11s lie from the start and "
    "the rows fill in between them. A player who cannot place draws one card. The "
    "first to empty their hand wins."
)
SUMMARY = N_(
    "The junior game: four colours of 1 to 11. The 1s and 11s lie from the start and the "
    "rows fill in between them. A player who can place must place; one who cannot draws "
    "one card."
)
READINGS = ()
