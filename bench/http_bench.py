"""HTTP benchmark: `referee serve` against a bare Flask echo app, under the same server.

The referee runs twice: as `referee serve` serves it, and with every request through
Flask (`flask-way`: the short way of referee/http/shortcut.py off, the request path
before it), so that one run shows the two side by side.

    python bench/http_bench.py            # 5 rounds × 10 s per app and connection count
    python bench/http_bench.py --quick    # one short round (the CI smoke test, a few seconds)
    python bench/http_bench.py --rounds 3 --duration 5 --loadgen python --body compact
    python bench/http_bench.py --servers gthread,sync,granian   # compare WSGI servers

The apps run at once on 127.0.0.1 (free ports), each with `--workers` worker processes
(2: the issue's setting) under the same server: by default gunicorn's gthread workers
with the settings of `referee serve`; `--servers` runs the comparison again under each
server named (bench/wsgi_servers.py: gunicorn's sync workers, granian), one after the
other. The echo app is `bench/echo_app.py`. All get the identical bytes: the POST
/v1/turns body of the typical position (`positions.typical_turn`), by default indented
to about 5 KB (the issue's "5 KB JSON body"; compact it is about 1 KB: `--body
compact`). The answers are checked once before any load: the referee must accept the
turn, the echo app return the body.

Load: wrk (`-t min(connections, 2)`), installed with apt-get when missing and allowed
(`--loadgen auto`, not in --quick mode), else `bench/loadgen.py`. Every run is bounded
by its duration (and a subprocess timeout). For each connection count (1 and 8) the
apps are driven alternately, round by round (the order flips every round), so slow
drift of the machine hits both alike. Printed: req/s, p50 and p99 latency, median and
spread over the rounds, and the referee/echo throughput ratio of each round; on Linux
also the CPU time the server and its workers spent per request (from /proc) and the
echo/referee ratio of it, which is what the throughput ratio would be with the cores to
themselves: on a machine shared with other work, req/s swings with the neighbours' load
and that ratio much less.

Targets: at 8 connections the referee serves ≥ 65 % of the echo app's
req/s under the same server; at 1 connection its p50 is ≤ 1 ms.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import orjson

import _common
from _common import BENCH_DIR, Figure, free_port, header
from positions import turn_body
from wsgi_servers import SERVERS

#: The issue's goal for the referee's share of the echo app's req/s at 8 connections.
TARGET = 0.65
SERVER_NAMES = {"gthread": "gunicorn gthread", "sync": "gunicorn sync", "granian": "granian"}

HOST = "127.0.0.1"
PATH = "/v1/turns"

WRK_SCRIPT = r"""
local f = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "LOADGEN requests=%d seconds=%.3f p50_us=%d p99_us=%d errors=%d non_2xx=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
"""


class Server:
    """A gunicorn server in its own process group, stopped on exit whatever happens."""

    def __init__(self, name: str, argv: list[str], port: int, logdir: Path):
        self.name, self.port = name, port
        self.log_path = logdir / f"{name}.log"
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited ({self.proc.returncode}):\n{self.tail()}")
            try:
                with urllib.request.urlopen(f"http://{HOST}:{self.port}/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not answer within {timeout} s:\n{self.tail()}")

    def post(self, body: bytes) -> tuple[int, bytes]:
        req = urllib.request.Request(f"http://{HOST}:{self.port}{PATH}", data=body,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def cpu_seconds(self) -> float | None:
        """CPU time (user + system) used so far by the server and every process under
        it (its workers), from /proc; None where there is no /proc."""
        return tree_cpu_seconds(self.proc.pid)

    def tail(self) -> str:
        self.log.flush()
        return self.log_path.read_text(errors="replace")[-2000:]

    def stop(self) -> None:
        """SIGTERM to the gunicorn master (it stops its workers), SIGKILL to the group
        after 10 s."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(5)
        self.log.close()


def tree_cpu_seconds(root: int) -> float | None:
    """User + system CPU seconds of process `root` and its descendants (Linux /proc)."""
    stats = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        # after "pid (comm)": state ppid ... utime stime are the 2nd and 12th, 13th fields
        stats[int(name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))
    if root not in stats:
        return None
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        children.setdefault(ppid, []).append(pid)
    ticks, todo = 0, [root]
    while todo:
        pid = todo.pop()
        ticks += stats[pid][1]
        todo += children.get(pid, [])
    return ticks / os.sysconf("SC_CLK_TCK")


def referee_argv(port: int, workers: int) -> list[str]:
    """`referee serve`, through the console script next to this Python when there is one."""
    script = Path(sys.executable).with_name("referee")
    head = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
    return head + ["serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]


def echo_argv(port: int, workers: int) -> list[str]:
    return [sys.executable, str(BENCH_DIR / "echo_app.py"), "--host", HOST, "--port", str(port),
            "--workers", str(workers)]


def app_argv(app: str, server: str, port: int, workers: int) -> list[str]:
    """`app` ("referee", "flask-way" or "echo") under `server`: under gthread the referee
    is `referee serve` itself and the echo app goes through the same function; everything
    else goes through bench/wsgi_servers.py."""
    if server == "gthread" and app != "flask-way":
        return (referee_argv if app == "referee" else echo_argv)(port, workers)
    return [sys.executable, str(BENCH_DIR / "wsgi_servers.py"), "--app", app, "--server", server,
            "--host", HOST, "--port", str(port), "--workers", str(workers)]


#: The apps each run compares: the referee as served, the referee with every request
#: through Flask (the short way off: the request path before it), and the echo app.
APPS = ("referee", "flask-way", "echo")


def find_wrk(mode: str, may_install: bool) -> str | None:
    if mode == "python":
        return None
    wrk = shutil.which("wrk")
    if wrk or mode == "auto" and not may_install:
        return wrk
    apt = shutil.which("apt-get")
    if apt and os.geteuid() == 0:
        print("wrk is missing: apt-get install wrk", flush=True)
        for cmd in ([apt, "install", "-y", "-q", "wrk"], [apt, "update", "-q"],
                    [apt, "install", "-y", "-q", "wrk"]):
            try:
                done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                      timeout=300, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
            except subprocess.TimeoutExpired:
                break
            if done.returncode == 0 and shutil.which("wrk"):
                return shutil.which("wrk")
    if mode == "wrk":
        raise SystemExit("wrk is not installed and could not be installed")
    print("wrk unavailable: using the Python load generator (bench/loadgen.py)", flush=True)
    return None


LINE = re.compile(r"LOADGEN requests=(\d+) seconds=([\d.]+) p50_us=([\d.]+) p99_us=([\d.]+) "
                  r"errors=(\d+) non_2xx=(\d+)")


def load(wrk: str | None, port: int, body_file: Path, script: Path, connections: int,
         duration: float) -> dict:
    if wrk:
        threads = min(connections, 2)
        # wrk takes whole seconds only ("0.3s" is refused with its usage text).
        argv = [wrk, "-t", str(threads), "-c", str(connections), "-d", f"{max(1, math.ceil(duration))}s",
                "--timeout", "5s", "-s", str(script), f"http://{HOST}:{port}{PATH}"]
    else:
        argv = [sys.executable, str(BENCH_DIR / "loadgen.py"), "--host", HOST, "--port", str(port),
                "--path", PATH, "--body", str(body_file), "--connections", str(connections),
                "--duration", str(duration)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=duration + 60,
                          env={**os.environ, "BENCH_BODY_FILE": str(body_file)})
    found = LINE.search(done.stdout)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"load generator failed: {done.stdout}\n{done.stderr}")
    n, seconds, p50, p99, errors, non_2xx = found.groups()
    if int(non_2xx) or int(errors):
        raise RuntimeError(f"{non_2xx} non-2xx answers, {errors} socket errors:\n{done.stdout}")
    return {"rps": int(n) / float(seconds), "p50": float(p50) * 1e-6, "p99": float(p99) * 1e-6,
            "requests": int(n)}


def run(args) -> list[Figure]:
    quick = args.quick
    rounds = 1 if quick else args.rounds
    duration = 0.75 if quick else args.duration
    warmup = 0.3 if quick else 2.0
    body = turn_body(padded=args.body == "padded")
    wrk = find_wrk(args.loadgen, may_install=not quick)
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    unknown = [s for s in servers if s not in SERVERS]
    if unknown:
        raise SystemExit(f"unknown server {unknown[0]!r}; the servers are {', '.join(SERVERS)}")
    print(_common.machine())
    print(f"body: {len(body)} bytes ({args.body}); {args.workers} workers per app; "
          f"load: {'wrk ' + wrk if wrk else 'bench/loadgen.py (Python)'}; "
          f"{rounds} rounds × {duration:g} s per app and connection count")
    figures = []

    def on_signal(signum, frame):
        raise SystemExit(128 + signum)

    old = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        with tempfile.TemporaryDirectory(prefix="elfer-bench-") as tmp:
            tmpdir = Path(tmp)
            body_file = tmpdir / "body.json"
            body_file.write_bytes(body)
            script = tmpdir / "post.lua"
            script.write_text(WRK_SCRIPT)
            for server in servers:
                figures += one_server(server, args, body, wrk, body_file, script, tmpdir, rounds,
                                      duration, warmup)
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
    return figures


def one_server(server: str, args, body: bytes, wrk: str | None, body_file: Path, script: Path,
               tmpdir: Path, rounds: int, duration: float, warmup: float) -> list[Figure]:
    """The apps under `server`, driven in turn round by round at 1 and 8 connections."""
    conns = (1, 8)
    running: dict[str, Server] = {}
    figures = []
    try:
        for app in APPS:
            port = free_port()
            running[app] = Server(f"{app}-{server}", app_argv(app, server, port, args.workers), port, tmpdir)
        for s in running.values():
            s.wait_ready()
        for app in ("referee", "flask-way"):
            status, answer = running[app].post(body)
            if status != 200 or "state" not in orjson.loads(answer):
                raise RuntimeError(f"{app} refused the turn: {status} {answer[:300]!r}")
        status, answer = running["echo"].post(body)
        if status != 200 or orjson.loads(answer) != orjson.loads(body):
            raise RuntimeError(f"the echo app did not echo: {status} {answer[:300]!r}")
        for s in running.values():
            load(wrk, s.port, body_file, script, 8, warmup)
        results = {(app, c): [] for app in APPS for c in conns}
        for c in conns:
            for r in range(rounds):
                order = list(running.items()) if r % 2 == 0 else list(running.items())[::-1]
                for app, s in order:
                    before = s.cpu_seconds()
                    run = load(wrk, s.port, body_file, script, c, duration)
                    after = s.cpu_seconds()
                    if before is not None and after is not None:
                        run["cpu"] = (after - before) / run["requests"]
                    results[(app, c)].append(run)
        for c in conns:
            header(f"{SERVER_NAMES[server]}, {c} connection{'s' if c > 1 else ''}: "
                   f"POST {PATH}, {len(body)} B body")
            for app in ("echo", "referee", "flask-way"):
                runs = results[(app, c)]
                detail = f"{len(runs)} runs × {duration:g} s"
                for key, unit, label in (("rps", "req/s", "req/s"), ("p50", "ms", "p50"),
                                         ("p99", "ms", "p99")):
                    f = Figure(f"{app:<9} {label}", [x[key] for x in runs], unit, detail)
                    target = ""
                    if app == "referee" and key == "p50" and c == 1:
                        target = f"[target ≤ 1 ms: {'met' if f.median <= 1e-3 else 'MISSED'}]"
                    print(f.line(target))
                    figures.append(f)
            for app in ("referee", "flask-way"):
                figures += _ratios(app, results[(app, c)], results[("echo", c)], c)
    finally:
        for s in reversed(list(running.values())):
            s.stop()
    return figures


def _ratios(app: str, runs: list[dict], echo_runs: list[dict], connections: int) -> list[Figure]:
    """`app`'s throughput and CPU per request against the echo app's, round by round; the
    target is judged for the referee as served at 8 connections."""
    judged = app == "referee" and connections == 8
    pairs = list(zip(runs, echo_runs))
    figures = []
    ratio = Figure(f"{app}/echo throughput", [ref["rps"] / base["rps"] for ref, base in pairs],
                   "ratio", "round by round")
    print(ratio.line(f"[target ≥ {TARGET:.2f}: {'met' if ratio.median >= TARGET else 'MISSED'}]" if judged else ""))
    figures.append(ratio)
    if all("cpu" in ref and "cpu" in base for ref, base in pairs):
        # The servers' own CPU time per answer: what req/s would be on cores of their own,
        # steadier than req/s on a machine shared with other work.
        for name, which in ((("echo", echo_runs),) if app == "referee" else ()) + ((app, runs),):
            f = Figure(f"{name:<9} CPU per request", [x["cpu"] for x in which], "µs",
                       "server and workers, user + system")
            print(f.line())
            figures.append(f)
        cpu = Figure(f"echo/{app} CPU per request", [base["cpu"] / ref["cpu"] for ref, base in pairs],
                     "ratio", "round by round")
        print(cpu.line(f"[target ≥ {TARGET:.2f}: {'met' if cpu.median >= TARGET else 'MISSED'}]" if judged else ""))
        figures.append(cpu)
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short round (CI smoke test)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per load run")
    parser.add_argument("--workers", type=int, default=2, help="worker processes per app")
    parser.add_argument("--servers", default="gthread",
                        help=f"comma-separated, run one after the other: {', '.join(SERVERS)} "
                             "(see bench/wsgi_servers.py; granian must be installed)")
    parser.add_argument("--loadgen", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--body", choices=("padded", "compact"), default="padded")
    run(parser.parse_args(argv))


if __name__ == "__main__":
    main()
