"""The seeded Schnipp Schnapp deal: the 80 cards shuffled and dealt one at a time from
`first` onto the players' stacks, each card on top, as evenly as they go; then each
player sets aside every quartet among their cards (docs/games/schnipp-schnapp.md)."""

from __future__ import annotations

import random
from dataclasses import replace
from collections.abc import Sequence
from typing import Any

from ...families.box.cards import EDITIONS, cards_of, value
from ...families.box.options import check_options, read_options
from ...families.box.piles import Hidden
from ...core.deal import check_deal
from .calls import quartets_among
from .turn import next_holder
from .state import OPTIONS, SchnippSchnappState, Snapper


def deal(names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> SchnippSchnappState:
    check_deal(names, first, seed, 2, 6)
    chosen = read_options(options, OPTIONS)
    check_options(chosen)
    cards = list(cards_of(EDITIONS[chosen["edition"]]))
    random.Random(seed).shuffle(cards)
    n = len(names)
    stacks: list[list[str]] = [[] for _ in names]
    for index, card in enumerate(cards):
        stacks[(first + index) % n].insert(0, card)  # dealt onto the top of the stack
    together = chosen["together"]
    players = []
    for name, stack in zip(names, stacks):
        quartets = tuple(quartets_among(stack))
        rest = [card for card in stack if value(card) not in quartets]
        players.append(Snapper(name, Hidden(len(rest)) if hidden else tuple(rest), (), quartets,
                               0 if together else None))
    state = SchnippSchnappState(chosen, tuple(players), None, (), (), (), checked=True)
    if state.is_over:
        return state
    if together:
        return replace(state, waiting=state.holders)
    current = first if players[first].holds else next_holder(players, first)
    return replace(state, current=current)
