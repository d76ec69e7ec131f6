"""Impossible Schwarzer Peter states (docs/games/schwarzer-peter.md) are INVALID_STATE
with a reason naming what is wrong; options of the wrong shape are malformed."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.box_tables import draw, peter
from support.judge import outcome, violation

HANDS = [["O3", "O7", "Y1"], ["Y3", "O5"], ["Y5", "Y7"]]


def reason(state):
    player = state["current"] if isinstance(state["current"], int) and state["current"] < 6 else 0
    found = violation(state, draw(index=0), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return found.reason.lower()


def test_a_sound_state_is_accepted():
    assert outcome(peter(HANDS, aside=["O1"]), draw(index=1), player=0)[0]["current"] == 1


def short_with_17s():
    state = peter(HANDS, aside=["O1"], short=True)
    state["players"][0]["pairs"].append(17)
    return state


def seven_players():
    state = peter(HANDS, aside=["O1"])
    state["players"] += [{"name": f"P{i}", "hand": [], "pairs": []} for i in range(4)]
    return state


@pytest.mark.parametrize(("state", "expected"), [
    (peter(HANDS, aside=["O1", "O2"], pairs=[[v for v in range(4, 21) if v not in (5, 7)], [], []]),
     "aside holds 2 cards; exactly one card is set aside"),
    (peter(HANDS, aside=[], pairs=[[v for v in range(1, 21) if v not in (1, 3, 5, 7)] + [], [], []]),
     "aside holds 0 cards; exactly one card is set aside"),
    (peter([["O3", "O7", "Y1"], ["Y3", "O5"], ["Y5", "Y7"]], aside=["O1"],
           pairs=[[v for v in range(2, 21) if v not in (3, 5, 7, 9)], [9], [9]]),
     "the pair of 9s is laid twice, by ben and by cleo"),
    (peter([["O3", "Y3", "O7", "Y1"], ["O5"], ["Y5", "Y7"]], aside=["O1"]),
     "the hand of ada holds the orange 3 and the yellow 3, a pair that is laid at once"),
    (peter(HANDS, aside=["O1"], current=2) | {"players": peter(HANDS, aside=["O1"])["players"][:2] + [
        {"name": "Cleo", "hand": [], "pairs": []}]}, None),
    (peter(HANDS, aside=["O1"], current=None), "current is null while the game goes on outside a simultaneous step"),
    (peter(HANDS, aside=["O1"], current=7), "player 7 is to move, but the players are 0 to 2"),
    (peter(HANDS, aside=["O1"], waiting=[1]), "waiting is not empty outside a simultaneous step"),
    (peter([["Y1"], [], []], aside=["O1"], current=1), "the game is over, but current names a player"),
    (seven_players(), "this game has 2 to 6 players, this one has 7"),
    (short_with_17s(), "the orange 17 in /players/0/pairs is not a card of this game"),
    (peter([["O3", "O7", "Y1"], ["Y3", "O5"], ["Y5", "G7"]], aside=["O1"]),
     "the green 7 in /players/2/hand is not a card of this game"),
    (peter(HANDS, aside=["O1"], colors=["R", "Y"]), "the option colors names r, a colour the 2018 edition does not have"),
])
def test_an_impossible_state_names_what_is_wrong(state, expected):
    if expected is None:  # Cleo's two cards are gone: the cards no longer add up
        expected = "the cards listed and counted add up to 38, but this game has 40 cards"
    assert reason(state) == expected


def test_the_player_to_move_must_hold_cards():
    state = peter([["O3", "Y1"], ["Y3"], []], aside=["O1"], current=2)
    assert reason(state) == "cleo is to move but holds no card"


@pytest.mark.parametrize("options", [{"short": 1}, {"cards_each": 3}, {"colors": ["O"]}, {"edition": "x"}])
def test_an_option_of_the_wrong_shape_or_that_the_game_does_not_take_is_malformed(options):
    with pytest.raises(MalformedInput):
        engine.load_state(peter(HANDS, aside=["O1"]) | {"options": options})
