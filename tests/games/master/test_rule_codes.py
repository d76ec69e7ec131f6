"""Every rule code of docs/games/master.md, "The codes", each beside the nearest turn that is legal.

A refused turn is checked for its exact code and the exact index of the offending action
(None for the checks on the turn as a whole); a legal one for the fields it changes.
Rows are listed top to bottom; unless a test says otherwise the order is R, Y, G, B, so
yellow neighbours red and green, and blue neighbours only green.
"""

from __future__ import annotations

import copy

from referee import engine
from support.actions import bridge, draw, joker, pass_, place, swap
from support.judge import after, hand, outcome, play, refusal, row
from support.master_tables import table
from support.zones import HIDDEN_REST, REST, hidden

# The whole table but the blue 21: seven half-rows complete, so all 7 bonus cards are out.
ALL_BUT_B21 = {"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-20"}
FULL_TABLE = {"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-21"}


# -- the turn as a whole ------------------------------------------------------------------


def test_a_turn_after_a_player_has_emptied_their_hand_is_game_over():
    s = table(hands=[["B10"], []])
    assert refusal(s, place("B10")) == ("GAME_OVER", None)


def test_a_turn_after_every_player_has_passed_in_a_row_is_game_over():
    s = table(rows=FULL_TABLE, hands=[["J", "J"], ["J", "J"]], pile=[], bonus={0: 4, 1: 3},
              passes=2)
    assert refusal(s, pass_()) == ("GAME_OVER", None)


def test_the_second_pass_of_two_players_is_still_allowed_and_ends_the_game():
    s = table(rows=FULL_TABLE, hands=[["J", "J"], ["J", "J"]], pile=[], bonus={0: 4, 1: 3},
              passes=1)
    assert after(s, pass_())["passes"] == 2


def test_game_over_is_checked_before_whose_turn_it_is():
    s = table(hands=[["B10"], []], current=0)
    assert refusal(s, place("B12"), player=1) == ("GAME_OVER", None)


def test_a_turn_by_a_player_who_is_not_to_move_is_refused():
    s = table(hands=[["B10"], ["R10"]], current=0)
    assert refusal(s, place("R10"), player=1) == ("NOT_YOUR_TURN", None)


def test_the_player_to_move_may_play():
    s = table(hands=[["B10"], ["R10", "Y1"]], current=1)
    new, events = outcome(s, place("R10"))
    assert events == []
    assert row(new, "R") == {"color": "R", "cards": [10, 11], "jokers": []}
    assert hand(new, 1) == ["Y1"]


def test_whose_turn_it_is_is_checked_before_any_action():
    s = table(hands=[["B10"], ["R10"]], current=0)
    # R5 would also be NOT_ADJACENT and not in hand; the turn as a whole is checked first.
    assert refusal(s, place("R5"), player=1) == ("NOT_YOUR_TURN", None)


def test_a_draw_with_a_swap_is_a_swap_without_play_at_the_first_swap():
    s = table(jokers={"B": [10]}, hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, swap("B10"), draw()) == ("SWAP_WITHOUT_PLAY", 0)
    assert refusal(s, draw(), swap("B10")) == ("SWAP_WITHOUT_PLAY", 1)


def test_a_pass_with_a_swap_is_a_swap_without_play():
    s = table(jokers={"B": [10]}, hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, pass_(), swap("B10")) == ("SWAP_WITHOUT_PLAY", 1)


def test_a_swap_alone_is_a_swap_without_play_at_the_end_of_the_turn():
    s = table(jokers={"B": [10], "R": [12]}, hands=[["B10", "R12", "R1"], ["R2"]])
    assert refusal(s, swap("B10")) == ("SWAP_WITHOUT_PLAY", 0)
    assert refusal(s, swap("B10"), swap("R12")) == ("SWAP_WITHOUT_PLAY", 0)


def test_a_swap_with_a_placement_is_legal():
    s = table(jokers={"B": [10]}, hands=[["B10", "R10"], ["R2"]])
    new, events = outcome(s, swap("B10"), place("R10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert row(new, "R") == {"color": "R", "cards": [10, 11], "jokers": []}
    assert hand(new, 0) == ["J"]


def test_a_draw_after_a_placement_is_a_mixed_turn_at_the_draw():
    s = table(hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, place("B10"), draw()) == ("TURN_MIXED", 1)


def test_a_placement_after_a_draw_is_a_mixed_turn_at_the_draw():
    s = table(hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, draw(), place("B10")) == ("TURN_MIXED", 0)


def test_a_draw_with_a_swap_and_a_placement_is_a_mixed_turn_not_a_swap_without_play():
    s = table(jokers={"B": [10]}, hands=[["B10", "R10"], ["R2"]])
    assert refusal(s, swap("B10"), draw(), place("R10")) == ("TURN_MIXED", 1)


def test_two_draws_are_a_mixed_turn():
    s = table(hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, draw(), draw()) == ("TURN_MIXED", 0)


def test_a_pass_with_a_placement_is_a_mixed_turn():
    s = table(hands=[["B10", "R1"], REST], pile=[])
    assert refusal(s, pass_(), place("B10")) == ("TURN_MIXED", 0)


def test_the_mix_of_a_turn_is_checked_before_its_first_action():
    s = table(hands=[["B9", "R1"], ["R2"]])
    # B9 is not adjacent (action 0), but the turn as a whole is checked first.
    assert refusal(s, place("B9"), draw()) == ("TURN_MIXED", 1)
    assert refusal(s, place("B9"), pass_()) == ("TURN_MIXED", 1)


def test_a_draw_alone_is_a_whole_turn():
    s = table(hands=[["B10", "R1"], ["R2"]], pile=["G5", REST])
    result = play(s, draw())
    assert hand(result.state.to_dict(), 0) == ["B10", "R1", "G5"]
    assert result.events == [{"type": "drew", "player": 0, "card": "G5"}]


# -- bridges must be followed at once ---------------------------------------------------------

# Rows G, Y, B, R: yellow neighbours green and blue, blue neighbours yellow and red.
GYBR = "GYBR"


def test_an_action_after_a_bridge_that_is_not_its_target_fails_at_the_bridge():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9", "B10", "J"], ["R1"]])
    assert refusal(s, bridge("Y9", "B9"), place("B10")) == ("BRIDGE_NOT_FOLLOWED", 0)


def test_a_bridge_later_in_the_turn_is_reported_at_its_own_index():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["Y8", "B9", "B10"], ["R1"]])
    assert refusal(s, place("Y8"), bridge("Y9", "B9"), place("B10")) == (
        "BRIDGE_NOT_FOLLOWED",
        1,
    )


def test_a_turn_ending_on_a_bridge_fails_at_the_bridge():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["Y8", "B9"], ["R1"]])
    assert refusal(s, bridge("Y9", "B9")) == ("BRIDGE_NOT_FOLLOWED", 0)
    assert refusal(s, place("Y8"), bridge("Y8", "B8")) == ("BRIDGE_NOT_FOLLOWED", 1)


def test_an_action_after_a_bridge_that_breaks_another_rule_too_is_bridge_not_followed():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9"], ["R1"]])
    # G5 is not in hand and not adjacent, but the bridge's rule comes first.
    assert refusal(s, bridge("Y9", "B9"), place("G5")) == ("BRIDGE_NOT_FOLLOWED", 0)
    assert refusal(s, bridge("Y9", "B9"), bridge("Y10", "B10")) == ("BRIDGE_NOT_FOLLOWED", 0)


def test_a_bridge_followed_by_the_card_of_its_target_is_legal():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]])
    new, events = outcome(s, bridge("Y9", "B9"), place("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}]
    assert new["players"][0]["bridges"] == 3
    assert hand(new, 0) == ["R1"]


def test_a_bridge_followed_by_a_joker_in_its_target_is_legal():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["J", "R1"], ["R2"]])
    new, events = outcome(s, bridge("Y9", "B9"), joker("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [11], "jokers": [9]}
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}]


# -- after the hand is emptied ----------------------------------------------------------------


def test_an_action_after_the_last_hand_card_is_refused():
    s = table(hands=[["B10"], ["R1"]])
    # B9 is not in hand either; the end of the game is checked first.
    assert refusal(s, place("B10"), place("B9")) == ("ACTION_AFTER_GAME_END", 1)
    assert refusal(s, place("B10"), bridge("B10", "G10")) == ("ACTION_AFTER_GAME_END", 1)


def test_placing_the_last_hand_card_ends_the_game_with_scores_and_winners():
    s = table(hands=[["B10"], ["R1", "J"]])
    result = play(s, place("B10"))
    new = result.state.to_dict()
    assert hand(new, 0) == []
    assert new["current"] == 1
    assert result.events == [
        {
            "type": "game_over",
            "reason": "out",
            "scores": [
                {"player": 0, "bonus": 0, "hand": 0, "jokers": 0, "total": 0},
                {"player": 1, "bonus": 0, "hand": -1, "jokers": -11, "total": -12},
            ],
            "winners": [0],
        }
    ]


def test_a_player_may_go_out_with_a_joker():
    s = table(hands=[["J"], ["R1"]])
    result = play(s, joker("B10"))
    assert result.events[-1]["type"] == "game_over"
    assert result.events[-1]["reason"] == "out"
    assert result.events[-1]["winners"] == [0]


def test_the_bonus_of_the_last_card_is_counted_and_players_on_equal_scores_share_the_win():
    s = table(rows={"R": "1-21", "B": "2-11"}, hands=[["B1"], ["J"]], bonus={0: 0, 1: 2})
    result = play(s, place("B1"))
    assert result.events == [
        {"type": "bonus", "player": 0, "row": "B", "half": "low"},
        {
            "type": "game_over",
            "reason": "out",
            "scores": [
                {"player": 0, "bonus": 11, "hand": 0, "jokers": 0, "total": 11},
                {"player": 1, "bonus": 22, "hand": 0, "jokers": -11, "total": 11},
            ],
            "winners": [0, 1],
        },
    ]


# -- placing cards ----------------------------------------------------------------------------


def test_a_fifth_card_in_one_turn_is_refused():
    s = table(hands=[["B10", "B9", "B8", "B7", "B6"], ["R1"]])
    assert refusal(
        s, place("B10"), place("B9"), place("B8"), place("B7"), place("B6")
    ) == ("CARD_LIMIT", 4)


def test_four_cards_in_one_turn_are_legal():
    s = table(hands=[["B10", "B9", "B8", "B7", "B6"], ["R1"]])
    new, events = outcome(s, place("B10"), place("B9"), place("B8"), place("B7"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [7, 8, 9, 10, 11], "jokers": []}
    assert hand(new, 0) == ["B6"]


def test_a_fifth_joker_in_one_turn_is_refused_too():
    s = table(hands=[["B10", "B9", "B8", "B7", "J"], ["R1"]])
    assert refusal(
        s, place("B10"), place("B9"), place("B8"), place("B7"), joker("B6")
    ) == ("CARD_LIMIT", 4)


def test_a_fifth_card_that_is_not_in_hand_is_a_card_limit():
    s = table(hands=[["B10", "B9", "B8", "B7", "G1"], ["R1"]])
    assert refusal(
        s, place("B10"), place("B9"), place("B8"), place("B7"), place("R12")
    ) == ("CARD_LIMIT", 4)
    assert refusal(
        s, place("B10"), place("B9"), place("B8"), place("B7"), joker("R12")
    ) == ("CARD_LIMIT", 4)


def test_a_swapped_in_card_does_not_count_toward_the_four():
    s = table(jokers={"R": [12]}, hands=[["B10", "B9", "B8", "B7", "R12", "G1"], ["R1"]])
    new, events = outcome(s, place("B10"), place("B9"), place("B8"), place("B7"), swap("R12"))
    assert events == []
    assert row(new, "R") == {"color": "R", "cards": [11, 12], "jokers": []}
    assert hand(new, 0) == ["G1", "J"]


def test_a_joker_won_by_a_swap_counts_toward_the_four_when_placed():
    s = table(jokers={"R": [12]}, hands=[["B10", "B9", "B8", "B7", "R12", "G1"], ["R1"]])
    four = (place("B10"), place("B9"), place("B8"), joker("B7"))
    new, events = outcome(s, swap("R12"), *four)
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [8, 9, 10, 11], "jokers": [7]}
    assert hand(new, 0) == ["B7", "G1"]
    assert refusal(s, swap("R12"), *four, place("B7")) == ("CARD_LIMIT", 5)


def test_bridges_do_not_count_toward_the_four():
    s = table(hands=[["B10", "B9", "G9", "G8", "R1"], ["R2"]])
    new, events = outcome(
        s, place("B10"), place("B9"), bridge("B9", "G9"), place("G9"), place("G8")
    )
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 10, 11], "jokers": []}
    assert row(new, "G") == {"color": "G", "cards": [8, 9, 11], "jokers": []}
    assert hand(new, 0) == ["R1"]


def test_placing_a_number_card_not_in_hand_is_refused():
    s = table(hands=[["B10", "R1"], ["R10"]])
    assert refusal(s, place("R10")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("B10"), place("R10")) == ("CARD_NOT_IN_HAND", 1)


def test_placing_a_joker_without_one_in_hand_is_refused():
    s = table(hands=[["B10", "R1"], ["J"]])
    assert refusal(s, joker("B10")) == ("CARD_NOT_IN_HAND", 0)


def test_placing_a_joker_from_hand_is_legal():
    s = table(hands=[["J", "R1"], ["R2"]])
    new, events = outcome(s, joker("B10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [11], "jokers": [10]}
    assert hand(new, 0) == ["R1"]


def test_swapping_in_a_card_not_in_hand_is_refused():
    s = table(jokers={"B": [10]}, hands=[["R10", "R1"], ["B10"]])
    assert refusal(s, place("R10"), swap("B10")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_cannot_play_a_card_visible_elsewhere():
    s = table(hands=[hidden("R12", extra=4), ["B10"]])
    assert refusal(s, place("B10")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("R12"), place("B11")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_cannot_play_a_joker_when_all_four_are_visible():
    s = table(jokers={"R": [12]}, hands=[hidden(extra=5), ["J", "J", "J"]])
    assert refusal(s, joker("B10")) == ("CARD_NOT_IN_HAND", 0)


def test_a_hidden_hand_may_play_a_card_visible_nowhere_and_its_count_goes_down():
    s = table(hands=[hidden("B10", extra=4), ["R1"]])
    result = play(s, place("B10"))
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 4}
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert result.events == []
    assert result.unchecked == []


def test_a_hidden_hand_may_play_a_joker_while_one_is_not_visible():
    s = table(jokers={"R": [12]}, hands=[hidden("J", extra=4), ["J", "J"]])
    new, events = outcome(s, joker("B10"))
    assert events == []
    assert hand(new, 0) == {"count": 4}
    assert row(new, "B") == {"color": "B", "cards": [11], "jokers": [10]}


def test_a_joker_cannot_go_where_a_number_card_lies():
    s = table(rows={"B": "10-11"}, hands=[["J", "R1"], ["R2"]])
    assert refusal(s, joker("B10")) == ("SLOT_OCCUPIED", 0)


def test_a_number_card_cannot_go_where_a_joker_lies():
    s = table(jokers={"B": [10]}, hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, place("B10")) == ("SLOT_OCCUPIED", 0)


def test_a_number_card_for_a_joker_slot_is_swapped_in_instead():
    s = table(jokers={"B": [10]}, hands=[["B10", "B9"], ["R2"]])
    new, events = outcome(s, swap("B10"), place("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 10, 11], "jokers": []}
    assert hand(new, 0) == ["J"]


def test_a_joker_for_an_occupied_slot_without_a_joker_in_hand_is_not_in_hand():
    s = table(rows={"B": "10-11"}, hands=[["R1"], ["J"]])
    assert refusal(s, joker("B10")) == ("CARD_NOT_IN_HAND", 0)


def test_a_joker_for_an_occupied_slot_that_touches_nothing_is_slot_occupied():
    # The blue 9 is an island reached by a bridge: B8 and B10 are empty.
    s = table(order=GYBR, rows={"Y": "9-11", "B": "9,11"}, table_bridges=[("Y9", "B9")],
              hands=[["J", "R1"], ["R2"]])
    assert refusal(s, joker("B9")) == ("SLOT_OCCUPIED", 0)


def test_a_joker_may_go_next_to_a_joker():
    s = table(rows={"B": "10-11"}, hands=[["J", "R1"], ["R2"]])
    new, events = outcome(s, joker("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": [9]}


def test_a_card_that_skips_an_empty_slot_is_not_adjacent():
    s = table(hands=[["B9", "B10"], ["R1"]])
    assert refusal(s, place("B9")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place("B9"), place("B10")) == ("NOT_ADJACENT", 0)


def test_a_joker_that_skips_an_empty_slot_is_not_adjacent():
    s = table(hands=[["J", "R1"], ["R2"]])
    assert refusal(s, joker("B9")) == ("NOT_ADJACENT", 0)


def test_cards_placed_in_order_from_the_11_are_adjacent():
    s = table(hands=[["B9", "B10", "R1"], ["R2"]])
    new, events = outcome(s, place("B10"), place("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 10, 11], "jokers": []}


def test_a_number_card_may_be_placed_next_to_a_joker():
    s = table(jokers={"B": [10]}, hands=[["B9", "R1"], ["R2"]])
    new, events = outcome(s, place("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": [10]}


def test_a_row_grows_from_an_island_that_a_bridge_made_in_both_directions():
    s = table(
        order=GYBR, rows={"Y": "9-11", "B": "9,11"}, table_bridges=[("Y9", "B9")],
        hands=[["B8", "B10", "R1"], ["R2"]],
    )
    new, events = outcome(s, place("B8"), place("B10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [8, 9, 10, 11], "jokers": []}


# -- bridges ----------------------------------------------------------------------------------


def test_a_bridge_without_a_bridge_card_left_is_refused():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]],
              bridges_left={0: 0})
    assert refusal(s, bridge("Y9", "B9"), place("B9")) == ("NO_BRIDGE_LEFT", 0)


def test_the_last_bridge_card_may_be_used():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9", "R1"], ["R2"]],
              bridges_left={0: 1})
    new, events = outcome(s, bridge("Y9", "B9"), place("B9"))
    assert events == []
    assert new["players"][0]["bridges"] == 0
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}]


def test_a_bridge_with_none_left_that_is_also_in_one_row_is_no_bridge_left():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["Y7", "R1"], ["R2"]],
              bridges_left={0: 0})
    assert refusal(s, bridge("Y9", "Y7"), place("Y7")) == ("NO_BRIDGE_LEFT", 0)


def test_a_bridge_inside_one_row_is_refused_before_its_values_are_compared():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["Y7", "R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "Y7"), place("Y7")) == ("BRIDGE_SAME_ROW", 0)


def test_a_row_is_filled_card_by_card_instead():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["Y8", "Y7", "R1"], ["R2"]])
    new, events = outcome(s, place("Y8"), place("Y7"))
    assert events == []
    assert row(new, "Y") == {"color": "Y", "cards": [7, 8, 9, 10, 11], "jokers": []}


def test_a_bridge_between_different_values_is_refused():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B8", "R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "B8"), place("B8")) == ("BRIDGE_VALUE_MISMATCH", 0)


def test_a_bridge_between_different_values_of_rows_not_neighbours_is_a_value_mismatch():
    s = table(order=GYBR, rows={"G": "9-11"}, hands=[["B8", "R1"], ["R2"]])
    assert refusal(s, bridge("G9", "B8")) == ("BRIDGE_VALUE_MISMATCH", 0)


def test_a_bridge_to_a_row_that_is_not_a_neighbour_is_refused():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["R9", "R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "R9"), place("R9")) == ("BRIDGE_NOT_NEIGHBOR", 0)


def test_the_top_and_bottom_rows_are_not_neighbours():
    s = table(order=GYBR, rows={"G": "9-11"}, hands=[["R9", "R1"], ["R2"]])
    assert refusal(s, bridge("G9", "R9"), place("R9")) == ("BRIDGE_NOT_NEIGHBOR", 0)
    s = table(order="RYGB", rows={"R": "9-11"}, hands=[["B9", "R1"], ["R2"]])
    assert refusal(s, bridge("R9", "B9"), place("B9")) == ("BRIDGE_NOT_NEIGHBOR", 0)


def test_a_bridge_to_the_row_below_and_to_the_row_above_is_legal():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["G9", "B9", "R1"], ["R2"]])
    new, events = outcome(s, bridge("Y9", "G9"), place("G9"), bridge("Y9", "B9"), place("B9"))
    assert events == []
    assert row(new, "G") == {"color": "G", "cards": [9, 11], "jokers": []}
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}
    assert new["bridges"] == [{"from": "Y9", "to": "G9"}, {"from": "Y9", "to": "B9"}]
    assert new["players"][0]["bridges"] == 2


def test_a_bridge_to_a_row_not_a_neighbour_is_refused_before_its_empty_source():
    s = table(order=GYBR, hands=[["R5", "R1"], ["R2"]])
    assert refusal(s, bridge("G5", "R5")) == ("BRIDGE_NOT_NEIGHBOR", 0)


def test_a_bridge_from_an_empty_slot_is_refused():
    s = table(order=GYBR, hands=[["B9", "R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "B9"), place("B9")) == ("BRIDGE_SOURCE_EMPTY", 0)


def test_a_bridge_from_an_empty_slot_to_an_occupied_one_is_source_empty():
    s = table(order=GYBR, rows={"B": "9-11"}, hands=[["R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "B9")) == ("BRIDGE_SOURCE_EMPTY", 0)


def test_a_bridge_from_a_card_placed_earlier_in_the_turn_is_legal():
    s = table(order=GYBR, hands=[["Y10", "Y9", "B9", "R1"], ["R2"]])
    new, events = outcome(s, place("Y10"), place("Y9"), bridge("Y9", "B9"), place("B9"))
    assert events == []
    assert row(new, "Y") == {"color": "Y", "cards": [9, 10, 11], "jokers": []}
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}]


def test_a_bridge_from_a_joker_is_legal():
    s = table(order=GYBR, rows={"Y": "10-11"}, jokers={"Y": [9]}, hands=[["B9", "R1"], ["R2"]])
    new, events = outcome(s, bridge("Y9", "B9"), place("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}


def test_a_bridge_to_a_slot_with_a_card_is_refused():
    s = table(order=GYBR, rows={"Y": "9-11", "B": "9-11"}, hands=[["R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "B9")) == ("BRIDGE_TARGET_OCCUPIED", 0)


def test_a_bridge_to_a_slot_with_a_joker_is_refused():
    s = table(order=GYBR, rows={"Y": "9-11", "B": "10-11"}, jokers={"B": [9]},
              hands=[["B9", "R1"], ["R2"]])
    assert refusal(s, bridge("Y9", "B9"), place("B9")) == ("BRIDGE_TARGET_OCCUPIED", 0)


# -- swaps ------------------------------------------------------------------------------------


def test_swapping_where_no_joker_lies_is_refused():
    s = table(hands=[["B10", "R10"], ["R2"]])
    assert refusal(s, place("R10"), swap("B10")) == ("SWAP_NO_JOKER", 1)


def test_swapping_where_a_number_card_lies_is_refused_before_the_card_is_looked_for():
    s = table(hands=[["R10", "R1"], ["R2"]])
    assert refusal(s, place("R10"), swap("B11")) == ("SWAP_NO_JOKER", 1)


def test_swapping_where_a_joker_lies_is_legal():
    s = table(jokers={"B": [10]}, hands=[["B10", "R10"], ["R2"]])
    new, events = outcome(s, place("R10"), swap("B10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert hand(new, 0) == ["J"]


def test_a_joker_won_by_a_swap_may_be_placed_again_in_the_same_turn():
    s = table(jokers={"B": [10]}, hands=[["B10", "R1"], ["R2"]])
    new, events = outcome(s, swap("B10"), joker("B9"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": [9]}
    assert hand(new, 0) == ["R1"]


def test_a_joker_placed_earlier_in_the_turn_may_be_swapped_out():
    s = table(hands=[["J", "B10", "R1"], ["R2"]])
    new, events = outcome(s, joker("B10"), swap("B10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert hand(new, 0) == ["R1", "J"]


def test_several_jokers_may_be_swapped_in_one_turn():
    s = table(jokers={"B": [10], "R": [12]}, hands=[["B10", "R12", "G10"], ["R2"]])
    new, events = outcome(s, swap("B10"), swap("R12"), place("G10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert row(new, "R") == {"color": "R", "cards": [11, 12], "jokers": []}
    assert hand(new, 0) == ["J", "J"]


# -- drawing ----------------------------------------------------------------------------------


def test_drawing_from_an_empty_pile_is_refused():
    s = table(hands=[["B9", "R1"], REST], pile=[])
    assert refusal(s, draw()) == ("PILE_EMPTY", 0)


def test_drawing_from_an_empty_hidden_pile_without_a_card_is_pile_empty():
    s = table(hands=[["B9", "R1"], REST], pile=hidden())
    assert refusal(s, draw()) == ("PILE_EMPTY", 0)


def test_a_known_hand_drawing_from_a_hidden_pile_must_name_the_card():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST)
    assert refusal(s, draw()) == ("DRAW_CARD_REQUIRED", 0)


def test_a_known_hand_drawing_a_named_card_from_a_hidden_pile_is_legal():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST)
    assert s["pile"] == {"count": 81}
    result = play(s, draw("G5"))
    new = result.state.to_dict()
    assert hand(new, 0) == ["B9", "R1", "G5"]
    assert new["pile"] == {"count": 80}
    assert result.events == [{"type": "drew", "player": 0, "card": "G5"}]


def test_naming_another_card_than_the_top_of_a_known_pile_is_refused():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=["G5", REST])
    assert refusal(s, draw("R3")) == ("DRAW_MISMATCH", 0)


def test_naming_the_top_of_a_known_pile_is_legal():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=["G5", "J", REST])
    result = play(s, draw("G5"))
    new = result.state.to_dict()
    assert hand(new, 0) == ["B9", "R1", "G5"]
    assert new["pile"][:2] == ["J", "R3"]
    assert len(new["pile"]) == 80
    assert result.events == [{"type": "drew", "player": 0, "card": "G5"}]


def test_drawing_a_card_visible_on_the_table_from_a_hidden_pile_is_refused():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST)
    assert refusal(s, draw("B11")) == ("CARD_UNAVAILABLE", 0)


def test_drawing_a_card_visible_in_a_known_hand_from_a_hidden_pile_is_refused():
    s = table(hands=[["B9", "R1"], ["R2"]], pile=HIDDEN_REST)
    assert refusal(s, draw("R2")) == ("CARD_UNAVAILABLE", 0)
    assert refusal(s, draw("B9")) == ("CARD_UNAVAILABLE", 0)


def test_drawing_a_fifth_joker_from_a_hidden_pile_is_refused():
    s = table(jokers={"B": [10]}, hands=[["J", "R1"], ["J", "J"]], pile=HIDDEN_REST)
    assert refusal(s, draw("J")) == ("CARD_UNAVAILABLE", 0)


def test_drawing_the_fourth_joker_from_a_hidden_pile_is_legal():
    s = table(jokers={"B": [10]}, hands=[["J", "R1"], ["J"]], pile=HIDDEN_REST)
    assert hand(after(s, draw("J")), 0) == ["J", "R1", "J"]


def test_a_hidden_hand_draws_from_a_hidden_pile_without_naming_the_card():
    s = table(hands=[hidden(extra=5), ["R1"]], pile=HIDDEN_REST)
    assert s["pile"] == {"count": 78}
    result = play(s, draw())
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 6}
    assert new["pile"] == {"count": 77}
    assert result.events == [{"type": "drew", "player": 0, "card": None}]
    assert result.unchecked == []


# -- passing ----------------------------------------------------------------------------------


def test_passing_while_the_pile_has_cards_is_refused():
    s = table(hands=[["B5", "R1"], ["R2"]])
    assert refusal(s, pass_()) == ("PASS_PILE_NOT_EMPTY", 0)


def test_passing_with_a_playable_card_while_the_pile_has_cards_is_pile_not_empty():
    s = table(hands=[["B10", "R1"], ["R2"]])
    assert refusal(s, pass_()) == ("PASS_PILE_NOT_EMPTY", 0)


def test_passing_with_a_placeable_number_card_and_an_empty_pile_is_refused():
    s = table(rows=ALL_BUT_B21, hands=[["B21", "J"], ["J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3})
    assert refusal(s, pass_()) == ("MUST_PLAY", 0)


def test_a_player_holding_only_a_joker_may_pass_when_the_pile_is_empty():
    s = table(rows=ALL_BUT_B21, hands=[["J"], ["B21", "J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3})
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 1
    assert new["current"] == 1
    assert hand(new, 0) == ["J"]
    assert result.events == [{"type": "passed", "player": 0}]
    assert result.unchecked == []


def test_a_card_reachable_only_by_a_bridge_does_not_oblige_a_play():
    s = table(order=GYBR, rows={"Y": "9-11"}, hands=[["B9"], REST], pile=[])
    result = play(s, pass_())
    assert result.state.to_dict()["passes"] == 1
    assert result.events == [{"type": "passed", "player": 0}]


def test_a_hidden_hand_may_pass_on_an_empty_pile_and_must_play_is_left_unchecked():
    s = table(hands=[hidden("B10", extra=4), REST], pile=[])
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 1
    assert hand(new, 0) == {"count": 5}
    assert result.events == [{"type": "passed", "player": 0}]
    assert result.unchecked == ["MUST_PLAY"]


def test_a_placement_after_passes_sets_passes_back_to_zero():
    s = table(rows=ALL_BUT_B21, hands=[["J"], ["B21", "J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3})
    passed = after(s, pass_())
    assert passed["passes"] == 1
    new, events = outcome(passed, place("B21"))
    assert events == [{"type": "bonus_unavailable", "row": "B", "half": "high"}]
    assert new["passes"] == 0
    assert new["current"] == 0


def test_when_every_player_has_passed_in_a_row_the_game_is_blocked():
    s = table(rows=FULL_TABLE, hands=[["J", "J"], ["J", "J"]], pile=[], bonus={0: 4, 1: 3},
              passes=1)
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 2
    assert new["current"] == 1
    assert result.events == [
        {"type": "passed", "player": 0},
        {
            "type": "game_over",
            "reason": "blocked",
            "scores": [
                {"player": 0, "bonus": 44, "hand": 0, "jokers": -22, "total": 22},
                {"player": 1, "bonus": 33, "hand": 0, "jokers": -22, "total": 11},
            ],
            "winners": [0],
        },
    ]


# -- bonus cards ------------------------------------------------------------------------------


def test_one_turn_can_earn_two_bonus_cards():
    s = table(rows={"R": "2-20"}, hands=[["R1", "R21", "G1"], ["Y1"]])
    result = play(s, place("R1"), place("R21"))
    assert result.events == [
        {"type": "bonus", "player": 0, "row": "R", "half": "low"},
        {"type": "bonus", "player": 0, "row": "R", "half": "high"},
    ]
    assert result.state.to_dict()["players"][0]["bonus"] == 2


def test_the_bonus_goes_to_the_player_who_completes_the_half_row():
    s = table(rows={"G": "11-20"}, hands=[["R1"], ["G21", "Y1"]], current=1)
    result = play(s, place("G21"))
    assert result.events == [{"type": "bonus", "player": 1, "row": "G", "half": "high"}]
    assert [p["bonus"] for p in result.state.to_dict()["players"]] == [0, 1]


def test_a_completion_after_the_seventh_bonus_card_earns_nothing():
    s = table(rows=ALL_BUT_B21, hands=[["B21", "J"], ["J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3})
    result = play(s, place("B21"))
    assert result.events == [{"type": "bonus_unavailable", "row": "B", "half": "high"}]
    assert [p["bonus"] for p in result.state.to_dict()["players"]] == [4, 3]


def test_a_joker_completing_a_half_row_earns_a_bonus_card():
    s = table(rows={"B": "2-11"}, hands=[["J", "R1"], ["Y1"]])
    result = play(s, joker("B1"))
    assert result.events == [{"type": "bonus", "player": 0, "row": "B", "half": "low"}]
    new = result.state.to_dict()
    assert row(new, "B") == {"color": "B", "cards": list(range(2, 12)), "jokers": [1]}
    assert new["players"][0]["bonus"] == 1


def test_a_swap_never_earns_a_bonus_card():
    s = table(rows={"B": "2-11"}, jokers={"B": [1]}, hands=[["B1", "R10"], ["Y1"]],
              bonus={0: 0, 1: 1})
    result = play(s, swap("B1"), place("R10"))
    assert result.events == []
    assert [p["bonus"] for p in result.state.to_dict()["players"]] == [0, 1]


def test_a_card_placed_through_a_bridge_earns_a_bonus_card_when_it_completes_a_half():
    # The blue 1-8 lie behind the bridge from the yellow 5 (a row has gaps only behind one).
    s = table(order=GYBR, rows={"Y": "1-11", "B": "1-8,10-11"}, hands=[["B9", "R1"], ["R2"]],
              table_bridges=[("Y5", "B5")])
    result = play(s, bridge("Y9", "B9"), place("B9"))
    assert result.events == [{"type": "bonus", "player": 0, "row": "B", "half": "low"}]


# -- what every turn does to the state --------------------------------------------------------


def test_the_next_player_is_to_move_after_every_turn_wrapping_around():
    s = table(hands=[["R1"], ["R2"], ["B10", "R3"]], current=2)
    assert after(s, place("B10"))["current"] == 0
    assert after(s, draw())["current"] == 0
    s = table(hands=[["R1"], ["B10", "R2"], ["R3"]], current=1)
    assert after(s, place("B10"))["current"] == 2


def test_a_played_card_leaves_the_hand_and_the_rest_keeps_its_order():
    s = table(hands=[["R1", "B10", "G5"], ["Y1"]])
    assert hand(after(s, place("B10")), 0) == ["R1", "G5"]


def test_a_joker_played_takes_the_first_joker_of_the_hand():
    s = table(hands=[["J", "B10", "J"], ["Y1"]])
    assert hand(after(s, joker("B12")), 0) == ["B10", "J"]


def test_a_drawn_card_goes_to_the_end_of_the_hand():
    s = table(hands=[["R1", "B10"], ["Y1"]], pile=["G5", REST])
    assert hand(after(s, draw()), 0) == ["R1", "B10", "G5"]


def test_a_joker_taken_back_by_a_swap_goes_to_the_end_of_the_hand():
    s = table(jokers={"B": [10]}, hands=[["R10", "B10", "G5"], ["Y1"]])
    assert hand(after(s, swap("B10"), place("R10")), 0) == ["G5", "J"]


def test_judging_a_turn_changes_neither_the_input_dict_nor_the_loaded_state():
    s = table(order=GYBR, rows={"Y": "9-11"}, jokers={"R": [12]},
              hands=[["B9", "R12", "J", "G1"], ["Y1"]], pile=["G5", REST])
    original = copy.deepcopy(s)
    state = engine.load_state(s)
    before = state.to_dict()
    turn = engine.load_turn(
        {"player": 0, "actions": [bridge("Y9", "B9"), place("B9"), swap("R12"), joker("B8")]}
    )
    engine.apply(state, turn)
    assert s == original
    assert state.to_dict() == before
    assert state == engine.load_state(original)


# -- more on hidden hands (docs/games/master.md, "Hidden cards") ----------------------------


def test_a_hidden_hand_cannot_swap_in_a_card_visible_elsewhere():
    s = table(jokers={"B": [10]}, hands=[hidden("R10", extra=4), ["B10"]])
    assert refusal(s, place("R10"), swap("B10")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_may_swap_and_its_count_stays_the_same():
    s = table(jokers={"B": [10]}, hands=[hidden("R10", "B10", extra=3), ["Y1"]])
    new, events = outcome(s, swap("B10"), place("R10"))
    assert events == []
    assert row(new, "B") == {"color": "B", "cards": [10, 11], "jokers": []}
    assert hand(new, 0) == {"count": 4}


def test_a_hidden_hand_drawing_from_a_known_pile_gets_its_top_card():
    s = table(hands=[hidden(extra=5), ["Y1"]], pile=["G5", REST])
    new, events = outcome(s, draw())
    assert hand(new, 0) == {"count": 6}
    assert new["pile"][:2] == ["R6", "R7"]
    assert events == [{"type": "drew", "player": 0, "card": "G5"}]


def test_a_hidden_hand_naming_a_card_visible_elsewhere_from_a_hidden_pile_is_refused():
    s = table(hands=[hidden(extra=5), ["Y1"]], pile=HIDDEN_REST)
    assert refusal(s, draw("Y1")) == ("CARD_UNAVAILABLE", 0)


def test_a_hidden_hand_naming_the_wrong_top_of_a_known_pile_is_refused():
    s = table(hands=[hidden(extra=5), ["Y1"]], pile=["G5", REST])
    assert refusal(s, draw("G6")) == ("DRAW_MISMATCH", 0)


def test_when_a_hidden_hand_is_left_at_the_end_its_score_and_the_winners_are_unknown():
    s = table(hands=[["B10"], hidden(extra=3)])
    new, events = outcome(s, place("B10"))
    assert events == [
        {
            "type": "game_over",
            "reason": "out",
            "scores": [
                {"player": 0, "bonus": 0, "hand": 0, "jokers": 0, "total": 0},
                {"player": 1, "bonus": 0, "hand": None, "jokers": None, "total": None},
            ],
            "winners": None,
        }
    ]


# -- more on the order of the checks ------------------------------------------------------------


def test_a_bridge_after_the_fourth_card_makes_its_placement_the_fifth():
    s = table(hands=[["B10", "B9", "B8", "B7", "G7", "R1"], ["Y1"]])
    four = (place("B10"), place("B9"), place("B8"), place("B7"))
    assert refusal(s, *four, bridge("B7", "G7"), place("G7")) == ("CARD_LIMIT", 5)


def test_a_number_card_next_to_an_island_obliges_a_play_on_an_empty_pile():
    s = table(order=GYBR, rows={"Y": "9-11", "B": "9,11"}, table_bridges=[("Y9", "B9")],
              hands=[["B8"], REST], pile=[])
    assert refusal(s, pass_()) == ("MUST_PLAY", 0)
