"""Every Farben sammeln code beside its legal counterpart, in the check order of
docs/games/farben-sammeln.md: the state, GAME_OVER, NOT_YOUR_TURN, TURN_SHAPE, then per
action — take: PILE_EMPTY and the draw codes; discard: CARD_NOT_IN_HAND,
SPACE_NOT_FILLED; close: CLOSE_NOT_ALLOWED."""

from __future__ import annotations

from support.farben_tables import close, discard, farben, pile_used_up, take
from support.judge import outcome, refusal

ORANGE = [f"O{v}" for v in range(1, 10)]


def test_a_take_from_the_pile_and_a_discard_go_to_hand_and_display():
    state = farben(hands=[ORANGE, []], pile=["Y20"], display=[["G1"], ["G2"], ["G3"], ["G4"]])
    after, events = outcome(state, take("pile"), discard("O1", 2))
    assert events == [{"type": "drew", "player": 0, "from": "pile", "card": "Y20"}]
    assert after["players"][0]["hand"] == ORANGE[1:] + ["Y20"]
    assert after["display"][2] == ["O1", "G3"]
    assert after["pile"][0] != "Y20" and after["current"] == 1 and after["closed"] is None
    assert outcome(state, take("pile", "Y20"), discard("O1", 2))[0] == after  # naming the top card is fine


def test_an_empty_pile_is_pile_empty_and_a_display_stack_can_still_be_taken():
    state = pile_used_up(farben(hands=[ORANGE, []], display=[["G1"], ["G2"], ["G3"], ["G4"]]))
    assert refusal(state, take("pile"), discard("O1", 0)) == ("PILE_EMPTY", 0)
    state = pile_used_up(farben(hands=[ORANGE, []], display=[["G1"], ["G2"], ["G3"], ["G4"]]), as_count=True)
    assert refusal(state, take("pile"), discard("O1", 0)) == ("PILE_EMPTY", 0)
    assert outcome(state, take(3), discard("O1", 0))[1] == [{"type": "drew", "player": 0, "from": 3, "card": "G4"}]


def test_a_hidden_pile_must_name_the_card_taken_into_a_known_hand():
    state = farben(hands=[ORANGE, []], pile=["Y20"], hide=["pile"])
    assert refusal(state, take("pile"), discard("O1", 0)) == ("DRAW_CARD_REQUIRED", 0)
    after, events = outcome(state, take("pile", "Y20"), discard("O1", 0))
    assert events[0]["card"] == "Y20" and after["players"][0]["hand"][-1] == "Y20"
    assert after["pile"] == {"count": state["pile"]["count"] - 1}


def test_an_unseen_card_into_an_unseen_hand_needs_no_name():
    state = farben(hands=[ORANGE, []], pile=["Y20"], hide=["pile", 0])
    after, events = outcome(state, take("pile"), discard("Y20", 0))
    assert events == [{"type": "drew", "player": 0, "from": "pile", "card": None}]
    assert after["players"][0]["hand"] == {"count": 9} and after["display"][0][0] == "Y20"


def test_a_wrong_card_named_against_a_known_pile_or_display_stack_is_draw_mismatch():
    state = farben(hands=[ORANGE, []], pile=["Y20"], display=[["G1"], ["G2"], ["G3"], ["G4"]])
    assert refusal(state, take("pile", "Y19"), discard("O1", 0)) == ("DRAW_MISMATCH", 0)
    assert refusal(state, take(1, "G1"), discard("O1", 0)) == ("DRAW_MISMATCH", 0)
    assert outcome(state, take(1, "G2"), discard("O1", 1))[1][0]["card"] == "G2"


def test_a_card_listed_elsewhere_or_not_of_the_game_named_from_a_hidden_pile_is_card_unavailable():
    state = farben(hands=[ORANGE, []], display=[["G1"], ["G2"], ["G3"], ["G4"]], hide=["pile"])
    assert refusal(state, take("pile", "G1"), discard("O1", 0)) == ("CARD_UNAVAILABLE", 0)  # on display
    assert refusal(state, take("pile", "O5"), discard("O1", 0)) == ("CARD_UNAVAILABLE", 0)  # in hand
    assert refusal(state, take("pile", "R5"), discard("O1", 0)) == ("CARD_UNAVAILABLE", 0)  # other edition
    assert outcome(state, take("pile", "B20"), discard("O1", 0))[1][0]["card"] == "B20"


def test_a_discard_of_a_card_not_held_is_card_not_in_hand():
    state = farben(hands=[ORANGE, []], pile=["Y20"])
    assert refusal(state, take("pile"), discard("O10", 0)) == ("CARD_NOT_IN_HAND", 1)
    assert outcome(state, take("pile"), discard("Y20", 0))[0]["players"][0]["hand"] == ORANGE  # taken and discarded again


def test_a_hidden_hand_discards_any_card_not_seen_elsewhere():
    state = farben(hands=[ORANGE, []], pile=["Y20"], display=[["G1"], ["G2"], ["G3"], ["G4"]], hide=[0])
    assert refusal(state, take("pile"), discard("G2", 0)) == ("CARD_NOT_IN_HAND", 1)  # lies on display
    assert refusal(state, take("pile"), discard("R2", 0)) == ("CARD_NOT_IN_HAND", 1)  # not of this edition
    result = outcome(state, take("pile"), discard("O3", 0))
    assert result[0]["players"][0]["hand"] == {"count": 9}
    # a card taken from a display stack is in the hidden hand now, and can be discarded again
    assert outcome(state, take(1), discard("G2", 1))[0]["display"][1] == ["G2"]


def test_the_emptied_display_stack_must_take_the_discard():
    state = farben(hands=[ORANGE, []], display=[["G1"], ["G2", "G5"], ["G3"], ["G4"]])
    assert refusal(state, take(0), discard("O1", 1)) == ("SPACE_NOT_FILLED", 1)
    after, _ = outcome(state, take(0), discard("O1", 0))
    assert after["display"][0] == ["O1"]
    # a stack with cards left under its top is no emptied place
    assert outcome(state, take(1), discard("O1", 3))[0]["display"][1] == ["G5"]


def test_a_close_needs_a_hand_of_one_colour():
    state = farben(hands=[ORANGE[:8] + ["Y1"], []], pile=["O10"])
    assert refusal(state, take("pile"), discard("O1", 0), close()) == ("CLOSE_NOT_ALLOWED", 2)
    after, events = outcome(state, take("pile"), discard("Y1", 0), close())
    assert after["closed"] == 0 and after["current"] is None and after["waiting"] == []
    assert events[-1]["type"] == "game_over"


def test_a_hidden_hand_may_close_and_the_colour_is_unchecked():
    from support.judge import play

    state = farben(hands=[ORANGE, []], pile=["Y20"], hide=[0])
    result = play(state, take("pile"), discard("O1", 0), close())
    assert result.unchecked == ["CLOSE_NOT_ALLOWED"]
    assert play(state, take("pile"), discard("O1", 0)).unchecked == []


def test_not_your_turn_comes_before_the_shape_and_the_shape_before_the_cards():
    state = farben(hands=[ORANGE, []], current=0)
    assert refusal(state, take("pile"), discard("Y1", 0), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, take("pile"), take("pile"), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, take("pile"), player=7) == ("NOT_YOUR_TURN", None)
    assert refusal(state, take("pile", "B1"), take("pile")) == ("TURN_SHAPE", 1)


def test_a_turn_of_another_shape_is_turn_shape():
    state = farben(hands=[ORANGE, []])
    assert refusal(state) == ("TURN_SHAPE", None)
    assert refusal(state, take("pile")) == ("TURN_SHAPE", None)  # stops before the discard
    assert refusal(state, discard("O1", 0)) == ("TURN_SHAPE", 0)
    assert refusal(state, take("pile"), discard("O1", 0), close(), close()) == ("TURN_SHAPE", 3)
    assert refusal(state, {"type": "reveal"}) == ("TURN_SHAPE", 0)


def test_a_closed_round_refuses_every_turn_with_game_over():
    state = farben(hands=[ORANGE, []], closed=0)
    assert refusal(state, take("pile"), discard("O1", 0), player=1) == ("GAME_OVER", None)
    assert refusal(state, player=3) == ("GAME_OVER", None)
