"""Conformance cases of the games of the box, drawn as `cases.cases` draws the row games'.

A position is a seeded random game of the ruleset (an edition and option of it, two to
its most players) played some turns into it with the corpus's walker
(`testing.boxplay`); a case asks about it, or about one player's view of it, with a
legal turn or a mistake made from one (`boxcodes`: another player, an action left out,
repeated or added, a field changed), the prefix of a turn at `/v1/legal-actions`, a few
turns at `/v1/replays`, or the scores. Impossible states are the row games' family only.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from .. import engine
from ..testing.boxplay import box_kinds, box_turn
from ..http.contract import validator
from .answers import REQUEST_SCHEMAS, expected
from .boxcodes import listed_along, turns_from, variants

Data = dict[str, Any]
_pool: dict[tuple[int, str, int], Data] = {}


def box_pooled(seed: int, ruleset: str, index: int) -> Data:
    """Position `index` of the run's pool for `ruleset`: at most `index` turns into a game."""
    key = (seed, ruleset, index)
    if key not in _pool:
        rng = random.Random(f"{seed}:{ruleset}:box:{index}")
        rules = engine.find_ruleset(ruleset)
        kind = rng.choice([k for k in box_kinds() if k.ruleset == ruleset])
        players = rng.randint(rules.min_players, min(rules.max_players, rules.min_players + index // 20))
        names = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"][:players]
        state = engine.new_game(names, seed=rng.randrange(2**32), first=rng.randrange(players), ruleset=ruleset,
                                options=kind.options).state.to_dict()
        for _ in range(rng.randint(0, min(index, 60))):
            turn = box_turn(state, rng)
            if turn is None:
                break
            state = expected("turns", {"state": state, "turn": turn}).body["state"]
        if len(_pool) > 20_000:
            _pool.clear()
        _pool[key] = state
    return _pool[key]


def box_body(draw: Any, endpoint: str, ruleset: str, family: str, seed: int, index: int) -> Data:
    """The request body of one box case."""
    whole = box_pooled(seed, ruleset, index)
    rng = random.Random(draw(st.integers(0, 2**32 - 1), label="case"))
    legal = box_turn(whole, rng)
    listed = list({a["type"]: a for a in listed_along(whole, legal)}.values())
    state = rng.choice(variants(whole, rng)) if draw(st.integers(0, 2), label="view") == 0 else whole
    if endpoint == "scores":
        return {"state": state}
    if endpoint == "replays":  # played on the whole state: the walker names every card
        state = whole
        turns, position = [], state
        for _ in range(draw(st.integers(0, 6), label="turns")):
            turn = box_turn(position, rng)
            answer = None if turn is None else expected("turns", {"state": position, "turn": turn})
            if answer is None or answer.status != 200:
                break
            turns.append(turn)
            position = answer.body["state"]
        return {"state": state, "turns": turns}
    turn = legal
    if family != "legal" or legal is None:
        valid = validator(REQUEST_SCHEMAS["turns"]).is_valid
        mistakes = [t for t in list(turns_from(state, legal, listed, rng))[1:]  # the first is the legal turn
                    if valid({"state": state, "turn": t})]
        turn = rng.choice(mistakes) if mistakes else legal
    turn = turn or {"player": 0, "actions": []}
    if endpoint == "turns":
        return {"state": state, "turn": turn}
    cut = draw(st.integers(0, len(turn["actions"])), label="prefix")
    # A player who does not exist is a malformed question, outside what is compared.
    player = turn["player"] if turn["player"] < len(state["players"]) else 0
    return {"state": state, "actions": turn["actions"][:cut], "player": player}
