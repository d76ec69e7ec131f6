"""POST /v1/replays for 25, 50, 100 and 200 turns: is the cost linear in the turns?

    python bench/replay_bench.py           # the full round
    python bench/replay_bench.py --quick   # one short round (the CI smoke test)

Each length is the first N turns of one recorded game, measured three ways: the
engine alone (`engine.replay` on a loaded state), the request path without Flask
(JSON → schema → engine → JSON) and the whole Flask app called as a WSGI application.
Per-turn figures (time / N) that stay flat as N doubles mean linear cost.

Two recorded games, because a game with known hands cannot last 200 turns: a draw
takes a card from a pile of at most 44, every other turn but a pass places a card
(84 in the game), and a player who can place may not pass, so seeded random play ends
within about 135 turns even when every player draws while the pile lasts and then
places one card a turn (random play: 85 to 110). So:

- "known": a 2-player game with known hands and pile, played by `positions.random_turn`
  (the first seed whose game lasts 100 turns): 25, 50, 100 turns;
- "table": a 6-player game recorded at a physical table (hands and pile as counts), where
  a player may pass whenever the pile is empty: the players draw while the pile lasts (12
  turns), then pass two times in three (never the last pass of a full round) and otherwise
  play a random turn that stops as soon as it is complete: 25, 50, 100 and 200 turns.
"""

from __future__ import annotations

import random

import orjson

import _common
from _common import Figure, header, measure
from positions import NAMES, random_turn
from referee import engine
from referee.core.actions import Draw, Pass, Turn
from referee.http import create_app
from referee.http.contract import schema_errors
from request_path_bench import wsgi_caller

SCHEMA = "replay-request.json"
MAX_SEEDS = 50


def _table_turn(state, rng, pass_rate: float = 2 / 3) -> Turn:
    """Draw while the pile lasts; then pass (not the last of a full round of passes)
    with probability `pass_rate`, else a random turn that stops once it is complete."""
    if state.pile_size > 0:
        return Turn(state.current, (Draw(),))
    if state.passes + 1 < len(state.players) and rng.random() < pass_rate:
        return Turn(state.current, (Pass(),))
    return random_turn(state, rng, stop=1.0)


def recorded_game(kind: str, turns_wanted: int):
    """(initial state dict, turn dicts) of the first seeded game of `kind` that lasts
    `turns_wanted` turns; only its first `turns_wanted` turns are kept."""
    players, hidden, play = (2, False, random_turn) if kind == "known" else (6, True, _table_turn)
    for seed in range(MAX_SEEDS):
        rng = random.Random(seed)
        state, _, _ = engine.new_game(NAMES[:players], seed=seed, hidden=hidden)
        initial, turns = state, []
        while not state.is_over and len(turns) < turns_wanted:
            turn = play(state, rng)
            state = engine.apply(state, turn).state
            turns.append(turn)
        if len(turns) == turns_wanted:
            return initial.to_dict(), [t.to_dict() for t in turns]
    raise RuntimeError(f"no {kind} game of {turns_wanted} turns in {MAX_SEEDS} seeds")


def pipeline(body: bytes) -> bytes:
    data = orjson.loads(body)
    if schema_errors(SCHEMA, data):
        raise ValueError("schema")
    state = engine.load_state(data["state"])
    turns = [engine.load_turn(t) for t in data["turns"]]
    result = engine.replay(state, turns)
    return orjson.dumps({"state": result.state.to_dict(), "turns": len(turns),
                         "events": result.events, "unchecked": result.unchecked})


SERIES = {"known": (25, 50, 100), "table": (25, 50, 100, 200)}


def run(quick: bool) -> list[Figure]:
    runs = 3 if quick else 7
    app = create_app()
    figures = []
    print(_common.machine())
    for kind, lengths in SERIES.items():
        state, turns = recorded_game(kind, max(lengths))
        players = len(state["players"])
        header(f"POST /v1/replays, {kind} game ({players} players), per-turn cost in brackets")
        per_turn: dict[str, list[tuple[int, float]]] = {}
        for n in lengths:
            body = orjson.dumps({"state": state, "turns": turns[:n]})
            loaded = engine.load_state(state)
            loaded_turns = [engine.load_turn(t) for t in turns[:n]]
            number = max(2, (20 if quick else 2000) // n)
            call = wsgi_caller(app.wsgi_app, "/v1/replays", body)
            assert orjson.loads(call())["turns"] == n
            for name, fn in (
                ("engine.replay", lambda: engine.replay(loaded, loaded_turns)),
                ("path without Flask", lambda: pipeline(body)),
                ("WSGI POST /v1/replays", call),
            ):
                f = measure(f"{name}, {n} turns", fn, number, runs, "ms")
                f.detail += f", {len(body)} B body; {f.median / n * 1e6:.1f} µs/turn"
                print(f.line())
                figures.append(f)
                per_turn.setdefault(name, []).append((n, f.median / n))
        for name, points in per_turn.items():
            costs = [c for _, c in points]
            print(f"  {name}: µs per turn at {', '.join(str(n) for n, _ in points)} turns: "
                  f"{', '.join(f'{c * 1e6:.1f}' for c in costs)} "
                  f"(largest / smallest {max(costs) / min(costs):.2f})")
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
