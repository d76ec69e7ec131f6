"""The seeded Ratefix deal: the 80 cards of the edition shuffled, `cards_each` dealt to
every player one at a time from `first`, each onto the top of a face-down stack; the rest
leaves the game unseen (docs/games/ratefix.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...families.box.cards import EDITIONS, cards_of
from ...families.box.options import check_options
from ...families.box.piles import Hidden
from ...core.deal import check_deal
from .state import Guesser, RatefixState, read_ratefix_options
from .validity import HIGHEST, LOWEST, check_game


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> RatefixState:
    check_deal(names, first, seed, LOWEST, HIGHEST)
    chosen = read_ratefix_options(options, len(names))
    check_options(chosen)
    n = len(names)
    cards = list(cards_of(EDITIONS[chosen["edition"]]))
    random.Random(seed).shuffle(cards)
    stacks: list[list[str]] = [[] for _ in names]
    dealt = min(chosen["cards_each"], len(cards) // n) * n  # too many for the players: refused below
    for index, card in enumerate(cards[:dealt]):
        stacks[(first + index) % n].insert(0, card)  # dealt onto the top
    players = tuple(Guesser(name, Hidden(len(stack)) if hidden else tuple(stack), ())
                    for name, stack in zip(names, stacks))
    state = RatefixState(chosen, players, None, tuple(range(n)), (), (), first, len(cards) - dealt)
    check_game(state)  # cards_each above 80 divided by the players: INVALID_STATE naming it
    return state.marked_checked()
