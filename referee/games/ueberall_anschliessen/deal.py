"""The seeded Überall anschließen deal: the 80 cards shuffled and dealt one at a time from
`first`, each onto the top of a face-down stack, as evenly as they go (docs/games/index.md,
"Seats"); the open piles and the middle start empty."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...families.box.deal import shuffled
from ...families.box.piles import Hidden
from .state import OPTIONS, Runner, UeberallAnschliessenState


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> UeberallAnschliessenState:
    chosen, cards = shuffled(names, seed, first, 2, 6, options, OPTIONS)
    n = len(names)
    stacks: list[list[str]] = [[] for _ in names]
    for index, card in enumerate(cards):
        stacks[(first + index) % n].insert(0, card)  # dealt onto the top
    runners = tuple(Runner(name, Hidden(len(stack)) if hidden else tuple(stack), ())
                    for name, stack in zip(names, stacks))
    return UeberallAnschliessenState(chosen, runners, first, (), (), (), checked=True)
