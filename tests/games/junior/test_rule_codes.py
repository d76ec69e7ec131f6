"""Every rule code of the `junior` game (docs/games/junior.md), each beside a legal turn.

44 cards, 1 to 11 in orange, yellow, green and blue; the 1s and 11s lie from the start and
the rows fill in between them. A player who cannot place draws one card, which may be
placed at once if it fits; the turn ends either way. The codes are those of classic with
at most one draw: no OPENING, no ROW_NOT_STARTED, no DRAW_AFTER_FIT, no DRAW_INCOMPLETE and
no MUST_PLACE_DRAWN.

Unless a test says otherwise every row holds only its 1 and 11, so the 2s and 10s fit and
the 3s to 9s do not.
"""

from __future__ import annotations

from typing import Any

import pytest

from support.actions import draw, pass_, place
from support.judge import after, hand, legal, outcome, play, refusal, row
from support.row_tables import junior
from support.zones import HIDDEN_REST, REST, hidden

NOFIT = ["B4", "Y7", "G9"]


def drew(card: str | None, player: int = 0) -> dict[str, Any]:
    return {"type": "drew", "player": player, "card": card}


def unchecked(result) -> list[str]:
    return sorted(str(code) for code in result.unchecked)


def base(hand0: Any = None, pile: Any = None, **kw) -> dict[str, Any]:
    """The mover holds O5 and Y6 (neither fits); player 1 a G3."""
    kw.setdefault("hands", [hand0 if hand0 is not None else ["O5", "Y6"], ["G3"]])
    return junior(pile=pile if pile is not None else NOFIT + [REST], **kw)


def empty_pile(hand0: Any, other: Any = REST, **kw) -> dict[str, Any]:
    """The orange row 1-3 and 11, the pile empty: O5 to O9 fit nowhere, O4 and O10 do."""
    return junior(rows={"O": "1-3,11"}, hands=[hand0, other], pile=[], **kw)


def test_a_junior_state_has_44_cards_and_four_laid_out_rows():
    s = base()
    assert s["rows"] == [{"color": c, "cards": [1, 11]} for c in "OYGB"]
    assert len(s["pile"]) == 44 - 8 - 3
    assert "options" not in s and "opening" not in s


# -- the turn as a whole -----------------------------------------------------------------------


def test_a_turn_after_a_player_has_emptied_their_hand_is_game_over():
    s = base(hands=[["O2", "O5"], []])
    assert refusal(s, place("O2")) == ("GAME_OVER", None)
    assert refusal(s, place("O2"), player=1) == ("GAME_OVER", None)


def test_a_turn_after_every_player_has_passed_in_a_row_is_game_over():
    # Player 1's hand is hidden: a known hand holding the O4 could not have passed.
    s = empty_pile(["O5", "O6"], other=HIDDEN_REST, passes=2)
    assert refusal(s, pass_()) == ("GAME_OVER", None)


def test_a_turn_by_a_player_who_is_not_to_move_is_refused():
    s = base(hands=[["O2", "O5"], ["Y2", "Y5"]], current=0)
    assert refusal(s, place("Y2"), player=1) == ("NOT_YOUR_TURN", None)


def test_the_player_to_move_may_play():
    s = base(hands=[["O2", "O5"], ["Y2", "Y5"]], current=1)
    new, events = outcome(s, place("Y2"), player=1)
    assert events == []
    assert row(new, "Y") == {"color": "Y", "cards": [1, 2, 11]}
    assert hand(new, 1) == ["Y5"]
    assert new["current"] == 0
    assert new["passes"] == 0


def test_there_is_no_opening_the_first_turn_may_place_several_cards_on_several_rows():
    s = base(hands=[["O2", "O3", "Y10", "G5"], ["B2"]])
    new, events = outcome(s, place("O2"), place("Y10"), place("O3"))
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 3, 11]}
    assert row(new, "Y") == {"color": "Y", "cards": [1, 10, 11]}
    assert [r["color"] for r in new["rows"]] == ["O", "Y", "G", "B"]
    assert hand(new, 0) == ["G5"]
    assert "opening" not in new


def test_a_pass_with_another_action_is_a_mixed_turn_at_the_pass():
    s = empty_pile(["O4", "O6"])
    assert refusal(s, pass_(), place("O4")) == ("TURN_MIXED", 0)
    assert refusal(s, place("O4"), pass_()) == ("TURN_MIXED", 1)
    assert refusal(base(), draw(), pass_()) == ("TURN_MIXED", 1)


def test_a_draw_after_a_placement_is_a_mixed_turn_at_the_draw():
    s = base(["O2", "O5"])
    assert refusal(s, place("O2"), draw()) == ("TURN_MIXED", 1)


def test_a_placement_before_a_draw_is_judged_first():
    s = base(["O2", "O5"])
    assert refusal(s, place("O5"), draw()) == ("NOT_ADJACENT", 0)


# -- ACTION_AFTER_GAME_END and the end of the game ---------------------------------------------


def test_an_action_after_the_last_hand_card_is_refused():
    s = base(hands=[["O2"], ["Y5", "G3"]])
    assert refusal(s, place("O2"), place("O3")) == ("ACTION_AFTER_GAME_END", 1)
    assert refusal(s, place("O2"), draw()) == ("ACTION_AFTER_GAME_END", 1)


def test_placing_the_last_hand_card_wins_and_the_others_score_their_hand_values():
    s = base(hands=[["O2"], ["Y5", "G3"], ["B9"]])
    new, events = outcome(s, place("O2"))
    assert hand(new, 0) == []
    assert events == [
        {
            "type": "game_over",
            "reason": "out",
            "scores": [
                {"player": 0, "penalty": 0},
                {"player": 1, "penalty": 8},
                {"player": 2, "penalty": 9},
            ],
            "winners": [0],
        }
    ]


# -- placing -----------------------------------------------------------------------------------


def test_placing_a_card_not_in_hand_is_refused():
    s = base(hands=[["O2", "O5"], ["Y2"]])
    assert refusal(s, place("Y2")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("O2"), place("O3")) == ("CARD_NOT_IN_HAND", 1)  # in the pile


def test_a_card_already_lying_is_never_in_hand_so_its_slot_is_never_reported_occupied():
    s = base(["O2", "O5"])
    assert refusal(s, place("O11")) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(s, place("O2"), place("O2")) == ("CARD_NOT_IN_HAND", 1)


def test_a_hidden_hand_cannot_place_a_card_visible_elsewhere_but_may_place_others():
    s = base(hands=[hidden("O2", extra=2), ["Y2"]], pile=HIDDEN_REST)
    assert refusal(s, place("Y2")) == ("CARD_NOT_IN_HAND", 0)
    result = play(s, place("O2"))
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 2}
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 11]}
    assert result.unchecked == []


def test_a_card_that_touches_nothing_is_not_adjacent():
    s = base(["O2", "O3", "O5", "O10", "O9", "Y6"])
    assert refusal(s, place("O5")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place("O3")) == ("NOT_ADJACENT", 0)
    assert refusal(s, place("O2"), place("O3"), place("O5")) == ("NOT_ADJACENT", 2)


def test_rows_fill_up_from_the_1_and_down_from_the_11():
    s = base(["O2", "O3", "O5", "O10", "O9", "Y6"])
    new, events = outcome(s, place("O2"), place("O3"), place("O10"), place("O9"))
    assert events == []
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 3, 9, 10, 11]}
    assert hand(new, 0) == ["O5", "Y6"]


def test_the_two_halves_of_a_row_meet():
    s = base(["O6", "Y6"], rows={"O": "1-5,7-11"})
    new = after(s, place("O6"))
    assert row(new, "O") == {"color": "O", "cards": list(range(1, 12))}


# -- MUST_PLAY ---------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["O2", "O10", "B2"])
def test_drawing_with_a_card_that_can_be_placed_is_refused(card):
    s = base(["Y6", card])
    assert refusal(s, draw()) == ("MUST_PLAY", 0)


def test_passing_on_an_empty_pile_with_a_card_that_can_be_placed_is_refused():
    s = empty_pile(["O10", "O6"])
    assert refusal(s, pass_()) == ("MUST_PLAY", 0)


def test_passing_on_an_empty_pile_with_no_card_that_can_be_placed_is_legal():
    s = empty_pile(["O5", "O6"])
    result = play(s, pass_())
    new = result.state.to_dict()
    assert new["passes"] == 1
    assert new["current"] == 1
    assert hand(new, 0) == ["O5", "O6"]
    assert result.events == [{"type": "passed", "player": 0}]
    assert result.unchecked == []


def test_a_placement_after_a_pass_sets_passes_back_to_zero():
    passed = after(empty_pile(["O5", "O6"]), pass_())
    new = after(passed, place("O4"), player=1)
    assert new["passes"] == 0
    assert row(new, "O") == {"color": "O", "cards": [1, 2, 3, 4, 11]}


def test_when_every_player_has_passed_in_a_row_the_game_is_blocked():
    s = empty_pile(["O5", "O6"], other=HIDDEN_REST, passes=1)
    result = play(s, pass_())
    assert result.state.to_dict()["passes"] == 2
    assert result.events == [
        {"type": "passed", "player": 0},
        {
            "type": "game_over",
            "reason": "blocked",
            "scores": [{"player": 0, "penalty": 11}, {"player": 1, "penalty": None}],
            "winners": None,
        },
    ]


def test_a_hidden_hand_may_pass_on_an_empty_pile_and_must_play_is_left_unchecked():
    s = empty_pile(hidden("O4", extra=2))
    result = play(s, pass_())
    assert result.state.to_dict()["passes"] == 1
    assert result.events == [{"type": "passed", "player": 0}]
    assert unchecked(result) == ["MUST_PLAY"]


# -- one draw ----------------------------------------------------------------------------------


def test_one_draw_that_does_not_fit_ends_the_turn():
    s = base()
    result = play(s, draw())
    new = result.state.to_dict()
    assert hand(new, 0) == ["O5", "Y6", "B4"]
    assert new["pile"][:2] == ["Y7", "G9"]
    assert new["current"] == 1
    assert result.events == [drew("B4")]
    assert result.unchecked == []


def test_a_second_draw_is_refused():
    assert refusal(base(), draw(), draw()) == ("DRAW_LIMIT", 1)


def test_a_second_draw_after_a_fitting_card_is_a_draw_limit():
    assert refusal(base(pile=["B2", "Y7", REST]), draw(), draw()) == ("DRAW_LIMIT", 1)


def test_a_second_draw_from_an_emptied_pile_is_a_draw_limit():
    s = base(hands=[["O5", "Y6"], REST], pile=["B4"])
    assert refusal(s, draw(), draw()) == ("DRAW_LIMIT", 1)
    assert after(s, draw())["pile"] == []


def test_a_drawn_card_that_fits_may_be_kept():
    s = base(pile=["B2", "Y7", REST])
    new, events = outcome(s, draw())
    assert events == [drew("B2")]
    assert hand(new, 0) == ["O5", "Y6", "B2"]
    assert row(new, "B") == {"color": "B", "cards": [1, 11]}


def test_a_drawn_card_that_fits_may_be_placed_at_once():
    s = base(pile=["B2", "Y7", REST])
    new, events = outcome(s, draw(), place("B2"))
    assert events == [drew("B2")]
    assert hand(new, 0) == ["O5", "Y6"]
    assert row(new, "B") == {"color": "B", "cards": [1, 2, 11]}
    assert new["pile"][0] == "Y7"


def test_after_a_draw_only_the_drawn_card_may_be_placed():
    s = base(["O5", "B3"], pile=["B2", "Y7", REST])
    assert refusal(s, draw(), place("B2"), place("B3")) == ("PLAY_AFTER_DRAW", 2)
    s = base(pile=NOFIT + [REST])
    assert refusal(s, draw(), place("O5")) == ("PLAY_AFTER_DRAW", 1)
    assert refusal(s, draw(), place("G3")) == ("PLAY_AFTER_DRAW", 1)


def test_a_drawn_card_that_does_not_fit_cannot_be_placed():
    s = base(pile=NOFIT + [REST])
    assert refusal(s, draw(), place("B4")) == ("NOT_ADJACENT", 1)


def test_after_a_draw_the_turn_may_end_or_place_the_drawn_card_if_it_fits():
    assert legal(base(pile=["B2", REST]), draw()).to_dict() == {
        "player": 0, "actions": [place("B2")], "complete": True,
    }
    assert legal(base(), draw()).to_dict() == {"player": 0, "actions": [], "complete": True}


# -- the pile ----------------------------------------------------------------------------------


def test_drawing_from_an_empty_pile_is_refused():
    assert refusal(empty_pile(["O5", "O6"]), draw()) == ("PILE_EMPTY", 0)


def test_drawing_from_an_empty_pile_with_a_card_that_can_be_placed_is_must_play():
    assert refusal(empty_pile(["O4", "O6"]), draw()) == ("MUST_PLAY", 0)


def test_passing_while_the_pile_has_cards_is_refused():
    assert refusal(base(), pass_()) == ("PASS_PILE_NOT_EMPTY", 0)
    assert refusal(base(["O2", "O5"]), pass_()) == ("PASS_PILE_NOT_EMPTY", 0)


def test_a_known_hand_drawing_from_a_hidden_pile_must_name_the_card():
    s = base(pile=HIDDEN_REST)
    assert refusal(s, draw()) == ("DRAW_CARD_REQUIRED", 0)
    result = play(s, draw("B4"))
    new = result.state.to_dict()
    assert hand(new, 0) == ["O5", "Y6", "B4"]
    assert new["pile"] == {"count": 32}
    assert result.events == [drew("B4")]


def test_naming_another_card_than_the_top_of_a_known_pile_is_refused():
    s = base()
    assert refusal(s, draw("Y7")) == ("DRAW_MISMATCH", 0)
    assert outcome(s, draw("B4"))[1] == [drew("B4")]


def test_drawing_a_card_visible_elsewhere_from_a_hidden_pile_is_refused():
    s = base(pile=HIDDEN_REST)
    assert refusal(s, draw("O1")) == ("CARD_UNAVAILABLE", 0)
    assert refusal(s, draw("G3")) == ("CARD_UNAVAILABLE", 0)
    assert refusal(s, draw("O5")) == ("CARD_UNAVAILABLE", 0)


# -- hidden information ------------------------------------------------------------------------


def test_a_hidden_hand_drawing_an_unknown_card_leaves_only_must_play_unchecked():
    s = base(hands=[hidden("O5", extra=1), ["G3"]], pile=HIDDEN_REST)
    result = play(s, draw())
    new = result.state.to_dict()
    assert hand(new, 0) == {"count": 3}
    assert new["pile"] == {"count": 32}
    assert result.events == [drew(None)]
    assert unchecked(result) == ["MUST_PLAY"]


def test_a_hidden_hand_placing_after_an_unknown_draw_leaves_play_after_draw_unchecked():
    s = base(hands=[hidden("O5", extra=1), ["G3"]], pile=HIDDEN_REST)
    result = play(s, draw(), place("B2"))
    new = result.state.to_dict()
    assert row(new, "B") == {"color": "B", "cards": [1, 2, 11]}
    assert hand(new, 0) == {"count": 2}
    assert unchecked(result) == ["MUST_PLAY", "PLAY_AFTER_DRAW"]
    assert refusal(s, draw(), place("B2"), place("B10")) == ("PLAY_AFTER_DRAW", 2)
    assert refusal(s, draw(), draw()) == ("DRAW_LIMIT", 1)


def test_a_hidden_hand_drawing_from_a_known_pile_gets_its_top_card():
    s = base(hands=[hidden("O5", extra=1), ["G3"]])
    result = play(s, draw())
    assert result.events == [drew("B4")]
    assert hand(result.state.to_dict(), 0) == {"count": 3}
    assert unchecked(result) == ["MUST_PLAY"]
