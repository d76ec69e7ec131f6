"""Every Schwarzer Peter code beside its legal counterpart, in the check order of
docs/games/index.md: the state, GAME_OVER, NOT_YOUR_TURN, TURN_SHAPE, then the draw
(CARD_NOT_IN_HAND, then DRAW_CARD_REQUIRED, DRAW_MISMATCH, CARD_UNAVAILABLE), the pair
(CARD_NOT_IN_HAND) and the end of the turn (PAIR_NOT_LAID)."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.box_tables import draw, pair, peter
from support.judge import outcome, play, refusal

# Ada holds the orange 3 and 7 and the yellow 1 (the Schwarzer Peter: the orange 1 is set
# aside), Ben the yellow 3 and the orange 5, Cleo the yellow 5 and 7; Ada laid every other pair.
HANDS = [["O3", "O7", "Y1"], ["Y3", "O5"], ["Y5", "Y7"]]


def test_a_draw_by_card_or_index_takes_it_from_the_next_player_to_the_end_of_the_hand():
    state = peter(HANDS, aside=["O1"])
    after, events = outcome(state, draw("O5"), player=0)
    assert events == [{"type": "drew", "player": 0, "from": 1, "card": "O5"}]
    assert after["players"][0]["hand"] == ["O3", "O7", "Y1", "O5"]
    assert after["players"][1]["hand"] == ["Y3"]
    assert after["current"] == 1
    assert outcome(state, draw(index=1), player=0) == (after, events)
    assert outcome(state, draw("O5", 1), player=0) == (after, events)


def test_a_card_not_in_that_hand_or_an_index_past_its_end_is_card_not_in_hand():
    state = peter(HANDS, aside=["O1"])
    assert refusal(state, draw("Y5"), player=0) == ("CARD_NOT_IN_HAND", 0)  # Cleo's, not Ben's
    assert refusal(state, draw("R5"), player=0) == ("CARD_NOT_IN_HAND", 0)  # a card of the other edition
    assert refusal(state, draw(index=2), player=0) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(state, draw("Y3", 2), player=0) == ("CARD_NOT_IN_HAND", 0)


def test_a_draw_from_a_known_hand_must_say_which_card_and_card_and_index_must_agree():
    state = peter(HANDS, aside=["O1"])
    assert refusal(state, draw(), player=0) == ("DRAW_CARD_REQUIRED", 0)
    assert refusal(state, draw("Y3", 1), player=0) == ("DRAW_MISMATCH", 0)
    assert outcome(state, draw("Y3", 0), pair(3), player=0)[1][-1] == {"type": "pair", "player": 0, "value": 3}


def test_a_draw_from_a_hidden_hand_into_a_known_one_names_a_card_that_can_be_there():
    state = peter(HANDS, aside=["O1"], hide=[1])
    assert refusal(state, draw(), player=0) == ("DRAW_CARD_REQUIRED", 0)
    assert refusal(state, draw(index=2), player=0) == ("CARD_NOT_IN_HAND", 0)  # Ben holds 2 cards
    assert refusal(state, draw("Y5"), player=0) == ("CARD_UNAVAILABLE", 0)  # in Cleo's hand
    assert refusal(state, draw("O1"), player=0) == ("CARD_UNAVAILABLE", 0)  # set aside
    assert refusal(state, draw("O2"), player=0) == ("CARD_UNAVAILABLE", 0)  # laid in a pair
    assert refusal(state, draw("G5"), player=0) == ("CARD_UNAVAILABLE", 0)  # green is not played
    after, events = outcome(state, draw("O5", 1), player=0)
    assert after["players"][1]["hand"] == {"count": 1}
    assert after["players"][0]["hand"] == ["O3", "O7", "Y1", "O5"]


def test_a_draw_from_a_hidden_hand_into_a_hidden_one_need_not_name_the_card():
    state = peter(HANDS, aside=["O1"], hide=[0, 1])
    result = play(state, draw(), player=0)
    assert result.events == [{"type": "drew", "player": 0, "from": 1, "card": None}]
    assert [p["hand"] for p in result.state.to_dict()["players"][:2]] == [{"count": 4}, {"count": 1}]
    assert result.unchecked == ["PAIR_NOT_LAID"]  # the card may have made a pair with one of Ada's


def test_a_pair_missing_a_card_is_card_not_in_hand():
    state = peter(HANDS, aside=["O1"])
    assert refusal(state, draw("O5"), pair(3), player=0) == ("CARD_NOT_IN_HAND", 1)  # the yellow 3 is Ben's
    assert refusal(state, draw("O5"), pair(5), player=0) == ("CARD_NOT_IN_HAND", 1)
    hidden = peter(HANDS, aside=["O1"], hide=[0])
    assert refusal(hidden, draw("Y3"), pair(7), player=0) == ("CARD_NOT_IN_HAND", 1)  # the yellow 7 is Cleo's
    after, events = outcome(hidden, draw("Y3"), pair(3), player=0)
    assert after["players"][0] == {"name": "Ada", "hand": {"count": 2}, "pairs": after["players"][0]["pairs"]}
    assert after["players"][0]["pairs"][-1] == 3


def test_a_drawn_card_that_makes_a_pair_must_be_laid_with_it():
    state = peter(HANDS, aside=["O1"])
    assert refusal(state, draw("Y3"), player=0) == ("PAIR_NOT_LAID", 0)
    after, events = outcome(state, draw("Y3"), pair(3), player=0)
    assert after["players"][0]["hand"] == ["O7", "Y1"]
    assert events == [{"type": "drew", "player": 0, "from": 1, "card": "Y3"},
                      {"type": "pair", "player": 0, "value": 3}]
    hidden = peter(HANDS, aside=["O1"], hide=[0])
    assert play(hidden, draw("O5"), player=0).unchecked == []  # its twin is Cleo's: no pair possible
    assert play(hidden, draw("Y3"), player=0).unchecked == ["PAIR_NOT_LAID"]


def test_not_your_turn_and_the_turn_shape_come_before_the_cards():
    state = peter(HANDS, aside=["O1"])
    assert refusal(state, draw("O5"), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, draw("O5"), player=6) == ("NOT_YOUR_TURN", None)
    assert refusal(state, player=0) == ("TURN_SHAPE", None)
    assert refusal(state, pair(3), player=0) == ("TURN_SHAPE", 0)
    assert refusal(state, draw("Y3"), pair(3), pair(3), player=0) == ("TURN_SHAPE", 2)
    assert refusal(state, draw("Y9"), draw(), player=0) == ("TURN_SHAPE", 1)
    assert refusal(state, {"type": "guess", "value": 3}, player=0) == ("TURN_SHAPE", 0)  # Ratefix's action
    assert refusal(state, {"type": "place", "card": "O5"}, player=0) == ("TURN_SHAPE", 0)


def test_a_finished_game_refuses_every_turn_with_game_over():
    state = peter([["Y1"], [], []], aside=["O1"], current=None)
    assert refusal(state, draw(), player=0) == ("GAME_OVER", None)
    assert refusal(state, draw(), player=1) == ("GAME_OVER", None)


@pytest.mark.parametrize("action", [draw(index=-1), draw(index="0"), draw(index=1.0), pair(21), pair(0), pair("3"),
                                    draw("O21"), {"type": "draw", "from": 1}])
def test_bad_input_is_malformed(action):
    with pytest.raises(MalformedInput):
        engine.load_turn({"player": 0, "actions": [action]}, "schwarzer-peter")


def test_legal_actions_list_each_card_of_a_known_hand_and_then_the_pair():
    state = engine.load_state(peter(HANDS, aside=["O1"]))
    assert engine.legal_actions(state).to_dict() == {
        "player": 0, "actions": [draw("Y3"), draw("O5")], "complete": False}
    drew = engine.load_actions([draw("Y3")], "schwarzer-peter")
    assert engine.legal_actions(state, drew).to_dict() == {"player": 0, "actions": [pair(3)], "complete": False}
    other = engine.load_actions([draw("O5")], "schwarzer-peter")
    assert engine.legal_actions(state, other).to_dict() == {"player": 0, "actions": [], "complete": True}
    hidden = engine.load_state(peter(HANDS, aside=["O1"], hide=[1]))
    assert engine.legal_actions(hidden).to_dict()["actions"] == [draw()]
