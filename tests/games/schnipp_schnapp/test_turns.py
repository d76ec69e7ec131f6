"""Schnipp Schnapp (docs/games/schnipp-schnapp.md): the printed situations (a Schnapp taking two
piles and setting a quartet aside, a Schnipp on the middle, a wrong word, a tie, a player
out and back by a Schnipp) and every code beside its legal counterpart."""

from __future__ import annotations

import pytest

from referee.core.errors import MalformedInput
from support.box_tables import call, flip, schnapp
from referee.engine import find_ruleset
from support.box_judge import actions_listed as listed, outcome, refused

SCHNAPP = find_ruleset("schnipp-schnapp")

SCHNAPP_CALL, SCHNIPP_CALL = call("schnapp"), call("schnipp")


# -- flips --------------------------------------------------------------------------------------


def test_a_flip_turns_the_top_card_onto_the_open_pile_and_the_next_holder_moves():
    state = schnapp([[], ["G9"], []], stacks=[["O5", "Y7"], ["G5"], None])
    after, events = outcome(state, 0, flip())
    assert events == [{"type": "revealed", "player": 0, "card": "O5"}]
    assert after["players"][0]["stack"] == ["Y7"] and after["players"][0]["open"] == ["O5"]
    assert after["flipped"] == [0] and after["current"] == 1


def test_a_flip_skips_a_player_who_is_out():
    state = schnapp([["B1"], [], ["G9"]], stacks=[["O5"], [], None], flipped=[], current=0)
    after, _ = outcome(state, 0, flip())
    assert after["current"] == 2


def test_a_flip_naming_the_top_card_is_the_same_flip_and_another_card_is_draw_mismatch():
    state = schnapp([[], [], []], stacks=[["O5", "Y7"], ["G5"], None])
    assert outcome(state, 0, flip("O5")) == outcome(state, 0, flip())
    assert refused(state, 0, flip("Y7")) == ("DRAW_MISMATCH", 0)


def test_an_empty_stack_takes_the_open_pile_turned_over_and_shuffled_so_the_card_must_be_named():
    state = schnapp([["O1", "O2", "O3"], ["G9"]], stacks=[[], None])
    assert refused(state, 0, flip()) == ("DRAW_CARD_REQUIRED", 0)
    assert listed(state, 0)[0] == {"type": "flip"}
    after, events = outcome(state, 0, flip("O2"))
    assert after["players"][0]["stack"] == {"count": 2} and after["players"][0]["open"] == ["O2"]
    assert events == [{"type": "revealed", "player": 0, "card": "O2"}]
    assert refused(state, 0, flip("G9")) == ("CARD_UNAVAILABLE", 0)  # it lies on the other open pile
    assert refused(state, 0, flip("R2")) == ("CARD_UNAVAILABLE", 0)  # red is not of the 2018 edition


def test_a_hidden_stack_flips_the_card_named_if_it_can_be_there():
    state = schnapp([["Y4"], ["G9"]], hide=[0, 1])
    after, _ = outcome(state, 0, flip("B12"))
    assert after["players"][0]["open"] == ["B12", "Y4"]
    assert after["players"][0]["stack"] == {"count": state["players"][0]["stack"]["count"] - 1}
    assert refused(state, 0, flip("Y4")) == ("CARD_UNAVAILABLE", 0)
    assert refused(state, 0, flip()) == ("DRAW_CARD_REQUIRED", 0)


def test_nobody_flips_while_the_card_flipped_last_can_be_called():
    state = schnapp([["O5"], ["Y5"], ["G9"]], flipped=[0], current=1)
    assert refused(state, 1, flip()) == ("MATCH_NOT_CALLED", 0)
    assert listed(state, 1) == [SCHNAPP_CALL, SCHNIPP_CALL]
    middle_match = schnapp([["O5"], ["Y6"], ["G9"]], middle=["B5"], flipped=[0], current=1)
    assert refused(middle_match, 1, flip()) == ("MATCH_NOT_CALLED", 0)
    no_match = schnapp([["O5"], ["Y6"], ["G9"]], middle=["B4"], flipped=[0], current=1)
    after, _ = outcome(no_match, 1, flip())
    assert after["flipped"] == [1] and after["current"] == 2
    assert listed(no_match, 1) == [flip(), SCHNAPP_CALL, SCHNIPP_CALL]


def test_only_the_player_to_move_flips():
    state = schnapp([[], [], []])
    assert refused(state, 1, flip()) == ("NOT_YOUR_TURN", None)
    assert refused(state, 7, flip()) == ("NOT_YOUR_TURN", None)


# -- right calls --------------------------------------------------------------------------------


def test_a_schnapp_takes_the_piles_with_the_value_on_top_and_sets_the_quartet_aside():
    # Ada flipped the orange 5; Ben's pile shows the yellow 5. Dan calls: his own pile goes
    # under his stack first, then Ada's and Ben's, from his left, each top card first; the
    # four 5s among them are a quartet.
    state = schnapp([["O5", "B9"], ["Y5", "G5"], ["G1"], ["O9", "B5"]],
                    stacks=[None, None, None, ["B2"]], flipped=[0], current=1)
    after, events = outcome(state, 3, SCHNAPP_CALL)
    assert events == [{"type": "won", "player": 3, "cards": 4, "from": [0, 1]},
                      {"type": "quartet", "player": 3, "value": 5}]
    dan = after["players"][3]
    assert dan["stack"] == ["B2", "O9", "B9"] and dan["open"] == [] and dan["quartets"] == [5]
    assert [p["open"] for p in after["players"][:3]] == [[], [], ["G1"]]
    assert after["flipped"] == [] and after["current"] == 1


def test_a_schnapp_by_the_flipper_takes_the_other_pile():
    state = schnapp([["O7", "B2"], ["Y7"], ["G1"]], stacks=[["O1"], None, None], flipped=[0], current=1)
    after, events = outcome(state, 0, SCHNAPP_CALL)
    assert events == [{"type": "won", "player": 0, "cards": 1, "from": [1]}]
    assert after["players"][0]["stack"] == ["O1", "O7", "B2", "Y7"] and after["players"][0]["open"] == []


def test_a_schnipp_takes_the_middle_when_the_flipped_value_is_on_its_top():
    state = schnapp([["O7"], ["G2"], ["B4"]], middle=["Y7", "B2"], stacks=[None, ["G8"], None], flipped=[0],
                    current=1)
    after, events = outcome(state, 1, SCHNIPP_CALL)
    assert events == [{"type": "won", "player": 1, "cards": 2, "from": "middle"}]
    assert after["players"][1]["stack"] == ["G8", "Y7", "B2"] and after["players"][1]["open"] == ["G2"]
    assert after["middle"] == [] and after["players"][0]["open"] == ["O7"] and after["flipped"] == []


def test_a_schnipp_sets_aside_a_quartet_in_the_middle():
    state = schnapp([["O9"], ["G2"]], middle=["Y9", "O3", "Y3", "G3", "B3"], stacks=[None, ["G8"]], flipped=[0],
                    current=1)
    after, events = outcome(state, 1, SCHNIPP_CALL)
    assert events == [{"type": "won", "player": 1, "cards": 5, "from": "middle"},
                      {"type": "quartet", "player": 1, "value": 3}]
    assert after["players"][1]["stack"] == ["G8", "Y9"] and after["players"][1]["quartets"] == [3]


def test_a_player_who_is_out_comes_back_by_a_schnipp():
    state = schnapp([["G2"], ["Y3"], []], middle=["O3"], stacks=[None, None, []], flipped=[1], current=0)
    after, events = outcome(state, 2, SCHNIPP_CALL)
    assert events[0] == {"type": "won", "player": 2, "cards": 1, "from": "middle"}
    assert after["players"][2]["stack"] == ["O3"] and after["current"] == 0


def test_a_player_to_move_left_without_cards_is_passed_over():
    state = schnapp([["O5"], ["Y5"], ["G9"]], middle=["B3"], stacks=[[], [], None], flipped=[0], current=1)
    after, _ = outcome(state, 2, SCHNAPP_CALL)
    assert after["current"] == 2


def test_a_right_call_made_at_the_same_moment_is_a_tie_and_the_piles_go_back():
    state = schnapp([["O7", "B1"], ["Y7"], ["G3", "G4"]], stacks=[None, ["Y1"], ["B8"]], flipped=[0], current=1)
    after, events = outcome(state, 2, call("schnapp", 1))
    assert events == [{"type": "tie", "players": [2, 1], "word": "schnapp"}]
    assert after["players"][1]["stack"] == ["Y1", "Y7"] and after["players"][2]["stack"] == ["B8", "G3", "G4"]
    assert after["players"][0]["open"] == ["O7", "B1"] and after["flipped"] == [] and after["middle"] == []


# -- mistakes -----------------------------------------------------------------------------------


def test_a_wrong_word_throws_the_callers_open_pile_onto_the_middle():
    # Schnapp would be right (the 7s), but Cleo calls Schnipp on the blue 3.
    state = schnapp([["O7"], ["Y7"], ["G4", "G8"]], middle=["B3"], flipped=[0], current=1)
    after, events = outcome(state, 2, SCHNIPP_CALL)
    assert events == [{"type": "mistake", "player": 2, "word": "schnipp"}]
    assert after["middle"] == ["G4", "G8", "B3"] and after["players"][2]["open"] == []
    assert after["flipped"] == [0]  # the match still waits to be called
    assert refused(after, 1, flip()) == ("MATCH_NOT_CALLED", 0)


def test_a_mistake_by_the_flipper_ends_the_flip():
    state = schnapp([["O7", "O8"], ["Y2"]], flipped=[0], current=1)
    after, events = outcome(state, 0, SCHNAPP_CALL)
    assert events == [{"type": "mistake", "player": 0, "word": "schnapp"}]
    assert after["middle"] == ["O7", "O8"] and after["flipped"] == []
    assert refused(after, 1, SCHNIPP_CALL) == ("NOTHING_TO_CALL", 0)


def test_a_wrong_call_made_together_piles_up_in_seat_order_from_the_caller():
    state = schnapp([["O7"], ["Y2"], ["G4"]], middle=["B3"], flipped=[0], current=1)
    after, events = outcome(state, 2, call("schnapp", 1))
    assert events == [{"type": "mistake", "player": 2, "word": "schnapp"},
                      {"type": "mistake", "player": 1, "word": "schnapp"}]
    assert after["middle"] == ["Y2", "G4", "B3"]  # Ben's pile, thrown last, on top


def test_a_schnipp_by_a_player_who_is_out_may_be_wrong_and_costs_nothing():
    state = schnapp([["O7"], ["Y2"], []], stacks=[None, None, []], middle=["B3"], flipped=[0], current=1)
    after, events = outcome(state, 2, SCHNIPP_CALL)
    assert events == [{"type": "mistake", "player": 2, "word": "schnipp"}] and after["middle"] == ["B3"]


# -- call codes ---------------------------------------------------------------------------------


def test_a_call_needs_a_flipped_card():
    state = schnapp([["O5"], ["Y5"]])
    assert refused(state, 0, SCHNAPP_CALL) == ("NOTHING_TO_CALL", 0)
    assert refused(state, 1, SCHNIPP_CALL) == ("NOTHING_TO_CALL", 0)
    assert listed(state, 0) == [flip()] and listed(state, 1) == []


def test_a_player_who_is_out_may_not_call_schnapp():
    state = schnapp([["O5"], ["Y5"], []], stacks=[None, None, []], flipped=[0], current=1)
    assert refused(state, 2, SCHNAPP_CALL) == ("CALL_NOT_ALLOWED", 0)
    assert refused(state, 1, call("schnapp", 2)) == ("CALL_NOT_ALLOWED", 0)  # nor with another
    assert listed(state, 2) == [SCHNIPP_CALL]
    assert outcome(state, 1, SCHNAPP_CALL)[1][0]["type"] == "won"


@pytest.mark.parametrize("together_with", [[0], [2, 2], [3], [-1]])
def test_a_with_naming_the_caller_a_player_twice_or_nobody_does_not_fit(together_with):
    state = schnapp([["O5"], ["Y5"], ["G1"]], flipped=[0], current=1)
    assert refused(state, 0, call("schnapp", *together_with)) == ("TURN_SHAPE", 0)


def test_a_turn_is_exactly_one_flip_or_one_call():
    state = schnapp([["O5"], ["Y6"], ["G1"]], flipped=[0], current=1)
    assert refused(state, 1, flip(), SCHNAPP_CALL) == ("TURN_SHAPE", 1)
    assert refused(state, 1) == ("TURN_SHAPE", None)
    assert refused(state, 1, {"type": "reveal"}) == ("TURN_SHAPE", 0)
    assert refused(state, 2, SCHNAPP_CALL, SCHNAPP_CALL) == ("TURN_SHAPE", 1)  # out of turn: one call


def test_a_call_word_other_than_schnapp_or_schnipp_is_malformed():
    with pytest.raises(MalformedInput):
        SCHNAPP.load_turn({"player": 0, "actions": [{"type": "call", "word": "schnupp"}]})
    with pytest.raises(MalformedInput):
        SCHNAPP.load_turn({"player": 0, "actions": [{"type": "call", "word": "schnapp", "with": [1.0]}]})


# -- the end ------------------------------------------------------------------------------------


def test_the_game_ends_when_one_player_holds_cards_and_the_middle_is_empty():
    state = schnapp([["O5"], ["Y5", "B4"]], stacks=[[], None], quartets=[[1, 2], [3]], flipped=[1], current=0)
    after, events = outcome(state, 1, SCHNAPP_CALL)
    assert after["current"] is None and after["waiting"] == []
    assert events[-1] == {"type": "game_over", "scores": [{"player": 0, "quartets": 2}, {"player": 1, "quartets": 1}],
                          "winners": [0]}
    assert refused(after, 1, flip()) == ("GAME_OVER", None)
    assert SCHNAPP.score(SCHNAPP.load_state(after))["finished"] is True


def test_the_game_ends_when_the_lone_holder_could_never_schnipp_the_middle():
    # All four 7s lie in the middle: no card of the lone holder can match its top.
    state = schnapp([["O5"], ["Y5", "B1"]], middle=["G7", "O7", "Y7", "B7"], stacks=[[], None], flipped=[1],
                    current=0)
    after, events = outcome(state, 1, SCHNAPP_CALL)
    assert after["current"] is None and after["waiting"] == []
    assert events[-1]["type"] == "game_over"
    assert refused(after, 1, flip()) == ("GAME_OVER", None)


def test_the_game_goes_on_while_a_card_of_the_middles_top_value_is_elsewhere():
    state = schnapp([["O5"], ["Y5", "B1"]], middle=["G7", "O7", "Y7"], stacks=[[], None], flipped=[1], current=0)
    after, events = outcome(state, 1, SCHNAPP_CALL)
    assert after["current"] == 1 and events[-1]["type"] == "won"


def test_the_game_goes_on_while_the_middle_holds_cards_for_a_schnipp():
    state = schnapp([["O5"], ["Y5", "B1"]], middle=["G7"], stacks=[[], None], flipped=[1], current=0)
    after, events = outcome(state, 1, SCHNAPP_CALL)
    assert after["current"] == 1 and events[-1]["type"] == "won"
    assert listed(after, 0) == []  # nothing to call until the next flip


def test_the_scores_count_quartets_and_the_most_wins():
    state = schnapp([[], [], []], quartets=[[4], [7, 9], [1, 2]])
    scores = SCHNAPP.score(SCHNAPP.load_state(state))
    assert scores == {"finished": False, "winners": [1, 2],
                      "scores": [{"player": 0, "quartets": 1}, {"player": 1, "quartets": 2},
                                 {"player": 2, "quartets": 2}]}


# -- together -----------------------------------------------------------------------------------


def test_together_every_holder_flips_once_a_round_then_the_calls_come():
    state = schnapp([[], [], []], stacks=[["O5"], ["Y5"], None], together=True)
    assert state["waiting"] == [0, 1, 2] and state["current"] is None
    after, _ = outcome(state, 1, flip())
    assert after["waiting"] == [0, 2] and after["flipped"] == []
    assert refused(after, 0, SCHNAPP_CALL) == ("NOTHING_TO_CALL", 0)  # the round is under way
    assert refused(after, 1, flip()) == ("NOT_YOUR_TURN", None)  # Ben has flipped in this round
    after, _ = outcome(after, 0, flip())
    last, _ = outcome(after, 2, flip())
    assert last["flipped"] == [0, 1, 2] and last["waiting"] == [0, 1, 2]
    assert refused(last, 2, flip()) == ("MATCH_NOT_CALLED", 0)  # the two 5s wait to be called


def test_together_a_schnapp_takes_every_pile_whose_top_lies_twice_and_counts_the_cards_won():
    state = schnapp([["O5", "B1"], ["Y5"], ["G8"], ["B8", "O2"]], together=True, flipped=[0, 1, 2, 3],
                    won=[0, 3, 0, 0], stacks=[None, None, ["G2"], None])
    after, events = outcome(state, 2, SCHNAPP_CALL)
    assert events == [{"type": "won", "player": 2, "cards": 5, "from": [3, 0, 1]}]
    assert after["players"][2]["stack"] == ["G2", "G8", "B8", "O2", "O5", "B1", "Y5"]
    assert [p["won"] for p in after["players"]] == [0, 3, 5, 0]
    assert after["flipped"] == [] and after["waiting"] == [0, 1, 2, 3]  # Ada and Ben still hold their stacks
    scores = SCHNAPP.score(SCHNAPP.load_state(after))
    assert scores["scores"][2] == {"player": 2, "cards": 5} and scores["winners"] == [2]


def test_together_a_mistake_leaves_the_other_flipped_cards_to_call():
    state = schnapp([["O5"], ["Y6"], ["G5"]], middle=["B9"], together=True, flipped=[0, 1, 2])
    after, events = outcome(state, 1, SCHNIPP_CALL)
    assert events == [{"type": "mistake", "player": 1, "word": "schnipp"}]
    assert after["flipped"] == [0, 2] and after["middle"] == ["Y6", "B9"]
    assert refused(after, 1, flip()) == ("MATCH_NOT_CALLED", 0)  # the two 5s still wait to be called
