"""States that cannot happen (docs/games/master.md, `INVALID_STATE`), each beside its
nearest possible state.

An impossible state is refused with INVALID_STATE, no action index, and a reason that
names the card, player or row at fault. Each impossible state here is a valid one from
`table(...)` with one thing changed, so that only the rule under test is broken.
"""

from __future__ import annotations

from support.actions import draw, joker, pass_, place
from support.judge import after, violation
from support.master_tables import table
from support.zones import REST, hidden


def reason(state: dict, turn_player: int | None = None, *actions: dict) -> str:
    """The reason an impossible state is refused with (checking code and index too)."""
    player = state["current"] if turn_player is None else turn_player
    found = violation(state, *(actions or (draw(),)), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None)
    return found.reason


def base(**kw) -> dict:
    kw.setdefault("hands", [["B10", "R1"], ["R2"]])
    return table(**kw)


def test_the_base_position_is_possible():
    new = after(base(), place("B10"))
    assert new["players"][0]["hand"] == ["R1"]


# -- each card once ---------------------------------------------------------------------------


def test_a_card_in_two_zones_is_impossible():
    s = base(pile=["G5", REST])
    s["pile"][0] = "B10"  # the G5 is gone, the B10 is in the hand and the pile
    assert "blue 10" in reason(s)


def test_a_card_on_the_table_and_in_a_hand_is_impossible():
    s = base()
    s["players"][0]["hand"] = ["B11", "R1"]
    s["pile"].append("B10")
    assert "blue 11" in reason(s)


def test_a_card_twice_in_one_hand_is_impossible():
    s = base(hands=[["B10", "R1", "G5"], ["R2"]])
    s["players"][0]["hand"] = ["B10", "R1", "R1"]
    assert "red 1" in reason(s)


def test_a_card_twice_in_one_row_is_impossible():
    s = base(rows={"B": "10-11"}, hands=[["R1"], ["R2"]], pile=["G5", REST])
    s["rows"][3]["cards"] = [10, 10, 11]
    s["pile"].remove("G5")
    assert "blue 10" in reason(s)


# -- 84 number cards and 4 jokers -------------------------------------------------------------


def test_a_card_missing_from_the_game_is_impossible():
    s = base(pile=["G5", REST])
    s["pile"].remove("G5")
    assert "87" in reason(s)


def test_a_hidden_count_one_too_high_is_impossible():
    s = base(hands=[hidden(extra=5), ["R2"]])
    s["players"][0]["hand"] = {"count": 6}
    assert "89" in reason(s)


def test_hidden_counts_that_add_up_are_possible():
    s = base(hands=[hidden("B10", extra=4), ["R2"]], pile=hidden(rest=True))
    assert s["players"][0]["hand"] == {"count": 5}
    assert s["pile"] == {"count": 78}
    assert after(s, place("B10"))["players"][0]["hand"] == {"count": 4}


def test_a_fifth_joker_is_impossible():
    s = base(pile=["G5", REST])
    s["pile"][0] = "J"
    assert "5 jokers" in reason(s)


def test_four_jokers_in_hands_and_on_the_table_are_possible():
    s = base(jokers={"B": [10]}, hands=[["J", "J", "R1"], ["J"]])
    new = after(s, joker("B9"))
    assert new["rows"][3] == {"color": "B", "cards": [11], "jokers": [9, 10]}


# -- the rows ---------------------------------------------------------------------------------


def test_a_colour_with_two_rows_and_one_with_none_is_impossible():
    s = base()
    s["rows"][2] = {"color": "B", "cards": [], "jokers": []}
    s["pile"].append("G11")
    assert "green" in reason(s)


def test_a_missing_row_is_impossible():
    s = base()
    del s["rows"][2]
    s["pile"].append("G11")
    assert "green" in reason(s)


def test_a_row_without_its_11_is_impossible():
    s = base()
    s["rows"][0]["cards"] = []
    s["pile"].append("R11")
    assert "red" in reason(s)


def test_a_row_whose_11_is_a_joker_is_impossible():
    s = base(hands=[["B10", "R1"], ["R2", "J"]])
    s["rows"][1] = {"color": "Y", "cards": [], "jokers": [11]}
    s["players"][1]["hand"] = ["R2", "Y11"]
    assert "yellow" in reason(s)


def test_rows_in_any_order_are_possible():
    s = base(order="BGYR")
    new = after(s, place("B10"))
    assert [r["color"] for r in new["rows"]] == ["B", "G", "Y", "R"]


def test_a_slot_with_both_its_card_and_a_joker_is_impossible():
    s = base(rows={"B": "10-11"}, jokers={"R": [10]}, hands=[["R1"], ["R2"]])
    s["rows"][0]["jokers"] = []
    s["rows"][3]["jokers"] = [10]
    assert "blue 10" in reason(s)


# -- bridge cards -----------------------------------------------------------------------------


def test_bridge_cards_that_do_not_add_up_to_the_deal_are_impossible():
    s = base()
    s["players"][0]["bridges"] = 3
    assert "8" in reason(s)


def test_bridge_cards_of_a_game_of_four_add_up_to_twelve():
    s = base(hands=[["B10", "R1"], ["R2"], ["R3"], ["R4"]])
    assert [p["bridges"] for p in s["players"]] == [3, 3, 3, 3]
    assert after(s, place("B10"))["current"] == 1
    s["players"][0]["bridges"] = 4
    assert "12" in reason(s)


def test_a_bridge_on_the_table_between_rows_that_are_not_neighbours_is_impossible():
    s = base(order="RYGB", rows={"R": "9-11", "B": "9,11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("R9", "B9")])
    found = reason(s)
    assert "red 9" in found and "blue 9" in found


def test_a_bridge_on_the_table_between_different_values_is_impossible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "8-11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y9", "B8")])
    found = reason(s)
    assert "yellow 9" in found and "blue 8" in found


def test_a_bridge_on_the_table_to_an_empty_slot_is_impossible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "9,11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y9", "B9")])
    s["rows"][2]["cards"] = [11]
    s["pile"].append("B9")
    assert "blue 9" in reason(s)


def test_a_bridge_on_the_table_joining_neighbouring_rows_at_one_value_is_possible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "9,11"}, hands=[["B8", "R1"], ["R2"]],
             table_bridges=[("Y9", "B9")])
    assert [p["bridges"] for p in s["players"]] == [4, 3]
    new = after(s, place("B8"))
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}]


# -- bonus cards ------------------------------------------------------------------------------


def test_a_completed_half_row_without_its_bonus_card_is_impossible():
    s = base(rows={"B": "1-11"}, hands=[["R1"], ["R2"]], bonus={0: 1})
    s["players"][0]["bonus"] = 0
    assert "bonus" in reason(s)


def test_a_bonus_card_without_a_completed_half_row_is_impossible():
    s = base()
    s["players"][1]["bonus"] = 1
    assert "bonus" in reason(s)


def test_an_eighth_bonus_card_is_impossible():
    s = base(rows={"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-21"}, hands=[["J"], ["J"]],
             pile=["J", "J"], bonus={0: 4, 1: 3})
    s["players"][1]["bonus"] = 4
    assert "bonus" in reason(s)


def test_seven_bonus_cards_for_eight_completed_half_rows_are_possible():
    s = base(rows={"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-21"}, hands=[["J"], ["J"]],
             pile=["J", "J"], bonus={0: 4, 1: 3})
    result_hand = after(s, draw())["players"][0]["hand"]
    assert result_hand == ["J", "J"]


# -- players and passes -----------------------------------------------------------------------


def test_a_player_to_move_who_does_not_exist_is_impossible():
    s = base()
    s["current"] = 2
    assert "2" in reason(s, 0)


def test_a_game_of_one_player_is_impossible():
    s = table(hands=[["B10", REST]], pile=[])
    assert "1" in reason(s, 0, place("B10"))


def test_a_game_of_seven_players_is_impossible():
    s = base(hands=[["B10"], ["R1"], ["R2"], ["R3"], ["R4"], ["R5"], ["R6"]])
    assert "7" in reason(s)


def test_a_game_of_six_players_is_possible():
    s = base(hands=[["B10"], ["R1"], ["R2"], ["R3"], ["R4"], ["R5"]])
    assert [p["bridges"] for p in s["players"]] == [2, 2, 2, 2, 2, 2]
    assert after(s, draw())["current"] == 1


def test_passes_while_the_pile_has_cards_are_impossible():
    s = base(hands=[["B5", "R1"], ["R2"]])
    s["passes"] = 1
    assert "passes" in reason(s)


def test_more_passes_than_players_are_impossible():
    s = base(hands=[["B5", "R1"], REST], pile=[])
    s["passes"] = 3
    assert "passes" in reason(s)


def test_passes_on_an_empty_pile_are_possible():
    # Vera passed holding only jokers, which never oblige a play.
    s = base(rows={"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-21"},
             hands=[["J"], ["J", "J", "J"]], pile=[], bonus={0: 4, 1: 3}, passes=1,
             current=0)
    assert after(s, pass_())["passes"] == 2


def test_a_pass_by_a_player_who_could_place_a_card_is_impossible():
    s = base(rows={"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-20"},
             hands=[["J"], ["B21", "J", "J", "J"]], pile=[], bonus={0: 4, 1: 3}, passes=1,
             current=0)
    assert reason(s, 0, pass_()) == "Vera passed, but holds the blue 21, which could be placed on this table"


def test_a_pass_from_a_hidden_hand_is_possible_whatever_it_holds():
    s = base(rows={"R": "1-21", "Y": "1-21", "G": "1-21", "B": "1-20"},
             hands=[["J"], hidden("B21", "J", "J", "J")], pile=[], bonus={0: 4, 1: 3}, passes=1,
             current=0)
    assert after(s, pass_())["passes"] == 2


# -- gaps only behind a bridge, and where bridges lead (docs/games/master.md, `INVALID_STATE`)


def test_a_run_cut_off_from_the_11_without_a_bridge_is_impossible():
    s = base(rows={"R": "1-4,6-11"}, hands=[["Y1"], ["Y2"]])
    assert reason(s) == ("the run from the red 1's slot to the red 4's slot is cut off from the 11 of the "
                         "red row, and no bridge explains it")


def test_a_lone_card_away_from_the_11_without_a_bridge_is_impossible():
    s = base(rows={"G": "5,11"}, hands=[["Y1"], ["Y2"]])
    assert "green 5" in reason(s)


def test_a_run_behind_a_bridge_from_a_run_that_holds_its_11_is_possible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "8-9,11"}, hands=[["B10", "R1"], ["R2"]],
             table_bridges=[("Y9", "B9")])
    assert after(s, place("B10"))["rows"][2]["cards"] == [8, 9, 10, 11]


def test_a_run_behind_a_bridge_from_another_cut_off_run_is_impossible():
    s = base(order="GYBR", rows={"Y": "3,11", "B": "3,11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y3", "B3")])
    assert "yellow 3" in reason(s)


def test_a_chain_of_bridges_back_to_an_11_is_possible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "9,11", "R": "9,11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y9", "B9"), ("B9", "R9")])
    assert after(s, draw())["current"] == 1


def test_a_bridge_onto_an_11_is_impossible():
    s = base(order="GYBR", rows={"Y": "10-11", "B": "10-11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y11", "B11")])
    assert "leads onto an 11" in reason(s)


def test_two_bridges_onto_one_slot_are_impossible():
    s = base(order="GYBR", rows={"Y": "9-11", "B": "9,11", "R": "9-11"}, hands=[["R1"], ["R2"]],
             table_bridges=[("Y9", "B9"), ("R9", "B9")])
    assert reason(s) == "two bridges lead onto the blue 9's slot; a bridge leads onto an empty slot"
