"""The cases of a conformance run: requests drawn by Hypothesis from `referee.testing`.

A case is one request to one endpoint. What kind of request is drawn first (endpoint,
ruleset, family, where the state comes from), then the state and the turn, so that a
disagreement can be shrunk while keeping its kind fixed: Hypothesis then looks for the
smallest case of that kind that still disagrees the same way.

Families: `legal` (a legal turn, or a prefix of one), `mistake` (a legal turn with one
deliberate mistake: every rule code comes from these), `impossible` (a state that
breaks a fact of docs/games/master.md, `INVALID_STATE`). Sources: `deal`, `position`
(random legal play) and, for MASTER, `table` (constructed positions: dense rows, islands
behind bridges, jokers on the table, the bonus cards running out, an empty pile).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from hypothesis import assume, strategies as st

from .. import engine
from ..core.extras import ConstructedTables, answers
from ..http.contract import validator
from ..testing import play as plays
from ..testing import strategies as strategies
from ..testing.decks import game_kinds
from .answers import REQUEST_SCHEMAS
from .boxcases import box_body

#: Families and sources with their weights (repeated in the list Hypothesis samples).
#: The family of each percentile. Hypothesis favours the ends of a range, so the rare
#: family sits in the middle.
_PERCENTILES = ["legal"] * 30 + ["mistake"] * 15 + ["impossible"] * 5 + ["mistake"] * 50
#: A game that lays out positions directly (`extras.ConstructedTables`) draws most of its
#: cases from them.
SOURCES = {name: {"table": 6, "position": 3, "deal": 1}
           if answers(engine.find_ruleset(name), ConstructedTables)
           else {"position": 4, "deal": 1} for name in engine.ROW_GAMES}


class Case(NamedTuple):
    endpoint: str
    ruleset: str
    family: str
    source: str
    body: dict[str, Any]

    @property
    def kind(self) -> tuple[str, str, str, str]:
        return self.endpoint, self.ruleset, self.family, self.source


def _weighted(weights: dict[str, int]) -> list[str]:
    return [name for name, weight in weights.items() for _ in range(weight)]


#: Positions per ruleset and source that cases draw from (by index, which shrinks to 0).
POOL = 400
_pool: dict[tuple[int, str, str, int], dict[str, Any]] = {}


def pooled(seed: int, ruleset: str, source: str, index: int) -> dict[str, Any]:
    """Position `index` of the run's pool: made once from (seed, ruleset, source, index) and
    kept, so that the cost of random play is paid once per position rather than per case.
    Low indices are simple: position i is at most i turns into its game."""
    key = (seed, ruleset, source, index)
    if key not in _pool:
        rng = random.Random(f"{seed}:{ruleset}:{source}:{index}")
        rules = engine.find_ruleset(ruleset)
        if source == "table":
            while True:
                try:
                    state = rules.constructed_table(rng, players=min(6, 2 + index // 40) if index < 200 else None,
                                                    endgame=index % 2 == 1)
                except ValueError:  # too few cards off the table for that many players
                    continue
                if plays.is_possible(state):
                    break
        else:
            kind = rng.choice(game_kinds(ruleset))
            n = rng.randint(2, min(kind.max_players, 2 + index // 20))
            rows = rng.sample(rules.row_colors(kind.options), 4) if rules.chooses_row_order else None
            state = engine.new_game(strategies.NAMES[:n], seed=rng.randrange(2**32), first=rng.randrange(n),
                                    ruleset=kind.ruleset, options=engine.with_rows(kind.options, rows)).state.to_dict()
            if source == "position":
                state = _play_on(state, rng, rng.randint(0, min(index, 60)))
                if rules.jokers and rng.random() < 0.4:
                    state = plays.give_jokers(state, rng.randint(1, 4))
        if len(_pool) > 50_000:
            _pool.clear()
        _pool[key] = state
    return _pool[key]


def _play_on(state: dict[str, Any], rng: random.Random, turns: int) -> dict[str, Any]:
    """Random legal play; a game that ends is kept at its end only one time in eight."""
    for _ in range(turns):
        turn = plays.legal_turn(state, rng)
        if turn is None:
            break
        after = plays.apply(state, turn).state.to_dict()
        if plays.is_over(after) and rng.random() < 7 / 8:
            break
        state = after
    return state


@st.composite
def cases(draw, endpoints: tuple[str, ...], rulesets: tuple[str, ...], seed: int = 0,
          kind: tuple[str, str, str, str] | None = None) -> Case:
    """One request; `kind` (endpoint, ruleset, family, source) fixes what is drawn first;
    `seed` picks the run's pool of positions."""
    if kind is None:
        endpoint = draw(st.sampled_from(endpoints), label="endpoint")
        ruleset = draw(st.sampled_from(rulesets), label="ruleset")
        family = _PERCENTILES[draw(st.integers(0, 99), label="family")]
        source = draw(st.sampled_from(_weighted(SOURCES.get(ruleset, {"game": 1}))), label="source")
    else:
        endpoint, ruleset, family, source = kind
    index = draw(st.integers(0, POOL - 1), label="position")
    if engine.find_ruleset(ruleset).family == "box":
        body = box_body(draw, endpoint, ruleset, family, seed, index)
        assume(validator(REQUEST_SCHEMAS[endpoint]).is_valid(body))
        return Case(endpoint, ruleset, family, source, body)
    state = pooled(seed, ruleset, source, index)
    if draw(st.integers(0, 2), label="hidden") == 0:
        state = plays.hide_at_random(state, draw(strategies.rngs(), label="which hidden"))
    rng = draw(strategies.rngs(), label="case")

    def turn_for(position):
        # Long turns as often as short ones: a mistake added to a long turn reaches the
        # 4-card limit and the end of the hand.
        stop = rng.choice([0.5, 0.2, 0.05])
        legal = None if plays.is_over(position) else plays.legal_turn(position, rng, stop)
        if family == "legal" and legal is not None:
            return legal
        return plays.mistake(position, legal, rng, rng.choice(plays.MISTAKES))

    if endpoint == "replays":
        position, turns = plays.play(state, rng, draw(st.integers(0, 6), label="turns"))
        if family == "mistake":
            turns.append(turn_for(position))
        if family == "impossible":
            state = _broken(draw, state)
        body = {"state": state, "turns": turns}
    elif endpoint == "scores":
        body = {"state": _broken(draw, state) if family == "impossible" else state}
    else:
        turn = turn_for(state)
        if family == "impossible":
            state = _broken(draw, state)
        if endpoint == "turns":
            body = {"state": state, "turn": turn}
        else:
            cut = draw(st.integers(0, len(turn["actions"])), label="prefix")
            body = {"state": state, "actions": turn["actions"][:cut]}
    assume(validator(REQUEST_SCHEMAS[endpoint]).is_valid(body))
    return Case(endpoint, ruleset, family, source, body)


def _broken(draw, state: dict[str, Any]) -> dict[str, Any]:
    broken = plays.impossible(state, draw(strategies.rngs(), label="break"))
    try:
        assume(not plays.is_possible(broken))
    except engine.MalformedInput:  # malformed rather than impossible: not this family's business
        assume(False)
    return broken
