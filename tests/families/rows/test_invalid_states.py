"""States of the classic and junior games that cannot happen (docs/games/classic.md), each
beside its nearest possible state.

An impossible state is refused with INVALID_STATE, no action index, and a reason that names
the card, player or row at fault (`invalid_reason` checks the code and index). Each
impossible state is a sound one with one thing changed, so only the rule under test breaks.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.errors import MalformedInput
from support.actions import draw, pass_, place
from support.judge import after, hand, invalid_reason, play, row
from support.row_tables import classic, junior
from support.zones import HIDDEN_REST, REST, hidden


# -- classic -----------------------------------------------------------------------------


def classic_sound(**kw) -> dict[str, Any]:
    """2018, elevens: orange 10-12 and yellow 11 lie; the mover holds O13 and Y3, player 1 a G1."""
    kw.setdefault("rows", {"O": "10-12", "Y": "11"})
    kw.setdefault("hands", [["O13", "Y3"], ["G1"]])
    kw.setdefault("pile", ["G7", REST])
    return classic(**kw)


def test_classic_the_sound_position_is_possible():
    new = after(classic_sound(), place("O13"))
    assert hand(new, 0) == ["Y3"]


def test_classic_one_player_is_impossible():
    s = classic_sound()
    s["pile"] += s["players"].pop(1)["hand"]
    assert "player" in invalid_reason(s)


def test_classic_seven_players_are_impossible():
    s = classic_sound(hands=[["O13"], ["G1"], ["G2"], ["G3"], ["G4"], ["G5"], ["G6"]])
    assert "player" in invalid_reason(s)


def test_classic_six_players_are_possible():
    s = classic_sound(hands=[["O13"], ["G1"], ["G2"], ["G3"], ["G4"], ["G5"]])
    assert after(s, place("O13"))["current"] == 1


def test_classic_without_blue_three_players_are_impossible():
    s = classic_sound(hands=[["O13"], ["G1"], ["G2"]], without_blue=True)
    assert "player" in invalid_reason(s)


def test_classic_a_player_to_move_who_does_not_exist_is_impossible():
    s = classic_sound(current=2)
    assert "player" in invalid_reason(s, draw())


def test_classic_a_card_of_the_other_edition_is_impossible():
    s = classic_sound()
    s["pile"][0] = "R7"  # instead of the G7
    assert "red 7" in invalid_reason(s)


def test_classic_a_value_out_of_range_is_not_a_classic_card_at_all():
    # The schema's classic card is a letter and 1 to 20, so O21 is malformed, not a state.
    s = classic_sound()
    s["pile"][0] = "O21"
    with pytest.raises(MalformedInput, match="O21"):
        play(s, draw())


def test_classic_a_red_card_is_impossible_in_2018_and_an_orange_one_in_the_original():
    s = classic_sound(rows={"R": "10-12"}, hands=[["R13", "Y3"], ["G1"]], edition="original")
    s["pile"][0] = "O7"
    assert "orange 7" in invalid_reason(s)


def test_classic_without_blue_a_blue_card_is_impossible():
    s = classic_sound(without_blue=True)
    s["pile"][0] = "B7"
    assert "blue 7" in invalid_reason(s)


def test_classic_a_card_twice_is_impossible():
    s = classic_sound()
    s["pile"][0] = "O13"  # the G7 is gone, the O13 in the hand and the pile
    assert "orange 13" in invalid_reason(s)


def test_classic_a_card_missing_from_the_deck_is_impossible():
    s = classic_sound()
    s["pile"].remove("G7")
    assert "79" in invalid_reason(s)


def test_classic_a_hidden_count_one_too_high_is_impossible():
    s = classic_sound(hands=[hidden("O13", extra=3), ["G1"]], pile=HIDDEN_REST)
    assert s["pile"] == {"count": 71}
    s["pile"] = {"count": 72}
    assert "81" in invalid_reason(s)


def test_classic_hidden_counts_that_add_up_are_possible():
    s = classic_sound(hands=[hidden("O13", extra=3), hidden(extra=10)], pile=HIDDEN_REST)
    assert after(s, place("O13"))["players"][0]["hand"] == {"count": 3}


def test_classic_a_colour_with_two_rows_is_impossible():
    s = classic_sound()
    s["rows"].append({"color": "O", "cards": [14]})
    s["pile"].remove("O14")
    assert "orange" in invalid_reason(s)


def test_classic_with_elevens_a_row_without_its_11_is_impossible():
    s = classic_sound(rows={"O": "10-12", "Y": "12"}, pile=["G7", "Y11", REST])
    assert "yellow" in invalid_reason(s)


def test_classic_a_row_with_a_gap_is_impossible():
    s = classic_sound(rows={"O": "9,11-12"}, pile=["G7", "O10", REST])
    assert "orange" in invalid_reason(s)


def test_classic_ten_to_twelve_a_row_without_a_10_11_or_12_is_impossible():
    s = classic_sound(start="ten-to-twelve", rows={"O": "10-12", "Y": "13-14"}, pile=["G7", REST])
    assert "yellow" in invalid_reason(s)


def test_classic_ten_to_twelve_rows_started_with_different_values_are_possible():
    s = classic_sound(start="ten-to-twelve", rows={"O": "12-13", "Y": "9-10"}, opening=12,
              hands=[["O14", "Y3"], ["G1"]])
    assert row(after(s, place("O14")), "O") == {"color": "O", "cards": [12, 13, 14]}


def test_classic_with_any_a_row_without_the_opening_value_is_impossible():
    s = classic_sound(start="any", rows={"O": "4-6", "Y": "6-7"}, opening=5)
    assert "yellow" in invalid_reason(s)


def test_classic_with_any_rows_that_all_hold_the_opening_value_are_possible():
    s = classic_sound(start="any", rows={"O": "4-6", "Y": "5"}, opening=5, hands=[["O7", "Y3"], ["G1"]])
    assert row(after(s, place("O7")), "O") == {"color": "O", "cards": [4, 5, 6, 7]}


@pytest.mark.parametrize("cards", ["2-20", "1-19", "1,5-15,20"])
def test_classic_with_ends_a_row_that_does_not_hold_both_ends_as_two_runs_is_impossible(cards):
    s = classic_sound(start="ends", rows={"O": cards}, hands=[["Y2", "Y3"], ["G5"]])
    assert "orange" in invalid_reason(s)


def test_classic_with_ends_a_missing_row_is_impossible():
    s = classic_sound(start="ends", rows={}, hands=[["Y2", "Y3"], ["G5"]])
    removed = s["rows"].pop(3)
    s["pile"] += [f"B{v}" for v in removed["cards"]]
    assert "blue" in invalid_reason(s)


def test_classic_an_opening_value_missing_while_rows_lie_is_impossible():
    s = classic_sound(opening=None)
    assert "opening" in invalid_reason(s)


def test_classic_an_opening_value_while_no_row_lies_is_impossible():
    s = classic_sound(start="ten-to-twelve", rows={}, opening=11, hands=[["Y11", "O3"], ["G1"]])
    assert "opening" in invalid_reason(s)


def test_classic_an_opening_value_with_ends_is_impossible():
    s = classic_sound(start="ends", rows={}, opening=1, hands=[["Y2", "Y3"], ["G5"]])
    assert "opening" in invalid_reason(s)


def test_classic_an_opening_value_not_in_the_first_row_is_impossible():
    s = classic_sound(start="ten-to-twelve", rows={"O": "12-13", "Y": "10"}, opening=10,
              hands=[["O14", "Y3"], ["G1"]])
    assert "opening" in invalid_reason(s)


def test_classic_with_elevens_the_player_to_move_not_holding_the_highest_11_dealt_is_impossible():
    s = classic(hands=[["Y11", "G5"], ["O11", "B2"]])
    assert "orange 11" in invalid_reason(s, place("Y11"))
    s["current"] = 1
    new = after(s, place("O11"))
    assert new["rows"] == [{"color": "O", "cards": [11]}]


def test_classic_with_elevens_no_row_and_no_11_in_any_known_hand_is_impossible():
    s = classic(hands=[["Y10", "G5"], ["B2"]])
    assert "11" in invalid_reason(s, place("Y10"))


def test_classic_passes_while_the_pile_has_cards_are_impossible():
    s = classic_sound(passes=1)
    assert "pass" in invalid_reason(s)


def test_classic_more_passes_than_players_are_impossible():
    s = classic(rows={"O": "3-20"}, hands=[["O1", "Y1"], REST], pile=[], passes=3)
    assert "pass" in invalid_reason(s, pass_())


# The last `passes` players passed on this very table (docs/games/classic.md): orange
# lies from 3 to 20 and the pile is empty; Ben passed before Ann, who holds the rest.


def test_classic_a_pass_by_a_player_who_could_place_nothing_is_possible():
    s = classic(rows={"O": "3-20"}, hands=[["O2", REST], ["O1"]], pile=[], passes=1)
    assert hand(after(s, place("O2")), 1) == ["O1"]


def test_classic_a_pass_by_a_player_who_could_place_a_card_is_impossible():
    s = classic(rows={"O": "3-20"}, hands=[["O1", REST], ["O2"]], pile=[], passes=1)
    assert invalid_reason(s) == "ben passed, but holds the orange 2, which could be placed on this table"


def test_classic_a_pass_by_a_player_who_could_start_a_row_is_impossible():
    s = classic(rows={"O": "3-20"}, hands=[["O2", REST], ["O1", "Y11"]], pile=[], passes=1)
    assert invalid_reason(s) == "ben passed, but holds the yellow 11, which could be placed on this table"


def test_classic_every_passer_is_checked_back_to_the_first_of_the_passes():
    # Ben passed first and holds the O2; Cleo passed after him holding nothing that fits.
    s = classic(rows={"O": "3-20"}, hands=[["O1", REST], ["O2"], ["Y1"]], pile=[], passes=2)
    assert invalid_reason(s) == "ben passed, but holds the orange 2, which could be placed on this table"
    s["passes"] = 1  # only Cleo's pass is on this table: possible
    assert row(after(s, place("Y11")), "Y") == {"color": "Y", "cards": [11]}


def test_classic_a_pass_from_a_hidden_hand_is_possible_whatever_it_may_hold():
    s = classic(rows={"O": "3-20"}, hands=[["O1", REST], hidden("O2")], pile=[], passes=1)
    assert hand(after(s, place("Y11")), 1) == {"count": 1}


# -- junior ------------------------------------------------------------------------------


def junior_sound(hand0: Any = None, pile: Any = None, **kw) -> dict[str, Any]:
    """Every row holds its 1 and 11; the mover holds O5 and Y6 (neither fits), player 1 a G3."""
    kw.setdefault("hands", [hand0 if hand0 is not None else ["O5", "Y6"], ["G3"]])
    return junior(pile=pile if pile is not None else ["B4", "Y7", "G9", REST], **kw)


def test_junior_the_base_position_is_possible():
    assert hand(after(junior_sound(["O2", "O5"]), place("O2")), 0) == ["O5"]


def test_junior_seven_players_are_impossible():
    s = junior_sound(hands=[["O5"], ["Y5"], ["G5"], ["B5"], ["O6"], ["Y6"], ["G6"]])
    assert "player" in invalid_reason(s)


def test_junior_a_player_to_move_who_does_not_exist_is_impossible():
    assert "player" in invalid_reason(junior_sound(current=2))


def test_junior_a_card_twice_is_impossible():
    s = junior_sound()
    s["pile"][0] = "O5"  # the B4 is gone, the O5 in the hand and the pile
    assert "orange 5" in invalid_reason(s)


def test_junior_a_card_missing_from_the_deck_is_impossible():
    s = junior_sound()
    s["pile"].remove("B4")
    assert "43" in invalid_reason(s)


def test_junior_a_hidden_count_one_too_high_is_impossible():
    s = junior_sound(pile=HIDDEN_REST)
    assert s["pile"] == {"count": 33}
    s["pile"] = {"count": 34}
    assert "45" in invalid_reason(s)


def test_junior_a_card_of_the_classic_deck_is_not_a_junior_card():
    for alien in ("O12", "R4"):
        s = junior_sound()
        s["pile"][0] = alien
        with pytest.raises(MalformedInput):
            play(s, draw())


@pytest.mark.parametrize("cards", [[1], [11], [1, 3, 11], [1, 2, 4, 11], [2, 11]])
def test_junior_a_row_that_is_not_a_run_up_from_its_1_and_down_from_its_11_is_impossible(cards):
    s = junior_sound()
    s["rows"][0]["cards"] = cards
    s["pile"] = [c for c in s["pile"] if c[0] != "O"]
    s["pile"] += [f"O{v}" for v in range(1, 12) if v not in cards and f"O{v}" != "O5"]
    assert "orange" in invalid_reason(s)


def test_junior_a_missing_row_is_impossible():
    s = junior_sound()
    del s["rows"][3]
    s["pile"] += ["B1", "B11"]
    assert "blue" in invalid_reason(s)


def test_junior_a_colour_with_two_rows_is_impossible():
    s = junior_sound()
    s["rows"][3] = {"color": "O", "cards": [1, 11]}
    s["pile"] += ["B1", "B11"]
    assert "orange" in invalid_reason(s)


def test_junior_passes_while_the_pile_has_cards_are_impossible():
    assert "pass" in invalid_reason(junior_sound(passes=1))


def test_junior_more_passes_than_players_are_impossible():
    assert "pass" in invalid_reason(junior(rows={"O": "1-3,11"}, hands=[["O5", "O6"], REST], pile=[], passes=3), pass_())


def test_junior_a_pass_by_a_player_who_could_place_nothing_is_possible():
    s = junior(rows={"O": "1-3,11"}, hands=[["O4", REST], ["O6"]], pile=[], passes=1)
    assert hand(after(s, place("O4")), 1) == ["O6"]


def test_junior_a_pass_by_a_player_who_could_place_a_card_is_impossible():
    s = junior(rows={"O": "1-3,11"}, hands=[["O6", REST], ["O4"]], pile=[], passes=1)
    assert invalid_reason(s) == "ben passed, but holds the orange 4, which could be placed on this table"


def test_junior_a_pass_from_a_hidden_hand_is_possible_whatever_it_may_hold():
    s = junior(rows={"O": "1-3,11"}, hands=[["O6", REST], hidden("O4")], pile=[], passes=1)
    assert hand(after(s, place("O10")), 1) == {"count": 1}
