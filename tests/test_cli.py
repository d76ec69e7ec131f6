"""The `referee` command: `replay` checks a recorded game offline, `serve` runs the service."""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from referee import cli, engine


def recorded_game(tmp_path, turns):
    state, _, _ = engine.new_game(["Timo", "Vera"], seed=42)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": state.to_dict(), "turns": turns}))
    return path


LEGAL_OPENING = {"player": 0, "actions": [
    {"type": "place", "card": "J", "at": "R10"}, {"type": "place", "card": "R9"},
    {"type": "place", "card": "G12"}, {"type": "place", "card": "B12"},
]}


def test_replay_of_a_legal_game_prints_the_scores_and_exits_0(tmp_path):
    path = recorded_game(tmp_path, [LEGAL_OPENING, {"player": 1, "actions": [{"type": "draw"}]}])
    out = io.StringIO()
    assert cli.replay(str(path), out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "legal: 2 turns, game not finished"
    # His 19 number cards were worth 239; R9, G12 and B12 are down: 239 - 33 = 206, no joker left.
    assert lines[1] == "  Timo: total -206"
    # Not finished, so no winners: Vera (20 cards worth 203, none placed) leads by the scores so far.
    assert lines[2] == "  Vera: total -203"
    assert lines[-2] == "so far: Vera leads"
    assert lines[-1] == "(turns and actions are numbered from 0, as in the API)"


def test_replay_of_an_illegal_game_names_turn_action_and_rule_and_exits_1(tmp_path):
    path = recorded_game(tmp_path, [LEGAL_OPENING, {"player": 1, "actions": [{"type": "pass"}]}])
    out = io.StringIO()
    assert cli.replay(str(path), out) == 1
    assert out.getvalue().startswith("illegal: turn 1, action 0: PASS_PILE_NOT_EMPTY: ")


def test_replay_of_a_file_that_is_no_game_exits_2(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"state": 1}')
    out = io.StringIO()
    assert cli.replay(str(path), out) == 2
    assert out.getvalue().startswith("error: ")


def test_replay_is_the_console_command(tmp_path):
    path = recorded_game(tmp_path, [LEGAL_OPENING])
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "replay", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert done.stdout.startswith("legal: 1 turns")


# -- a classic game -----------------------------------------------------------------------
# Seed 42 deals Timo the Y11 (the O11 lies in the pile), so he opens; Vera must start the
# blue row with her B11; Timo places G11 and G10; Vera can place nothing and draws O7, B1
# and B14, none of which fits.
CLASSIC_TURNS = [
    {"player": 0, "actions": [{"type": "place", "card": "Y11"}]},
    {"player": 1, "actions": [{"type": "place", "card": "B11"}]},
    {"player": 0, "actions": [{"type": "place", "card": "G11"}, {"type": "place", "card": "G10"}]},
    {"player": 1, "actions": [{"type": "draw"}, {"type": "draw"}, {"type": "draw"}]},
]


def recorded_classic_game(tmp_path, turns):
    state = engine.new_game(["Timo", "Vera"], seed=42, ruleset="classic").state
    assert state.to_dict()["current"] == 0
    path = tmp_path / "classic.json"
    path.write_text(json.dumps({"state": state.to_dict(), "turns": turns}))
    return path


def test_replay_of_a_legal_classic_game_prints_the_penalties_and_exits_0(tmp_path):
    path = recorded_classic_game(tmp_path, CLASSIC_TURNS)
    out = io.StringIO()
    assert cli.replay(str(path), out) == 0
    # Timo's 20 cards were worth 226, less Y11, G11 and G10: 194. Vera's 20 were worth
    # 180, less the B11, plus O7, B1 and B14: 191.
    assert out.getvalue().splitlines() == [
        "legal: 4 turns, game not finished",
        "  Timo: penalty 194",
        "  Vera: penalty 191",
        "so far: Vera leads",
        "(turns and actions are numbered from 0, as in the API)",
    ]


def test_replay_of_a_classic_game_stopping_after_one_draw_that_does_not_fit_exits_1(tmp_path):
    turns = CLASSIC_TURNS[:3] + [{"player": 1, "actions": [{"type": "draw"}]}]
    out = io.StringIO()
    assert cli.replay(str(recorded_classic_game(tmp_path, turns)), out) == 1
    assert out.getvalue().startswith("illegal: turn 3, action 0: DRAW_INCOMPLETE: ")


def test_replay_of_a_classic_game_opened_with_the_wrong_11_exits_1(tmp_path):
    turns = [{"player": 0, "actions": [{"type": "place", "card": "G11"}]}] + CLASSIC_TURNS[1:]
    out = io.StringIO()
    assert cli.replay(str(recorded_classic_game(tmp_path, turns)), out) == 1
    assert out.getvalue().startswith("illegal: turn 0: OPENING: ")


def test_replay_of_a_classic_game_is_the_console_command(tmp_path):
    path = recorded_classic_game(tmp_path, CLASSIC_TURNS[:3] + [{"player": 1, "actions": [{"type": "pass"}]}])
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "replay", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout.startswith("illegal: turn 3, action 0: PASS_PILE_NOT_EMPTY: ")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_serve_runs_the_service_under_gunicorn():
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    assert json.loads(answer.read()) == {"status": "ok"}
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("referee serve did not answer within 30 s")
                time.sleep(0.2)
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0].decode()
    assert "gunicorn" in output.lower()


def test_replay_names_the_turn_and_action_of_a_turn_that_is_not_one_and_exits_2(tmp_path):
    path = recorded_game(tmp_path, [LEGAL_OPENING, {"player": 1, "actions": [{"type": "place", "card": "X5"}]}])
    out = io.StringIO()
    assert cli.replay(str(path), out) == 2
    assert out.getvalue() == (
        f"error: {path} is not a recorded game: turn 1, action 0 (/turns/1/actions/0/card): "
        '"X5" in the field "card" is not a card: a colour letter R, Y, G or B and a value 1 to 21 '
        '("R7", "B21"), or "J" for a joker\n'
    )


def test_replay_of_a_file_without_turns_says_what_is_missing_not_a_python_error(tmp_path):
    state, _, _ = engine.new_game(["Timo", "Vera"], seed=42)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"state": state.to_dict()}))
    out = io.StringIO()
    assert cli.replay(str(path), out) == 2
    assert out.getvalue() == f'error: {path} is not a recorded game: at the top level: the field "turns" is missing\n'


def test_replay_speaks_the_language_asked_for_and_gives_a_hint(tmp_path):
    path = recorded_game(tmp_path, [LEGAL_OPENING, {"player": 1, "actions": [{"type": "pass"}]}])
    out = io.StringIO()
    assert cli.replay(str(path), out, language="de") == 1
    assert out.getvalue().splitlines() == [
        "illegal: turn 1, action 0: PASS_PILE_NOT_EMPTY: Der Nachziehstapel hat noch 44 Karten; "
        "passen darf man erst, wenn er leer ist.",
        "  played by: Vera",
        "  hint: Ziehe stattdessen eine Karte: Der Nachziehstapel hat noch 44 Karten.",
        "(turns and actions are numbered from 0, as in the API)",
    ]


def zweikampf_record(tmp_path, turns):
    state = engine.new_game(["Timo", "Vera"], seed=1, ruleset="zweikampf", hidden=True).state
    path = tmp_path / "zweikampf.json"
    path.write_text(json.dumps({"state": state.to_dict(), "turns": turns}))
    return path


def test_replay_of_a_box_game_prints_its_own_score_fields_and_exits_0(tmp_path):
    # One battle of Zweikampf, hidden stacks: Vera's 9 beats Timo's 4.
    turns = [{"player": 0, "actions": [{"type": "reveal", "card": "O4"}]},
             {"player": 1, "actions": [{"type": "reveal", "card": "Y9"}]}]
    out = io.StringIO()
    assert cli.replay(str(zweikampf_record(tmp_path, turns)), out) == 0
    assert out.getvalue().splitlines() == [
        "legal: 2 turns, game not finished",
        "  Timo: cards 0",
        "  Vera: cards 2",
        "so far: Vera leads",
        "(turns and actions are numbered from 0, as in the API)",
    ]


def test_replay_of_a_box_game_refused_in_a_step_where_all_act_at_once_names_the_player(tmp_path):
    # Vera turns up the card Timo turned up: `current` is None while both turn up.
    turns = [{"player": 0, "actions": [{"type": "reveal", "card": "O4"}]},
             {"player": 1, "actions": [{"type": "reveal", "card": "O4"}]}]
    out = io.StringIO()
    assert cli.replay(str(zweikampf_record(tmp_path, turns)), out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("illegal: turn 1, action 0: CARD_UNAVAILABLE: ")
    assert lines[1] == "  played by: Vera"
