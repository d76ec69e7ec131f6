"""The testing kit's walker and `referee count` on Schnipp Schnapp: a flip from a stack
that took its open pile turned over names a card that can lie there, and the count
refuses, with its reason, what it cannot enumerate."""

from __future__ import annotations

import json
import random

from referee import engine
from referee.testing.boxplay import box_turn
from support.box_tables import schnapp
from support.box_judge import judge


def test_the_walker_names_a_card_for_a_flip_from_a_stack_turned_over():
    state = schnapp([["O1", "O2"], ["G9"]], stacks=[[], None])
    for seed in range(8):
        turn = box_turn(state, random.Random(seed))
        assert turn["player"] == 0 and turn["actions"][0]["type"] == "flip"
        assert turn["actions"][0]["card"] in ("O1", "O2")
        assert judge(state, 0, *turn["actions"]).state.players[0].open == (turn["actions"][0]["card"],)


def test_count_enumerates_the_calls_and_the_flip_of_a_known_stack(tmp_path, capsys):
    from referee.cli import main
    state = schnapp([["O5"], ["Y6"], ["G9"]], flipped=[0], current=1)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    assert main(["count", str(path)]) == 0
    out = capsys.readouterr().out
    # Nothing matches the orange 5: Ben may flip or call either word, Ada and Cleo may call
    # either word, 7 turns. Every call is wrong, and both words of one caller throw the
    # same pile onto the middle: the flip and three mistakes, 4 states.
    assert out == "turns: 7\nstates: 4\n"


def test_count_refuses_a_flip_that_would_turn_up_a_hidden_card(tmp_path, capsys):
    from referee.cli import main
    state = schnapp([["O5"], ["Y6"]], hide=[0, 1])
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    assert main(["count", str(path)]) == 2
    assert engine.load_state(state).current == 0
