"""How much of each thing a game of a given size has (RULES.md sections 1, 2 and 7)."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 6
BONUS_CARDS = 7
MAX_CARDS_PER_TURN = 4


def bridges_per_player(players: int) -> int:
    """Bridge cards dealt to each player: 4 (2-3 players), 3 (4-5), 2 (6)."""
    return 4 if players <= 3 else 3 if players <= 5 else 2


def hand_size(players: int) -> int:
    """Cards dealt to each player: 20 (2-3 players), 15 (4), 12 (5-6)."""
    return 20 if players <= 3 else 15 if players == 4 else 12
