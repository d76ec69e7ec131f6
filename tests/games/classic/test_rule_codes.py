"""Every rule code of docs/games/classic.md (ruleset `classic`), each beside the nearest legal turn.

A refused turn is checked for its exact code and the exact index of the offending action
(None for the checks on the turn as a whole); a legal one for the fields it changes. Where a
rule differs between the editions (`2018`: a drawn card that fits may be placed; `original`:
it must) or the starts (`eleven`, `ten-to-twelve`, `any`, `ends`), the tests run for each.

Unless a test says otherwise the game is the 2018 edition started with elevens; the first
colour by priority is orange (2018) or red (original), written `c` in tests run for both.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import pytest

from support.actions import action_set, draw, listed, pass_, place
from support.judge import after, colors, hand, invalid_reason, legal, outcome, play, refusal, row
from support.row_tables import AUTO, classic
from support.zones import HIDDEN_REST, REST, hidden

FIRST = {"2018": "O", "original": "R"}
EDITIONS = ["2018", "original"]
STARTS = ["eleven", "ten-to-twelve", "any", "ends"]

by_edition = pytest.mark.parametrize("edition", EDITIONS)
by_start = pytest.mark.parametrize("start", STARTS)


def drew(card: str | None, player: int = 0) -> dict[str, Any]:
    return {"type": "drew", "player": player, "card": card}


def unchecked(result) -> list[str]:
    return sorted(str(code) for code in result.unchecked)


# -- the start variants, as one table ----------------------------------------------------------
#
# Each start gets a green row that is under way, a card that can be placed (`fit`, with the row
# it gives) and one of a colour or value that cannot (`miss`). The blue 15 in hand and the
# pile's top cards NOFIT (Y15, B3, Y17, B16) fit in none of them.


@dataclass(frozen=True)
class Start:
    name: str
    rows: dict[str, str]
    opening: Any
    fit: str
    fit_row: dict[str, Any]
    miss: str
    colours_after_fit: list[str] = field(default_factory=list)


START = {
    "eleven": Start("eleven", {"G": "10-12"}, AUTO, "Y11", {"color": "Y", "cards": [11]},
                    "Y10", ["G", "Y"]),
    "ten-to-twelve": Start("ten-to-twelve", {"G": "10-12"}, 11, "Y12",
                           {"color": "Y", "cards": [12]}, "Y13", ["G", "Y"]),
    "any": Start("any", {"G": "4-6"}, 5, "Y5", {"color": "Y", "cards": [5]}, "Y11", ["G", "Y"]),
    "ends": Start("ends", {"G": "1-3,20"}, AUTO, "G4", {"color": "G", "cards": [1, 2, 3, 4, 20]},
                  "G11", []),
}

NOFIT = ["Y15", "B3", "Y17", "B16"]


def game(start: str = "eleven", edition: str = "2018", **kw) -> dict[str, Any]:
    """A state of START[start]: the mover holds B15 and the start's miss, player 1 a G8."""
    s = START[start]
    kw.setdefault("hands", [["B15", s.miss], ["G8"]])
    return classic(rows=s.rows, opening=s.opening, start=start, edition=edition, **kw)


def empty_pile(hand0: list[str], other: Any = REST, **kw) -> dict[str, Any]:
    """2018, elevens: the orange row 3-20, the pile empty, everything else in the two hands.
    O1 and Y1 fit nowhere (O2 is missing; yellow has no row and Y1 cannot start one)."""
    return classic(rows={"O": "3-20"}, hands=[hand0, other], pile=[], **kw)


# -- the turn as a whole -----------------------------------------------------------------------


def test_a_turn_after_a_player_has_emptied_their_hand_is_game_over():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], []])
    assert refusal(s, place("O13")) == ("GAME_OVER", None)


def test_a_turn_after_every_player_has_passed_in_a_row_is_game_over():
    # Player 1's hand is hidden: a known hand holding the O2 could not have passed.
    s = empty_pile(["O1", "Y1"], other=HIDDEN_REST, passes=2)
    assert refusal(s, pass_()) == ("GAME_OVER", None)


def test_game_over_is_checked_before_whose_turn_it_is():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], []], current=0)
    assert refusal(s, place("O13"), player=1) == ("GAME_OVER", None)


def test_a_turn_by_a_player_who_is_not_to_move_is_refused():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["O9", "Y4"]], current=0)
    assert refusal(s, place("O9"), player=1) == ("NOT_YOUR_TURN", None)


def test_the_player_to_move_may_play():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["O9", "Y4"]], current=1)
    new, events = outcome(s, place("O9"), player=1)
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [9, 10, 11, 12]}
    assert hand(new, 1) == ["Y4"]
    assert hand(new, 0) == ["O13", "Y3"]
    assert new["current"] == 0
    assert new["opening"] == 11


def test_whose_turn_it_is_is_checked_before_the_opening():
    s = classic(hands=[["O11", "Y5"], ["Y11", "G5"]])
    assert refusal(s, place("G5"), player=1) == ("NOT_YOUR_TURN", None)


# -- OPENING: the first row --------------------------------------------------------------------


def opening_hands(c: str) -> list[list[str]]:
    """Player 0 holds the highest-priority 11 (orange in 2018, red in original) and the Y11."""
    return [[f"{c}11", f"{c}12", "Y11", "G5"], ["G11", "B2"]]


@by_edition
def test_with_elevens_the_holder_of_the_highest_priority_11_opens_with_it(edition):
    c = FIRST[edition]
    s = classic(hands=opening_hands(c), edition=edition)
    assert s["rows"] == [] and s["opening"] is None
    new, events = outcome(s, place(f"{c}11"))
    assert events == []
    assert new["rows"] == [{"color": c, "cards": [11]}]
    assert new["opening"] == 11
    assert hand(new, 0) == [f"{c}12", "Y11", "G5"]
    assert new["current"] == 1
    assert new["options"] == {"edition": edition, "start": "eleven", "without_blue": False}


@by_edition
def test_with_elevens_opening_with_a_lower_priority_11_is_refused(edition):
    c = FIRST[edition]
    s = classic(hands=opening_hands(c), edition=edition)
    assert refusal(s, place("Y11")) == ("OPENING", None)


@by_edition
def test_with_elevens_the_opening_turn_places_the_11_and_nothing_else(edition):
    c = FIRST[edition]
    s = classic(hands=opening_hands(c), edition=edition)
    assert refusal(s, place(f"{c}11"), place(f"{c}12")) == ("OPENING", None)
    assert refusal(s, place(f"{c}11"), place("Y11")) == ("OPENING", None)


def test_with_elevens_drawing_or_passing_instead_of_opening_is_refused():
    s = classic(hands=opening_hands("O"))
    assert refusal(s, draw()) == ("OPENING", None)
    # A pass would be PASS_PILE_NOT_EMPTY at action 0; the opening is checked first.
    assert refusal(s, pass_()) == ("OPENING", None)


def test_with_elevens_an_opening_with_a_card_that_is_not_an_11_is_refused():
    s = classic(hands=opening_hands("O"))
    assert refusal(s, place("G5")) == ("OPENING", None)
    assert refusal(s, place("O12")) == ("OPENING", None)


def test_the_opening_is_checked_before_the_mix_of_the_turn():
    s = classic(hands=opening_hands("O"))
    assert refusal(s, place("O11"), pass_()) == ("OPENING", None)


def test_the_opening_is_checked_before_the_cards_are_looked_for():
    s = classic(hands=opening_hands("O"))
    # G11 is player 1's: CARD_NOT_IN_HAND at 0, but the turn as a whole comes first.
    assert refusal(s, place("G11")) == ("OPENING", None)


def test_with_elevens_the_highest_11_dealt_opens_not_one_left_in_the_pile():
    s = classic(hands=[["Y11", "G11", "G5"], ["B11", "B2"]], pile=["O11", REST])
    new, events = outcome(s, place("Y11"))
    assert events == []
    assert new["rows"] == [{"color": "Y", "cards": [11]}]
    assert new["opening"] == 11
    assert refusal(s, place("G11")) == ("OPENING", None)


def test_with_a_hidden_hand_the_highest_11_is_left_unchecked():
    s = classic(hands=[hidden("Y11", extra=3), ["G5"]], pile=HIDDEN_REST)
    result = play(s, place("Y11"))
    new = result.state.to_dict()
    assert new["rows"] == [{"color": "Y", "cards": [11]}]
    assert new["opening"] == 11
    assert hand(new, 0) == {"count": 3}
    assert result.events == []
    assert unchecked(result) == ["OPENING"]


def test_with_another_players_hand_hidden_the_highest_11_is_left_unchecked():
    s = classic(hands=[["Y11", "G5"], hidden(extra=20)], pile=HIDDEN_REST)
    result = play(s, place("Y11"))
    new = result.state.to_dict()
    assert new["rows"] == [{"color": "Y", "cards": [11]}]
    assert hand(new, 0) == ["G5"]
    assert unchecked(result) == ["OPENING"]


def test_a_hidden_hand_must_still_open_with_one_11_alone():
    s = classic(hands=[hidden("Y11", "Y12", extra=3), ["G5"]], pile=HIDDEN_REST)
    assert refusal(s, place("Y12")) == ("OPENING", None)
    assert refusal(s, place("Y11"), place("Y12")) == ("OPENING", None)
    assert refusal(s, draw()) == ("OPENING", None)


@pytest.mark.parametrize("card", ["Y10", "G11", "B12"])
def test_ten_to_twelve_opens_with_a_10_11_or_12_of_any_colour(card):
    s = classic(start="ten-to-twelve", hands=[["Y10", "G11", "B12", "O5"], ["O1"]])
    new, events = outcome(s, place(card))
    assert events == []
    assert new["rows"] == [{"color": card[0], "cards": [int(card[1:])]}]
    assert new["opening"] == int(card[1:])
    assert hand(new, 0) == [c for c in ["Y10", "G11", "B12", "O5"] if c != card]


def test_ten_to_twelve_refuses_an_opening_with_another_value():
    s = classic(start="ten-to-twelve", hands=[["Y10", "G11", "B12", "O5"], ["O1"]])
    assert refusal(s, place("O5")) == ("OPENING", None)


def test_ten_to_twelve_refuses_an_opening_turn_of_two_cards():
    s = classic(start="ten-to-twelve", hands=[["Y10", "Y11", "B12", "O5"], ["O1"]])
    assert refusal(s, place("Y10"), place("Y11")) == ("OPENING", None)
    assert refusal(s, place("Y11"), place("B12")) == ("OPENING", None)


def test_ten_to_twelve_a_player_who_can_open_must_not_draw():
    s = classic(start="ten-to-twelve", hands=[["O5", "Y10"], ["O1"]])
    assert refusal(s, draw()) == ("MUST_PLAY", 0)


def test_ten_to_twelve_a_player_who_cannot_open_draws_three():
    s = classic(start="ten-to-twelve", hands=[["O5", "Y3"], ["O1"]],
                pile=["G7", "Y9", "B2", REST])
    result = play(s, draw(), draw(), draw())
    new = result.state.to_dict()
    assert hand(new, 0) == ["O5", "Y3", "G7", "Y9", "B2"]
    assert new["rows"] == [] and new["opening"] is None
    assert result.events == [drew("G7"), drew("Y9"), drew("B2")]
    assert new["current"] == 1


def test_ten_to_twelve_a_drawn_card_that_can_open_may_open():
    s = classic(start="ten-to-twelve", hands=[["O5", "Y3"], ["O1"]], pile=["G7", "Y12", REST])
    new, events = outcome(s, draw(), draw(), place("Y12"))
    assert events == [drew("G7"), drew("Y12")]
    assert new["rows"] == [{"color": "Y", "cards": [12]}]
    assert new["opening"] == 12
    assert hand(new, 0) == ["O5", "Y3", "G7"]


def test_ten_to_twelve_placing_a_drawn_card_that_cannot_open_is_an_opening_fault():
    s = classic(start="ten-to-twelve", hands=[["O5", "Y3"], ["O1"]], pile=["G7", REST])
    # G7 is the drawn card, so no PLAY_AFTER_DRAW; the opening (turn level) fails first.
    assert refusal(s, draw(), place("G7")) == ("OPENING", None)


def test_any_opens_with_any_card():
    s = classic(start="any", hands=[["O5", "Y7"], ["O1"]])
    new, events = outcome(s, place("Y7"))
    assert events == []
    assert new["rows"] == [{"color": "Y", "cards": [7]}]
    assert new["opening"] == 7
    assert hand(new, 0) == ["O5"]


def test_any_refuses_an_opening_turn_of_two_cards():
    s = classic(start="any", hands=[["O5", "Y7", "Y8", "O7"], ["O1"]])
    assert refusal(s, place("Y7"), place("Y8")) == ("OPENING", None)
    assert refusal(s, place("Y7"), place("O7")) == ("OPENING", None)


def test_any_a_player_always_can_open_so_must_not_draw():
    s = classic(start="any", hands=[["O5", "Y7"], ["O1"]])
    assert refusal(s, draw()) == ("MUST_PLAY", 0)


def test_with_ends_there_is_no_opening_and_the_first_turn_may_place_several_cards():
    s = classic(start="ends", hands=[["O2", "O3", "Y19", "G5"], ["B2"]])
    assert [r["cards"] for r in s["rows"]] == [[1, 20]] * 4
    new, events = outcome(s, place("O2"), place("O3"), place("Y19"))
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 3, 20]}
    assert row(new, "Y") == {"color": "Y", "cards": [1, 19, 20]}
    assert new["opening"] is None
    assert hand(new, 0) == ["G5"]


def test_the_legal_opening_with_elevens_is_the_highest_11_alone():
    s = classic(hands=opening_hands("O"))
    assert listed(legal(s)) == action_set([place("O11")])


def test_with_every_hand_known_and_the_pile_hidden_the_opening_is_checked_in_full():
    s = classic(hands=[["O11", "Y11"], ["G5"]], pile=HIDDEN_REST)
    assert refusal(s, place("Y11")) == ("OPENING", None)
    result = play(s, place("O11"))
    assert result.state.to_dict()["rows"] == [{"color": "O", "cards": [11]}]
    assert result.unchecked == []


def test_the_legal_openings_with_any_are_the_cards_in_hand():
    s = classic(start="any", hands=[["O5", "Y7"], ["O1"]])
    assert listed(legal(s)) == action_set([place("O5"), place("Y7")])


# -- TURN_MIXED --------------------------------------------------------------------------------


def test_a_pass_with_a_placement_is_a_mixed_turn_at_the_pass():
    s = empty_pile(["O2", "O1"])
    assert refusal(s, pass_(), place("O2")) == ("TURN_MIXED", 0)
    assert refusal(s, place("O2"), pass_()) == ("TURN_MIXED", 1)


def test_a_pass_after_a_draw_is_a_mixed_turn_at_the_pass():
    s = game(pile=NOFIT + [REST])
    assert refusal(s, draw(), pass_()) == ("TURN_MIXED", 1)


def test_a_mixed_pass_is_checked_before_the_actions():
    s = empty_pile(["O2", "O1"])
    # O9 is not in hand (action 0), but the pass is found on the turn as a whole.
    assert refusal(s, place("O9"), pass_()) == ("TURN_MIXED", 1)


def test_two_passes_are_a_mixed_turn_at_the_first():
    s = empty_pile(["O1", "Y1"])
    assert refusal(s, pass_(), pass_()) == ("TURN_MIXED", 0)


def test_a_draw_after_a_placement_is_a_mixed_turn_at_the_draw():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "O9", "Y3"], ["G1"]])
    assert refusal(s, place("O13"), draw()) == ("TURN_MIXED", 1)
    assert refusal(s, place("O13"), place("O9"), draw()) == ("TURN_MIXED", 2)


def test_a_draw_after_a_placed_drawn_card_is_a_mixed_turn():
    s = classic(rows={"O": "10-12"}, hands=[["O5", "Y3"], ["G1"]], pile=["O13", "O14", REST])
    assert refusal(s, draw(), place("O13"), draw()) == ("TURN_MIXED", 2)


def test_a_placement_before_a_draw_is_judged_first():
    # Unlike MASTER, a draw after a placement is found at the draw, so an earlier fault wins.
    s = classic(rows={"O": "10-12"}, hands=[["O14", "O13", "Y3"], ["G1"]])
    assert refusal(s, place("O14"), draw()) == ("NOT_ADJACENT", 0)


def test_placing_several_cards_on_several_rows_in_any_order_is_legal():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "O14", "O9", "Y11", "Y12", "G3"], ["G1"]])
    new, events = outcome(
        s, place("O13"), place("Y11"), place("O9"), place("O14"), place("Y12")
    )
    assert events == []
    assert new["rows"] == [
        {"color": "O", "cards": [9, 10, 11, 12, 13, 14]},
        {"color": "Y", "cards": [11, 12]},
    ]
    assert hand(new, 0) == ["G3"]
    assert new["current"] == 1


# -- ACTION_AFTER_GAME_END and the end of the game ---------------------------------------------


def test_an_action_after_the_last_hand_card_is_refused():
    s = classic(rows={"O": "10-12"}, hands=[["O13"], ["Y1", "Y2"]])
    # O14 is not in hand either; the end of the game is checked first.
    assert refusal(s, place("O13"), place("O14")) == ("ACTION_AFTER_GAME_END", 1)
    # A draw after a placement is TURN_MIXED, but the end of the game comes first.
    assert refusal(s, place("O13"), draw()) == ("ACTION_AFTER_GAME_END", 1)


def test_a_pass_after_the_last_hand_card_is_a_mixed_turn():
    s = classic(rows={"O": "10-12"}, hands=[["O13"], ["Y1", "Y2"]])
    assert refusal(s, place("O13"), pass_()) == ("TURN_MIXED", 1)


def test_placing_the_last_hand_card_wins_and_the_others_score_their_hand_values():
    s = classic(rows={"O": "10-12"}, hands=[["O13"], ["Y1", "Y12"], ["B20"]])
    new, events = outcome(s, place("O13"))
    assert hand(new, 0) == []
    assert row(new, "O") == {"color": "O", "cards": [10, 11, 12, 13]}
    assert events == [
        {
            "type": "game_over",
            "reason": "out",
            "scores": [
                {"player": 0, "penalty": 0},
                {"player": 1, "penalty": 13},
                {"player": 2, "penalty": 20},
            ],
            "winners": [0],
        }
    ]


def test_the_winner_is_known_even_when_a_losers_hand_is_hidden():
    s = classic(rows={"O": "10-12"}, hands=[["O13"], hidden(extra=2)])
    new, events = outcome(s, place("O13"))
    assert events == [
        {
            "type": "game_over",
            "reason": "out",
            "scores": [{"player": 0, "penalty": 0}, {"player": 1, "penalty": None}],
            "winners": [0],
        }
    ]


# -- PLAY_AFTER_DRAW ---------------------------------------------------------------------------


def after_draw(edition: str, pile: list[str]) -> dict[str, Any]:
    c = FIRST[edition]
    return classic(rows={c: "10-12"}, hands=[[f"{c}5", f"{c}14"], ["G1"]], pile=pile + [REST],
                   edition=edition)


@by_edition
def test_a_drawn_card_that_fits_may_be_placed(edition):
    c = FIRST[edition]
    s = after_draw(edition, [f"{c}13", "Y9"])
    new, events = outcome(s, draw(), place(f"{c}13"))
    assert events == [drew(f"{c}13")]
    assert row(new, c) == {"color": c, "cards": [10, 11, 12, 13]}
    assert hand(new, 0) == [f"{c}5", f"{c}14"]
    assert new["pile"][0] == "Y9"
    assert new["current"] == 1


@by_edition
def test_a_second_placement_after_a_draw_is_refused_even_if_it_fits_by_then(edition):
    c = FIRST[edition]
    s = after_draw(edition, [f"{c}13", "Y9"])
    assert refusal(s, draw(), place(f"{c}13"), place(f"{c}14")) == ("PLAY_AFTER_DRAW", 2)


@by_edition
def test_placing_a_hand_card_instead_of_the_drawn_card_is_refused(edition):
    c = FIRST[edition]
    s = after_draw(edition, [f"{c}13", "Y9"])
    # c5 is also not adjacent, and (original) the drawn card is not placed; this comes first.
    assert refusal(s, draw(), place(f"{c}5")) == ("PLAY_AFTER_DRAW", 1)


@by_edition
def test_after_a_draw_the_drawn_card_rule_comes_before_the_hand_check(edition):
    s = after_draw(edition, ["G7", "Y9"])
    assert refusal(s, draw(), place("G1")) == ("PLAY_AFTER_DRAW", 1)


@by_edition
def test_only_the_last_drawn_card_may_be_placed(edition):
    c = FIRST[edition]
    s = after_draw(edition, ["G7", f"{c}9", "Y9"])
    assert refusal(s, draw(), draw(), place("G7")) == ("PLAY_AFTER_DRAW", 2)
    new, events = outcome(s, draw(), draw(), place(f"{c}9"))
    assert events == [drew("G7"), drew(f"{c}9")]
    assert row(new, c) == {"color": c, "cards": [9, 10, 11, 12]}
    assert hand(new, 0) == [f"{c}5", f"{c}14", "G7"]


# -- CARD_NOT_IN_HAND and SLOT_OCCUPIED --------------------------------------------------------


def test_placing_a_card_not_in_hand_is_refused():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["Y11", "O9"]])
    assert refusal(s, place("O9")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("O13"), place("Y11")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_cannot_place_a_card_visible_elsewhere():
    s = classic(rows={"O": "10-12"}, hands=[hidden("O13", extra=3), ["Y11"]])
    assert refusal(s, place("Y11")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("O13"), place("O14")) == ("CARD_NOT_IN_HAND", 1)  # in the pile


def test_a_hidden_hand_may_place_a_card_visible_nowhere_and_its_count_goes_down():
    s = classic(rows={"O": "10-12"}, hands=[hidden("O13", extra=3), ["Y11"]], pile=HIDDEN_REST)
    result = play(s, place("O13"))
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 3}
    assert row(new, "O") == {"color": "O", "cards": [10, 11, 12, 13]}
    assert result.events == []
    assert result.unchecked == []


def test_the_card_is_looked_for_before_its_row():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["G1"]], pile=["G10", REST])
    # G10 has no row to start (ROW_NOT_STARTED), but it is not in hand first.
    assert refusal(s, place("G10")) == ("CARD_NOT_IN_HAND", 0)


def test_a_card_already_lying_is_never_in_hand_so_its_slot_is_never_reported_occupied():
    # Each card exists once, and CARD_NOT_IN_HAND is checked before SLOT_OCCUPIED: placing a
    # card whose slot is taken always means placing a card that lies on the table.
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["G1"]])
    assert refusal(s, place("O11")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("O13"), place("O13")) == ("CARD_NOT_IN_HAND", 1)
    s = classic(rows={"O": "10-12"}, hands=[hidden("O13", extra=3), ["G1"]], pile=HIDDEN_REST)
    assert refusal(s, place("O12")) == ("CARD_NOT_IN_HAND", 0)


# -- ROW_NOT_STARTED ---------------------------------------------------------------------------


def test_with_elevens_a_new_row_starts_only_with_an_11():
    s = classic(rows={"O": "10-12"}, hands=[["Y10", "Y11", "G12", "B3"], ["G1"]])
    assert refusal(s, place("Y10")) == ("ROW_NOT_STARTED", 0)
    assert refusal(s, place("G12")) == ("ROW_NOT_STARTED", 0)
    assert refusal(s, place("Y10"), place("Y11")) == ("ROW_NOT_STARTED", 0)
    new, events = outcome(s, place("Y11"), place("Y10"))
    assert events == []
    assert new["rows"] == [{"color": "O", "cards": [10, 11, 12]}, {"color": "Y", "cards": [10, 11]}]
    assert new["opening"] == 11
    assert hand(new, 0) == ["G12", "B3"]


def test_rows_are_listed_in_the_order_they_were_started():
    s = classic(rows={"O": "10-12"}, hands=[["Y11", "G11", "B3"], ["B11"]])
    new = after(s, place("G11"), place("Y11"))
    assert colors(new) == ["O", "G", "Y"]


@pytest.mark.parametrize("card", ["Y10", "G12", "B11"])
def test_ten_to_twelve_a_new_row_starts_with_a_10_11_or_12(card):
    s = classic(start="ten-to-twelve", rows={"O": "12"}, opening=12,
                hands=[["Y9", "Y10", "G12", "B11", "B13"], ["G1"]])
    new, events = outcome(s, place(card))
    assert events == []
    assert new["rows"] == [{"color": "O", "cards": [12]},
                           {"color": card[0], "cards": [int(card[1:])]}]
    assert new["opening"] == 12


@pytest.mark.parametrize("card", ["Y9", "B13"])
def test_ten_to_twelve_a_new_row_cannot_start_with_another_value(card):
    s = classic(start="ten-to-twelve", rows={"O": "12"}, opening=12,
                hands=[["Y9", "Y10", "G12", "B11", "B13"], ["G1"]])
    assert refusal(s, place(card)) == ("ROW_NOT_STARTED", 0)


def test_with_any_a_new_row_starts_only_with_the_opening_value():
    s = classic(start="any", rows={"O": "4-6"}, opening=5,
                hands=[["Y5", "Y6", "G11", "B3"], ["G1"]])
    assert refusal(s, place("Y6")) == ("ROW_NOT_STARTED", 0)
    assert refusal(s, place("G11")) == ("ROW_NOT_STARTED", 0)
    new, events = outcome(s, place("Y5"), place("Y6"))
    assert events == []
    assert new["rows"] == [{"color": "O", "cards": [4, 5, 6]}, {"color": "Y", "cards": [5, 6]}]
    assert new["opening"] == 5


# -- NOT_ADJACENT ------------------------------------------------------------------------------


@by_edition
def test_a_card_that_skips_an_empty_slot_is_not_adjacent(edition):
    c = FIRST[edition]
    s = classic(rows={c: "10-12"}, hands=[[f"{c}14", f"{c}13", f"{c}8", f"{c}9", "Y3"], ["G1"]],
                edition=edition)
    assert refusal(s, place(f"{c}14")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place(f"{c}14"), place(f"{c}13")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place(f"{c}13"), place(f"{c}8")) == ("NOT_ADJACENT", 1)
    new, events = outcome(s, place(f"{c}13"), place(f"{c}14"), place(f"{c}9"), place(f"{c}8"))
    assert events == []
    assert row(new, c) == {"color": c, "cards": [8, 9, 10, 11, 12, 13, 14]}
    assert hand(new, 0) == ["Y3"]


def test_rows_grow_down_to_1_and_up_to_20():
    s = classic(rows={"O": "2-19"}, hands=[["O1", "O20", "Y3"], ["G1"]])
    new = after(s, place("O1"), place("O20"))
    assert row(new, "O") == {"color": "O", "cards": list(range(1, 21))}


def test_a_row_started_with_a_12_grows_in_both_directions():
    s = classic(start="ten-to-twelve", rows={"G": "12"}, opening=12,
                hands=[["G10", "G11", "G13", "G14", "Y3"], ["O1"]])
    assert refusal(s, place("G10")) == ("NOT_ADJACENT", 0)
    new = after(s, place("G11"), place("G13"), place("G10"), place("G14"))
    assert row(new, "G") == {"color": "G", "cards": [10, 11, 12, 13, 14]}


def test_with_any_a_row_grows_in_both_directions_from_the_opening_value():
    s = classic(start="any", rows={"Y": "5"}, opening=5, hands=[["Y4", "Y6", "Y7", "O1"], ["G1"]])
    assert refusal(s, place("Y7")) == ("NOT_ADJACENT", 0)
    new = after(s, place("Y6"), place("Y7"), place("Y4"))
    assert row(new, "Y") == {"color": "Y", "cards": [4, 5, 6, 7]}


def test_with_ends_rows_grow_up_from_the_1_and_down_from_the_20():
    s = classic(start="ends", rows={"O": "1-3,20"},
                hands=[["O4", "O5", "O19", "O18", "O11", "O17"], ["B2"]])
    assert refusal(s, place("O5")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place("O17")) == ("NOT_ADJACENT", 0)
    new, events = outcome(s, place("O4"), place("O5"), place("O19"), place("O18"))
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 3, 4, 5, 18, 19, 20]}
    assert [r["color"] for r in new["rows"]] == ["O", "Y", "G", "B"]
    assert new["opening"] is None


def test_with_ends_the_11_is_an_ordinary_card():
    s = classic(start="ends", hands=[["O11", "Y11", "O2"], ["B2"]])
    assert refusal(s, place("O11")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place("O2"), place("Y11")) == ("NOT_ADJACENT", 1)


def test_with_ends_the_two_halves_of_a_row_meet():
    s = classic(start="ends", rows={"O": "1-10,12-20"}, hands=[["O11", "Y3"], ["B2"]])
    new = after(s, place("O11"))
    assert row(new, "O") == {"color": "O", "cards": list(range(1, 21))}


# -- MUST_PLAY ---------------------------------------------------------------------------------


@by_start
def test_drawing_with_a_card_that_can_be_placed_is_refused(start):
    s = game(start, hands=[["B15", START[start].fit], ["G8"]], pile=NOFIT + [REST])
    assert refusal(s, draw()) == ("MUST_PLAY", 0)
    assert refusal(s, draw(), draw(), draw()) == ("MUST_PLAY", 0)


@by_start
def test_drawing_with_no_card_that_can_be_placed_is_legal(start):
    s = game(start, pile=NOFIT + [REST])
    result = play(s, draw(), draw(), draw())
    new = result.state.to_dict()
    assert hand(new, 0) == ["B15", START[start].miss, "Y15", "B3", "Y17"]
    assert new["pile"][0] == "B16"
    assert result.events == [drew("Y15"), drew("B3"), drew("Y17")]
    assert result.unchecked == []
    assert new["rows"] == s["rows"]
    assert new["current"] == 1
    assert new["passes"] == 0


@by_start
def test_a_placeable_card_may_be_placed_instead(start):
    s = game(start, hands=[["B15", START[start].fit], ["G8"]], pile=NOFIT + [REST])
    new, events = outcome(s, place(START[start].fit))
    assert events == []
    assert row(new, START[start].fit[0]) == START[start].fit_row
    if START[start].colours_after_fit:
        assert colors(new) == START[start].colours_after_fit
    assert hand(new, 0) == ["B15"]


def test_passing_on_an_empty_pile_with_a_card_that_can_be_placed_is_refused():
    s = empty_pile(["O2", "O1"])
    assert refusal(s, pass_()) == ("MUST_PLAY", 0)


def test_passing_on_an_empty_pile_with_an_11_that_can_start_a_row_is_refused():
    s = empty_pile(["Y11", "O1"])
    assert refusal(s, pass_()) == ("MUST_PLAY", 0)


def test_passing_on_an_empty_pile_with_no_card_that_can_be_placed_is_legal():
    s = empty_pile(["O1", "Y1"])
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 1
    assert new["current"] == 1
    assert hand(new, 0) == ["O1", "Y1"]
    assert result.events == [{"type": "passed", "player": 0}]
    assert result.unchecked == []


def test_a_placement_after_a_pass_sets_passes_back_to_zero():
    s = empty_pile(["O1", "Y1"])
    passed = after(s, pass_())
    new, events = outcome(passed, place("O2"), player=1)
    assert events == []
    assert new["passes"] == 0
    assert new["current"] == 0
    assert row(new, "O") == {"color": "O", "cards": list(range(2, 21))}


def test_when_every_player_has_passed_in_a_row_the_game_is_blocked():
    s = empty_pile(["O1", "Y1"], other=HIDDEN_REST, passes=1)
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 2
    assert result.events == [
        {"type": "passed", "player": 0},
        {
            "type": "game_over",
            "reason": "blocked",
            "scores": [{"player": 0, "penalty": 2}, {"player": 1, "penalty": None}],
            "winners": None,
        },
    ]


def test_a_hidden_hand_may_pass_on_an_empty_pile_and_must_play_is_left_unchecked():
    s = empty_pile(hidden("O2", extra=3), other=REST)
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 1
    assert hand(new, 0) == {"count": 4}
    assert result.events == [{"type": "passed", "player": 0}]
    assert unchecked(result) == ["MUST_PLAY"]


# -- DRAW_LIMIT --------------------------------------------------------------------------------


@by_edition
@by_start
def test_a_fourth_draw_is_refused(edition, start):
    s = game(start, edition, pile=NOFIT + [REST])
    assert refusal(s, draw(), draw(), draw(), draw()) == ("DRAW_LIMIT", 3)


@by_edition
def test_a_fourth_draw_after_a_third_that_fits_is_a_draw_limit(edition):
    s = game("eleven", edition, pile=["Y15", "B3", "Y11", "B16", REST])
    assert refusal(s, draw(), draw(), draw(), draw()) == ("DRAW_LIMIT", 3)


def test_a_fourth_draw_from_an_emptied_pile_is_a_draw_limit():
    s = game("eleven", hands=[["B15", "Y10"], REST], pile=["Y15", "B3", "Y17"])
    assert refusal(s, draw(), draw(), draw(), draw()) == ("DRAW_LIMIT", 3)
    new = after(s, draw(), draw(), draw())
    assert new["pile"] == []
    assert hand(new, 0) == ["B15", "Y10", "Y15", "B3", "Y17"]


# -- DRAW_AFTER_FIT ----------------------------------------------------------------------------


@by_edition
@by_start
def test_a_draw_after_a_drawn_card_that_fits_is_refused(edition, start):
    fit = START[start].fit
    s = game(start, edition, pile=[fit] + NOFIT + [REST])
    assert refusal(s, draw(), draw()) == ("DRAW_AFTER_FIT", 1)
    s = game(start, edition, pile=["Y15", fit, "B3", REST])
    assert refusal(s, draw(), draw(), draw()) == ("DRAW_AFTER_FIT", 2)


@by_edition
@by_start
def test_a_drawn_card_that_fits_is_placed_at_once(edition, start):
    fit = START[start].fit
    s = game(start, edition, pile=["Y15", fit, "B3", REST])
    new, events = outcome(s, draw(), draw(), place(fit))
    assert events == [drew("Y15"), drew(fit)]
    assert row(new, fit[0]) == START[start].fit_row
    if START[start].colours_after_fit:
        assert colors(new) == START[start].colours_after_fit
    assert hand(new, 0) == ["B15", START[start].miss, "Y15"]
    assert new["pile"][0] == "B3"


def test_a_draw_after_a_fitting_card_is_refused_before_the_empty_pile():
    s = game("eleven", hands=[["B15", "Y10"], REST], pile=["Y11"])
    assert refusal(s, draw(), draw()) == ("DRAW_AFTER_FIT", 1)


def test_a_draw_after_a_fitting_card_is_refused_before_its_named_card_is_compared():
    s = game("eleven", pile=["Y11", "Y15", REST])
    assert refusal(s, draw(), draw("B3")) == ("DRAW_AFTER_FIT", 1)


# -- the drawn card that fits: may (2018) or must (original) be placed -------------------------


@by_start
def test_2018_the_first_drawn_card_that_fits_may_be_kept(start):
    fit = START[start].fit
    s = game(start, "2018", pile=[fit, "Y15", "B3", REST])
    result = play(s, draw())
    new = result.state.to_dict()
    assert result.events == [drew(fit)]
    assert hand(new, 0) == ["B15", START[start].miss, fit]
    assert new["rows"] == s["rows"]
    assert new["pile"][0] == "Y15"
    assert result.unchecked == []


@by_start
def test_2018_a_second_or_third_drawn_card_that_fits_must_be_placed(start):
    fit = START[start].fit
    s = game(start, "2018", pile=["Y15", fit, "B3", REST])
    assert refusal(s, draw(), draw()) == ("MUST_PLACE_DRAWN", 1)
    new, events = outcome(s, draw(), draw(), place(fit))
    assert events == [drew("Y15"), drew(fit)]
    s = game(start, "2018", pile=["Y15", "B3", fit, REST])
    assert refusal(s, draw(), draw(), draw()) == ("MUST_PLACE_DRAWN", 2)


@by_start
def test_original_a_drawn_card_that_fits_must_be_placed(start):
    fit = START[start].fit
    s = game(start, "original", pile=[fit] + NOFIT + [REST])
    assert refusal(s, draw()) == ("MUST_PLACE_DRAWN", 0)
    s = game(start, "original", pile=["Y15", fit, "B3", REST])
    assert refusal(s, draw(), draw()) == ("MUST_PLACE_DRAWN", 1)
    s = game(start, "original", pile=["Y15", "B3", fit, REST])
    assert refusal(s, draw(), draw(), draw()) == ("MUST_PLACE_DRAWN", 2)


@by_start
def test_original_a_third_drawn_card_that_fits_is_placed(start):
    fit = START[start].fit
    s = game(start, "original", pile=["Y15", "B3", fit, REST])
    new, events = outcome(s, draw(), draw(), draw(), place(fit))
    assert events == [drew("Y15"), drew("B3"), drew(fit)]
    assert row(new, fit[0]) == START[start].fit_row
    assert hand(new, 0) == ["B15", START[start].miss, "Y15", "B3"]


def test_original_a_drawn_card_that_fits_its_row_must_be_placed():
    s = classic(rows={"R": "10-12"}, hands=[["R5", "Y3"], ["G1"]], pile=["R13", REST],
                edition="original")
    assert refusal(s, draw()) == ("MUST_PLACE_DRAWN", 0)
    new, events = outcome(s, draw(), place("R13"))
    assert events == [drew("R13")]
    assert row(new, "R") == {"color": "R", "cards": [10, 11, 12, 13]}
    assert hand(new, 0) == ["R5", "Y3"]


def test_original_a_draw_after_a_fitting_card_is_found_before_the_end_of_the_turn():
    s = game("eleven", "original", pile=["Y11", "Y15", REST])
    assert refusal(s, draw(), draw()) == ("DRAW_AFTER_FIT", 1)


# -- DRAW_INCOMPLETE ---------------------------------------------------------------------------


@by_edition
@by_start
def test_stopping_after_a_drawn_card_that_does_not_fit_is_refused(edition, start):
    s = game(start, edition, pile=NOFIT + [REST])
    assert refusal(s, draw()) == ("DRAW_INCOMPLETE", 0)
    assert refusal(s, draw(), draw()) == ("DRAW_INCOMPLETE", 1)


@by_edition
def test_stopping_when_the_pile_runs_out_is_legal(edition):
    s = game("eleven", edition, hands=[["B15", "Y10"], REST], pile=["Y15"])
    result = play(s, draw())
    new = result.state.to_dict()
    assert new["pile"] == []
    assert hand(new, 0) == ["B15", "Y10", "Y15"]
    assert result.events == [drew("Y15")]
    assert new["passes"] == 0


def test_a_fault_during_the_draws_is_found_before_the_turn_ends():
    s = game("eleven", pile=NOFIT + [REST])
    # The turn would also end after one non-fitting card; the placement's fault comes first.
    assert refusal(s, draw(), place("B15")) == ("PLAY_AFTER_DRAW", 1)


# -- PILE_EMPTY --------------------------------------------------------------------------------


def test_drawing_from_an_empty_pile_is_refused():
    s = empty_pile(["O1", "Y1"])
    assert refusal(s, draw()) == ("PILE_EMPTY", 0)


def test_drawing_past_the_last_card_of_the_pile_is_refused():
    s = game("eleven", hands=[["B15", "Y10"], REST], pile=["Y15"])
    assert refusal(s, draw(), draw()) == ("PILE_EMPTY", 1)


def test_drawing_from_an_empty_pile_with_a_card_that_can_be_placed_is_must_play():
    s = empty_pile(["O2", "O1"])
    assert refusal(s, draw()) == ("MUST_PLAY", 0)


def test_drawing_from_an_empty_hidden_pile_is_pile_empty_before_the_card_is_asked_for():
    s = classic(rows={"O": "3-20"}, hands=[["O1", "Y1"], REST], pile=hidden())
    assert s["pile"] == {"count": 0}
    assert refusal(s, draw()) == ("PILE_EMPTY", 0)


# -- DRAW_CARD_REQUIRED, DRAW_MISMATCH, CARD_UNAVAILABLE ---------------------------------------


def test_a_known_hand_drawing_from_a_hidden_pile_must_name_the_card():
    s = game("eleven", pile=HIDDEN_REST)
    assert refusal(s, draw()) == ("DRAW_CARD_REQUIRED", 0)
    assert refusal(s, draw("Y15"), draw()) == ("DRAW_CARD_REQUIRED", 1)


def test_a_known_hand_drawing_named_cards_from_a_hidden_pile_is_legal():
    s = game("eleven", pile=HIDDEN_REST)
    assert s["pile"] == {"count": 74}
    result = play(s, draw("Y15"), draw("Y11"), place("Y11"))
    new = result.state.to_dict()
    assert hand(new, 0) == ["B15", "Y10", "Y15"]
    assert new["pile"] == {"count": 72}
    assert colors(new) == ["G", "Y"]
    assert result.events == [drew("Y15"), drew("Y11")]
    assert result.unchecked == []


def test_a_named_card_from_a_hidden_pile_is_judged_as_drawn():
    s = game("eleven", pile=HIDDEN_REST)
    assert refusal(s, draw("Y15")) == ("DRAW_INCOMPLETE", 0)
    assert refusal(s, draw("Y11"), draw("Y15")) == ("DRAW_AFTER_FIT", 1)


def test_the_obligation_to_play_is_checked_before_the_card_is_asked_for():
    s = game("eleven", hands=[["B15", "Y11"], ["G8"]], pile=HIDDEN_REST)
    assert refusal(s, draw()) == ("MUST_PLAY", 0)


def test_naming_another_card_than_the_top_of_a_known_pile_is_refused():
    s = game("eleven", pile=NOFIT + [REST])
    assert refusal(s, draw("B3")) == ("DRAW_MISMATCH", 0)
    assert refusal(s, draw("Y15"), draw("Y15")) == ("DRAW_MISMATCH", 1)


def test_naming_the_top_cards_of_a_known_pile_is_legal():
    s = game("eleven", pile=NOFIT + [REST])
    new, events = outcome(s, draw("Y15"), draw(), draw("Y17"))
    assert events == [drew("Y15"), drew("B3"), drew("Y17")]
    assert hand(new, 0) == ["B15", "Y10", "Y15", "B3", "Y17"]
    assert new["pile"][0] == "B16"


def test_drawing_a_card_visible_elsewhere_from_a_hidden_pile_is_refused():
    s = game("eleven", pile=HIDDEN_REST)
    assert refusal(s, draw("G11")) == ("CARD_UNAVAILABLE", 0)  # on the table
    assert refusal(s, draw("G8")) == ("CARD_UNAVAILABLE", 0)  # in player 1's hand
    assert refusal(s, draw("B15")) == ("CARD_UNAVAILABLE", 0)  # in the drawer's own hand
    assert refusal(s, draw("Y15"), draw("Y15")) == ("CARD_UNAVAILABLE", 1)  # drawn already


# -- PASS_PILE_NOT_EMPTY -----------------------------------------------------------------------


def test_passing_while_the_pile_has_cards_is_refused():
    s = game("eleven", pile=NOFIT + [REST])
    assert refusal(s, pass_()) == ("PASS_PILE_NOT_EMPTY", 0)


def test_passing_with_a_placeable_card_while_the_pile_has_cards_is_pile_not_empty():
    s = game("eleven", hands=[["B15", "Y11"], ["G8"]], pile=NOFIT + [REST])
    assert refusal(s, pass_()) == ("PASS_PILE_NOT_EMPTY", 0)


# -- hidden information: what the referee cannot see it lists as unchecked ---------------------


def hidden_game(edition: str = "2018", pile: Any = HIDDEN_REST, extra: int = 3) -> dict:
    """A hidden hand (B15 and `extra` more) to move; the pile hidden unless given."""
    return game("eleven", edition, hands=[hidden("B15", extra=extra), ["G8"]], pile=pile)


@pytest.mark.parametrize(
    "edition, expected",
    [("2018", ["DRAW_INCOMPLETE", "MUST_PLAY"]),
     ("original", ["DRAW_INCOMPLETE", "MUST_PLACE_DRAWN", "MUST_PLAY"])],
)
def test_a_hidden_hand_drawing_one_unknown_card_leaves_the_draw_checks_unchecked(edition, expected):
    s = hidden_game(edition)
    assert s["pile"] == {"count": 72}
    result = play(s, draw())
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 5}
    assert new["pile"] == {"count": 71}
    assert result.events == [drew(None)]
    assert unchecked(result) == expected


def test_a_hidden_hand_drawing_a_second_unknown_card_leaves_draw_after_fit_unchecked():
    result = play(hidden_game(), draw(), draw())
    assert result.events == [drew(None), drew(None)]
    # 2018: a second drawn card that fits must be placed, so that is unchecked too.
    assert unchecked(result) == ["DRAW_AFTER_FIT", "DRAW_INCOMPLETE", "MUST_PLACE_DRAWN", "MUST_PLAY"]


@pytest.mark.parametrize(
    "edition, expected",
    [("2018", ["DRAW_AFTER_FIT", "MUST_PLACE_DRAWN", "MUST_PLAY"]),
     ("original", ["DRAW_AFTER_FIT", "MUST_PLACE_DRAWN", "MUST_PLAY"])],
)
def test_a_hidden_hand_drawing_three_unknown_cards_has_drawn_all_it_may(edition, expected):
    result = play(hidden_game(edition), draw(), draw(), draw())
    assert hand(result.state.to_dict(), 0) == {"count": 7}
    assert unchecked(result) == expected


@pytest.mark.parametrize(
    "edition, expected",
    [("2018", ["MUST_PLAY"]), ("original", ["MUST_PLACE_DRAWN", "MUST_PLAY"])],
)
def test_a_hidden_hand_drawing_the_last_card_of_a_hidden_pile_has_drawn_enough(edition, expected):
    s = game("eleven", edition, hands=[hidden("B15", extra=3), REST], pile=hidden(extra=1))
    result = play(s, draw())
    assert result.state.to_dict()["pile"] == {"count": 0}
    assert unchecked(result) == expected


def test_a_hidden_hand_placing_after_an_unknown_draw_leaves_play_after_draw_unchecked():
    s = hidden_game()
    result = play(s, draw(), place("G13"))
    new = result.state.to_dict()
    assert row(new, "G") == {"color": "G", "cards": [10, 11, 12, 13]}
    assert hand(new, 0) == {"count": 4}
    assert result.events == [drew(None)]
    assert unchecked(result) == ["MUST_PLAY", "PLAY_AFTER_DRAW"]


def test_a_hidden_hand_after_an_unknown_draw_still_places_only_once():
    s = hidden_game()
    assert refusal(s, draw(), place("G13"), place("G14")) == ("PLAY_AFTER_DRAW", 2)


def test_a_hidden_hand_after_an_unknown_draw_cannot_place_a_card_visible_elsewhere():
    s = hidden_game()
    assert refusal(s, draw(), place("G8")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_naming_its_drawn_cards_is_judged_on_them():
    s = hidden_game()
    assert refusal(s, draw("Y15")) == ("DRAW_INCOMPLETE", 0)
    result = play(s, draw("Y15"), draw("B3"), draw("Y17"))
    assert result.events == [drew("Y15"), drew("B3"), drew("Y17")]
    assert hand(result.state.to_dict(), 0) == {"count": 7}
    assert unchecked(result) == ["MUST_PLAY"]


def test_a_hidden_hand_naming_a_card_visible_elsewhere_is_refused():
    assert refusal(hidden_game(), draw("G8")) == ("CARD_UNAVAILABLE", 0)


def test_a_hidden_hand_drawing_from_a_known_pile_is_judged_on_its_top_cards():
    s = hidden_game(pile=NOFIT + [REST])
    assert refusal(s, draw()) == ("DRAW_INCOMPLETE", 0)
    assert refusal(s, draw("B3")) == ("DRAW_MISMATCH", 0)
    result = play(s, draw(), draw(), draw())
    assert result.events == [drew("Y15"), drew("B3"), drew("Y17")]
    assert unchecked(result) == ["MUST_PLAY"]
    s = hidden_game(pile=["Y11", "Y15", REST])
    assert refusal(s, draw(), draw()) == ("DRAW_AFTER_FIT", 1)


def test_original_a_hidden_hand_drawing_a_known_fitting_card_must_place_it():
    s = hidden_game("original", pile=["Y11", "Y15", REST])
    assert refusal(s, draw()) == ("MUST_PLACE_DRAWN", 0)
    result = play(s, draw(), place("Y11"))
    assert colors(result.state.to_dict()) == ["G", "Y"]
    assert unchecked(result) == ["MUST_PLAY"]


# -- legal actions agree with the draw rules ---------------------------------------------------


@pytest.mark.parametrize("edition, complete", [("2018", True), ("original", False)])
def test_after_a_fitting_draw_only_that_card_is_listed_and_2018_may_stop(edition, complete):
    s = game("eleven", edition, pile=["Y11", "Y15", REST])
    assert legal(s, draw()).to_dict() == {
        "player": 0, "actions": [place("Y11")], "complete": complete,
    }


def test_after_a_draw_that_does_not_fit_only_a_draw_is_listed_until_the_third():
    s = game("eleven", pile=NOFIT + [REST])
    assert legal(s).to_dict() == {"player": 0, "actions": [draw()], "complete": False}
    assert legal(s, draw()).to_dict() == {"player": 0, "actions": [draw()], "complete": False}
    assert legal(s, draw(), draw(), draw()).to_dict() == {
        "player": 0, "actions": [], "complete": True,
    }


# -- without blue ------------------------------------------------------------------------------


def test_without_blue_the_game_has_60_cards_and_plays_the_same():
    s = classic(rows={"O": "10-12"}, hands=[["O13", "Y3"], ["G1"]], without_blue=True,
                pile=["G7", REST])
    assert len(s["pile"]) == 60 - 3 - 3
    new, events = outcome(s, place("O13"))
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [10, 11, 12, 13]}
    assert new["options"]["without_blue"] is True


def test_without_blue_and_with_ends_three_rows_lie():
    s = classic(start="ends", without_blue=True, hands=[["O2", "Y5"], ["G2"]], pile=["G7", REST])
    assert [r["color"] for r in s["rows"]] == ["O", "Y", "G"]
    new = after(s, place("O2"))
    assert new["rows"] == [
        {"color": "O", "cards": [1, 2, 20]},
        {"color": "Y", "cards": [1, 20]},
        {"color": "G", "cards": [1, 20]},
    ]


def test_judging_a_turn_changes_neither_the_input_dict_nor_the_loaded_state():
    from referee import engine

    s = game("eleven", "original", pile=["Y11", REST])
    original = copy.deepcopy(s)
    state = engine.load_state(s)
    before = state.to_dict()
    turn = engine.load_turn({"player": 0, "actions": [draw(), place("Y11")]}, ruleset="classic")
    engine.apply(state, turn)
    assert s == original
    assert state.to_dict() == before


# -- a hidden hand that surely can play, and a drawn card leaving a known pile ----------------


def test_a_hidden_hand_at_an_any_start_opening_surely_can_play_so_it_may_not_draw():
    # With the start on any card and no row lying, every card the hand could hold opens.
    s = classic(start="any", hands=[hidden(extra=20), hidden(extra=20)], pile=HIDDEN_REST)
    assert refusal(s, draw()) == ("MUST_PLAY", 0)
    assert draw() not in [a.to_dict() for a in legal(s).actions]
    new, events = outcome(s, place("Y7"))
    assert row(new, "Y") == {"color": "Y", "cards": [7]}
    assert new["opening"] == 7


def test_a_hidden_hand_that_might_not_fit_may_draw_with_must_play_unchecked():
    # With the start on 10-12 a hidden hand may hold no 10, 11 or 12.
    s = classic(start="ten-to-twelve", hands=[hidden(extra=20), hidden(extra=20)], pile=HIDDEN_REST)
    assert unchecked(play(s, draw())) == ["DRAW_INCOMPLETE", "MUST_PLAY"]


def test_a_hidden_hand_places_the_card_it_drew_from_a_known_pile():
    # The drawn O13 was visible in the pile before the draw, and is in the hand after it.
    s = classic(rows={"O": "10-12"}, hands=[hidden(extra=3), ["Y11"]], pile=["O13", REST])
    new, events = outcome(s, draw(), place("O13"))
    assert events == [{"type": "drew", "player": 0, "card": "O13"}]
    assert row(new, "O") == {"color": "O", "cards": [10, 11, 12, 13]}
    assert hand(new, 0) == {"count": 3}


# -- the opening on the 11s with the mover's hand hidden ---------------------------------------


def test_a_hidden_mover_must_open_with_an_11_before_those_of_the_known_hands():
    # Player 1 holds the yellow 11: a hidden mover can only be the opener with the orange 11.
    s = classic(hands=[hidden(extra=19), ["Y11", "G5"]], pile=HIDDEN_REST)
    assert refusal(s, place("G11")) == ("OPENING", None)
    assert refusal(s, place("Y11")) == ("OPENING", None)
    result = play(s, place("O11"))
    assert row(result.state.to_dict(), "O") == {"color": "O", "cards": [11]}
    # No 11 comes before the orange one, so nothing is left unchecked.
    assert unchecked(result) == []
    assert [a.to_dict() for a in legal(s).actions] == [place("O11")]


def test_opening_is_unchecked_while_an_earlier_11_may_lie_in_a_hidden_hand():
    s = classic(hands=[["Y11", "G5"], hidden(extra=19)], pile=HIDDEN_REST)
    assert unchecked(play(s, place("Y11"))) == ["OPENING"]


def test_opening_is_checked_when_the_earlier_11_lies_in_a_known_pile():
    s = classic(hands=[["Y11", "G5"], hidden(extra=19)], pile=["O11", REST])
    assert unchecked(play(s, place("Y11"))) == []


def test_a_hidden_mover_with_every_earlier_11_visible_elsewhere_is_impossible():
    # The orange 11 lies in the known pile and player 1 holds the yellow 11.
    s = classic(hands=[hidden(extra=19), ["Y11", "G5"]], pile=["O11", REST])
    assert "visible elsewhere" in invalid_reason(s)
