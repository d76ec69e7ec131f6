"""A sealed turn acts for its seat alone: Schnipp Schnapp's `with` (others who called at
the same moment) is NOT_YOUR_TURN at that action in a sealed game, where each player
calls with their own seat, and stays a tie or a shared mistake in a plain game, where
one person records everyone's calls. No other ruleset's action acts for another player."""

from __future__ import annotations

import json

import pytest

from referee import engine
from referee.http import create_app
from referee.core.extras import acts_for_others
from referee.sealed.own_seat import refuse_acting_for_others
from referee.sealed.sealing import new_key
from support.contract_check import assert_matches_contract

CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [new_key()]}).test_client()


def post(path, body, status):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert_matches_contract(response, path, "POST")
    assert response.status_code == status, response.json
    return response.json


def call(word, *others):
    action = {"type": "call", "word": word}
    return action | {"with": list(others)} if others else action


def test_a_sealed_call_with_others_is_not_your_turn_at_that_action_and_one_alone_is_played():
    game = post("/v1/games", {"ruleset": "schnipp-schnapp", "players": ["Ann", "Ben", "Cleo"], "sealed": True}, 201)
    ann, ben, cleo = game["seats"]
    flipped = post("/v1/turns", {"game": game["game"], "seat": ann,
                                 "turn": {"player": 0, "actions": [{"type": "flip"}]}}, 200)
    for others in ([0, 1], [2], [0]):
        refused = post("/v1/turns", {"game": flipped["game"], "seat": cleo,
                                     "turn": {"player": 2, "actions": [call("schnipp", *others)]}}, 422)
        assert (refused["code"], refused["action"]) == ("NOT_YOUR_TURN", 0)
        assert refused["detail"] == ("In a sealed game this seat acts for Cleo alone: every other "
                                     "player sends their own turn with their own seat.")
    alone = post("/v1/turns", {"game": flipped["game"], "seat": cleo,
                               "turn": {"player": 2, "actions": [call("schnipp")]}}, 200)
    assert alone["public"][0]["player"] == 2  # a mistake (the middle is empty) charged to Cleo alone
    assert [e["player"] for e in alone["public"] if e["type"] == "mistake"] == [2]
    empty = post("/v1/turns", {"game": alone["game"], "seat": ben,
                               "turn": {"player": 1, "actions": [call("schnapp") | {"with": []}]}}, 200)
    assert empty["turn"] == 3  # an empty with names nobody


def test_the_sealed_refusal_comes_before_the_calls_own_checks():
    game = post("/v1/games", {"ruleset": "schnipp-schnapp", "players": ["Ann", "Ben"], "sealed": True}, 201)
    # Nothing has been flipped (NOTHING_TO_CALL), and `with` names the caller (TURN_SHAPE):
    # acting for another seat is refused first, as a turn for another player is.
    for others in ([0], [1], [0, 0]):
        refused = post("/v1/turns", {"game": game["game"], "seat": game["seats"][1],
                                     "turn": {"player": 1, "actions": [call("schnapp", *others)]}}, 422)
        assert (refused["code"], refused["action"]) == ("NOT_YOUR_TURN", 0)
    alone = post("/v1/turns", {"game": game["game"], "seat": game["seats"][1],
                               "turn": {"player": 1, "actions": [call("schnapp")]}}, 422)
    assert (alone["code"], alone["action"]) == ("NOTHING_TO_CALL", 0)


def test_a_plain_call_with_others_is_recorded_for_all_of_them():
    game = post("/v1/games", {"ruleset": "schnipp-schnapp", "players": ["Ann", "Ben", "Cleo"], "seed": 3}, 201)
    flipped = post("/v1/turns", {"state": game["state"], "turn": {"player": 0, "actions": [{"type": "flip"}]}}, 200)
    both = post("/v1/turns", {"state": flipped["state"],
                              "turn": {"player": 2, "actions": [call("schnipp", 0)]}}, 200)
    # A wrong Schnipp (the middle is empty) by Cleo and Ann at once: a mistake for each.
    assert [e for e in both["events"] if e["type"] == "mistake"] == [
        {"type": "mistake", "player": 2, "word": "schnipp"}, {"type": "mistake", "player": 0, "word": "schnipp"}]


@pytest.mark.parametrize("ruleset", sorted(engine.RULESETS))
def test_only_a_call_with_others_acts_for_another_player(ruleset):
    """Every action a new game lists (and the actions of every kind the grammar reads)
    acts for its player alone, but a Schnipp Schnapp call with `with`."""
    rules = engine.find_ruleset(ruleset)
    names = ["Ann", "Ben", "Cleo"] if rules.max_players > 2 else ["Ann", "Ben"]
    state = engine.new_game(names, seed=1, ruleset=ruleset).state
    for player in range(len(names)):
        listed = engine.legal_actions(state, (), player).actions
        assert all(acts_for_others(rules, action) == () for action in listed)
        refuse_acting_for_others(state, player, listed)  # refuses nothing
    if ruleset == "schnipp-schnapp":
        together = engine.load_actions([call("schnapp", 1)], ruleset=ruleset)
        assert acts_for_others(rules, together[0]) == (1,)
        with pytest.raises(engine.Violation) as refused:
            refuse_acting_for_others(state, 0, list(engine.load_actions([{"type": "flip"}], ruleset=ruleset)) + list(together))
        assert (refused.value.code, refused.value.action) == ("NOT_YOUR_TURN", 1)
