"""The games of the box: random whole games per second in the engine, and one turn over HTTP.

    python bench/box_bench.py           # the full round (~2 minutes)
    python bench/box_bench.py --quick   # one short round (the CI smoke test)

For every box ruleset the registry lists (a game added later is measured too):

- **engine**: whole games of random legal play from seeded deals (three players where
  the game seats them, its edition's defaults), each turn built from
  `engine.legal_actions` and played with `engine.apply`, as `referee.testing.boxplay`
  plays them for the corpus, cut off at 400 turns like the corpus' games (Farben sammeln
  and Überall anschließen rarely end by random play). The figure is turns per second;
  games per second follows from the turns a game takes, printed beside it.
- **HTTP**: `POST /v1/turns` through the Flask app's WSGI interface (as
  `request_path_bench.py` sends it, no sockets) with a position ten turns into such a
  game and the turn random play makes there. The issue's goal: well under a millisecond.
"""

from __future__ import annotations

import random
import statistics
import time

import orjson

import _common
from _common import Figure, header, measure
from request_path_bench import wsgi_caller
from referee import engine
from referee.http import create_app
from referee.testing.boxplay import BoxKind, box_turn

#: The longest game played, in turns (the corpus' bound).
LONGEST = 400


def kinds() -> list[BoxKind]:
    return [BoxKind(name, {}) for name, rules in engine.RULESETS.items() if rules.family == "box"]


def deal(kind: BoxKind, seed: int) -> dict:
    names = ["Ada", "Ben", "Cleo"][:kind.players]
    return engine.new_game(names, seed=seed, ruleset=kind.ruleset).state.to_dict()


def whole_game(kind: BoxKind, seed: int) -> int:
    """Turns of one random game from the seeded deal."""
    rng = random.Random(seed)
    state = deal(kind, seed)
    for played in range(LONGEST):
        turn = box_turn(state, rng)
        if turn is None:
            return played
        state = engine.apply(engine.load_state(state), engine.load_turn(turn, kind.ruleset)).state.to_dict()
    return LONGEST


def a_position(kind: BoxKind) -> tuple[dict, dict]:
    """Ten turns into the seeded game, and the next turn random play makes there."""
    rng = random.Random(7)
    state = deal(kind, 7)
    turn = box_turn(state, rng)
    for _ in range(10):
        following = box_turn(state, rng)
        if following is None:
            break
        turn = following
        state = engine.apply(engine.load_state(state), engine.load_turn(turn, kind.ruleset)).state.to_dict()
    return state, box_turn(state, rng) or turn


def run(quick: bool) -> list[Figure]:
    games, runs, number = (1, 1, 20) if quick else (5, 5, 300)
    app = create_app()
    figures = []
    print(_common.machine())
    header("engine: random whole games (turns per second), and one POST /v1/turns")
    for kind in kinds():
        per_turn, lengths = [], []
        for run_number in range(runs):
            started, turns = time.perf_counter(), 0
            for seed in range(games):
                length = whole_game(kind, 1000 * run_number + seed)
                turns += length
                lengths.append(length)
            per_turn.append((time.perf_counter() - started) / max(turns, 1))
        mean = sum(lengths) / len(lengths)
        median = statistics.median(per_turn)
        engine_figure = Figure(f"{kind.ruleset}: engine, per turn", per_turn, "µs",
                               f"{1 / median:,.0f} turns/s, {mean:.0f} turns a game, {1 / (median * mean):,.1f} games/s")
        print(engine_figure.line())
        figures.append(engine_figure)
        state, turn = a_position(kind)
        post = wsgi_caller(app, "/v1/turns", orjson.dumps({"state": state, "turn": turn}))
        http_figure = measure(f"{kind.ruleset}: POST /v1/turns", post, number, runs)
        print(http_figure.line("[goal: well under 1 ms]"))
        figures.append(http_figure)
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
