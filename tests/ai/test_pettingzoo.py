"""Every ruleset as a PettingZoo environment: PettingZoo's own tests (`api_test`,
`seed_test`, `max_cycles_test`) for every ruleset of the registry, the deal of a seeded
reset, and what bad input gets."""

from __future__ import annotations

import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from referee import engine
from referee.ai import pettingzoo_env as pz
from referee.ai.table import IllegalAction, Table

RULESETS = sorted(engine.RULESETS)


def seats(name: str) -> int:
    return max(2, engine.RULESETS[name].min_players)


@pytest.mark.parametrize("name", RULESETS)
def test_api_test_passes(name):
    api_test(pz.env(name, seats(name), max_cycles=120), num_cycles=120)


@pytest.mark.parametrize("name", RULESETS)
def test_seed_test_passes(name):
    seed_test(lambda: pz.env(name, seats(name), max_cycles=100), num_cycles=100)


@pytest.mark.parametrize("name", RULESETS)
def test_max_cycles_test_passes(name):
    # max_cycles_test samples actions without the mask: the penalty keeps the game going.
    module = types.SimpleNamespace(
        env=lambda max_cycles: pz.env(name, seats(name), max_cycles=max_cycles, illegal="penalty"),
        parallel_env=lambda max_cycles: pz.parallel_env(name, seats(name), max_cycles=max_cycles, illegal="penalty"),
    )
    max_cycles_test(module)


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESETS)
def test_api_test_passes_with_more_seats_and_longer(name):
    players = engine.RULESETS[name].max_players
    api_test(pz.env(name, players, max_cycles=1000), num_cycles=1000)
    seed_test(lambda: pz.env(name, players, max_cycles=500), num_cycles=500)


@pytest.mark.parametrize("name", RULESETS)
def test_a_seeded_reset_deals_engine_new_games_deal(name):
    game = pz.env(name, seats(name))
    game.reset(seed=1234)
    dealt = engine.new_game([f"player_{i}" for i in range(seats(name))], seed=1234, ruleset=name).state
    assert game._table.state == dealt
    first = game.observe("player_0")["observation"]
    game.reset(seed=1234)
    assert np.array_equal(game.observe("player_0")["observation"], first)


def test_the_options_reach_the_deal():
    game = pz.env("classic", 2, {"edition": "original", "start": "ends", "without_blue": True})
    game.reset(seed=5)
    state = game._table.state.to_dict()
    assert state["options"] == {"edition": "original", "start": "ends", "without_blue": True}
    assert {card[0] for p in state["players"] for card in p["hand"]} <= {"R", "Y", "G"}


def test_an_action_outside_the_mask_raises_and_changes_nothing():
    game = pz.env("master", 2)
    game.reset(seed=3)
    mask = game.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = game._table.state
    with pytest.raises(IllegalAction, match="is not a legal action for player_0 now; legal: "):
        game.step(illegal)
    assert game._table.state == before
    assert game.agent_selection == "player_0"


def test_with_the_penalty_an_illegal_action_costs_one_and_changes_nothing():
    game = pz.env("master", 2, illegal="penalty")
    game.reset(seed=3)
    before = game._table.state
    illegal = int(np.flatnonzero(game.observe("player_0")["action_mask"] == 0)[0])
    game.step(illegal)
    assert game._table.state == before
    assert game.rewards["player_0"] == -1.0
    assert game.infos["player_0"] == {"illegal": illegal}


def test_wrong_options_get_the_referees_own_error():
    with pytest.raises(engine.MalformedInput, match="this game has no option 'colour'"):
        pz.env("zweikampf", 2, {"colour": ["O", "Y"]})


def test_a_wrong_seed_gets_the_referees_own_error():
    game = pz.env("master", 2)
    with pytest.raises(engine.MalformedInput) as refused:
        game.reset(seed=-1)
    with pytest.raises(engine.MalformedInput) as direct:
        engine.new_game(["a", "b"], seed=-1)
    assert str(refused.value) == str(direct.value)


def test_wrong_seats_get_the_referees_own_error():
    with pytest.raises(engine.MalformedInput, match="This game is for 3 to 6 players, not 2"):
        pz.env("mogeln", 2)


def test_a_seat_that_is_not_an_agent_is_a_key_error_naming_the_agents():
    game = pz.env("master", 2)
    game.reset(seed=1)
    with pytest.raises(KeyError, match="'player_2' is not an agent of this game; the agents are player_0, player_1"):
        game.observe("player_2")


def test_a_whole_game_ends_with_the_scores_rewards():
    game = pz.env("master", 2)
    game.reset(seed=11)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
        else:
            game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    winners = engine.scores(game._table.state)["winners"]
    assert game._table.is_over
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert totals[f"player_{winners[0]}"] == 1.0


def option_cases():
    """Each option of each ruleset, as the registry lists it, with a value that is not its
    default: the first and the last of its values."""
    for name in RULESETS:
        for option in engine.RULESETS[name].options:
            others = [v for v in option["values"] if v != option["default"]]
            for value in dict.fromkeys(map(repr, [others[0], others[-1]])):
                yield pytest.param(name, {option["name"]: eval(value)}, id=f"{name}-{option['name']}={value}")


@pytest.mark.parametrize(("name", "options"), list(option_cases()))
def test_every_option_plays_or_gets_the_referees_own_error(name, options):
    names = [f"player_{i}" for i in range(seats(name))]
    try:
        dealt = engine.new_game(names, seed=9, ruleset=name, options=options).state
    except (engine.MalformedInput, engine.Violation) as refused:
        with pytest.raises(type(refused)) as seen:
            pz.env(name, seats(name), options)
        assert str(seen.value) == str(refused)
        return
    game = pz.env(name, seats(name), options, max_cycles=60)
    game.reset(seed=9)
    assert game._table.state.to_dict() == dealt.to_dict()
    api_test(game, num_cycles=60)


def test_an_empty_list_of_numbers_reads_as_zeros_where_the_sample_never_saw_it_empty():
    # Schwarzer Peter, short: player_1 has laid no pair yet; the layout's sampled games
    # always showed its pairs listed, so `players[1].pairs#size` is no feature of it.
    state = engine.load_state({
        "ruleset": "schwarzer-peter", "options": {"edition": "2018", "colors": ["O", "Y"], "short": True},
        "players": [
            {"name": "player_0", "hand": ["Y7", "Y16", "Y15", "Y1", "Y4", "O12", "O13", "Y5", "O9", "O8", "Y2",
                                         "O10", "O14", "Y11"], "pairs": [6]},
            {"name": "player_1", "hand": ["Y14", "O3", "Y8", "O16", "Y10", "O11", "Y9", "Y12", "O7", "O15", "O1",
                                         "O4", "Y13", "O2", "O5"], "pairs": []}],
        "current": 0, "waiting": [], "aside": {"count": 1}})
    game = pz.env("schwarzer-peter", 2, {"short": True})
    assert "players[1].pairs#size" not in game.layout.names
    game.reset(seed=0)
    game._table = Table(state)
    observation = game.observe("player_0")["observation"]
    assert observation[game.layout.names.index("players[1].pairs#len")] == 0.0
    assert observation[game.layout.names.index("players[0].pairs=6")] == 1.0
