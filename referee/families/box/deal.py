"""What every box game's seeded deal starts with (docs/games/index.md): the request
checked (players, first, seed, options) and the game's cards shuffled by the seed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...core.deal import check_deal
from .cards import cards_of, colors_of
from .options import Option, Options, check_options, read_options


def shuffled(names: Sequence[str], seed: int, first: int, lowest: int, highest: int, options: Any,
             declared: Sequence[Option]) -> tuple[Options, list[str]]:
    """The options, every default filled, and the game's cards shuffled by `seed`: the two
    `colors` where the game takes them, else the edition's four."""
    check_deal(names, first, seed, lowest, highest)
    chosen = read_options(options, declared)
    check_options(chosen)
    cards = list(cards_of(colors_of(chosen)))
    random.Random(seed).shuffle(cards)
    return chosen, cards
