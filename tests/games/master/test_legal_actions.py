"""Legal next actions (openapi.yaml, legal-actions), with every expected set written out.

An action is listed iff the prefix plus it can still be completed to a legal turn;
`complete` says whether the prefix alone is a legal turn. Rows are listed top to bottom.
"""

from __future__ import annotations

from support.actions import action_set, bridge, draw, joker, listed, pass_, place, swap
from support.judge import legal, legal_refusal
from support.master_tables import table
from support.zones import HIDDEN_REST, REST, hidden

ALL_BUT_B21 = {"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-20"}


def test_at_the_start_of_a_turn_the_placeable_cards_and_a_draw_are_listed():
    s = table(hands=[["B10", "R12", "Y5"], ["R1"]])
    result = legal(s)
    assert result.player == 0
    assert listed(result) == action_set([place("B10"), place("R12"), draw()])
    assert result.complete is False


def test_a_bridge_is_listed_only_when_the_card_for_its_target_is_in_hand():
    # Rows G, Y, B, R: yellow neighbours green and blue.
    s = table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "R5"], ["R1"]])
    assert listed(legal(s)) == action_set([bridge("Y9", "B9"), draw()])


def test_with_a_joker_in_hand_every_bridge_is_listed_and_a_joker_once_per_slot():
    s = table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "J", "J"], ["R1"]])
    assert listed(legal(s)) == action_set(
        [
            joker("G10"), joker("G12"),
            joker("Y8"), joker("Y12"),
            joker("B10"), joker("B12"),
            joker("R10"), joker("R12"),
            bridge("Y9", "G9"), bridge("Y10", "G10"),
            bridge("Y9", "B9"), bridge("Y10", "B10"),
            draw(),
        ]
    )


def test_after_a_bridge_only_the_placements_into_its_target_are_listed():
    s = table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "J", "B10"], ["R1"]])
    result = legal(s, bridge("Y9", "B9"))
    assert listed(result) == action_set([place("B9"), joker("B9")])
    assert result.complete is False


def test_a_swap_is_listed_when_nothing_else_can_be_placed():
    s = table(jokers={"B": [10]}, hands=[["B10", "R5"], ["R1"]])
    assert listed(legal(s)) == action_set([swap("B10"), draw()])


def test_after_a_swap_the_joker_won_may_go_anywhere_and_the_turn_is_not_yet_complete():
    s = table(jokers={"B": [10]}, hands=[["B10", "R5"], ["R1"]])
    result = legal(s, swap("B10"))
    assert listed(result) == action_set(
        [
            joker("R10"), joker("R12"),
            joker("Y10"), joker("Y12"),
            joker("G10"), joker("G12"),
            joker("B9"), joker("B12"),
            bridge("B10", "G10"),
        ]
    )
    assert result.complete is False


def test_with_three_cards_placed_one_more_card_a_bridge_or_a_swap_may_follow():
    s = table(order="GYBR", rows={"Y": "9-11"}, jokers={"R": [12]},
              hands=[["Y8", "Y7", "Y6", "Y5", "B8", "R12", "G10"], ["R1"]])
    result = legal(s, place("Y8"), place("Y7"), place("Y6"))
    assert listed(result) == action_set(
        [place("Y5"), place("G10"), bridge("Y8", "B8"), bridge("Y10", "G10"), swap("R12")]
    )
    assert result.complete is True


def test_after_four_placements_only_swaps_remain():
    s = table(order="GYBR", rows={"Y": "9-11"}, jokers={"R": [12]},
              hands=[["Y8", "Y7", "Y6", "Y5", "B8", "R12", "G10"], ["R1"]])
    result = legal(s, place("Y8"), place("Y7"), place("Y6"), place("Y5"))
    assert listed(result) == action_set([swap("R12")])
    assert result.complete is True


def test_after_four_placements_and_the_last_swap_nothing_remains():
    s = table(order="GYBR", rows={"Y": "9-11"}, jokers={"R": [12]},
              hands=[["Y8", "Y7", "Y6", "Y5", "B8", "R12", "G10"], ["R1"]])
    result = legal(s, place("Y8"), place("Y7"), place("Y6"), place("Y5"), swap("R12"))
    assert listed(result) == set()
    assert result.complete is True


def test_a_prefix_with_one_placement_is_complete():
    s = table(hands=[["B10", "B9", "R5"], ["R1"]])
    result = legal(s, place("B10"))
    assert listed(result) == action_set([place("B9")])
    assert result.complete is True


def test_a_prefix_that_breaks_a_rule_gets_that_violation():
    s = table(hands=[["B10", "B9", "R5"], ["R1"]])
    assert legal_refusal(s, place("B9")) == ("NOT_ADJACENT", 0)
    assert legal_refusal(s, place("B10"), place("R5")) == ("NOT_ADJACENT", 1)
    assert legal_refusal(s, draw(), place("B10")) == ("TURN_MIXED", 0)
    assert legal_refusal(s, bridge("B10", "G10")) == ("BRIDGE_SOURCE_EMPTY", 0)


def test_a_prefix_after_a_bridge_that_does_not_follow_it_gets_bridge_not_followed():
    s = table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "B10"], ["R1"]])
    assert legal_refusal(s, bridge("Y9", "B9"), place("B10")) == ("BRIDGE_NOT_FOLLOWED", 0)


def test_a_prefix_that_empties_the_hand_is_complete_and_nothing_may_follow():
    s = table(hands=[["B10"], ["R1"]])
    result = legal(s, place("B10"))
    assert listed(result) == set()
    assert result.complete is True


def test_a_finished_game_has_no_legal_actions():
    s = table(hands=[["B10"], []])
    assert legal(s).to_dict()["actions"] == []


def test_draw_is_listed_without_a_card_for_a_known_hand_and_a_hidden_pile():
    s = table(hands=[["B10", "R5"], ["R1"]], pile=HIDDEN_REST)
    assert listed(legal(s)) == action_set([place("B10"), draw()])


def test_on_an_empty_pile_a_player_with_only_a_joker_may_place_it_bridge_or_pass():
    s = table(rows=ALL_BUT_B21, hands=[["J"], ["B21", "J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3})
    assert listed(legal(s)) == action_set([joker("B21"), bridge("G21", "B21"), pass_()])


def test_on_an_empty_pile_a_player_who_can_place_a_number_card_may_not_pass():
    s = table(rows=ALL_BUT_B21, hands=[["J"], ["B21", "J", "J", "J"]], pile=[],
              bonus={0: 4, 1: 3}, current=1)
    result = legal(s)
    assert result.player == 1
    assert listed(result) == action_set(
        [place("B21"), joker("B21"), bridge("G21", "B21")]
    )


def test_a_hidden_hand_may_do_whatever_the_visible_cards_do_not_rule_out():
    # The other hand shows every card but the B10 and one joker, so only those are open.
    s = table(hands=[hidden("B10", "J"), REST], pile=[])
    assert listed(legal(s)) == action_set(
        [
            place("B10"),
            joker("R10"), joker("R12"),
            joker("Y10"), joker("Y12"),
            joker("G10"), joker("G12"),
            joker("B10"), joker("B12"),
            pass_(),
        ]
    )
