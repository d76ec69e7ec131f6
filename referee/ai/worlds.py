"""Worlds a seat cannot tell apart: the whole state with the cards the seat cannot see
dealt anew among the places it cannot see into.

What a seat cannot see is what its view (`engine.view`) leaves out: a zone shown as a
count (the other hands, the pile, a face-down stack) and a card shown as null (a card put
face down). `resample` gathers those cards, shuffles them and puts them back into the
same places, so the seat's view stays what it was; the referee checks the new state
(`INVALID_STATE`), and a deal it refuses is drawn again. ISMCTS searches such worlds
(`openspiel_game`), and the leak tests compare a seat's observation in two of them.
"""

from __future__ import annotations

import random
from typing import Any

from .. import engine

#: Deals drawn before the true state is kept as the world.
TRIES = 20


def resample(state: Any, seat: int, rng: random.Random) -> Any:
    """A state whose view for `seat` is `state`'s, its hidden cards shuffled."""
    whole = state.to_dict()
    seen = engine.view(state, seat).to_dict()
    cards: list[str] = []
    _hidden(whole, seen, cards)
    if len(cards) < 2:
        return state
    for _ in range(TRIES):
        rng.shuffle(cards)
        candidate = _refilled(whole, seen, cards)
        try:
            new = engine.load_state(candidate)
            engine.check_state(new)
        except (engine.MalformedInput, engine.Violation):
            continue
        return new
    return state


def hidden_cards(state: Any, seat: int) -> list[str]:
    """The cards of `state` that `seat`'s view hides, in the order `resample` deals them."""
    cards: list[str] = []
    _hidden(state.to_dict(), engine.view(state, seat).to_dict(), cards)
    return cards


def _hidden(whole: Any, seen: Any, cards: list[str]) -> None:
    """The cards of `whole` that `seen` (its view) hides, in the order the walk meets them."""
    if isinstance(seen, dict) and set(seen) == {"count"} and isinstance(whole, list):
        cards.extend(whole)
    elif isinstance(seen, dict) and isinstance(whole, dict):
        for name, value in whole.items():
            if name in seen:
                _hidden(value, seen[name], cards)
    elif isinstance(seen, list) and isinstance(whole, list):
        for item, shown in zip(whole, seen):
            _hidden(item, shown, cards)
    elif seen is None and isinstance(whole, str):
        cards.append(whole)


def _refilled(whole: Any, seen: Any, cards: list[str]) -> Any:
    """`whole` with its hidden cards taken in order from `cards`."""
    supply = iter(cards)

    def fill(node: Any, shown: Any) -> Any:
        if isinstance(shown, dict) and set(shown) == {"count"} and isinstance(node, list):
            return [next(supply) for _ in node]
        if isinstance(shown, dict) and isinstance(node, dict):
            return {name: fill(value, shown[name]) if name in shown else value for name, value in node.items()}
        if isinstance(shown, list) and isinstance(node, list):
            return [fill(item, view) for item, view in zip(node, shown)] + node[len(shown):]
        if shown is None and isinstance(node, str):
            return next(supply)
        return node

    return fill(whole, seen)
