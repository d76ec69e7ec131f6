"""The seeded deal of the classic and junior games: the same seed and players give the
same game, and a deal the variant refuses is shuffled again from the same random stream."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...core.deal import check_deal
from ...core.zones import Hidden
from .state import Player, Row, RowState
from .variant import Variant

#: A deal that must be redone this often in a row is treated as a bug, not looped on.
MAX_REDEALS = 10_000


def laid_out_rows(variant: Variant) -> tuple[Row, ...]:
    """The rows that lie from the start: the 1 and the top card of every colour, or none."""
    if not variant.rows_laid_out:
        return ()
    return tuple(Row(color, (1, variant.top)) for color in variant.colors)


def deal(
    variant: Variant, names: Sequence[str], seed: int, first: int, hidden: bool
) -> tuple[RowState, int]:
    """Shuffle what is not laid out, deal, and return the state and how often it was redone.

    Each hand is sorted (the deck's colour order, then value); the rest of the shuffled
    deck, in order, is the pile with its top card first. A deal the variant refuses
    (nobody holds an 11 where an 11 opens) is shuffled again from the same random stream.

    A hidden deal stands for real cards dealt at a table: the referee's own shuffle only
    sizes the hands and the pile, so it is never redone, and `first` (the player the table
    names, the holder of the first 11 with `eleven`) moves first.
    """
    check_deal(names, first, seed, variant.min_players, variant.max_players)
    n = len(names)
    rows = laid_out_rows(variant)
    on_table = {f"{row.color}{v}" for row in rows for v in row.cards}
    deck = [card for card in variant.slots if card not in on_table]
    size = variant.dealt_per_player(n)
    key = variant.deck.sort_key
    rng = random.Random(seed)
    for redeals in range(MAX_REDEALS):
        rng.shuffle(deck)
        hands = [tuple(sorted(deck[i * size : (i + 1) * size], key=key)) for i in range(n)]
        if hidden or variant.deal_is_playable(hands):
            break
    else:  # pragma: no cover - a probability far below one in 10^1000
        raise RuntimeError("no playable deal found")
    pile = tuple(deck[n * size :])
    state = RowState(
        variant=variant,
        players=tuple(
            Player(name, Hidden(len(hand)) if hidden else hand) for name, hand in zip(names, hands)
        ),
        current=first if hidden else variant.opener(hands, first),
        rows=rows,
        opening=None,
        pile=Hidden(len(pile)) if hidden else pile,
        passes=0,
        checked=True,
    )
    return state, redeals
