"""The `referee` command: `replay` checks a recorded game offline, `serve` runs the service."""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from referee import cli, engine
from referee.environment import VARIABLES


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
                    assert json.loads(answer.read()) == {"status": "ok", "version": "0.2.0"}
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


def run_cli(*args, env=None):
    """`python -m referee.cli ARGS` in a process of its own: its exit status, stdout and stderr."""
    done = subprocess.run([sys.executable, "-m", "referee.cli", *args], capture_output=True, text=True,
                          timeout=60, env={**os.environ, **(env or {})})
    return done.returncode, done.stdout, done.stderr


def test_version_prints_the_package_version():
    assert run_cli("--version") == (0, "referee 0.2.0\n", "")


def test_serve_help_gives_each_option_its_default_and_variable_and_lists_the_other_variables():
    status, out, _ = run_cli("serve", "--help")
    assert status == 0
    flat = " ".join(out.split())
    assert "--port PORT the port to listen on (environment: REFEREE_PORT; default: 8000)" in flat
    assert "--host HOST the address to listen on (environment: REFEREE_HOST; default: 127.0.0.1)" in flat
    assert "--workers WORKERS worker processes (environment: REFEREE_WORKERS; default: one per core, at least 2)" in flat
    assert "REFEREE_STORE_DAYS: days a sealed game's token stays playable (default: 30)" in flat
    for variable in VARIABLES:
        assert variable.name in out, variable.name


def test_every_environment_variable_the_package_reads_is_listed_once():
    root = Path(cli.__file__).parent
    read = set()
    for source in root.rglob("*.py"):
        read |= set(re.findall(r"\bREFEREE_[A-Z][A-Z_]*[A-Z]\b", source.read_text(encoding="utf-8")))
    # `from_env("PORT", ...)` reads REFEREE_PORT and the like: the flags' variables.
    read |= {v.name for v in VARIABLES if v.flag}
    assert read == {v.name for v in VARIABLES}
    assert len(VARIABLES) == len({v.name for v in VARIABLES})


def test_serve_on_a_port_in_use_stops_at_once_with_one_line_naming_port():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        status, out, err = run_cli("serve", "--port", str(port))
    assert time.monotonic() - started < 30
    assert (status, out) == (1, "")
    assert err == (f"referee serve: port {port} on 127.0.0.1 is in use by another program; stop it, "
                   "or choose another port with --port (or REFEREE_PORT)\n")


def test_serve_on_a_host_that_is_no_address_says_so():
    status, _, err = run_cli("serve", "--host", "no-such-host.invalid")
    assert (status, err) == (1, "referee serve: the host 'no-such-host.invalid' is not an address of this "
                                "computer (--host or REFEREE_HOST)\n")


def test_conformance_with_a_url_without_its_scheme_prints_its_own_usage():
    status, out, err = run_cli("conformance", "localhost:8000")
    assert (status, out) == (2, "")
    assert err.startswith("usage: referee conformance URL [options]\n       referee conformance export DIR\n")
    assert err.endswith("referee conformance: error: 'localhost:8000' is not a URL: give the service's base URL "
                        "with its scheme, such as http://localhost:8000\n")


def test_conformance_export_without_a_directory_prints_its_own_usage():
    status, _, err = run_cli("conformance", "export")
    assert status == 2
    assert err.startswith("usage: referee conformance URL [options]")
    assert err.endswith("referee conformance: error: conformance export needs a directory\n")


def test_conformance_without_its_extra_says_which_extra_and_how_to_install_it():
    code = ("import sys; sys.modules['hypothesis'] = None; from referee import cli; "
            "sys.exit(cli.main(['conformance', 'http://localhost:1']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ("error: referee conformance needs Hypothesis, in the project's 'testing' extra: "
                           "pip install '.[testing]' in the project's folder, or pip install "
                           "'elfer_referee-0.2.0-py3-none-any.whl[testing]' from a built wheel\n")


def test_conformance_names_the_kits_endpoints_in_its_help():
    from referee.conformance import ENDPOINTS

    assert cli.CONFORMANCE_ENDPOINTS == ENDPOINTS
    status, out, _ = run_cli("conformance", "--help")
    assert status == 0
    assert "of turns, legal-actions, replays, scores (default: all)" in " ".join(out.split())


def test_keys_alone_prints_a_fresh_key():
    first, second = run_cli("keys"), run_cli("keys", "new")
    assert first[0] == second[0] == 0
    assert len(first[1].strip()) == len(second[1].strip()) == 44
    assert first[1] != second[1]
