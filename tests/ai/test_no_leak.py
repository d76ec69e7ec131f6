"""No leak: two worlds a seat cannot tell apart (`referee.ai.worlds.resample`: the cards
it cannot see dealt anew) give that seat the same observation and the same action mask,
at every step of random games of every ruleset, as the sealed leak tests hold a sealed
game's answers to what the seat may see."""

from __future__ import annotations

import random

import numpy as np
import pytest

from referee import engine
from referee.ai import pettingzoo_env as pz
from referee.ai.table import Table
from referee.ai.worlds import resample

RULESETS = sorted(engine.RULESETS)


def twin(game: pz.ElferRausEnv, seat: int, rng: random.Random) -> pz.ElferRausEnv:
    """The same environment on another world `seat` cannot tell from this one: in the
    middle of its own turn, one where its actions so far turned up the same cards."""
    other = pz.env(game.ruleset, game.players, game.game_options)
    other.reset(seed=game.seed)
    table = game._table.copy()
    seen = game._table.open_turn(seat)
    for _ in range(20):
        try:
            # The turn being built is played again in the new world (a Violation if it cannot be).
            table.state = resample(game._table.state, seat, rng)
            if table.open_turn(seat) == seen:
                break
        except engine.Violation:
            pass
        table.state = game._table.state
    other._table = table
    return other


@pytest.mark.parametrize("name", RULESETS)
def test_worlds_a_seat_cannot_tell_apart_look_the_same_to_it(name):
    players = max(3, engine.RULESETS[name].min_players) if engine.RULESETS[name].max_players > 2 else 2
    rng = random.Random(name)
    differed = 0
    for seed in range(3):
        game = pz.env(name, players)
        game.reset(seed=seed)
        for _ in range(60):
            if game._table.is_over:
                break
            for seat in range(players):
                other = twin(game, seat, rng)
                differed += other._table.state.to_dict() != game._table.state.to_dict()
                assert engine.view(other._table.state, seat).to_dict() == engine.view(game._table.state, seat).to_dict()
                agent = f"player_{seat}"
                mine, theirs = game.observe(agent), other.observe(agent)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            agent = game.agent_selection
            game.step(int(rng.choice(np.flatnonzero(game.observe(agent)["action_mask"]))))
    # The worlds differ in what the seats cannot see (a test that compares a world
    # with itself could not fail).
    assert differed > 0


def test_the_observation_changes_with_what_the_seat_sees():
    """The counterpart: a world the seat can tell apart (its own hand changed) gives it
    another observation."""
    game = pz.env("master", 2)
    game.reset(seed=4)
    mine = game.observe("player_0")["observation"]
    other = resample(game._table.state, 1, random.Random(1))  # player_1's secrets: player_0's hand
    table = Table(other)
    assert engine.view(other, 0).to_dict() != engine.view(game._table.state, 0).to_dict()
    assert not np.array_equal(game.layout.encode(table, 0), mine)
