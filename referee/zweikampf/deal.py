"""The seeded Zweikampf deal: the 40 cards of the two colours shuffled and dealt one at a
time from `first`, each onto the top of a face-down stack (RULES-DECK.md section 0)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..boxgames.cards import cards_of
from ..boxgames.options import check_options, read_options
from ..boxgames.piles import Hidden
from ..core.deal import check_deal
from .state import OPTIONS, Fighter, ZweikampfState


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> ZweikampfState:
    check_deal(names, first, seed, 2, 2)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    cards = list(cards_of(chosen["colors"]))
    random.Random(seed).shuffle(cards)
    stacks: list[list[str]] = [[], []]
    for index, card in enumerate(cards):
        stacks[(first + index) % 2].insert(0, card)  # dealt onto the top
    fighters = tuple(
        Fighter(name, Hidden(len(stack)) if hidden else tuple(stack), ()) for name, stack in zip(names, stacks)
    )
    return ZweikampfState(chosen, fighters, None, (0, 1), (), 0, checked=True)
