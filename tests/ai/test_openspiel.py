"""Every ruleset as an OpenSpiel game: registered, OpenSpiel's own `random_sim_test`
with serialization for every ruleset of the registry, the deal as a chance node that
reproduces `engine.new_game`, and ISMCTS playing it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from referee import engine
from referee.ai import openspiel_game as elfer

RULESETS = sorted(engine.RULESETS)


def test_every_ruleset_is_registered():
    registered = {game.short_name for game in pyspiel.registered_games()}
    assert {elfer.game_name(name) for name in engine.RULESETS} <= registered


@pytest.mark.parametrize("name", RULESETS)
def test_random_sim_test_passes_with_serialization(name):
    game = pyspiel.load_game(elfer.game_name(name), {"max_turns": 60, "deals": 50})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESETS)
def test_random_sim_test_passes_with_whole_games(name):
    game = pyspiel.load_game(elfer.game_name(name))
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_the_game_type_is_imperfect_information_with_explicit_chance():
    kind = pyspiel.load_game(elfer.game_name("master")).get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_string and kind.provides_observation_tensor


@pytest.mark.parametrize("name", ["master", "zweikampf", "mogeln"])
def test_the_deal_outcome_is_engine_new_games_seed(name):
    players = max(2, engine.RULESETS[name].min_players)
    game = pyspiel.load_game(elfer.game_name(name), {"players": players})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == elfer.DEALS
    state.apply_action(17)
    dealt = engine.new_game([f"player_{i}" for i in range(players)], seed=17, ruleset=name).state
    assert state.table.state.to_dict() == dealt.to_dict()


def test_the_observation_tensor_is_the_seats_view():
    game = pyspiel.load_game(elfer.game_name("master"))
    state = game.new_initial_state()
    state.apply_action(3)
    tensor = np.array(state.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),)
    assert np.array_equal(tensor, game.layout.encode(state.table, 0))
    assert not np.array_equal(tensor, np.array(state.observation_tensor(1)))
    assert state.information_state_string(0) == state.observation_string(0)


def test_wrong_seats_get_the_referees_own_error():
    with pytest.raises(engine.MalformedInput, match="This game is for 3 to 6 players, not 2"):
        pyspiel.load_game(elfer.game_name("mogeln"), {"players": 2})


def test_ismcts_plays_a_whole_game():
    game = pyspiel.load_game(elfer.game_name("master"), {"max_turns": 300})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    state.apply_action(5)
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0 and len(legal) > 1:
            action = bot.step(state)
            searched += 1
        else:
            action = legal[rng.randint(len(legal))]
        assert action in legal
        state.apply_action(action)
    assert searched > 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
