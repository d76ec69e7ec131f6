"""The seeded Farben sammeln deal: the 80 cards shuffled, dealt one at a time from
`first` into the hands (9, 8 or 7 each), the rest the face-down pile, and its top four
cards turned up as the four display stacks (docs/games/farben-sammeln.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...families.box.deal import shuffled
from ...families.box.piles import Hidden
from .state import OPTIONS, STACKS, Collector, FarbenSammelnState, hand_size


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> FarbenSammelnState:
    chosen, cards = shuffled(names, seed, first, 2, 6, options, OPTIONS)
    n = len(names)
    hands: list[list[str]] = [[] for _ in names]
    dealt = hand_size(n) * n
    for index, card in enumerate(cards[:dealt]):
        hands[(first + index) % n].append(card)  # dealt into a hand: to its end
    pile = cards[dealt:]  # top first
    display = tuple((card,) for card in pile[:STACKS])  # display stack i gets the i-th card from the top
    pile = pile[STACKS:]
    collectors = tuple(Collector(name, Hidden(len(hand)) if hidden else tuple(hand)) for name, hand in zip(names, hands))
    return FarbenSammelnState(chosen, collectors, first, (), Hidden(len(pile)) if hidden else tuple(pile), display, None,
                       checked=True)
