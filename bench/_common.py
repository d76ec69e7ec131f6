"""What every bench script shares: the import path, the timer and the way figures print.

Every figure is measured as `runs` repeated runs of `number` calls each; a run's figure
is its mean time per call, and the script prints the median of the runs with their
spread (min–max), so one noisy run cannot move the headline number:

    engine.apply, loaded state         median    41.2 µs   spread 40.1–44.0 µs   (7 runs × 2000)

Lines of figures always contain "median"; `tests/bench/test_bench_smoke.py` looks for them.
No script asserts on a timing: the targets are printed next to the figures instead.
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import socket
import subprocess
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
# Run from a checkout without installing: the repository's own `referee` package.
for path in (str(BENCH_DIR), str(ROOT)):
    if path not in sys.path:
        sys.path.insert(0, path)

UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}


class Figure:
    """Per-run values of one measurement (seconds per call, or any other quantity)."""

    def __init__(self, name: str, values: list[float], unit: str = "µs", detail: str = ""):
        self.name = name
        self.values = values
        self.unit = unit
        self.detail = detail

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    def scaled(self, value: float) -> float:
        return value / UNITS[self.unit] if self.unit in UNITS else value

    def line(self, target: str = "") -> str:
        med = self.scaled(self.median)
        lo, hi = self.scaled(min(self.values)), self.scaled(max(self.values))
        text = (
            f"{self.name:<44} median {fmt(med):>9} {self.unit:<7} "
            f"spread {fmt(lo)}–{fmt(hi)} {self.unit}"
        )
        if self.detail:
            text += f"   ({self.detail})"
        if target:
            text += f"   {target}"
        return text


def fmt(value: float) -> str:
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.1f}"
    return f"{value:.2f}"


def time_per_call(fn: Callable[[], object], number: int, runs: int, warmup: int = 1) -> list[float]:
    """Seconds per call of `fn`, one value per run (each run `number` calls).

    The garbage collector stays on, as in a server; a collection before each run keeps
    one run's garbage from being charged to the next.
    """
    for _ in range(warmup):
        for _ in range(max(1, number // 10)):
            fn()
    values = []
    clock = time.perf_counter
    for _ in range(runs):
        gc.collect()
        start = clock()
        for _ in range(number):
            fn()
        values.append((clock() - start) / number)
    return values


def measure(name: str, fn: Callable[[], object], number: int, runs: int, unit: str = "µs") -> Figure:
    return Figure(name, time_per_call(fn, number, runs), unit, f"{runs} runs × {number}")


def verdict(figure: Figure, limit_seconds: float, label: str) -> str:
    """`target ≤ 50 µs: met` or `... missed`, for the eye only."""
    ok = figure.median <= limit_seconds
    return f"[target {label}: {'met' if ok else 'MISSED'}]"


def header(title: str) -> None:
    print()
    print(title)
    print("-" * len(title))


def machine() -> str:
    import os
    import platform

    return (
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores"
    )


def quick_flag(doc: str, argv: list[str] | None = None) -> bool:
    """Parse a micro-benchmark's only option, --quick (one short round, for CI)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short round (CI smoke test)")
    return parser.parse_args(argv).quick


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_server(process: subprocess.Popen) -> None:
    """Stop a server started in its own session: SIGTERM, then SIGKILL to the group after 30 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
