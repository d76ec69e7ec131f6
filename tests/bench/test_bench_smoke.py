"""The benchmarks in bench/ still run: each script's --quick round, as CI's smoke test.

No timing is asserted (CI machines vary); only that every script finishes and prints its
figures. `bench/http_bench.py --quick` starts `referee serve`, the referee through Flask
alone and the echo app on 127.0.0.1 for a few seconds, with wrk when it is installed,
else the Python load generator (it never installs anything in --quick mode).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

#: Each script runs for seconds, and http_bench starts live servers.
pytestmark = pytest.mark.slow

BENCH = Path(__file__).resolve().parents[2] / "bench"
FIGURE = r"\s+median\s+[\d,.]+\s"


def run_quick(script: str, *args: str, timeout: float = 180) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--quick", *args],
        capture_output=True, text=True, timeout=timeout, cwd=BENCH.parent,
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def assert_figures(output: str, names: list[str]) -> None:
    for name in names:
        assert re.search(re.escape(name) + FIGURE, output), f"no figure for {name!r} in:\n{output}"


def test_positions_finds_the_typical_bridge_turn():
    sys.path.insert(0, str(BENCH))
    try:
        from positions import padded_json, typical_turn
        from referee import engine
        from referee.core.actions import Bridge, Place
    finally:
        sys.path.remove(str(BENCH))
    state, turn = typical_turn()
    assert (state, turn) == typical_turn()  # deterministic
    loaded, parsed = engine.load_state(state), engine.load_turn(turn)
    assert len(loaded.players) == 2 and not loaded.is_over
    assert any(isinstance(a, Bridge) for a in parsed.actions)
    assert 3 <= sum(isinstance(a, Place) for a in parsed.actions) <= 4
    engine.apply(loaded, parsed)  # legal
    assert 4500 <= len(padded_json({"state": state, "turn": turn})) <= 6500


def test_engine_bench():
    out = run_quick("engine_bench.py")
    assert_figures(out, [
        "engine.apply, loaded state", "engine.legal_actions, loaded state",
        "random games, 2 players", "random games, 6 players",
    ])


def test_speed_bench():
    out = run_quick("speed_bench.py")
    assert_figures(out, [
        f"{figure}, {path}" for path in ("old", "new") for figure in (
            "random games, 2 players", "random games, 6 players",
            "complete turns, a 6-player game 60 turns in",
            "engine.apply, loaded state", "engine.apply, engine-made state",
            "engine.legal_actions, loaded state")
    ])


def test_speed_bench_memory_option():
    out = run_quick("speed_bench.py", "--memory", "--turns", "2000")
    assert re.search(r"turns in [\d,]+ games, \d+ s: RSS [\d.]+ MB before, [\d.]+ MB after, growth -?[\d.]+ MB", out), out


def test_request_path_bench():
    out = run_quick("request_path_bench.py")
    assert_figures(out, [
        "schema: validator.is_valid", "pipeline without Flask, padded body",
        "WSGI: referee POST /v1/turns, padded", "WSGI: echo app, same body",
        "WSGI: referee as `referee serve` makes it", "throughput ratio served/echo (1 core)",
        "WSGI: the same, every request through Flask", "throughput ratio Flask way/echo (1 core)",
        "test client: referee POST /v1/turns",
    ])


def test_refusal_bench():
    out = run_quick("refusal_bench.py")
    assert_figures(out, [
        "advice.legal_after", "advice.hint + render (de)",
        "POST /v1/turns refused, with legal and hint", "POST /v1/turns refused, advice switched off",
    ])


def test_sealed_bench():
    out = run_quick("sealed_bench.py")
    assert_figures(out, [
        "Sealer.open (Fernet decrypt + JSON)", "Sealer.seal (Fernet encrypt + JSON)",
        "SqliteStore.spend (one transaction)", "RedisStore.spend (one script, loopback)",
        "POST /v1/turns plain", "POST /v1/turns sealed, no store", "POST /v1/turns sealed, SQLite store",
        "POST /v1/turns sealed, Redis store",
    ])
    for store in ("none", "SQLite", "Redis"):
        assert re.search(rf"sealed \({store}\) / plain, run by run: median [\d.]+×", out), out


def test_replay_bench():
    out = run_quick("replay_bench.py")
    assert_figures(out, [f"WSGI POST /v1/replays, {n} turns" for n in (25, 50, 100, 200)])
    assert_figures(out, [f"engine.replay, {n} turns" for n in (25, 50, 100, 200)])


def test_profile_script():
    out = run_quick("profile_request_path.py", "--top", "5")
    for name in ("turns", "wsgi", "apply", "legal"):
        assert f"=== profile: {name}," in out
        assert re.search(rf"profile {name}: mean [\d.]+ µs per call", out), out


@pytest.mark.skipif(sys.platform == "win32", reason="gunicorn needs a POSIX system")
def test_http_bench():
    out = run_quick("http_bench.py", timeout=120)
    for c in ("1 connection:", "8 connections:"):
        assert c in out, out
    figures = ["echo      req/s", "referee   req/s", "referee   p50", "referee   p99", "referee/echo throughput",
               "flask-way req/s", "flask-way/echo throughput"]
    if sys.platform == "linux":  # the servers' CPU time comes from /proc
        figures += ["echo      CPU per request", "referee   CPU per request", "echo/referee CPU per request",
                    "flask-way CPU per request", "echo/flask-way CPU per request"]
    assert_figures(out, figures)


def test_library_bench():
    out = run_quick("library_bench.py")
    assert_figures(out, [
        "jsonschema-rs is_valid (used)", "jsonschema is_valid",
        "engine codec from_dict + to_dict (used)", "marshmallow load + dump",
        "orjson loads + dumps (used)", "json loads + dumps",
    ])


def test_picture_bench():
    out = run_quick("picture_bench.py")
    assert_figures(out, ["picture(state), wide", "picture(state), tall", "WSGI POST /v1/pictures",
                         "picture(box state), wide", "picture(box state), tall",
                         "WSGI POST /v1/pictures, box, marked"])


def test_box_bench():
    from referee import engine

    out = run_quick("box_bench.py")
    box = [name for name, rules in engine.RULESETS.items() if rules.family == "box"]
    assert {"zweikampf", "mogeln", "ratefix"} <= set(box)
    assert_figures(out, [f"{name}: engine, per turn" for name in box])
    assert_figures(out, [f"{name}: POST /v1/turns" for name in box])


def test_compact_bench():
    from referee import compact, engine

    out = run_quick("compact_bench.py")
    assert len(engine.RULESETS) == 11
    assert_figures(out, [f"{name}: {compact.game_type(name).__name__}" for name in engine.RULESETS])
    assert len(re.findall(r"\(\d+\.\d\d× MASTER, wall clock", out)) == len(engine.RULESETS)
