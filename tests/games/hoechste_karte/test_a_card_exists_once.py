"""A card exists once: a family recording "Die höchste Karte gewinnt" with hidden hands
names Max's orange 11 in trick 1 and again in trick 4. The second time it lies in a won
pile for all to see, so the referee refuses it with CARD_UNAVAILABLE at that action,
through the engine, over HTTP (`/v1/turns` and `/v1/replays`) and in `referee replay`;
the same game without the second naming is legal to its end, and a record written when
the piles were numbers still replays, answered with counts."""

from __future__ import annotations

import io
import json

import pytest

from referee import cli, engine
from referee.http import create_app
from support.sealed_games import post

NAMES = ["Max", "Lea", "Tom"]
#: Eleven tricks of three players, each playing their colour's values in this order
#: (orange, yellow, green in the 2018 edition): Max takes tricks 1 (with his orange 11)
#: and 11, Tom tricks 2 to 6, Lea tricks 7 to 10.
ORDERS = ([11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [10, 2, 3, 4, 5, 6, 7, 8, 9, 11, 1],
          [1, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2])


def tricks():
    return [{"player": player, "actions": [{"type": "play", "card": f"{colour}{ORDERS[player][trick]}"}]}
            for trick in range(11) for player, colour in enumerate("OYG")]


def hidden_start():
    return engine.new_game(NAMES, seed=5, ruleset="hoechste-karte", hidden=True).state.to_dict()


def named_twice():
    """Max's orange 11 again in trick 4, where his orange 3 was."""
    turns = tricks()
    turns[9] = {"player": 0, "actions": [{"type": "play", "card": "O11"}]}
    return turns


def recorded(tmp_path, state, turns):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": state, "turns": turns}))
    return str(path)


def test_the_whole_game_is_legal_and_every_card_lies_in_a_won_or_out_pile_at_the_end():
    result = engine.replay(engine.load_state(hidden_start()),
                           [engine.load_turn(t, "hoechste-karte") for t in tricks()])
    state = result.state.to_dict()
    assert result.state.is_over
    piles = [c for p in state["players"] for c in p["won"]] + state["out"]
    assert sorted(piles) == sorted(f"{c}{v}" for c in "OYG" for v in range(1, 12))
    assert state["players"][0]["won"] == ["G2", "Y1", "O10", "G1", "Y10", "O11"]  # trick 11 on trick 1


def test_a_card_named_twice_is_refused_by_the_engine_at_that_turn_and_action():
    with pytest.raises(engine.Violation) as refused:
        engine.replay(engine.load_state(hidden_start()), [engine.load_turn(t, "hoechste-karte") for t in named_twice()])
    assert (refused.value.code, refused.value.turn, refused.value.action) == ("CARD_UNAVAILABLE", 9, 0)


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_a_card_named_twice_is_refused_over_http(client):
    state = hidden_start()
    for turn in named_twice()[:9]:
        state = post(client, "/v1/turns", {"state": state, "turn": turn}, 200)["state"]
    assert "O11" in state["players"][0]["won"]
    refused = post(client, "/v1/turns", {"state": state, "turn": named_twice()[9]}, 422)
    assert (refused["code"], refused["action"]) == ("CARD_UNAVAILABLE", 0)
    replayed = post(client, "/v1/replays", {"state": hidden_start(), "turns": named_twice()}, 422)
    assert (replayed["code"], replayed["turn"], replayed["action"]) == ("CARD_UNAVAILABLE", 9, 0)


def test_referee_replay_names_the_turn_and_action_of_the_card_named_twice(tmp_path):
    out = io.StringIO()
    assert cli.replay(recorded(tmp_path, hidden_start(), named_twice()), out) == 1
    assert out.getvalue().startswith("illegal: turn 9, action 0: CARD_UNAVAILABLE: ")
    out = io.StringIO()
    assert cli.replay(recorded(tmp_path, hidden_start(), tricks()), out) == 0
    assert out.getvalue().startswith("legal: 33 turns, game finished")


def test_a_record_written_with_numbers_still_replays_answered_with_counts(tmp_path, client):
    """Before, `won`, `set_aside` and `out` were numbers: such a record (here from the
    middle of the game, three tricks won) is read with counts and stays so."""
    middle = hidden_start()
    for player in middle["players"]:
        player["hand"] = {"count": 8}
    middle["players"][0]["won"], middle["players"][2]["won"] = 3, 6
    middle["set_aside"], middle["out"] = 0, 0
    rest = tricks()[9:]
    out = io.StringIO()
    assert cli.replay(recorded(tmp_path, middle, rest), out) == 0
    assert out.getvalue().startswith("legal: 24 turns, game finished")
    answer = post(client, "/v1/replays", {"state": middle, "turns": rest}, 200)
    # Max takes trick 11, Tom tricks 4 to 6, Lea tricks 7 to 10.
    assert [p["won"] for p in answer["state"]["players"]] == [{"count": 6}, {"count": 12}, {"count": 15}]
    assert (answer["state"]["set_aside"], answer["state"]["out"]) == ({"count": 0}, {"count": 0})
    # With counts the cards once played cannot be checked: the old record names O11 again unrefused.
    again = post(client, "/v1/turns", {"state": middle, "turn": {"player": 0, "actions": [
        {"type": "play", "card": "O11"}]}}, 200)
    assert again["state"]["trick"] == [{"player": 0, "card": "O11"}]
