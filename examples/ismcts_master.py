"""OpenSpiel's ISMCTS against the random player at MASTER, two players: the win rate.

    python examples/ismcts_master.py --games 200 --simulations 40

ISMCTS (OpenSpiel's `ISMCTSBot`, random rollouts) plays seat 0 in even games and seat 1
in odd ones; the deal of game k is `engine.new_game(seed=k)`. Prints the wins, draws and
losses of ISMCTS and its win rate. A benchmark: its figures are in docs/howto/game-ai.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import referee.ai.openspiel_game as elfer


def play(game, bots, seed: int, rng: np.random.RandomState) -> list[float]:
    state = game.new_initial_state()
    state.apply_action(seed)  # the deal of engine.new_game(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():  # a draw: the card chance turns up
            outcomes, chances = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=chances)))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        bot = bots[player]
        action = legal[rng.randint(len(legal))] if bot is None or len(legal) == 1 else bot.step(state)
        state.apply_action(action)
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--max-turns", type=int, default=400)
    args = parser.parse_args()
    game = pyspiel.load_game(elfer.game_name("master"), {"players": 2, "max_turns": args.max_turns})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations,
                           max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                           random_state=np.random.RandomState(2))
    wins = draws = losses = 0
    start = time.time()
    for k in range(args.games):
        seat = k % 2
        bots = [bot, None] if seat == 0 else [None, bot]
        result = play(game, bots, k, rng)[seat]
        wins += result > 0
        draws += result == 0
        losses += result < 0
        print(f"game {k + 1}: ISMCTS {'won' if result > 0 else 'drew' if result == 0 else 'lost'} "
              f"({wins}-{draws}-{losses}, {time.time() - start:.0f} s)", flush=True)
    print(f"ISMCTS ({args.simulations} simulations) against random at MASTER, 2 players, {args.games} games: "
          f"{wins} won, {draws} drawn, {losses} lost; win rate {wins / args.games:.1%}")


if __name__ == "__main__":
    main()
