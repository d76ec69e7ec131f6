"""The one rule the classic editions differ in, as situations for the conformance kit's
corpus: in the 2018 edition the first drawn card that fits may be kept, and a second that
fits must be placed; in the original edition the first one must be. The kit takes the
first position of its pool (a known pile, a mover who cannot place) that shows each."""

from __future__ import annotations

from typing import Any

DRAW = {"type": "draw"}

#: name: (the options the position has, the endpoint, the actions, what those actions
#: get as a whole turn, the description). The legal-actions case asks at the position of
#: the 2018 refusal.
POSITION_SITUATIONS: dict[str, tuple[dict[str, Any], str, list[dict[str, str]], str, str]] = {
    "2018/first-drawn-card-kept": (
        {"edition": "2018"}, "turns", [DRAW], "accepted", "the 2018 edition: the turn draw gets accepted"),
    "2018/MUST_PLACE_DRAWN": (
        {"edition": "2018"}, "turns", [DRAW, DRAW], "MUST_PLACE_DRAWN",
        "the 2018 edition: the turn draw, draw gets MUST_PLACE_DRAWN"),
    "2018/after-a-second-drawn-card-that-fits": (
        {"edition": "2018"}, "legal-actions", [DRAW, DRAW], "MUST_PLACE_DRAWN",
        "the 2018 edition: after a second drawn card that fits, placing it is the only way on"),
    "original/MUST_PLACE_DRAWN": (
        {"edition": "original"}, "turns", [DRAW], "MUST_PLACE_DRAWN",
        "the original edition: the turn draw gets MUST_PLACE_DRAWN"),
}
