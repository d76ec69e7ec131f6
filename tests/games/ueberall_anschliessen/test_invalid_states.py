"""Impossible Überall anschließen states (docs/games/ueberall-anschliessen.md) are INVALID_STATE
with a reason naming what is wrong; malformed ones are refused as malformed, never a crash."""

from __future__ import annotations

import pytest
from support.judge import outcome, violation
from support.ueberall_tables import place, reveal, run, ueberall

from referee import engine
from referee.core.errors import MalformedInput


def reason(state, player=0):
    found = violation(state, reveal(), place("own"), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return found.reason


def sound():
    return ueberall(stacks=[["O7", "Y9"], ["G11"]], opens=[["B1"], ["G4"]], middle=run("B5", 3))


def test_a_sound_state_is_accepted():
    assert outcome(sound(), reveal(), place("own"))[0]["current"] == 1


@pytest.mark.parametrize(("change", "expected"), [
    (lambda s: s["middle"].insert(0, s["players"][0]["stack"].pop()),
     "the middle is not a run: the blue 19 lies on the blue 5"),
    (lambda s: s["players"][1]["stack"].append("O7"), "the orange 7 is listed twice, in /players/0/stack and in /players/1/stack"),
    (lambda s: s["players"][1]["stack"].pop(), "the cards listed and counted add up to 79, but this game has 80 cards"),
    (lambda s: s["players"][0]["open"].append("R3"), "the red 3 in /players/0/open is not a card of this game"),
    (lambda s: s.update(finished=[1]), "finished names ben, who still holds cards"),
    (lambda s: s.update(finished=[4]), "finished names player 4, who does not exist"),
    (lambda s: s.update(current=None), "current is null while the game goes on outside a simultaneous step"),
    (lambda s: s.update(waiting=[0]), "waiting is not empty outside a simultaneous step"),
    (lambda s: s.update(players=s["players"] * 4), "this game has 2 to 6 players, this one has 8"),
])
def test_an_impossible_state_is_refused_with_its_reason(change, expected):
    state = sound()
    change(state)
    assert reason(state).lower() == expected


def test_an_empty_stack_beside_an_open_pile_and_a_player_without_cards_not_finished_are_impossible():
    state = ueberall(stacks=[["O7"], []], opens=[[], ["G4"]], middle=run("B5", 3), fill_to=[0])
    assert reason(state) == ("Ben has an empty stack but an open pile; the open pile is turned over "
                             "as soon as the stack is used up")
    state = ueberall(stacks=[["O7"], []], middle=run("B5", 3), fill_to=[0])
    assert reason(state) == "Ben holds no card but is not in finished"
    state = ueberall(stacks=[["O7"], []], middle=run("B5", 3), fill_to=[0], finished=[1, 1])
    assert reason(state) == "finished names Ben twice"
    state = ueberall(stacks=[["O7"], []], middle=run("B5", 3), fill_to=[0], finished=[1], current=1)
    assert reason(state, player=1) == "Ben cannot act now"
    assert outcome(ueberall(stacks=[["O7"], []], middle=run("B5", 3), fill_to=[0], finished=[1]),
                   reveal(), place("own"))[0]["current"] == 0


@pytest.mark.parametrize("broken", [
    lambda s: s["players"][0].update(open={"count": 1}),  # a face-up pile is always a list
    lambda s: s.update(middle={"count": 3}),
    lambda s: s.update(finished=[True]),
    lambda s: s.update(finished=None),
    lambda s: s.update(options={"colors": ["O", "Y"]}),
    lambda s: s["players"][0].pop("open"),
])
def test_a_malformed_state_is_refused_as_malformed(broken):
    state = sound()
    broken(state)
    with pytest.raises(MalformedInput):
        engine.load_state(state)


@pytest.mark.parametrize("action", [
    {"type": "place", "to": "left"}, {"type": "place", "to": 16}, {"type": "place", "to": -1},
    {"type": "place"}, {"type": "stopp", "card": "O7"}, {"type": "place", "to": True},
])
def test_a_malformed_action_is_refused_as_malformed(action):
    with pytest.raises(MalformedInput):
        engine.load_actions([{"type": "reveal"}, action], ruleset="ueberall-anschliessen")
