"""`referee count`: the distinct legal turns of a position, against a brute-force count.

The brute force knows nothing of legal-actions: it tries every candidate action of the
oracle (tests/support/oracle.py) after every prefix and asks only `engine.apply`.
"""

from __future__ import annotations

import json

from support.master_tables import table
from support.oracle import COMPLETE, DEAD, Oracle

from referee import engine
from referee.cli import main
from referee.conformance.count import count_turns


def brute_force(data: dict) -> tuple[int, int]:
    state = engine.load_state(data)
    oracle = Oracle(state)
    turns, states = 0, set()

    def walk(prefix: tuple) -> None:
        nonlocal turns
        for action in oracle.candidates():
            longer = prefix + (action,)
            status = oracle.status(longer)
            if status == DEAD:
                continue
            if status == COMPLETE:
                turns += 1
                after = engine.apply(oracle.state, engine.Turn(oracle.player, longer)).state
                states.add(json.dumps(after.to_dict(), sort_keys=True))
            if len(longer) < oracle.rules.max_length:
                walk(longer)

    walk(())
    return turns, len(states)


def small_positions():
    yield table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "R9", "G1"], ["R8", "R7", "R5"]])
    yield table(rows={"R": "9-11"}, hands=[["R8", "R12", "J"], ["Y1"]])
    yield table(rows={"B": "8-11"}, jokers={"B": [9]}, hands=[["B9", "B12"], ["Y1"]])


def test_the_counts_of_small_positions_match_a_brute_force_count():
    for data in small_positions():
        counted = count_turns(engine.load_state(data))
        assert (counted.turns, counted.states) == brute_force(data)


def test_the_first_rulebook_position_has_these_turns():
    data = next(small_positions())
    # Draw; or bridge Y9-B9 then B9, then optionally bridge B9-R9 and R9: 3 turns, 3 states.
    assert tuple(count_turns(engine.load_state(data))) == (3, 3)


def test_referee_count_prints_the_counts_of_the_seeded_deal(tmp_path, capsys):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"state": engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()}))
    assert main(["count", str(path)]) == 0
    assert capsys.readouterr().out == "turns: 5211\nstates: 257\n"
