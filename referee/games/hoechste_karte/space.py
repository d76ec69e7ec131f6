"""Höchste Karte's action space for game-AI environments (docs/howto/game-ai.md): play
any card of the game's colours."""

from __future__ import annotations

from typing import Any

from ...families.box.cards import cards_of, colors_of


def action_space(state: Any) -> list[dict[str, Any]]:
    return [{"type": "play", "card": card} for card in cards_of(colors_of(state.options))]
