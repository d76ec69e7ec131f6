"""Impossible Zweikampf states (docs/games/zweikampf.md) are INVALID_STATE with a
reason naming what is wrong; malformed ones are refused as SCHEMA_VIOLATION (the engine's
MalformedInput), never a crash."""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput
from support.box_tables import reveal, zweikampf
from support.judge import outcome


def _reason(state, player=0):
    from support.judge import violation

    found = violation(state, reveal(), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return found.reason


def test_a_sound_state_is_accepted():
    assert outcome(zweikampf(stacks=[["O9"], ["Y5"]]), reveal(), player=0)[1][0]["card"] == "O9"


@pytest.mark.parametrize(("change", "expected"), [
    (lambda s: s["players"][0]["stack"].append(s["players"][1]["stack"][0]),
     "the yellow 5 is listed twice, in /players/0/stack and in /players/1/stack"),
    (lambda s: s["players"][0]["stack"].pop(), "the cards listed and counted add up to 39, but this game has 40 cards"),
    (lambda s: s["players"][0]["stack"].__setitem__(0, "G9"), "the green 9 in /players/0/stack is not a card of this game"),
    (lambda s: s["players"][0]["stack"].__setitem__(0, "R9"), "the red 9 in /players/0/stack is not a card of this game"),
    (lambda s: s.update(options={"edition": "2018", "colors": ["R", "Y"], "until_all": False}),
     "the option colors names r, a colour the 2018 edition does not have"),
    (lambda s: s["players"].append({"name": "Cleo", "stack": [], "won": []}), "this game has 2 players, this one has 3"),
    (lambda s: s.update(waiting=[0, 0]), "waiting names ada twice"),
    (lambda s: s.update(waiting=[1, 0]), "waiting is not in seat order"),
    (lambda s: s.update(waiting=[0, 1, 2]), "waiting names player 2, who does not exist"),
    (lambda s: s.update(waiting=[0]), "waiting leaves out ben, who has still to act"),
    (lambda s: s.update(current=0), "every player in waiting acts now, so current is null"),
    (lambda s: s.update(out=2, players=[dict(s["players"][0], stack=s["players"][0]["stack"][1:]),
                                        dict(s["players"][1], stack=s["players"][1]["stack"][1:])]),
     "cards are out of the game before its end"),
])
def test_an_impossible_state_is_refused_with_its_reason(change, expected):
    state = zweikampf(stacks=[["O9"], ["Y5"]])
    change(state)
    assert _reason(state, 0).lower() == expected


def test_stacks_of_unequal_size_are_impossible_without_until_all_only():
    state = zweikampf(stacks=[["O9", "O8"], ["Y5"]], won=[[], ["O1", "O2"]], fill=False)
    state["players"][1]["stack"] += [c for c in (f"{k}{v}" for k in "OY" for v in range(1, 21))
                                     if c not in ("O9", "O8", "Y5", "O1", "O2")]
    assert "the stacks hold 2 and 36 cards" in _reason(state)
    state["options"]["until_all"] = True
    assert outcome(state, reveal(), player=0)[1][0]["card"] == "O9"


def test_a_battle_that_is_not_tied_pairs_then_one_card_is_impossible():
    state = zweikampf(stacks=[[], []], battle=[(0, "O9"), (1, "Y5"), (0, "O1")])
    assert _reason(state, 1) == "the battle goes on after /battle/1, a round that was not tied"
    state = zweikampf(stacks=[[], []], battle=[(0, "O9"), (0, "O5")], waiting=[0, 1])
    assert _reason(state) == "Ada turned up twice in one round of the battle"


def test_a_hidden_battle_card_an_odd_won_pile_and_a_waiting_player_without_cards_are_impossible():
    state = zweikampf(stacks=[["O9"], ["Y5"]], battle=[(1, "Y20")])
    state["battle"][0]["card"] = None
    assert _reason(state) == "/battle/0 does not name its card; the battle lies face up"
    state = zweikampf(stacks=[["O9"], ["Y5"]], won=[["O1"], []])
    assert "holds an odd number of cards" in _reason(state)
    state = zweikampf(stacks=[[], [f"Y{v}" for v in range(1, 21)] + [f"O{v}" for v in range(1, 20)]],
                      battle=[(1, "O20")], until_all=True, fill=False)
    assert _reason(state) == "the battle waits for Ada, who has no card to turn up"


def test_a_waiting_player_who_has_already_turned_up_is_named():
    state = zweikampf(stacks=[["O9"], ["Y5"]], battle=[(1, "Y20")], waiting=[0, 1])
    assert _reason(state) == "Ben has already acted in this step"


@pytest.mark.parametrize("broken", [
    lambda s: s["players"][0].update(stack=["O21"]),
    lambda s: s["players"][0].update(stack=["X9"]),
    lambda s: s["players"][0].update(stack={"count": -1}),
    lambda s: s["players"][0].update(won={"count": 2}),  # a face-up pile is always a list
    lambda s: s.update(options={"edition": "1999"}),
    lambda s: s.update(options={"colors": ["O", "O"]}),
    lambda s: s.update(options={"start": "eleven"}),  # an option the game does not take
    lambda s: s.update(battle=[{"player": 0}]),
    lambda s: s.update(out=-2),
    lambda s: s.pop("waiting"),
])
def test_a_malformed_state_is_refused_as_malformed(broken):
    state = zweikampf(stacks=[["O9"], ["Y5"]])
    broken(state)
    with pytest.raises(MalformedInput):
        engine.load_state(state)


def test_the_options_are_filled_with_their_defaults():
    state = zweikampf(stacks=[["R9"], ["Y5"]], edition="original")
    state["options"] = {"edition": "original"}
    after, _ = outcome(state, reveal(), player=0)
    assert after["options"] == {"edition": "original", "colors": ["R", "Y"], "until_all": False}
