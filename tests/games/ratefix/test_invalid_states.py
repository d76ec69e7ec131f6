"""Impossible Ratefix states (docs/games/ratefix.md) are INVALID_STATE with a
reason naming what is wrong; options of the wrong shape are malformed."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.box_tables import put, ratefix
from support.judge import outcome, violation


def reason(state, player=0):
    found = violation(state, put(), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return found.reason


def test_a_sound_state_is_accepted():
    assert outcome(ratefix(stacks=[["O9"], ["Y5"]]), put(), player=0)[0]["middle"] == [{"player": 0, "card": "O9"}]


def moved(state):
    """The state with the second card of Ben's stack moved onto Ada's."""
    state["players"][0]["stack"].append(state["players"][1]["stack"].pop())
    return state


@pytest.mark.parametrize(("state", "expected"), [
    (ratefix(stacks=[["O9"], ["Y5"]]) | {"out": 41}, "out is 41, but 2 players with 20 cards each leave 40 out of the game"),
    (ratefix(players=2, cards_each=20) | {"options": {"edition": "2018", "cards_each": 41}},
     "the option cards_each is 41, but 2 players get at most 40 cards each"),
    (ratefix(players=3) | {"leader": 3}, "leader names player 3, who does not exist"),
    (moved(ratefix(stacks=[["O9", "O1"], ["Y5", "Y6"]], cards_each=2)), "the stacks hold 3, 1 cards (with their cards in the middle); "
     "they are always of equal size"),
    (ratefix(players=2, won=[1, 1]), "ada has won 1 cards, not a whole number of rounds of 2 cards"),
    (ratefix(middle=[(0, "O9"), (0, "O8")], players=3), "ada put a second card into the middle at /middle/1"),
    (ratefix(middle=[(0, "O9")], guesses=[(0, 4)], players=2), "there are guesses while cards are still to be put "
     "into the middle"),
    (ratefix(middle=[(0, "O9"), (1, "O8")], guesses=[(1, 4)], players=2),
     "/guesses/0 is a guess of ben, but ada guesses then, in order from the leader"),
    (ratefix(middle=[(0, "O9"), (1, "O8")], guesses=[(0, 4), (1, 5)], players=2),
     "every player has guessed, so the round would have been taken"),
    (ratefix(middle=[(0, "O9"), (5, "O8")], players=2), "/middle/1 names player 5, who does not exist"),
    (ratefix(players=5), "this game has 2 to 4 players, this one has 5"),
    (ratefix(middle=[(0, "O9")], players=2, waiting=[0, 1]), "ada has already acted in this step"),
    (ratefix(middle=[(0, "O9"), (1, "O8")], current=1), "ben cannot act now"),
    (ratefix(stacks=[["O9"], ["O9"]]), "the orange 9 is listed twice, in /players/0/stack and in /players/1/stack"),
    (ratefix(stacks=[["R9"], []]), "the red 9 in /players/0/stack is not a card of this game"),
    (ratefix(stacks=[["O9"], ["Y5"]], won=[["R9", "B2"], []]), "the red 9 in /players/0/won is not a card of this game"),
    (ratefix(stacks=[["O9"], ["Y5"]], won=[[], ["O9", "B2"]]),
     "the orange 9 is listed twice, in /players/0/stack and in /players/1/won"),
    (ratefix(stacks=[["O9"], ["Y5"]], won=[["B1", "B2"], ["B2", "B3"]]),
     "the blue 2 is listed twice, in /players/0/won and in /players/1/won"),
    (ratefix(players=2, won=[["B1"], ["B3"]]), "ada has won 1 cards, not a whole number of rounds of 2 cards"),
])
def test_an_impossible_state_names_what_is_wrong(state, expected):
    assert reason(state, player=state["current"] if state["current"] is not None else 0).lower() == expected


@pytest.mark.parametrize("options", [{"cards_each": 0}, {"cards_each": 81}, {"cards_each": "3"},
                                     {"edition": "1990"}, {"colors": ["O", "Y"]}, {"short": True}])
def test_an_option_of_the_wrong_shape_or_that_ratefix_does_not_take_is_malformed(options):
    with pytest.raises(MalformedInput):
        engine.load_state(ratefix() | {"options": options})


def test_cards_each_defaults_to_about_half_the_cards_and_a_deal_with_too_many_is_impossible():
    for names, each in ((["A", "B"], 20), (["A", "B", "C"], 13), (["A", "B", "C", "D"], 10)):
        dealt = engine.new_game(names, seed=1, ruleset="ratefix").state.to_dict()
        assert dealt["options"] == {"edition": "2018", "cards_each": each}
        assert [len(p["stack"]) for p in dealt["players"]] == [each] * len(names)
        assert dealt["out"] == 80 - each * len(names)
    assert engine.new_game(["A", "B", "C", "D"], seed=1, ruleset="ratefix",
                           options={"cards_each": 20}).state.to_dict()["out"] == 0
    with pytest.raises(engine.Violation) as refused:
        engine.new_game(["A", "B", "C", "D"], seed=1, ruleset="ratefix", options={"cards_each": 21})
    assert refused.value.reason == "the option cards_each is 21, but 4 players get at most 20 cards each"
