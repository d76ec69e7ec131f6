"""Issue 20's figures, the dict engine (old) and the compact board (new) side by side.

    python bench/speed_bench.py             # every figure, old and new interleaved (~3 minutes)
    python bench/speed_bench.py --quick     # one short round (the CI smoke test)
    python bench/speed_bench.py --memory    # a million random turns in one process: RSS growth

Old and new are measured in turn, round by round, in one process, so a machine shared
with other work slows both alike; the ratio of the medians is the figure to quote.

- random full MASTER games, in process: the old path is `bench/positions.play_game`
  judged by the dict engine's step loop (`Ruleset.legal_actions` action by action, then
  `Ruleset.apply`, a `State` per turn);
  the new one is `referee.games.master.bots.RandomPlayer` on a `Game`, the same random choices from
  the same seeds, so both play exactly the same games (checked);
- complete legal turns enumerated (`referee count`) on the guide's mid-game position (docs/howto/conformance.md)
  with jokers and bridges: the reference walk through `engine.legal_actions`
  (`count_by_legal_actions`) against the compact board's (`count_turns`);
- `engine.apply` on a loaded state (the impossible-state check included) and on an engine-made one,
  for the benchmark position of `positions.typical_turn()`, and `engine.legal_actions` at
  the start of that turn: the reference (`Ruleset.apply` / `Ruleset.legal_actions`, the
  dict engine's step loop) against `engine.apply` / `engine.legal_actions`, which take the
  compact path for a known hand.

Targets: ≥ 50,000 random turns/s, ≥ 100,000 counted turns/s, apply on a
loaded state ≤ 15 µs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

import _common
from _common import Figure, header, time_per_call
from positions import NAMES, play_game, typical_turn
from referee import engine
from referee.games.master.bots import RandomPlayer, play_out
from referee.conformance.count import count_by_legal_actions, count_turns
from referee.core.ruleset import Ruleset
from referee.games.master.game import Game

MID_GAME = _common.ROOT / "tests" / "conformance" / "positions" / "mid-game-jokers-bridges.json"


def new_games(players: int, seeds: range) -> int:
    turns = 0
    for seed in seeds:
        game = Game.new(NAMES[:players], seed=seed)
        player = RandomPlayer(seed)
        before = 0
        while not game.is_over:
            player(game)
            game.end_turn()
            before += 1
        turns += before
    return turns


class Reference:
    """The dict engine's MASTER step loop, as `play_game`'s judge: the old path."""

    master = engine.find_ruleset("master")

    @classmethod
    def legal_actions(cls, state, prefix=()):
        return Ruleset.legal_actions(cls.master, state, prefix)

    @classmethod
    def apply(cls, state, turn):
        return Ruleset.apply(cls.master, state, turn)


def old_games(players: int, seeds: range) -> int:
    return sum(len(play_game(players, seed, judge=Reference)[1]) for seed in seeds)


def side_by_side(name: str, unit: str, old, new, rounds: int, target: str = "") -> None:
    """Run `old` and `new` in turn, `rounds` times; each returns (amount, seconds)."""
    olds, news = [], []
    for _ in range(rounds):
        for fn, into in ((old, olds), (new, news)):
            amount, seconds = fn()
            into.append(amount / seconds if unit.endswith("/s") else seconds / amount)
    o, n = Figure(f"{name}, old", olds, unit), Figure(f"{name}, new", news, unit)
    print(o.line())
    ratio = n.median / o.median if unit.endswith("/s") else o.median / n.median
    print(n.line(f"{ratio:.1f}× the old{'   ' + target if target else ''}"))


def timed(fn, *args):
    def run():
        start = time.perf_counter()
        amount = fn(*args)
        return amount, time.perf_counter() - start
    return run


def games(quick: bool) -> None:
    header("random full MASTER games, in process")
    seeds = range(2) if quick else range(10)
    rounds = 1 if quick else 5
    for players in (2, 6):
        assert old_games(players, seeds[:1]) == new_games(players, seeds[:1]), "the same games"
        side_by_side(f"random games, {players} players", "turns/s",
                     timed(old_games, players, seeds), timed(new_games, players, seeds), rounds,
                     "[target ≥ 50,000 turns/s]")


def counts(quick: bool) -> None:
    if quick:
        data = _late_position()
        label = "complete turns, a 6-player game 60 turns in"
    else:
        data = json.loads(MID_GAME.read_text())
        label = "complete turns, mid-game jokers and bridges"
    header("complete legal turns enumerated (referee count)")
    state = engine.load_state(data)
    old = count_by_legal_actions(state)
    assert count_turns(state) == old, "the same counts"

    def counted(fn):
        return timed(lambda: fn(state).turns)
    side_by_side(label, "turns/s", counted(count_by_legal_actions), counted(count_turns),
                 1 if quick else 5, "[target ≥ 100,000 turns/s]")


def _late_position() -> dict:
    """A small position for the quick round: 60 turns into a seeded 6-player game."""
    initial, turns, _ = play_game(6, 1, max_turns=60)
    state = initial
    for turn in turns:
        state = engine.apply(state, turn).state
    return state.to_dict()


def applies(quick: bool) -> None:
    header("engine.apply and engine.legal_actions, the benchmark position")
    number, rounds = (200, 1) if quick else (5000, 7)
    state_dict, turn_dict = typical_turn()
    loaded = engine.load_state(state_dict)
    made = loaded.marked_checked()
    turn = engine.load_turn(turn_dict)
    master = engine.find_ruleset("master")
    assert Ruleset.apply(master, loaded, turn).state == engine.apply(loaded, turn).state
    for label, state in (("loaded state", loaded), ("engine-made state", made)):
        olds, news = [], []
        for _ in range(rounds):
            olds += time_per_call(lambda: Ruleset.apply(master, state, turn), number, 1)
            news += time_per_call(lambda: engine.apply(state, turn), number, 1)
        o, n = Figure(f"engine.apply, {label}, old", olds), Figure(f"engine.apply, {label}, new", news)
        print(o.line())
        print(n.line(f"{o.median / n.median:.1f}× the old" + ("   [target ≤ 15 µs]" if state is loaded else "")))
    olds, news = [], []
    for _ in range(rounds):
        olds += time_per_call(lambda: Ruleset.legal_actions(master, loaded), number, 1)
        news += time_per_call(lambda: engine.legal_actions(loaded), number, 1)
    o = Figure("engine.legal_actions, loaded state, old", olds)
    n = Figure("engine.legal_actions, loaded state, new", news)
    print(o.line())
    print(n.line(f"{o.median / n.median:.1f}× the old"))


def memory(turns_wanted: int) -> None:
    """Random games with one Game object after another until `turns_wanted` turns: RSS."""
    header(f"memory: {turns_wanted:,} random turns in one process")
    new_games(2, range(3))  # warm up: imports, caches
    before = _rss()
    turns, seed, start = 0, 0, time.perf_counter()
    while turns < turns_wanted:
        turns += new_games(2 + seed % 5, range(seed, seed + 1))
        seed += 1
    after = _rss()
    print(f"{turns:,} turns in {seed:,} games, {time.perf_counter() - start:.0f} s: "
          f"RSS {before / 2**20:.1f} MB before, {after / 2**20:.1f} MB after, "
          f"growth {(after - before) / 2**20:.2f} MB")


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short round (CI smoke test)")
    parser.add_argument("--memory", action="store_true", help="a million random turns: RSS growth")
    parser.add_argument("--turns", type=int, default=1_000_000, help="turns for --memory")
    args = parser.parse_args(argv)
    print(_common.machine())
    if args.memory:
        memory(args.turns)
        return
    games(args.quick)
    counts(args.quick)
    applies(args.quick)


if __name__ == "__main__":
    main()
