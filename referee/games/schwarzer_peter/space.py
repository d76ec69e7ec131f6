"""Schwarzer Peter's action space for game-AI environments (docs/howto/game-ai.md): draw
blind from the next hand (the referee picks the place, as in a sealed game), or lay the
pair of a value."""

from __future__ import annotations

from typing import Any


def action_space(state: Any) -> list[dict[str, Any]]:
    return [{"type": "draw"}, *({"type": "pair", "value": v} for v in range(1, state.top + 1))]
