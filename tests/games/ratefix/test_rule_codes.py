"""Every Ratefix code beside its legal counterpart, in the check order of
docs/games/index.md: the state, GAME_OVER, NOT_YOUR_TURN, TURN_SHAPE (a guess while cards are put,
a put while guessing), then the put's draw codes (DRAW_CARD_REQUIRED, DRAW_MISMATCH,
CARD_UNAVAILABLE) and, on a view, CARDS_HIDDEN for the last guess."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.box_tables import guess, put, ratefix
from support.judge import outcome, refusal


def test_a_put_from_a_known_stack_needs_no_card_and_may_name_its_top():
    state = ratefix(stacks=[["O9"], ["Y5"]])
    after, events = outcome(state, put(), player=1)
    assert events == []  # a put is face down: no event
    assert after["middle"] == [{"player": 1, "card": "Y5"}]
    assert after["waiting"] == [0] and after["current"] is None
    assert outcome(state, put("Y5"), player=1)[0] == after


def test_a_wrong_card_named_against_a_known_stack_is_draw_mismatch():
    state = ratefix(stacks=[["O9"], ["Y5"]])
    assert refusal(state, put("Y6"), player=1) == ("DRAW_MISMATCH", 0)
    assert refusal(state, put("O9"), player=1) == ("DRAW_MISMATCH", 0)  # a known pile: only its top counts


def test_a_hidden_stack_must_name_the_card_put():
    state = ratefix(stacks=[["O9"], ["Y5"]], hide=[1])
    assert refusal(state, put(), player=1) == ("DRAW_CARD_REQUIRED", 0)
    after, _ = outcome(state, put("Y5"), player=1)
    assert after["players"][1]["stack"] == {"count": 19}
    assert after["middle"] == [{"player": 1, "card": "Y5"}]


def test_a_card_listed_elsewhere_or_not_of_the_edition_is_card_unavailable():
    state = ratefix(stacks=[["O9"], ["Y5"]], middle=[(0, "G3")], hide=[1])
    assert refusal(state, put("O9"), player=1) == ("CARD_UNAVAILABLE", 0)  # in the other stack
    assert refusal(state, put("G3"), player=1) == ("CARD_UNAVAILABLE", 0)  # in the middle
    assert refusal(state, put("R9"), player=1) == ("CARD_UNAVAILABLE", 0)  # the original edition's red
    assert outcome(state, put("B20"), player=1)[0]["middle"][1] == {"player": 1, "card": "B20"}


def test_a_card_in_a_won_pile_is_card_unavailable_and_one_in_a_count_pile_cannot_be_checked():
    state = ratefix(stacks=[["O9"], ["Y5"]], won=[["B10", "G7"], 2], hide=[0, 1])
    assert refusal(state, put("B10"), player=0) == ("CARD_UNAVAILABLE", 0)  # taken in an earlier round
    assert refusal(state, put("G7"), player=1) == ("CARD_UNAVAILABLE", 0)
    assert outcome(state, put("B11"), player=0)[0]["middle"] == [{"player": 0, "card": "B11"}]


def test_a_blue_10_named_in_round_one_and_again_in_round_four_is_refused():
    state = ratefix(stacks=[["B10", "O1", "O2", "O3"], ["Y1", "Y2", "Y3", "Y4"]], cards_each=10, hide=[0, 1])
    rounds = [("B10", "Y1"), ("O1", "Y2"), ("O2", "Y3")]
    for cards in rounds:
        for player, card in enumerate(cards):
            state, _ = outcome(state, put(card), player=player)
        for _ in range(2):
            state, _ = outcome(state, guess(5), player=state["current"])
    assert sum(len(p["won"]) for p in state["players"]) == 6 and any("B10" in p["won"] for p in state["players"])
    assert refusal(state, put("B10"), player=0) == ("CARD_UNAVAILABLE", 0)
    assert outcome(state, put("O3"), player=0)[0]["middle"] == [{"player": 0, "card": "O3"}]


def test_a_player_who_has_put_or_is_not_to_guess_is_not_your_turn():
    putting = ratefix(stacks=[["O9"], ["Y5"]], middle=[(1, "Y20")])
    assert putting["waiting"] == [0]
    assert refusal(putting, put(), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(putting, put(), player=4) == ("NOT_YOUR_TURN", None)
    assert outcome(putting, put(), player=0)[0]["current"] == 0  # all put: the leader guesses
    guessing = ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")], leader=1)
    assert guessing["current"] == 1
    assert refusal(guessing, guess(14), player=0) == ("NOT_YOUR_TURN", None)
    assert outcome(guessing, guess(14), player=1)[0]["current"] == 0


def test_a_guess_while_cards_are_put_and_a_put_while_guessing_are_turn_shape():
    putting = ratefix(stacks=[["O9"], ["Y5"]])
    assert refusal(putting, guess(10), player=0) == ("TURN_SHAPE", 0)
    guessing = ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")])
    assert refusal(guessing, put(), player=0) == ("TURN_SHAPE", 0)
    assert refusal(guessing, guess(3), guess(4), player=0) == ("TURN_SHAPE", 1)
    assert refusal(guessing, player=0) == ("TURN_SHAPE", None)
    assert refusal(putting, {"type": "reveal"}, player=0) == ("TURN_SHAPE", 0)  # Zweikampf's action
    assert refusal(putting, {"type": "draw", "index": 0}, player=0) == ("TURN_SHAPE", 0)


def test_not_your_turn_comes_before_the_shape_and_the_shape_before_the_cards():
    state = ratefix(stacks=[["O9"], ["Y5"]], middle=[(1, "Y20")])
    assert refusal(state, put("Y1"), put(), player=0) == ("TURN_SHAPE", 1)
    assert refusal(state, guess(1), player=1) == ("NOT_YOUR_TURN", None)


def test_a_finished_game_refuses_every_turn_with_game_over():
    state = ratefix(stacks=[[], []], won=[20, 20])
    assert (state["current"], state["waiting"]) == (None, [])
    assert refusal(state, put(), player=0) == ("GAME_OVER", None)
    assert refusal(state, guess(4), player=3) == ("GAME_OVER", None)


def test_the_last_guess_on_a_view_that_hides_the_middle_is_cards_hidden():
    whole = engine.load_state(ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")], guesses=[(0, 12)],
                                      won=[20, 18]))
    seen = engine.find_ruleset("ratefix").view(whole, 1).to_dict()
    assert seen["middle"] == [{"player": 0, "card": None}, {"player": 1, "card": "Y5"}]
    assert refusal(seen, guess(20), player=1) == ("CARDS_HIDDEN", None)
    assert refusal(seen, put(), player=1) == ("TURN_SHAPE", 0)  # the turn's own checks come first
    assert outcome(whole.to_dict(), guess(20), player=1)[1][-2:] == [
        {"type": "won", "player": 0, "cards": 2, "from": "middle"},
        {"type": "game_over", "scores": [{"player": 0, "cards": 22}, {"player": 1, "cards": 18}], "winners": [0]}]


def test_on_a_view_earlier_guesses_and_the_others_puts_keep_the_cards_hidden():
    whole = engine.load_state(ratefix(stacks=[["O9"], ["Y5"]], middle=[(0, "O1")], players=2))
    seen = engine.find_ruleset("ratefix").view(whole, None).to_dict()
    assert seen["players"][1]["stack"] == {"count": 20} and seen["middle"] == [{"player": 0, "card": None}]
    after, _ = outcome(seen, put(), player=1)  # another player's put on a view may leave out its card
    assert after["middle"] == [{"player": 0, "card": None}, {"player": 1, "card": None}]
    assert after["current"] == 0
    assert outcome(after, guess(7), player=0)[0]["guesses"] == [{"player": 0, "value": 7}]


@pytest.mark.parametrize("value", [-1, 3.5, "7", None, True])
def test_a_guess_that_is_not_a_whole_number_from_zero_is_malformed(value):
    state = engine.load_state(ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")]))
    with pytest.raises(MalformedInput):
        engine.load_turn({"player": 0, "actions": [{"type": "guess", "value": value}]}, state.ruleset)
    assert outcome(state.to_dict(), guess(0), player=0)[0]["guesses"] == [{"player": 0, "value": 0}]


def test_legal_actions_list_a_put_or_a_guess_without_their_card_or_value():
    putting = engine.load_state(ratefix(stacks=[["O9"], ["Y5"]], middle=[(1, "Y20")]))
    assert engine.legal_actions(putting, (), 0).to_dict() == {"player": 0, "actions": [{"type": "put"}],
                                                               "complete": False}
    assert engine.legal_actions(putting, (), 1).to_dict() == {"player": 1, "actions": [], "complete": False}
    guessing = engine.load_state(ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")]))
    assert engine.legal_actions(guessing).to_dict() == {"player": 0, "actions": [{"type": "guess"}],
                                                        "complete": False}


def test_a_table_whose_every_stack_is_hidden_puts_face_down_without_naming_the_card():
    # The spectator's view (a physical table): the cards go in face down, named only when
    # the last guess turns them up.
    state = ratefix(stacks=[["O9"], ["Y5"]], hide=[0, 1])
    after, _ = outcome(state, put(), player=0)
    assert after["middle"] == [{"player": 0, "card": None}]
    assert after["players"][0]["stack"] == {"count": 19}  # the helper deals 20 each
    # One known stack: not a view, and the hidden one must still name its card.
    assert refusal(ratefix(stacks=[["O9"], ["Y5"]], hide=[1]), put(), player=1) == ("DRAW_CARD_REQUIRED", 0)
