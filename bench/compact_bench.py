"""Every ruleset in process (`referee.compact`): random whole games per second.

    python bench/compact_bench.py             # the full round (~3 minutes)
    python bench/compact_bench.py --quick     # one short round (the CI smoke test)
    python bench/compact_bench.py --players 3 # three players where the game seats them

For every ruleset the registry lists (a game added later is measured too): whole games
from seeded deals (`referee.compact.new`, the deal `engine.new_game` gives), each turn a
random turn as `referee.compact.play` defines it once (a seat among those who may act,
then actions picked uniformly among `legal_actions()` until the turn is complete, then
`end_turn`), cut off at 400 turns as the box benchmark's games are (Farben sammeln and
Überall anschließen rarely end by random play). The deal is in the time; the figure is
turns per second.

The rulesets are measured in turn, round by round, in one process, so a machine shared
with other work slows them alike: beside each figure is its ratio to MASTER's in the same
rounds (the median of the per-round ratios). The goal: every ruleset ≥ 50,000 turns/s
and ≥ 0.5× MASTER's.
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


def games(ruleset: str, players: int, seeds: range) -> tuple[int, float]:
    """Turns played in random whole games from the seeded deals, and the seconds taken."""
    names = NAMES[:seats(ruleset, players)]
    turns, started = 0, time.perf_counter()
    for seed in seeds:
        turns += random_game(compact.new(ruleset, names, seed), random.Random(seed), LONGEST)
    return turns, time.perf_counter() - started


def run(quick: bool, players: int) -> list[Figure]:
    rounds, per_round = (1, 2) if quick else (5, 12)
    rulesets = list(engine.RULESETS)
    rates: dict[str, list[float]] = {name: [] for name in rulesets}
    lengths: dict[str, list[int]] = {name: [] for name in rulesets}
    print(_common.machine())
    header(f"every ruleset in process: random whole games, {players} players where seated (turns per second)")
    for number in range(rounds):
        seeds = range(1000 * number, 1000 * number + per_round)
        for name in rulesets:
            turns, seconds = games(name, players, seeds)
            rates[name].append(turns / seconds)
            lengths[name].append(turns)
    master = rates[rulesets[0]]
    figures = []
    for name in rulesets:
        ratios = [rate / base for rate, base in zip(rates[name], master)]
        mean = sum(lengths[name]) / (rounds * per_round)
        figure = Figure(f"{name}: {compact.game_type(name).__name__}", rates[name], "turns/s",
                        f"{statistics.median(ratios):.2f}× MASTER, {mean:.0f} turns a game")
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
