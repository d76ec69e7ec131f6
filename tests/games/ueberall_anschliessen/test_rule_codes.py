"""Every Überall anschließen code beside its legal counterpart, in the check order of
docs/games/ueberall-anschliessen.md: the state, GAME_OVER, NOT_YOUR_TURN, TURN_SHAPE, then per
action ACTION_AFTER_GAME_END and — reveal: TURN_ENDED, the draw codes; place:
NOT_NEXT_HIGHER, MIDDLE_FIRST, FIT_OVERLOOKED; stopp: STOPP_WITHOUT_MISTAKE — then
TURN_INCOMPLETE at the end of the turn."""

from __future__ import annotations

from support.judge import outcome, play, refusal
from support.ueberall_tables import place, reveal, run, stopp, ueberall


def test_a_card_that_fits_the_middle_goes_there_and_the_player_turns_up_again():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B4", 4))
    after, events = outcome(state, reveal(), place("middle"), reveal(), place("own"))
    assert events == [{"type": "revealed", "player": 0, "card": "O5"}, {"type": "revealed", "player": 0, "card": "Y9"}]
    assert after["middle"][:2] == ["O5", "B4"] and after["players"][0]["open"] == ["Y9"]
    assert after["current"] == 1


def test_a_card_placed_where_it_is_not_one_higher_is_not_next_higher():
    state = ueberall(stacks=[["O7", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place("middle")) == ("NOT_NEXT_HIGHER", 1)
    assert refusal(state, reveal(), place(1)) == ("NOT_NEXT_HIGHER", 1)
    empty = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B3", 3))
    assert refusal(empty, reveal(), place(1)) == ("NOT_NEXT_HIGHER", 1)  # an empty open pile takes no card
    assert outcome(state, reveal(), place("own"))[0]["players"][0]["open"] == ["O7"]


def test_after_20_comes_1_and_colours_do_not_matter():
    state = ueberall(stacks=[["Y1", "G2", "O9"], ["G11"]], middle=run("O20", 2))
    after, _ = outcome(state, reveal(), place("middle"), reveal(), place("middle"), reveal(), place("own"))
    assert after["middle"][:3] == ["G2", "Y1", "O20"]


def test_a_card_that_fits_the_middle_may_not_go_on_another_pile():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place(1)) == ("MIDDLE_FIRST", 1)
    other = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B7", 7))
    after, _ = outcome(other, reveal(), place(1), reveal(), place("own"))
    assert after["players"][1]["open"] == ["O5", "G4"]


def test_a_card_put_on_the_own_pile_although_it_fitted_is_fit_overlooked_unless_stopp_follows():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B7", 7))
    assert refusal(state, reveal(), place("own")) == ("FIT_OVERLOOKED", 1)  # fitted Ben's G4
    assert refusal(state, reveal(), place("own"), reveal(), place("own")) == ("FIT_OVERLOOKED", 1)
    middle = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(middle, reveal(), place("own")) == ("FIT_OVERLOOKED", 1)
    after, events = outcome(middle, reveal(), place("own"), stopp())
    assert events[1] == {"type": "penalty", "player": 0, "cards": 1}
    assert after["players"][0]["open"] == ["O5"] and after["current"] == 1


def test_stopp_without_an_overlooked_fit_is_stopp_without_mistake():
    state = ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place("own"), stopp()) == ("STOPP_WITHOUT_MISTAKE", 2)
    fitting = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(fitting, reveal(), place("middle"), stopp()) == ("STOPP_WITHOUT_MISTAKE", 2)


def test_a_reveal_after_the_turn_ended_is_turn_ended():
    state = ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place("own"), reveal(), place("own")) == ("TURN_ENDED", 2)
    first = ueberall(stacks=[["O7", "Y9"], ["G11"]])  # the game's first card into the empty middle
    assert refusal(first, reveal(), place("middle"), reveal(), place("own")) == ("TURN_ENDED", 2)
    after, _ = outcome(first, reveal(), place("middle"))
    assert after["middle"] == ["O7"] and after["current"] == 1


def test_a_turn_that_stops_after_a_card_that_fitted_is_turn_incomplete():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place("middle")) == ("TURN_INCOMPLETE", None)
    assert outcome(state, reveal(), place("middle"), reveal(), place("own"))[0]["current"] == 1


def test_a_player_who_runs_out_is_finished_and_may_do_nothing_more():
    state = ueberall(stacks=[["O5"], []], middle=run("B4", 4), fill_to=[1])
    after, events = outcome(state, reveal(), place("middle"))
    assert events[1:] == [{"type": "finished", "player": 0, "place": 1}]
    assert after["finished"] == [0] and after["current"] == 1
    assert refusal(state, reveal(), place("middle"), reveal(), place("own")) == ("ACTION_AFTER_GAME_END", 2)


def test_a_hidden_stack_must_name_the_card_turned_up():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4), hide=[0])
    assert refusal(state, reveal(), place("middle"), reveal("Y9"), place("own")) == ("DRAW_CARD_REQUIRED", 0)
    assert refusal(state, reveal("B4"), place("middle")) == ("CARD_UNAVAILABLE", 0)  # lies in the middle
    assert refusal(state, reveal("R5"), place("middle")) == ("CARD_UNAVAILABLE", 0)  # not of this edition
    after, _ = outcome(state, reveal("O5"), place("middle"), reveal("Y9"), place("own"))
    assert after["players"][0]["open"] == ["Y9"] and after["players"][0]["stack"]["count"] == 37


def test_a_wrong_card_named_against_a_known_stack_is_draw_mismatch():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(state, reveal("Y9"), place("own")) == ("DRAW_MISMATCH", 0)
    assert outcome(state, reveal("O5"), place("middle"), reveal("Y9"), place("own"))[0]["middle"][0] == "O5"


def test_the_whole_turn_codes_come_first_in_their_order():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], middle=run("B4", 4))
    assert refusal(state, reveal(), place("middle"), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, place("middle"), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, place("middle")) == ("TURN_SHAPE", 0)
    assert refusal(state) == ("TURN_SHAPE", None)
    assert refusal(state, reveal()) == ("TURN_SHAPE", None)
    assert refusal(state, reveal("G20"), place(0)) == ("TURN_SHAPE", 1)  # the own seat: "own" is the own pile
    assert refusal(state, reveal(), place(2)) == ("TURN_SHAPE", 1)  # no seat 2 at this table
    assert refusal(state, reveal(), stopp()) == ("TURN_SHAPE", 1)
    assert refusal(state, reveal(), place("own"), stopp(), stopp()) == ("TURN_SHAPE", 3)


def test_a_finished_game_refuses_every_turn_with_game_over():
    state = ueberall(stacks=[[], []], middle=run("B20", 80)[:0] or full_middle(), current=None, finished=[1, 0],
                     fill=False)
    assert refusal(state, reveal(), place("own"), player=0) == ("GAME_OVER", None)
    assert play  # the judge is the same for every ruleset


def full_middle():
    cards = []
    for colour in "OYGB":
        cards += [f"{colour}{v}" for v in range(1, 21)]
    return list(reversed(cards))
