"""Scores and winners (RULES.md section 9).

+11 for each bonus card, minus each number card's value left in hand, -11 for each joker
left in hand. A hidden hand with cards in it has no known score; a hidden hand of zero
cards is known to be empty.
"""

from __future__ import annotations

from typing import Any

from ..core.cards import JOKER, card_value
from .state import Hidden, Player, State

BONUS_POINTS = 11
JOKER_PENALTY = 11


def player_score(index: int, player: Player) -> dict[str, Any]:
    bonus = BONUS_POINTS * player.bonus
    if isinstance(player.hand, Hidden) and player.hand.count > 0:
        return {"player": index, "bonus": bonus, "hand": None, "jokers": None, "total": None}
    hand = player.hand if not isinstance(player.hand, Hidden) else ()
    numbers = -sum(card_value(c) for c in hand if c != JOKER)
    jokers = -JOKER_PENALTY * sum(1 for c in hand if c == JOKER)
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
    return {"finished": state.is_over, "scores": entries, "winners": winners(entries)}


def winners(entries: list[dict[str, Any]]) -> list[int] | None:
    """The players with the highest total (several on a tie); None while a total is unknown."""
    totals = [e["total"] for e in entries]
    if any(t is None for t in totals):
        return None
    best = max(totals)
    return [e["player"] for e in entries if e["total"] == best]
