"""The seeded Schwarzer Peter deal: the cards of the two colours shuffled, the top one set
aside face down (`{"count": 1}`), the rest dealt one at a time from `first` to the end of
the hands, and every pair dealt laid at once, in ascending order (docs/games/schwarzer-peter.md).
The first to move is `first`, or the next player clockwise who still holds cards."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from collections.abc import Sequence
from typing import Any

from ...families.box.cards import TOP, value
from ...families.box.options import check_options, read_options
from ...families.box.piles import Hidden, count_cards
from ...core.deal import check_deal
from .state import OPTIONS, SHORT_TOP, Holder, SchwarzerPeterState, next_holding
from .validity import HIGHEST, LOWEST


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> SchwarzerPeterState:
    check_deal(names, first, seed, LOWEST, HIGHEST)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    n = len(names)
    top = SHORT_TOP if chosen["short"] else TOP
    cards = [f"{color}{v}" for color in chosen["colors"] for v in range(1, top + 1)]  # colour, then value
    random.Random(seed).shuffle(cards)
    hands: list[list[str]] = [[] for _ in names]
    for index, card in enumerate(cards[1:]):  # the top card is set aside
        hands[(first + index) % n].append(card)
    players = []
    for name, hand in zip(names, hands):
        counts = Counter(int(c[1:]) for c in hand)
        values = sorted(v for v, k in counts.items() if k == 2)
        kept = tuple(c for c in hand if value(c) not in values)
        players.append(Holder(name, Hidden(len(kept)) if hidden else kept, tuple(values)))
    state = SchwarzerPeterState(chosen, tuple(players), None, (), Hidden(1), checked=True)
    if state.is_over:  # every pair dealt at once: nobody is left to draw
        return state
    held = [p.hand for p in players]
    return replace(state, current=first if count_cards(held[first]) else next_holding(held, first))
