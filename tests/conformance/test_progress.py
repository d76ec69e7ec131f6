"""`referee conformance`'s progress: a bar on a terminal, plain lines every few seconds
anywhere else (a CI log got one line of 30,000 characters from the bar's carriage returns)."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from referee.conformance.progress import Progress

from .servers import referee_serve


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_piped_output_is_a_plain_line_every_few_seconds_and_one_at_the_end():
    clock, out = Clock(), io.StringIO()
    progress = Progress(out, count=400, seconds=None, every=5.0, clock=clock)
    for second in range(1, 13):
        clock.now = 100.0 + second
        progress.update(drawn=10 * second, cases=9 * second, kinds=1 if second > 6 else 0)
    clock.now = 112.5
    progress.close(drawn=400, cases=380, kinds=2)
    assert out.getvalue() == (
        "conformance: 50 of 400 cases drawn in 5s: 45 compared, 0 kinds of disagreement\n"
        "conformance: 100 of 400 cases drawn in 10s: 90 compared, 1 kind of disagreement\n"
        "conformance: 400 of 400 cases drawn in 12s: 380 compared, 2 kinds of disagreement\n"
    )


def test_a_timed_run_piped_counts_the_seconds():
    clock, out = Clock(), io.StringIO()
    progress = Progress(out, count=None, seconds=90.0, every=5.0, clock=clock)
    clock.now = 106.0
    progress.update(drawn=70, cases=70, kinds=0)
    clock.now = 190.0
    progress.close(drawn=900, cases=899, kinds=0)
    assert out.getvalue() == (
        "conformance: 6s of 90s: 70 compared, 0 kinds of disagreement\n"
        "conformance: 90s of 90s: 899 compared, 0 kinds of disagreement\n"
    )


def test_on_a_terminal_the_bar_is_redrawn_in_place():
    out = Terminal()
    progress = Progress(out, count=40, seconds=None)
    for drawn in range(1, 41):
        progress.update(drawn=drawn, cases=drawn, kinds=0)
    progress.close(drawn=40, cases=40, kinds=0)
    text = out.getvalue()
    assert text.startswith("\rconformance:   0%|")
    assert text.count("\n") == 1  # one line, redrawn in place
    assert text.endswith("\rconformance: 100%|" + "#" * 30 + "| 40/40 cases, 40 compared, 0 kinds of disagreement\n")


def test_no_stream_writes_nothing():
    progress = Progress(None, count=10, seconds=None)
    progress.update(drawn=5, cases=5, kinds=0)
    progress.close(drawn=10, cases=10, kinds=0)
    assert progress.bar is None


@pytest.mark.slow
def test_the_command_piped_writes_lines_without_carriage_returns(tmp_path):
    with referee_serve() as url:
        done = subprocess.run(
            [sys.executable, "-m", "referee.cli", "conformance", url, "--cases", "60", "--seed", "1",
             "--out", str(tmp_path)],
            capture_output=True, text=True, timeout=300,
        )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\r" not in done.stderr
    assert re.fullmatch(
        r"(conformance: \d+ of 60 cases drawn in \d+s: \d+ compared, 0 kinds of disagreement\n)*"
        r"conformance: 60 of 60 cases drawn in \d+s: 60 compared, 0 kinds of disagreement\n",
        done.stderr,
    ), done.stderr
    assert "all answers agree" in done.stdout
