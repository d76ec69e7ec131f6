"""How fast the game-AI environments step: PettingZoo's own `performance_benchmark` (steps
and cycles per second of random legal play, 5 seconds each) and random play through the
OpenSpiel game (steps per second, chance nodes included), for every ruleset.

    python bench/ai_bench.py [--seconds 5]

Prints one row per ruleset (the figures of docs/howto/game-ai.md). Speed is measured
here, never asserted in a test.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import time

import pyspiel
from pettingzoo.test import performance_benchmark

from referee import engine
from referee.ai import openspiel_game as elfer
from referee.ai import pettingzoo_env as pz


def pettingzoo_figures(name: str, players: int) -> tuple[float, float]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(pz.env(name, players))
    steps, cycles = (float(x) for x in re.findall(r"([0-9.]+) (?:turns|cycles) per second", printed.getvalue()))
    return steps, cycles


def openspiel_steps(name: str, players: int, seconds: float) -> float:
    game = pyspiel.load_game(elfer.game_name(name), {"players": players, "max_turns": 500})
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(rng.randrange(elfer.DEALS))
        while not state.is_terminal() and time.perf_counter() - start < seconds:
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="for the OpenSpiel figure")
    args = parser.parse_args()
    print("| ruleset | seats | PettingZoo steps/s | PettingZoo cycles/s | OpenSpiel steps/s |")
    print("|---|---|---|---|---|")
    for name, rules in engine.RULESETS.items():
        players = max(2, rules.min_players)
        steps, cycles = pettingzoo_figures(name, players)
        spiel = openspiel_steps(name, players, args.seconds)
        print(f"| {name} | {players} | {steps:,.0f} | {cycles:,.0f} | {spiel:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
