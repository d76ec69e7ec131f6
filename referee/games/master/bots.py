"""Two example players for `referee.games.master.game.Game`, and a loop that plays a game out.

A player is a callable that builds the turn of the player to move on the game, action by
action with `game.take`, choosing among `game.legal_actions()`; `play_out` ends each turn.

- `RandomPlayer(seed)`: a placement, bridge or swap rather than a draw or a pass 5 times
  in 6 when there is one, and once the turn is complete it stops with probability 1/2
  (the benchmarks' random player, `bench/positions.py`, on the compact game);
- `greedy`: swaps out every joker it can, places its highest number cards first (up to
  four), lays a bridge only to a card it holds, a joker only when no number card fits,
  and draws or passes only when nothing else is legal.

    from referee.games.master.bots import RandomPlayer, greedy, play_out
    from referee.games.master.game import Game

    game = Game.new(["Ada", "Ben"], seed=7)
    outcome = play_out(game, [greedy, RandomPlayer(seed=1)])   # engine.scores' answer
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ...core.actions import Bridge, Draw, Pass, Place, Swap
from ...core.cards import JOKER
from .game import Game

__all__ = ["Player", "RandomPlayer", "greedy", "play_out"]

#: A player: builds the turn of the player to move on the game, action by action.
Player = Callable[[Game], None]


class RandomPlayer:
    """Random legal actions (see the module), from its own seeded generator."""

    def __init__(self, seed: int | None = None, stop: float = 0.5):
        self.rng = random.Random(seed)
        self.stop = stop

    def __call__(self, game: Game) -> None:
        rng = self.rng
        while True:
            actions = game.legal_actions()
            if not actions or (game.turn_complete and rng.random() < self.stop):
                return
            # A draw or a pass is always the last action listed, and the only one of its kind.
            plays = actions[:-1] if type(actions[-1]) in (Draw, Pass) else actions
            game.take(rng.choice(plays if plays and rng.random() < 5 / 6 else actions))


def greedy(game: Game) -> None:
    """Empty the hand fast, the costliest cards first (see the module)."""
    while True:
        actions = game.legal_actions()
        if not actions:
            return
        swaps = [a for a in actions if type(a) is Swap]
        numbers = [a for a in actions if type(a) is Place and a.card != JOKER]
        if swaps:
            game.take(swaps[0])
        elif numbers:
            game.take(max(numbers, key=lambda a: a.slot.value))
        elif game.turn_complete:
            return
        else:
            hand = set(game.hand(game.current))
            bridges = [a for a in actions if type(a) is Bridge and str(a.target) in hand]
            jokers = [a for a in actions if type(a) is Place]
            game.take(bridges[0] if bridges else jokers[0] if jokers else actions[-1])


def play_out(game: Game, players: Sequence[Player], max_turns: int = 10_000) -> dict[str, Any]:
    """Let the players take turns until the game ends (or `max_turns`); its scores."""
    for _ in range(max_turns):
        if game.is_over:
            break
        players[game.current](game)
        game.end_turn()
    return game.scores()
