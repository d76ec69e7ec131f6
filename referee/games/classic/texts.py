"""What classic Elfer raus! says to a person: its title, a description, a summary, the
readings the referee takes where the printed rules leave room."""

from __future__ import annotations

from ...i18n import N_

TITLE = N_("Classic Elfer raus! (80 cards)")
#: One paragraph for `GET /v1/rulesets` (English, like every name in the contract).
DESCRIPTION = (
    "The classic game: four colours of 1 to 20, rows grow one step at a time from "
    "where they began, playing is compulsory, and a player who cannot play draws up "
    "to three cards. The lowest penalty (values left in hand) wins."
)
SUMMARY = N_(
    "The classic game: four colours of 1 to 20 (without blue for two players, if "
    "chosen). Rows begin as the start variant says and grow one step at a time. A "
    "player who can place must place; one who cannot draws up to three cards."
)
READINGS = (
    N_("In the classic game of the 2018 edition the first drawn card that fits may be kept; the second or third must be placed. In the original edition every drawn card that fits must be placed."),
)
