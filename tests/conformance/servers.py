"""Services on free loopback ports for the conformance tests: `referee serve` itself, and
the broken referees of `broken_engine.py`, each in its own process."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@contextmanager
def referee_serve():
    """The real service, as users run it: `referee serve` on a free port."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(url)
        yield url
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def broken_referee(name: str):
    """The referee with one rule broken (see broken_engine.py), on a free port."""
    process = subprocess.Popen([sys.executable, str(HERE / "broken_engine.py"), name],
                               stdout=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{int(process.stdout.readline())}"
        wait_until_up(url)
        yield url
    finally:
        process.terminate()
        process.wait(10)
