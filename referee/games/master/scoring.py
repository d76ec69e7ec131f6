"""Scores and winners of a MASTER game (docs/games/master.md, "End and scores").

+11 for each bonus card, minus each number card's value left in hand, -11 for each joker
left in hand. A hidden hand with cards in it has no known score; a hidden hand of zero
cards is known to be empty. The highest total wins.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import JOKER
from ...core.scoring import best_players
from ...core.zones import Hidden
from .facts import MASTER
from .state import Player, State


def player_score(index: int, player: Player) -> dict[str, Any]:
    bonus = MASTER.bonus_points * player.bonus
    if isinstance(player.hand, Hidden) and player.hand.count > 0:
        return {"player": index, "bonus": bonus, "hand": None, "jokers": None, "total": None}
    hand = player.hand if not isinstance(player.hand, Hidden) else ()
    numbers = -sum(MASTER.card_value(c) for c in hand if c != JOKER)
    jokers = -MASTER.joker_penalty * sum(1 for c in hand if c == JOKER)
    return {
        "player": index,
        "bonus": bonus,
        "hand": numbers,
        "jokers": jokers,
        "total": bonus + numbers + jokers,
    }


def scores(state: State) -> dict[str, Any]:
    """`{"finished", "scores", "winners"}` as `POST /v1/scores` answers."""
    entries = [player_score(i, p) for i, p in enumerate(state.players)]
    winners = best_players([e["total"] for e in entries], max)
    return {"finished": state.is_over, "scores": entries, "winners": winners}
