"""Penalties and winners of the classic and junior games (docs/games/classic.md).

Each player's penalty is the sum of the values left in hand. The player who went out
wins, whatever the hidden hands hold; otherwise (a blocked game) the lowest penalty wins,
ties share, and while a hidden hand leaves it open the winners are unknown.
"""

from __future__ import annotations

from typing import Any

from ...core.scoring import best_players
from ...core.zones import Hidden, count_cards
from .state import RowState


def scores(state: RowState) -> dict[str, Any]:
    """`{"finished", "scores", "winners"}` as `POST /v1/scores` answers."""
    entries = []
    for i, player in enumerate(state.players):
        if isinstance(player.hand, Hidden):
            penalty = 0 if player.hand.count == 0 else None
        else:
            penalty = sum(state.variant.slots[card].value for card in player.hand)
        entries.append({"player": i, "penalty": penalty})
    out = [i for i, p in enumerate(state.players) if count_cards(p.hand) == 0]
    winners = out or best_players([e["penalty"] for e in entries], min)
    return {"finished": state.is_over, "scores": entries, "winners": winners}
