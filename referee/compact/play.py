"""Random play on a `CompactGame`: the one definition of "a random turn" that the
benchmarks, the tests and the examples share.

A random turn: a seat chosen uniformly among those who may act (`acting`: the player to
move, or in a simultaneous step the seats it still waits for), then one action after
another picked uniformly among `legal_actions()`, until the actions make a whole turn
(`turn_complete`), which `end_turn` plays. An action that leaves a number open (a Ratefix
guess, listed once as `Guess()`, as `POST /v1/legal-actions` lists it) gets one drawn
uniformly from 0 to `OPEN_VALUES_UP_TO`; where chance decides part of an action (a flip
from an empty Schnipp Schnapp stack shuffles the pile turned over), the game settles it
with the same generator (`settle`).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.turn import Event

#: The highest number drawn for an action whose number is open (a Ratefix middle holds
#: at most four cards of 20 at most: 80).
OPEN_VALUES_UP_TO = 120


def with_a_value(action: Any, rng: random.Random) -> Any:
    """The action as listed, or with a number drawn where the listing leaves it open."""
    if getattr(action, "value", 0) is None:
        return action._replace(value=rng.randint(0, OPEN_VALUES_UP_TO))
    return action


def chosen(game: Any, listed: list[Any], rng: random.Random, player: int | None = None) -> Any:
    """One of the actions listed for `player`, uniformly, made playable (`with_a_value`,
    `settle`)."""
    return game.settle(with_a_value(rng.choice(listed), rng), rng, player)


def random_turn(game: Any, rng: random.Random) -> list[Event]:
    """Play one random turn (see the module); its events. The game must not be over."""
    acting = game.acting
    seat = acting[0] if len(acting) == 1 else rng.choice(acting)
    take, listed = game.take, game.legal_actions
    take(chosen(game, listed(seat), rng, seat), seat)
    while not game.turn_complete:
        take(chosen(game, listed(), rng, seat))
    return game.end_turn()


def random_game(game: Any, rng: random.Random, longest: int | None = None) -> int:
    """Play random turns until the game is over (or `longest` turns); the turns played."""
    turns = 0
    while not game.is_over and (longest is None or turns < longest):
        random_turn(game, rng)
        turns += 1
    return turns


__all__ = ["random_turn", "random_game", "with_a_value", "OPEN_VALUES_UP_TO"]
