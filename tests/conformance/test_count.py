"""`referee count`: the distinct legal turns of a position, against a brute-force count.

The brute force knows nothing of legal-actions: it tries every candidate action of the
oracle (tests/support/oracle.py) after every prefix and asks only `engine.apply`. The
compact board's walk (`referee.games.master.perft`, what `count_turns` uses for MASTER) and
the reference walk through `engine.legal_actions` must both match it, at depth 1 and 2
(for the position with a joker, its figures written out; the brute force itself runs
there under HYPOTHESIS_PROFILE=thorough, as it takes minutes).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from support.master_tables import table
from support.oracle import COMPLETE, DEAD, Oracle

from referee import engine
from referee.cli import main
from referee.conformance.count import count_by_legal_actions, count_turns


def brute_force(data: dict, depth: int = 1) -> tuple[int, int]:
    """Every sequence of `depth` turns, each turn found by trying candidates with `apply`."""
    starts = [engine.load_state(data)]
    for _ in range(depth):
        turns, states, reached = 0, set(), []
        for start in starts:
            for after in brute_force_turns(start):
                turns += 1
                states.add(json.dumps(after.to_dict(), sort_keys=True))
                reached.append(after)
        starts = reached
    return turns, len(states)


def brute_force_turns(state) -> list:
    """The state after each legal complete turn of the player to move."""
    if state.is_over:
        return []
    oracle = Oracle(state)
    found = []

    def walk(prefix: tuple) -> None:
        for action in oracle.candidates():
            longer = prefix + (action,)
            status = oracle.status(longer)
            if status == DEAD:
                continue
            if status == COMPLETE:
                found.append(engine.apply(oracle.state, engine.Turn(oracle.player, longer)).state)
            if len(longer) < oracle.rules.max_length:
                walk(longer)

    walk(())
    return found


def small_positions():
    yield table(order="GYBR", rows={"Y": "9-11"}, hands=[["B9", "R9", "G1"], ["R8", "R7", "R5"]])
    yield table(rows={"R": "9-11"}, hands=[["R8", "R12", "J"], ["Y1"]])
    yield table(rows={"B": "8-11"}, jokers={"B": [9]}, hands=[["B9", "B12"], ["Y1"]])


#: The small positions' (turns, states) at depth 1 and 2, as the brute force finds them.
EXPECTED = [((3, 3), (5, 5)), ((268, 50), (88, 37)), ((63, 27), (16, 14))]
#: The brute force on the position with a joker (268 turns at depth 1) takes minutes: CI
#: checks both walkers against its figures above, HYPOTHESIS_PROFILE=thorough runs it too.
THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
JOKER_POSITION = 1


def matches(index: int, data: dict, depth: int) -> None:
    expected = EXPECTED[index][depth - 1]
    state = engine.load_state(data)
    assert tuple(count_turns(state, depth)) == expected
    assert tuple(count_by_legal_actions(state, depth)) == expected
    if index != JOKER_POSITION or THOROUGH:
        assert brute_force(data, depth) == expected


def test_the_counts_of_small_positions_match_a_brute_force_count():
    for index, data in enumerate(small_positions()):
        matches(index, data, 1)


def test_the_depth_2_counts_of_small_positions_match_a_brute_force_count():
    for index, data in enumerate(small_positions()):
        matches(index, data, 2)


def test_the_first_rulebook_position_has_these_sequences_at_depth_2():
    data = next(small_positions())
    # The other player holds R8 R7 R5 and no joker. After the draw, or after the bridge to
    # B9, nothing of theirs fits: they draw (1 + 1). After the bridges on to R9, they draw,
    # or place R8, or R8 then R7 (R5 stays: R6 is missing): 3. Five sequences, five states.
    assert tuple(count_turns(engine.load_state(data), depth=2)) == (5, 5)


def test_referee_count_prints_the_counts_of_the_seeded_deal(tmp_path, capsys):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps({"state": engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()}))
    assert main(["count", str(path)]) == 0
    assert capsys.readouterr().out == "turns: 5211\nstates: 257\n"


POSITIONS = Path(__file__).parent / "positions"
GUIDE = Path(__file__).parents[2] / "docs" / "howto" / "conformance.md"

#: The guide's table of counts (docs/howto/conformance.md): the position file, its turns and states, and the
#: sequences of two turns and their states (`--depth 2`).
GUIDE_COUNTS = {
    "deal-seed-42.json": (5211, 257, 6196423, 19351),
    "mid-game-jokers-bridges.json": (5112, 284, 876451, 7171),
    "empty-pile.json": (12742, 99, 203221, 328),
}


def test_the_seeded_deal_file_is_the_deal_of_seed_42():
    committed = json.loads((POSITIONS / "deal-seed-42.json").read_text())
    assert committed == engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()


def test_the_fixed_positions_are_what_the_guide_says():
    mid = json.loads((POSITIONS / "mid-game-jokers-bridges.json").read_text())
    assert (mid["current"], len(mid["pile"]), len(mid["bridges"])) == (2, 17, 11)
    assert "J" in mid["players"][2]["hand"] and len(mid["players"][2]["hand"]) == 7
    assert {r["color"]: r["jokers"] for r in mid["rows"]} == {"R": [14], "Y": [], "G": [12], "B": [7]}
    empty = json.loads((POSITIONS / "empty-pile.json").read_text())
    assert (empty["current"], empty["pile"], empty["passes"]) == (2, [], 0)
    assert {r["color"]: r["jokers"] for r in empty["rows"]} == {"R": [], "Y": [], "G": [7, 15], "B": [6, 7]}
    for name, (turns, states, turns2, states2) in GUIDE_COUNTS.items():
        line = next(line for line in GUIDE.read_text(encoding="utf-8").splitlines() if f"positions/{name}" in line)
        assert f"| {turns:,} | {states:,} | {turns2:,} | {states2:,} |" in line, line


@pytest.mark.parametrize("name", sorted(GUIDE_COUNTS))
def test_referee_count_prints_the_counts_of_each_fixed_position(name, capsys):
    assert main(["count", str(POSITIONS / name)]) == 0
    turns, states, _, _ = GUIDE_COUNTS[name]
    assert capsys.readouterr().out == f"turns: {turns}\nstates: {states}\n"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GUIDE_COUNTS))
def test_referee_count_prints_the_depth_2_counts_of_each_fixed_position(name, capsys):
    assert main(["count", str(POSITIONS / name), "--depth", "2"]) == 0
    _, _, turns, states = GUIDE_COUNTS[name]
    assert capsys.readouterr().out == f"turns: {turns}\nstates: {states}\n"


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GUIDE_COUNTS))
def test_the_reference_walk_gives_the_readmes_counts(name):
    state = engine.load_state(json.loads((POSITIONS / name).read_text()))
    assert tuple(count_by_legal_actions(state)) == GUIDE_COUNTS[name][:2]


# -- the games of the box ---------------------------------------------------------------------


def test_a_zweikampf_battle_is_counted_in_either_order_and_the_won_pile_keeps_that_order():
    # Both players wait to turn up: each may go first (2 turns); after the second card the
    # battle is taken onto the winner's won pile in the order turned up, so the two orders
    # end in two states (docs/games/zweikampf.md).
    start = engine.new_game(["Ada", "Ben"], seed=42, ruleset="zweikampf").state
    assert tuple(count_turns(start, 1)) == (2, 2)
    assert tuple(count_turns(start, 2)) == (2, 2)


def test_a_hoechste_karte_trick_taken_keeps_the_order_its_cards_were_played_in():
    # Two players with 11 cards each play face down at once: 22 first turns; either player
    # first, then the other, 2 x 11 x 11 = 242 sequences. The trick goes onto a pile in the
    # order played (the card played last on top), so no two of them leave the same table.
    start = engine.new_game(["Ada", "Ben"], seed=42, ruleset="hoechste-karte").state
    assert tuple(count_turns(start, 1)) == (22, 22)
    assert tuple(count_turns(start, 2)) == (242, 242)


def test_a_box_game_with_hidden_cards_is_not_counted_and_the_cli_says_why(tmp_path, capsys):
    dealt = engine.new_game(["Ada", "Ben"], seed=42, ruleset="zweikampf", hidden=True).state.to_dict()
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(dealt))
    assert main(["count", str(path)]) == 2
    assert "counted with every card known" in capsys.readouterr().out


def test_a_ratefix_guess_may_be_any_number_so_its_turns_are_not_counted_and_the_cli_says_why(tmp_path, capsys):
    state = engine.new_game(["Ada", "Ben"], seed=42, ruleset="ratefix").state
    for player in (0, 1):  # both put their top card into the middle at once; then the guesses
        put = engine.legal_actions(state, (), player).actions[0]
        state = engine.apply(state, engine.Turn(player, (put,))).state
    assert engine.legal_actions(state, (), state.current).to_dict()["actions"] == [{"type": "guess"}]
    path = tmp_path / "guessing.json"
    path.write_text(json.dumps(state.to_dict()))
    assert main(["count", str(path)]) == 2
    assert "a guess may take any value here" in capsys.readouterr().out


def test_schwarzer_peter_is_counted_though_the_card_set_aside_stays_face_down():
    # Every hand known, the one card set aside unseen by the rules: a draw names a card of
    # the neighbour's known hand, so the turns are few and counted.
    start = engine.new_game(["Ada", "Ben", "Cleo"], seed=42, ruleset="schwarzer-peter").state
    neighbour = start.to_dict()["players"][(start.current + 1) % 3]["hand"]
    turns, states = count_turns(start, 1)
    assert turns == states == len(neighbour)
