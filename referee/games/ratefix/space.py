"""Ratefix's action space for game-AI environments (docs/howto/game-ai.md): put the top
card of the own stack (the referee turns it up), or guess a total from 0 to the highest
a middle can hold (every player's card a 20)."""

from __future__ import annotations

from typing import Any

from ...families.box.cards import TOP


def action_space(state: Any) -> list[dict[str, Any]]:
    guesses = [{"type": "guess", "value": total} for total in range(TOP * len(state.players) + 1)]
    return [{"type": "put"}, *guesses]
