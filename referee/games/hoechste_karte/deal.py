"""The seeded deal of "Die höchste Karte gewinnt": player `i` holds 1 to 11 of the
edition's `i`-th colour; the seed shuffles each hand's order (the cards are the rules')."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...families.box.options import check_options, read_options
from ...families.box.piles import Hidden
from ...core.deal import check_deal
from .state import OPTIONS, HoechsteKarteState, Holder


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> HoechsteKarteState:
    check_deal(names, first, seed, 2, 4)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    rng = random.Random(seed)
    holders = []
    blank = HoechsteKarteState(chosen, tuple(Holder(n, (), ()) for n in names), None, (), (), (), ())
    for i, name in enumerate(names):
        hand = sorted(blank.cards_of(i), key=lambda c: int(c[1:]))
        rng.shuffle(hand)
        holders.append(Holder(name, Hidden(len(hand)) if hidden else tuple(hand), ()))
    return HoechsteKarteState(chosen, tuple(holders), None, tuple(range(len(names))), (), (), (), checked=True)
