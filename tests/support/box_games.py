"""States of the other games in the box as they come up in play: a seeded random game,
its state now and then (`played_states`), for tests that look at many tables."""

from __future__ import annotations

import random

from referee import engine
from referee.testing.boxplay import box_turn

NAMES = ("Ada", "Benjamin", "Cleo", "Dora", "Emil", "Franziska")


def played_states(ruleset: str, players: int, seed: int, turns: int = 120, every: int = 15) -> list[dict]:
    """The deal, every `every`-th state of a seeded random game of `players` (as many as
    the game seats, if fewer) and its last, as the referee answers them."""
    rng = random.Random(seed)
    rules = engine.find_ruleset(ruleset)
    names = list(NAMES[:max(rules.min_players, min(players, rules.max_players))])
    state = engine.new_game(names, seed=seed, ruleset=ruleset).state.to_dict()
    states = [state]
    for k in range(turns):
        turn = box_turn(state, rng)
        if turn is None:
            break
        state = engine.apply(engine.load_state(state), engine.load_turn(turn, ruleset)).state.to_dict()
        if k % every == every - 1:
            states.append(state)
    return states + [state]
