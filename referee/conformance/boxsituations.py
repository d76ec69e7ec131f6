"""The printed rules' own situations in the games of the box, for the corpus
(`situations-<ruleset>.json`). Each game names its own (`Ruleset.situations`, from
`situations.py` in its folder): a name, a description, and a test on a turn.

Each is found rather than written: seeded random games of the ruleset (every edition and
option, the corpus's walker) are played until a turn whose answer shows the situation
(its events, or the state before and after it), and that turn is the case. The search is
seeded and bounded, so an export is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import engine
from ..testing.boxplay import box_kinds, box_turn
from .answers import expected

Case = Callable[[str, str, str, dict[str, Any]], dict[str, Any]]
Data = dict[str, Any]
GAMES = 12
LONGEST = 2500


def situation_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    """The first turn found that shows each situation of `ruleset`."""
    wanted = {name: (text, shows) for name, text, shows in engine.find_ruleset(ruleset).situations}
    found: dict[str, Data] = {}
    rules = engine.find_ruleset(ruleset)
    for game in range(seed, seed + GAMES):
        for kind in (k for k in box_kinds() if k.ruleset == ruleset):
            if set(found) >= set(wanted):
                break
            rng = random.Random(f"corpus-situations:{kind}:{game}")
            players = max(rules.min_players, min(3, rules.max_players)) + game % 2
            names = ["Ada", "Ben", "Cleo", "Dan", "Eve"][:min(players, rules.max_players)]
            state = engine.new_game(names, seed=game, ruleset=ruleset, options=kind.options).state.to_dict()
            for _ in range(LONGEST):
                turn = box_turn(state, rng)
                if turn is None:
                    break
                answer = expected("turns", {"state": state, "turn": turn}).body
                for name, (_, shows) in wanted.items():
                    if name not in found and shows(state, turn, answer):
                        found[name] = {"state": state, "turn": turn}
                if set(found) >= set(wanted):
                    break
                state = answer["state"]
    return [case(f"situations/{ruleset}/{name}", wanted[name][0], "/v1/turns", found[name])
            for name in wanted if name in found]
