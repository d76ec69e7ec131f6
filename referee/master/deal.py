"""The seeded deal (RULES.md section 2): the same seed and players give the same game."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from ..core.cards import COLORS, DEALT_CARDS, JOKER, Slot
from ..core.errors import MalformedInput
from .facts import MAX_PLAYERS, MIN_PLAYERS, bridges_per_player, hand_size
from .state import Hidden, Player, Row, State

MAX_SEED = 2**63 - 1


def card_sort_key(card: str) -> tuple[int, int]:
    """Colour (R, Y, G, B), then value; jokers last."""
    if card == JOKER:
        return (len(COLORS), 0)
    slot = Slot.parse(card)
    return (COLORS.index(slot.color), slot.value)


def new_seed() -> int:
    return secrets.randbelow(MAX_SEED + 1)


def deal(
    names: Sequence[str],
    seed: int,
    first: int = 0,
    rows: Sequence[str] = COLORS,
    hidden: bool = False,
) -> State:
    """Shuffle the 80 number cards that are not 11s with the 4 jokers, and deal.

    Each hand is sorted (colour, then value, jokers last) so that it reads easily; the
    rest of the shuffled deck, in order, is the draw pile with its top card first. With
    `hidden`, hands and pile are given as counts, as at a physical table.
    """
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise MalformedInput(f"a game has 2 to 6 players, not {n}")
    if not 0 <= first < n:
        raise MalformedInput(f"the first player is one of 0 to {n - 1}, not {first}")
    if sorted(rows) != sorted(COLORS):
        raise MalformedInput(f"the rows are the four colours once each, not {list(rows)}")
    if not 0 <= seed <= MAX_SEED:
        raise MalformedInput(f"the seed is a whole number from 0 to {MAX_SEED}")
    deck = list(DEALT_CARDS)
    random.Random(seed).shuffle(deck)
    size = hand_size(n)
    hands = [tuple(sorted(deck[i * size : (i + 1) * size], key=card_sort_key)) for i in range(n)]
    pile = tuple(deck[n * size :])
    bridges = bridges_per_player(n)
    return State(
        players=tuple(
            Player(name, Hidden(len(hand)) if hidden else hand, bridges, 0)
            for name, hand in zip(names, hands)
        ),
        current=first,
        rows=tuple(Row(color, (11,), ()) for color in rows),
        bridges=(),
        pile=Hidden(len(pile)) if hidden else pile,
        passes=0,
        checked=True,
    )
