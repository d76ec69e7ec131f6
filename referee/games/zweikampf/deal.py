"""The seeded Zweikampf deal: the 40 cards of the two colours shuffled and dealt one at a
time from `first`, each onto the top of a face-down stack (docs/games/index.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...families.box.deal import shuffled
from ...families.box.piles import Hidden
from .state import OPTIONS, Fighter, ZweikampfState


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> ZweikampfState:
    chosen, cards = shuffled(names, seed, first, 2, 2, options, OPTIONS)
    stacks: list[list[str]] = [[], []]
    for index, card in enumerate(cards):
        stacks[(first + index) % 2].insert(0, card)  # dealt onto the top
    fighters = tuple(
        Fighter(name, Hidden(len(stack)) if hidden else tuple(stack), ()) for name, stack in zip(names, stacks)
    )
    return ZweikampfState(chosen, fighters, None, (0, 1), (), 0, checked=True)
