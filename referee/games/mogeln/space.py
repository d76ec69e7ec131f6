"""Mogeln's action space for game-AI environments (docs/howto/game-ai.md): challenge,
accept, or play one card of the game's colours; a play of several cards is picked card by
card from these entries (the ruleset's `gathered`)."""

from __future__ import annotations

from typing import Any

from ...families.box.cards import cards_of, colors_of


def action_space(state: Any) -> list[dict[str, Any]]:
    plays = [{"type": "play", "cards": [card]} for card in cards_of(colors_of(state.options))]
    return [{"type": "challenge"}, {"type": "accept"}, *plays]
