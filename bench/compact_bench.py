"""Every ruleset in process (`referee.compact`): random whole games per second.

    python bench/compact_bench.py             # the full round (~1 minute)
    python bench/compact_bench.py --quick     # one short round (the CI smoke test)
    python bench/compact_bench.py --players 3 # three players where the game seats them

For every ruleset the registry lists (a game added later is measured too): whole games
from seeded deals (`referee.compact.new`, the deal `engine.new_game` gives), each turn a
random turn as `referee.compact.play` defines it once (a seat among those who may act,
then actions picked uniformly among `legal_actions()` until the turn is complete, then
`end_turn`), cut off at 400 turns as the box benchmark's games are (Farben sammeln and
Überall anschließen rarely end by random play). The deal is in the time; the figure is
turns per second.

Each measurement plays games from successive seeds until the process has used a slice
of CPU time (0.4 s, seven rounds); the figure is turns per second of the process's own
CPU time (`time.process_time`), so that other work on a shared machine, which takes the
cores away, does not count; the wall-clock rate is printed beside it. The rulesets are
measured in turn, round by round, in one process, each right after a slice of MASTER, so
a busy machine slows both alike: beside each figure is its ratio to MASTER's (the median
of the per-round ratios). The goal: every ruleset ≥ 50,000 turns/s and ≥ 0.5× MASTER's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import _common
from _common import Figure, header
from referee import compact, engine
from referee.compact.play import random_game

#: The longest game played, in turns (the box benchmark's bound).
LONGEST = 400
NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")


def seats(ruleset: str, players: int) -> int:
    rules = engine.find_ruleset(ruleset)
    return max(rules.min_players, min(players, rules.max_players))


def games(ruleset: str, players: int, first_seed: int, seconds: float) -> tuple[int, float, float, int]:
    """Random whole games from the seeded deals `first_seed`, `first_seed + 1`, ... until
    the process has used `seconds` of CPU time: (turns played, CPU seconds, wall-clock
    seconds, games played)."""
    names = NAMES[:seats(ruleset, players)]
    turns, seed = 0, first_seed
    wall, cpu = time.perf_counter(), time.process_time()
    while True:
        turns += random_game(compact.new(ruleset, names, seed), random.Random(seed), LONGEST)
        seed += 1
        used = time.process_time() - cpu
        if used >= seconds:
            return turns, used, time.perf_counter() - wall, seed - first_seed


def run(quick: bool, players: int) -> list[Figure]:
    rounds, seconds = (1, 0.05) if quick else (7, 0.4)
    rulesets = list(engine.RULESETS)
    master = rulesets[0]
    rates: dict[str, list[float]] = {name: [] for name in rulesets}
    walls: dict[str, list[float]] = {name: [] for name in rulesets}
    ratios: dict[str, list[float]] = {name: [] for name in rulesets}
    played: dict[str, list[int]] = {name: [0, 0] for name in rulesets}
    print(_common.machine())
    header(f"every ruleset in process: random whole games, {players} players where seated (turns per CPU second)")
    for number in range(rounds):
        for name in rulesets:
            # MASTER just before each ruleset: the ratio compares two runs under the same load.
            turns, used, _, _ = games(master, players, 100_000 * number, seconds)
            base = turns / used
            turns, used, wall, count = games(name, players, 100_000 * number, seconds)
            rates[name].append(turns / used)
            walls[name].append(turns / wall)
            ratios[name].append(turns / used / base)
            played[name][0] += turns
            played[name][1] += count
    figures = []
    for name in rulesets:
        turns, count = played[name]
        figure = Figure(f"{name}: {compact.game_type(name).__name__}", rates[name], "turns/s",
                        f"{statistics.median(ratios[name]):.2f}× MASTER, wall clock {statistics.median(walls[name]):,.0f}"
                        f" turns/s, {turns / count:.0f} turns a game")
        print(figure.line("[goal ≥ 50,000 turns/s, ≥ 0.5× MASTER]"))
        figures.append(figure)
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short round (CI smoke test)")
    parser.add_argument("--players", type=int, default=2, help="players at the table, where the game seats them")
    args = parser.parse_args(argv)
    run(args.quick, args.players)


if __name__ == "__main__":
    main()
