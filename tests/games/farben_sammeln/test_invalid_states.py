"""Impossible Farben sammeln states (docs/games/farben-sammeln.md) are INVALID_STATE with a
reason naming what is wrong; malformed ones are refused as malformed, never a crash."""

from __future__ import annotations

import pytest
from support.farben_tables import discard, farben, take
from support.judge import outcome, violation

from referee import engine
from referee.core.errors import MalformedInput

ORANGE = [f"O{v}" for v in range(1, 10)]


def reason(state, player=0):
    found = violation(state, take("pile"), discard("O1", 0), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return found.reason


def test_a_sound_state_is_accepted():
    assert outcome(farben(hands=[ORANGE, []]), take("pile"), discard("O1", 0))[0]["current"] == 1


@pytest.mark.parametrize(("change", "expected"), [
    (lambda s: s["players"][0]["hand"].append(s["pile"].pop()),
     "ada holds 10 cards; with 2 players every hand holds 9"),
    (lambda s: s["players"][1]["hand"].__setitem__(0, "O1"), "the orange 1 is listed twice, in /players/0/hand and in /players/1/hand"),
    (lambda s: s["pile"].pop(), "the cards listed and counted add up to 79, but this game has 80 cards"),
    (lambda s: s["pile"].__setitem__(0, "R5"), "the red 5 in /pile is not a card of this game"),
    (lambda s: s["display"].pop(), "the display has 3 stacks; there are always four"),
    (lambda s: s.update(display=s["display"] + [[s["pile"].pop()]]), "the display has 5 stacks; there are always four"),
    (lambda s: s["pile"].extend(s["display"][2]) or s["display"].__setitem__(2, []),
     "/display/2 is empty; every display stack holds a card"),
    (lambda s: s.update(closed=2), "closed names player 2, who does not exist"),
    (lambda s: s.update(closed=1), "ben closed the round with more than one colour in hand"),
    (lambda s: s.update(current=None), "current is null while the game goes on outside a simultaneous step"),
    (lambda s: s.update(current=2), "player 2 is to move, but the players are 0 to 1"),
    (lambda s: s.update(waiting=[0]), "waiting is not empty outside a simultaneous step"),
    (lambda s: s.update(players=s["players"] + [{"name": "Cleo", "hand": []}] * 5),
     "this game has 2 to 6 players, this one has 7"),
])
def test_an_impossible_state_is_refused_with_its_reason(change, expected):
    state = farben(hands=[ORANGE, ["Y1", "O10"]])
    change(state)
    assert reason(state).lower() == expected


def test_a_finished_round_names_nobody_to_move():
    state = farben(hands=[ORANGE, []], closed=0)
    state["current"] = 1
    found = violation(state, take("pile"), discard("O1", 0), player=1)
    assert found.reason == "the game is over, but current names a player"


def test_a_hidden_closer_is_not_held_to_one_colour():
    state = farben(hands=[ORANGE, ["Y1", "O10"]], closed=1, hide=[1])
    assert engine.scores(engine.load_state(state))["finished"] is True


def test_the_hand_sizes_follow_the_player_count():
    for players, size in [(2, 9), (3, 9), (4, 8), (5, 8), (6, 7)]:
        state = farben(players=players)
        assert [len(p["hand"]) for p in state["players"]] == [size] * players
        assert outcome(state, take("pile"), discard(state["players"][0]["hand"][0], 0))[0]["current"] == 1


@pytest.mark.parametrize("broken", [
    lambda s: s["players"][0].update(hand=["O21"]),
    lambda s: s.update(pile={"count": -1}),
    lambda s: s.update(display={"count": 4}),
    lambda s: s["display"].__setitem__(0, {"count": 1}),  # a face-up stack is always a list
    lambda s: s.update(options={"edition": "1999"}),
    lambda s: s.update(options={"colors": ["O", "Y"]}),  # an option this game does not take
    lambda s: s.update(closed="Ada"),
    lambda s: s.pop("closed"),
])
def test_a_malformed_state_is_refused_as_malformed(broken):
    state = farben(hands=[ORANGE, []])
    broken(state)
    with pytest.raises(MalformedInput):
        engine.load_state(state)


def test_the_options_are_filled_with_their_defaults():
    state = farben(hands=[ORANGE, []])
    state["options"] = {}
    assert outcome(state, take("pile"), discard("O1", 0))[0]["options"] == {"edition": "2018"}
