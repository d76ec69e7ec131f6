"""A real `referee serve` on a free loopback port, for the tests that need sockets.

`running_referee(port, *flags)` starts the command, waits until `/healthz` answers,
yields the process, and stops it with SIGTERM (SIGKILL to its group if it hangs).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Iterator

import orjson

from referee import engine

#: The tutorial's first example: seed 42, and Timo's legal four-card turn.
README_TURN = {"player": 0, "actions": [
    {"type": "place", "card": "J", "at": "R10"}, {"type": "place", "card": "R9"},
    {"type": "place", "card": "G12"}, {"type": "place", "card": "B12"}]}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def readme_state() -> dict:
    return engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()


def typical_turn_body() -> bytes:
    """A POST /v1/turns body the referee accepts (the tutorial's example)."""
    return orjson.dumps({"state": readme_state(), "turn": README_TURN})


def wait_for_health(port: int, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"referee serve on port {port} did not start (exit {process.poll()})")
        time.sleep(0.1)


def stop(process: subprocess.Popen, seconds: float = 15) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextlib.contextmanager
def running_referee(port: int, *flags: str, env: dict[str, str] | None = None,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) -> Iterator[subprocess.Popen]:
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", *(["--port", str(port)] if "REFEREE_PORT" not in (env or {}) else []), *flags],
        stdout=stdout, stderr=stderr, start_new_session=True,
        env={**os.environ, **(env or {})},
    )
    try:
        wait_for_health(port, process)
        yield process
    finally:
        stop(process)
