"""The seeded Mogeln deal: the cards of the game (1 to the top value for the number of
players, four colours) shuffled and dealt one at a time from `first` into the hands, as
evenly as they go (docs/games/mogeln.md); `first` begins on an empty stack."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...families.box.cards import EDITIONS, cards_of
from ...families.box.options import check_options, read_options
from ...families.box.piles import Hidden
from ...core.deal import check_deal
from .state import DEALT_TOP, OPTIONS, Cheat, MogelnState


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> MogelnState:
    check_deal(names, first, seed, 3, 6)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    cards = list(cards_of(EDITIONS[chosen["edition"]], DEALT_TOP[len(names)]))
    random.Random(seed).shuffle(cards)
    n = len(names)
    hands: list[list[str]] = [[] for _ in names]
    for index, card in enumerate(cards):
        hands[(first + index) % n].append(card)  # dealt to the end of the hand
    cheats = tuple(Cheat(name, Hidden(len(hand)) if hidden else tuple(hand)) for name, hand in zip(names, hands))
    return MogelnState(chosen, cheats, first, (), (), 0, None, checked=True)
