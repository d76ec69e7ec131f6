"""Überall anschließen's action space for game-AI environments (docs/howto/game-ai.md):
reveal (the referee turns the card up), place it on the middle, the own open pile or a
seat's, or say stopp."""

from __future__ import annotations

from typing import Any

from .actions import MIDDLE, OWN


def action_space(state: Any) -> list[dict[str, Any]]:
    places = [{"type": "place", "to": to} for to in (MIDDLE, OWN, *range(len(state.players)))]
    return [{"type": "reveal"}, *places, {"type": "stopp"}]
