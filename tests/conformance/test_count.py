"""`referee count`: the distinct legal turns of a position, against a brute-force count.

The brute force knows nothing of legal-actions: it tries every candidate action of the
oracle (tests/support/oracle.py) after every prefix and asks only `engine.apply`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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


POSITIONS = Path(__file__).parent / "positions"
README = Path(__file__).parents[2] / "README.md"

#: The README's table of counts: the position file, and its turns and states.
README_COUNTS = {
    "deal-seed-42.json": (5211, 257),
    "mid-game-jokers-bridges.json": (5112, 284),
    "empty-pile.json": (12742, 99),
}


def test_the_seeded_deal_file_is_the_deal_of_seed_42():
    committed = json.loads((POSITIONS / "deal-seed-42.json").read_text())
    assert committed == engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()


def test_the_fixed_positions_are_what_the_readme_says():
    mid = json.loads((POSITIONS / "mid-game-jokers-bridges.json").read_text())
    assert (mid["current"], len(mid["pile"]), len(mid["bridges"])) == (2, 17, 11)
    assert "J" in mid["players"][2]["hand"] and len(mid["players"][2]["hand"]) == 7
    assert {r["color"]: r["jokers"] for r in mid["rows"]} == {"R": [14], "Y": [], "G": [12], "B": [7]}
    empty = json.loads((POSITIONS / "empty-pile.json").read_text())
    assert (empty["current"], empty["pile"], empty["passes"]) == (2, [], 0)
    assert {r["color"]: r["jokers"] for r in empty["rows"]} == {"R": [], "Y": [], "G": [7, 15], "B": [6, 7]}
    for name, (turns, states) in README_COUNTS.items():
        line = next(line for line in README.read_text().splitlines() if f"positions/{name}" in line)
        assert f"| {turns:,} | {states:,} |" in line, line


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(README_COUNTS))
def test_referee_count_prints_the_counts_of_each_fixed_position(name, capsys):
    assert main(["count", str(POSITIONS / name)]) == 0
    turns, states = README_COUNTS[name]
    assert capsys.readouterr().out == f"turns: {turns}\nstates: {states}\n"
