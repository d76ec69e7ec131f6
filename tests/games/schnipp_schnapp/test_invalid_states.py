"""Impossible Schnipp Schnapp states (docs/games/schnipp-schnapp.md): each is
INVALID_STATE with the reason written out, beside a sound state of the same shape."""

from __future__ import annotations

import pytest

from referee.core.errors import MalformedInput, Violation
from support.box_tables import flip, schnapp
from referee.engine import find_ruleset
from support.box_judge import judge

SCHNAPP = find_ruleset("schnipp-schnapp")


def reason(state) -> str:
    with pytest.raises(Violation) as raised:
        judge(state, 0, flip())
    assert (raised.value.code.value, raised.value.action) == ("INVALID_STATE", None)
    return raised.value.reason


def sound(state) -> None:
    SCHNAPP.check_state(SCHNAPP.load_state(state))


def test_a_quartet_set_aside_twice():
    state = schnapp([[], []], quartets=[[4], []])
    sound(state)
    state["players"][1]["quartets"] = [4]
    assert reason(state) == "the quartet of 4 is set aside twice"


def test_a_card_of_a_quartet_set_aside_lying_elsewhere():
    state = schnapp([["O4"], []], quartets=[[], [5]])
    sound(state)
    state["players"][0]["open"] = ["O5", "O4"]
    assert reason(state) == "the orange 5 lies in /players/0/open, but the quartet of 5 is set aside by Ben"


def test_the_cards_must_add_up_to_the_deck():
    state = schnapp([["O4"], []])
    state["players"][0]["open"] = []
    assert reason(state) == "the cards listed and counted add up to 79, but this game has 80 cards"
    state = schnapp([["O4"], []])
    state["middle"] = ["O4"]
    assert reason(state) == "the orange 4 is listed twice, in /players/0/open and in /middle"


def test_flipped_names_an_empty_open_pile_or_a_player_who_does_not_exist():
    state = schnapp([["O4"], []], flipped=[0], current=1)
    sound(state)
    state["flipped"] = [1]
    assert reason(state) == "flipped names Ben, whose open pile is empty"
    state["flipped"] = [2]
    assert reason(state) == "flipped names player 2, who does not exist"


def test_flipped_names_several_players_only_with_together():
    state = schnapp([["O4"], ["Y9"]], flipped=[0, 1], current=0)
    assert reason(state) == "flipped names more than one player; only with together do several flip at once"
    sound(schnapp([["O4"], ["Y9"]], flipped=[0, 1], together=True))
    sound(schnapp([["O4"], ["Y9"]], flipped=[1, 0], together=True))  # the referee answers in seat order


def test_the_player_to_move_holds_cards():
    state = schnapp([["O4"], [], ["G1"]], stacks=[None, [], None], current=1)
    assert reason(state) == "Ben cannot act now"
    sound(schnapp([["O4"], [], ["G1"]], stacks=[None, [], None], current=2))


def test_together_waits_for_holders_only_and_for_all_of_them_after_a_round():
    state = schnapp([["O4"], ["Y9"], ["G1"]], together=True, waiting=[0, 2])  # Ben has flipped
    sound(state)
    state["waiting"] = []
    assert reason(state) == "waiting leaves out Ada, who has still to act"
    state = schnapp([["O4"], ["Y9"], ["G1"]], together=True, flipped=[0, 1, 2], waiting=[0, 1])
    assert reason(state) == "waiting leaves out Cleo, who has still to act"
    state = schnapp([["O4"], ["Y9"], []], stacks=[None, None, []], together=True, waiting=[0, 1, 2])
    assert reason(state) == "Cleo cannot act now"


def test_a_game_over_names_nobody_to_move():
    state = schnapp([["O4"], []], stacks=[None, []], current=0)
    assert reason(state) == "the game is over, but current names a player"
    sound(schnapp([["O4"], []], stacks=[None, []], current=None))


def test_wrong_player_count():
    state = schnapp([[], []])
    state["players"] = state["players"] * 4
    assert reason(state) == "this game has 2 to 6 players, this one has 8"


def test_won_belongs_to_together_and_must_be_there_with_it():
    state = schnapp([[], []], together=True)
    sound(state)
    del state["players"][0]["won"]
    with pytest.raises(MalformedInput):
        SCHNAPP.load_state(state)
    plain = schnapp([[], []])
    plain["players"][0]["won"] = 0
    with pytest.raises(MalformedInput):
        SCHNAPP.load_state(plain)


def test_an_option_the_game_does_not_take_is_malformed():
    state = schnapp([[], []])
    state["options"]["colors"] = ["O", "Y"]
    with pytest.raises(MalformedInput):
        SCHNAPP.load_state(state)
