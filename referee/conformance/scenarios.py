"""The corpus's scenarios: the printed rulebook's examples, and for every rule code and
every kind of impossible state a small case that reaches it.

The code scenarios are searched for, not written by hand: positions of the conformance
pool with legal turns and deliberate mistakes, keeping for each code the smallest request
that gets it. The search is seeded, so an export is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import engine
from ..core.extras import PositionSituations, PrintedExamples, answers
from ..core.ruleset import RowFacts
from ..testing import play as plays
from .answers import expected, outcome, request_size
from .cases import POOL, SOURCES, pooled

Case = Callable[[str, str, str, dict[str, Any]], dict[str, Any]]
IMPOSSIBLE_KINDS = plays.IMPOSSIBLE


# -- the printed rulebooks' examples, from each game that has them --------------------------


def rulebook_cases(case: Case) -> list[dict[str, Any]]:
    """Every game's printed examples (`extras.PrintedExamples`), in the registry's order."""
    return [case(name, description, f"/v1/{endpoint}", request)
            for ruleset in engine.RULESETS.values() if answers(ruleset, PrintedExamples)
            for name, description, endpoint, request in ruleset.printed_examples()]


# -- one scenario per code ------------------------------------------------------------------


def find_code_cases(case: Case, ruleset: str, seed: int = 0, tries: int = POOL) -> list[dict[str, Any]]:
    """For every code of `ruleset` (but INVALID_STATE, see `find_impossible_cases`) and for
    an accepted turn, the smallest `/v1/turns` request found that gets it."""
    rules = engine.RULESETS[ruleset]
    unreachable = rules.unreachable_codes if isinstance(rules, RowFacts) else frozenset()
    wanted = {c.value for c in rules.codes} - {"INVALID_STATE"} - {c.value for c in unreachable}
    wanted.add("accepted")
    best: dict[str, dict[str, Any]] = {}
    for index in range(tries):
        for source in SOURCES[ruleset]:
            state = pooled(seed, ruleset, source, index)
            rng = random.Random(f"corpus:{ruleset}:{source}:{index}")
            for variant in (state, plays.hide_at_random(state, rng)):
                legal = None if plays.is_over(variant) else plays.legal_turn(variant, rng, rng.choice([0.5, 0.05]))
                turns = [legal] if legal else []
                turns += [plays.mistake(variant, legal, rng, kind) for kind in dict.fromkeys(plays.MISTAKES)]
                for turn in turns:
                    request = {"state": variant, "turn": turn}
                    got = outcome(expected("turns", request))
                    if got in wanted and (got not in best or request_size(request) < request_size(best[got])):
                        best[got] = request
        if set(best) >= wanted and index >= 40:
            break
    return [case(f"codes/{ruleset}/{code}", f"a {ruleset} turn that gets {code}", "/v1/turns", best[code])
            for code in sorted(best)]


def position_situation_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    """The situations a game names by options and actions (`extras.PositionSituations`:
    the classic editions' drawn cards), each shown by the first position of the pool (a
    known pile, a game not over) with those options where the actions get the outcome."""
    rules = engine.RULESETS[ruleset]
    wanted = rules.position_situations if answers(rules, PositionSituations) else {}
    found: dict[str, dict[str, Any]] = {}
    for index in range(POOL) if wanted else ():
        for source in SOURCES[ruleset]:
            state = pooled(seed, ruleset, source, index)
            if plays.is_over(state) or not isinstance(state["pile"], list):
                continue
            for name, (options, endpoint, actions, turn_outcome, description) in wanted.items():
                if name in found or any(state["options"][k] != v for k, v in options.items()):
                    continue
                turn = {"state": state, "turn": {"player": state["current"], "actions": actions}}
                if outcome(expected("turns", turn)) != turn_outcome:
                    continue
                request = turn if endpoint == "turns" else {"state": state, "actions": actions}
                found[name] = case(f"codes/{ruleset}/{name}", description, f"/v1/{endpoint}", request)
        if len(found) == len(wanted):
            break
    return [found[name] for name in wanted if name in found]


def find_impossible_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    """For every kind of impossible state, a `/v1/turns` request on such a state."""
    out = []
    for kind in IMPOSSIBLE_KINDS:
        for index, source in ((i, s) for i in range(POOL) for s in SOURCES[ruleset]):
            state = pooled(seed, ruleset, source, index)
            rng = random.Random(f"corpus-impossible:{ruleset}:{kind}:{index}")
            if plays.is_over(state):
                continue
            turn = plays.legal_turn(state, rng)
            broken = plays.impossible(state, rng, kind)
            try:
                if plays.is_possible(broken):
                    continue
            except engine.MalformedInput:
                continue
            out.append(case(f"impossible/{ruleset}/{kind.replace(' ', '-')}",
                            f"a {ruleset} state that cannot happen: {kind}", "/v1/turns",
                            {"state": broken, "turn": turn}))
            break
    return out
