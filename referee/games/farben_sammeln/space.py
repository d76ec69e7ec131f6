"""Farben sammeln's action space for game-AI environments (docs/howto/game-ai.md): take
from the pile (the referee turns the card up) or a display stack, discard a card of the
game's colours onto a display stack, close."""

from __future__ import annotations

from typing import Any

from ...families.box.cards import cards_of
from .actions import PILE
from .state import STACKS


def action_space(state: Any) -> list[dict[str, Any]]:
    takes = [{"type": "take", "from": source} for source in (PILE, *range(STACKS))]
    discards = [{"type": "discard", "card": card, "to": to} for card in cards_of(state.colors) for to in range(STACKS)]
    return [*takes, *discards, {"type": "close"}]
