"""Schnipp Schnapp's action space for game-AI environments (docs/howto/game-ai.md): flip
(the referee turns the card up) or call a word, in turn or in a decision step between
others' flips (a call together with others is not in the space: each seat calls alone)."""

from __future__ import annotations

from typing import Any

from .actions import WORDS


def action_space(state: Any) -> list[dict[str, Any]]:
    return [{"type": "flip"}, *({"type": "call", "word": word} for word in WORDS)]
