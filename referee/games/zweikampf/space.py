"""Zweikampf's action space for game-AI environments (docs/howto/game-ai.md): a turn is
one reveal, whose card the referee turns up."""

from __future__ import annotations

from typing import Any


def action_space(state: Any) -> list[dict[str, Any]]:
    return [{"type": "reveal"}]
