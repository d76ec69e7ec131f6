"""How a Ratefix round is taken (docs/games/ratefix.md): the guess nearest the total,
from either side, takes the middle; of two equally near the one made first; the taker
leads the next round; the game ends when the round in which the stacks ran out is taken."""

from __future__ import annotations

from support.box_tables import guess, ratefix
from support.judge import outcome

# The middle holds 9 + 5 + 13 = 27.
MIDDLE = [(0, "O9"), (1, "Y5"), (2, "G13")]


def taken(guesses, leader=0, last=None):
    """The events and state after the last of `guesses`, the others already made."""
    state = ratefix(stacks=[[], [], []], middle=MIDDLE, guesses=guesses[:-1], leader=leader)
    return outcome(state, guess(guesses[-1][1]), player=guesses[-1][0])


def test_the_nearest_guess_below_the_total_takes_the_middle():
    after, events = taken([(0, 25), (1, 30), (2, 40)])
    assert events == [{"type": "revealed", "player": 0, "card": "O9"}, {"type": "revealed", "player": 1, "card": "Y5"},
                      {"type": "revealed", "player": 2, "card": "G13"},
                      {"type": "won", "player": 0, "cards": 3, "from": "middle"}]
    # The middle goes onto the taker's won pile in the order put, each card on top.
    assert [p["won"] for p in after["players"]] == [["G13", "Y5", "O9"], [], []]
    assert (after["leader"], after["middle"], after["guesses"], after["waiting"]) == (0, [], [], [0, 1, 2])


def test_the_nearest_guess_above_the_total_takes_the_middle():
    after, events = taken([(0, 24), (1, 29), (2, 10)])
    assert events[-1] == {"type": "won", "player": 1, "cards": 3, "from": "middle"}
    assert after["leader"] == 1  # the taker guesses first next round


def test_an_exact_guess_takes_it_and_equal_guesses_are_allowed():
    after, events = taken([(1, 27), (2, 27), (0, 3)], leader=1)
    assert events[-1] == {"type": "won", "player": 1, "cards": 3, "from": "middle"}


def test_of_two_equally_near_guesses_the_one_made_first_takes_the_middle():
    # 25 and 29 are both 2 away from 27; Cleo leads, so her 29 came first.
    after, events = taken([(2, 29), (0, 25), (1, 3)], leader=2)
    assert events[-1] == {"type": "won", "player": 2, "cards": 3, "from": "middle"}
    after, events = taken([(0, 25), (1, 3), (2, 29)], leader=0)
    assert events[-1] == {"type": "won", "player": 0, "cards": 3, "from": "middle"}


def test_a_won_pile_takes_each_middle_on_top():
    state = ratefix(stacks=[[], [], []], middle=MIDDLE, guesses=[(0, 25), (1, 30)], won=[["B1", "B2", "B3"], [], []])
    after, _ = outcome(state, guess(40), player=2)
    assert after["players"][0]["won"] == ["G13", "Y5", "O9", "B1", "B2", "B3"]
    counted = ratefix(stacks=[[], [], []], middle=MIDDLE, guesses=[(0, 25), (1, 30)], won=[3, [], []])
    after, _ = outcome(counted, guess(40), player=2)
    assert after["players"][0]["won"] == {"count": 6}  # a count stays a count


def test_the_round_the_stacks_ran_out_in_ends_the_game_with_the_scores():
    state = ratefix(stacks=[[], [], []], middle=MIDDLE, guesses=[(0, 20), (1, 26)], won=[6, 3, 3], cards_each=5)
    after, events = outcome(state, guess(40), player=2)
    assert events[-2:] == [{"type": "won", "player": 1, "cards": 3, "from": "middle"},
                           {"type": "game_over", "scores": [{"player": 0, "cards": 6}, {"player": 1, "cards": 6},
                                                            {"player": 2, "cards": 3}], "winners": [0, 1]}]
    assert (after["current"], after["waiting"], after["middle"]) == (None, [], [])
