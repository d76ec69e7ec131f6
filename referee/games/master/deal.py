"""The seeded deal of a MASTER game (docs/games/master.md, "Set-up"): the same seed and players give
the same game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.deal import check_deal
from ...core.errors import MalformedInput
from ...core.zones import Hidden
from .facts import MASTER
from .state import Player, Row, State


def deal(
    names: Sequence[str],
    seed: int,
    first: int = 0,
    rows: Sequence[str] = MASTER.colors,
    hidden: bool = False,
) -> State:
    """Shuffle the 80 number cards that are not 11s with the 4 jokers, and deal.

    Each hand is sorted (colour, then value, jokers last) so that it reads easily; the
    rest of the shuffled deck, in order, is the draw pile with its top card first. With
    `hidden`, hands and pile are given as counts, as at a physical table.
    """
    check_deal(names, first, seed, MASTER.min_players, MASTER.max_players)
    if sorted(rows) != sorted(MASTER.colors):
        raise MalformedInput(f"the rows are the four colours once each, not {list(rows)}")
    n = len(names)
    deck = list(MASTER.dealt_cards)
    random.Random(seed).shuffle(deck)
    size = MASTER.dealt_per_player(n)
    key = MASTER.deck.sort_key
    hands = [tuple(sorted(deck[i * size : (i + 1) * size], key=key)) for i in range(n)]
    pile = tuple(deck[n * size :])
    bridges = MASTER.bridges_per_player(n)
    return State(
        players=tuple(
            Player(name, Hidden(len(hand)) if hidden else hand, bridges, 0)
            for name, hand in zip(names, hands)
        ),
        current=first,
        rows=tuple(Row(color, (MASTER.centre,), ()) for color in rows),
        bridges=(),
        pile=Hidden(len(pile)) if hidden else pile,
        passes=0,
        checked=True,
    )
