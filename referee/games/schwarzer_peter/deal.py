"""The seeded Schwarzer Peter deal: the cards of the two colours shuffled, the top one set
aside face down (`{"count": 1}`), the rest dealt one at a time from `first` to the end of
the hands, and every pair dealt laid at once, in ascending order (docs/games/schwarzer-peter.md).
The first to move is `first`, or the next player clockwise who still holds cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...families.box.cards import TOP
from ...families.box.options import check_options, read_options
from ...families.box.piles import Hidden, count_cards
from ...core.deal import check_deal
from .state import OPTIONS, SHORT_TOP, Holder, SchwarzerPeterState, next_holding
from .validity import HIGHEST, LOWEST


#: Each card's value, by its name.
VALUE = {f"{color}{v}": v for color in "ORYGB" for v in range(1, TOP + 1)}


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> SchwarzerPeterState:
    check_deal(names, first, seed, LOWEST, HIGHEST)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    n = len(names)
    top = SHORT_TOP if chosen["short"] else TOP
    cards = [f"{color}{v}" for color in chosen["colors"] for v in range(1, top + 1)]  # colour, then value
    random.Random(seed).shuffle(cards)
    hands = [cards[1 + (k - first) % n::n] for k in range(n)]  # the top card is set aside; then from `first` on
    players = []
    for name, hand in zip(names, hands):
        counts: dict[int, int] = {}
        for card in hand:
            counts[VALUE[card]] = counts.get(VALUE[card], 0) + 1
        values = sorted(v for v, k in counts.items() if k == 2)
        kept = tuple(c for c in hand if counts[VALUE[c]] != 2)
        players.append(Holder(name, Hidden(len(kept)) if hidden else kept, tuple(values)))
    held = [p.hand for p in players]
    if sum(1 for hand in held if count_cards(hand)) <= 1:  # every pair dealt at once: nobody is left to draw
        current = None
    else:
        current = first if count_cards(held[first]) else next_holding(held, first)
    return SchwarzerPeterState(chosen, tuple(players), current, (), Hidden(1), checked=True)
