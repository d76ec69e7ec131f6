"""Many referees behind nginx: an instance stopped and brought back under load.

    python bench/cluster_bench.py                 # SIGTERM, then SIGKILL, 8 s per phase
    python bench/cluster_bench.py --signal kill --phase 5 --clients 6
    python bench/cluster_bench.py --scaling       # throughput through nginx, 1, 2, 3 instances
    python bench/cluster_bench.py --quick         # the CI test: short phases, both signals

Starts three `referee serve` instances (one worker each, access log off) on free
loopback ports and nginx (Debian's package) in front of them with
deploy/nginx/referee.conf, its ports replaced. Client threads send POST /v1/turns (the
tutorial's legal turn) over kept-alive connections to nginx, as fast as answers come,
for three phases: before, during (one instance is stopped with SIGTERM or SIGKILL at
the start of the phase and started again in its middle) and after. Every answer must be
200 with the bytes of the first one; anything else (another status, a reset, a
timeout) is an error. Printed per phase: requests, errors, req/s, p50 and p99.
The target is zero errors: nginx retries a failed request on the next instance, which
is safe because every endpoint is a pure function of its body. With SIGTERM it is met
(gunicorn finishes the requests in flight). With SIGKILL a request can still fail in
one narrow case: gunicorn writes an answer's head and its body in two writes, and when
the kill falls between them nginx has passed the head on and can no longer retry; the
client reads a cut answer. The exit status is 1 on any error under SIGTERM, or more
errors under SIGKILL than there were clients (requests that can be in flight).

--scaling drives nginx with wrk (or the Python clients) against one, two and three
instances in turn. Every run is bounded in time; everything started is stopped at the
end, and nothing listens beyond 127.0.0.1.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import orjson

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
SITE = ROOT / "deploy" / "nginx" / "referee.conf"
sys.path.insert(0, str(ROOT))

from referee import engine  # noqa: E402

HOST = "127.0.0.1"
PATH = "/v1/turns"
README_TURN = {"player": 0, "actions": [
    {"type": "place", "card": "J", "at": "R10"}, {"type": "place", "card": "R9"},
    {"type": "place", "card": "G12"}, {"type": "place", "card": "B12"}]}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def turn_body() -> bytes:
    state = engine.new_game(["Timo", "Vera"], seed=42).state.to_dict()
    return orjson.dumps({"state": state, "turn": README_TURN})


def wait_healthy(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing healthy on port {port} after {seconds} s")


class Instance:
    """One `referee serve` (one worker, no access log) on its own port."""

    def __init__(self, port: int, log: Path):
        self.port = port
        self.log_path = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        script = Path(sys.executable).with_name("referee")
        head = [str(script)] if script.exists() else [sys.executable, "-m", "referee.cli"]
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [*head, "serve", "--host", HOST, "--port", str(self.port), "--workers", "1", "--access-log", "off"],
            stdout=log, stderr=log, start_new_session=True)
        log.close()
        wait_healthy(self.port)

    def stop(self, how: int = signal.SIGTERM) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        if how == signal.SIGKILL:  # the whole group: the arbiter and its worker die at once
            os.killpg(self.process.pid, signal.SIGKILL)
        else:
            self.process.send_signal(how)
        try:
            self.process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        if how == signal.SIGKILL:
            return

    def kill_leftovers(self) -> None:
        if self.process is not None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()


class Nginx:
    """nginx from Debian's package, in the foreground, with the site file of deploy/."""

    def __init__(self, folder: Path, port: int, upstream_ports: list[int]):
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen | None = None
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(binary).exists():
            raise SystemExit("nginx is not installed: apt-get install nginx (Debian's package)")
        self.binary = binary
        self.write_config(upstream_ports)

    def write_config(self, upstream_ports: list[int]) -> None:
        site = SITE.read_text()
        servers = "".join(f"    server {HOST}:{p} max_fails=1 fail_timeout=2s;\n" for p in upstream_ports)
        site = re.sub(r"(    server 127\.0\.0\.1:800\d [^\n]*\n)+", servers, site)
        site = site.replace("listen 127.0.0.1:8080;", f"listen {HOST}:{self.port};")
        # The bench's clients all send from one address: the site's limit per address,
        # which keeps one client from flooding the instances, would measure only itself.
        site = re.sub(r"\n\s*limit_req zone=referee_per_client[^\n]*;", "", site)
        (self.folder / "site.conf").write_text(site)
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.folder / name).mkdir(exist_ok=True)
            os.chmod(self.folder / name, 0o777)  # nginx's workers may run as another user
        (self.folder / "nginx.conf").write_text(f"""
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.folder}/client_body;
    proxy_temp_path {self.folder}/proxy;
    fastcgi_temp_path {self.folder}/fastcgi;
    uwsgi_temp_path {self.folder}/uwsgi;
    scgi_temp_path {self.folder}/scgi;
    include {self.folder}/site.conf;
}}
""")

    def start(self) -> None:
        conf = str(self.folder / "nginx.conf")
        check = subprocess.run([self.binary, "-t", "-p", str(self.folder), "-c", conf],
                               capture_output=True, text=True, timeout=30)
        if check.returncode != 0:
            raise RuntimeError(f"nginx refuses the configuration: {check.stderr}")
        self.process = subprocess.Popen([self.binary, "-p", str(self.folder), "-c", conf, "-g", "daemon off;"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        wait_healthy(self.port)

    def reload(self, upstream_ports: list[int]) -> None:
        self.write_config(upstream_ports)
        self.process.send_signal(signal.SIGHUP)
        time.sleep(1.0)  # old workers finish, new ones take over
        wait_healthy(self.port)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@dataclass
class Record:
    """What the clients saw: (time, seconds, ok) per request, and the errors' reasons."""

    samples: list[tuple[float, float, bool]] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, at: float, seconds: float, ok: bool, reason: str = "") -> None:
        with self.lock:
            self.samples.append((at, seconds, ok))
            if not ok:
                self.reasons[reason] = self.reasons.get(reason, 0) + 1


def client_loop(port: int, body: bytes, expected: bytes, until: float, record: Record) -> None:
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    headers = {"Content-Type": "application/json"}
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            connection.request("POST", PATH, body, headers)
            answer = connection.getresponse()
            data = answer.read()
            ok = answer.status == 200 and data == expected
            record.add(started, time.monotonic() - started, ok, "" if ok else f"status {answer.status}")
            if answer.will_close:
                connection.close()
        except (OSError, http.client.HTTPException) as exc:
            record.add(started, time.monotonic() - started, False, type(exc).__name__)
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=10)
    connection.close()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def report(name: str, record: Record, start: float, end: float) -> tuple[int, int]:
    inside = [(s, ok) for at, s, ok in record.samples if start <= at < end]
    seconds = [s for s, _ in inside]
    errors = sum(1 for _, ok in inside if not ok)
    rate = len(inside) / (end - start) if end > start else 0
    print(f"{name:<8} {len(inside):>9} {errors:>7} {rate:>8.0f} {percentile(seconds, 50) * 1000:>8.2f} "
          f"{percentile(seconds, 99) * 1000:>8.2f}")
    return len(inside), errors


def outage(how: int, phase: float, clients: int, port: int, instances: list[Instance], body: bytes,
           expected: bytes) -> int:
    """Three phases under load; one instance stopped in the second and brought back."""
    record = Record()
    begin = time.monotonic()
    until = begin + 3 * phase
    threads = [threading.Thread(target=client_loop, args=(port, body, expected, until, record), daemon=True)
               for _ in range(clients)]
    for thread in threads:
        thread.start()
    victim = instances[0]
    time.sleep(max(0.0, begin + phase - time.monotonic()))
    stopped_at = time.monotonic()
    victim.stop(how)
    time.sleep(max(0.0, stopped_at + phase / 2 - time.monotonic()))
    victim.start()
    back_at = time.monotonic()
    for thread in threads:
        thread.join(timeout=phase + 15)
    name = signal.Signals(how).name
    print(f"\n{name} to instance {victim.port} at {stopped_at - begin:.1f} s, "
          f"back (healthy) at {back_at - begin:.1f} s; {clients} clients")
    print(f"{'phase':<8} {'requests':>9} {'errors':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    total = errors = 0
    for name_, start, end in (("before", begin, begin + phase), ("during", begin + phase, begin + 2 * phase),
                              ("after", begin + 2 * phase, until)):
        n, e = report(name_, record, start, end)
        total, errors = total + n, errors + e
    print(f"{'all':<8} {total:>9} {errors:>7}" + (f"   errors: {record.reasons}" if record.reasons else ""))
    return errors


def wrk_rate(wrk: str, port: int, folder: Path, body: bytes, seconds: float, connections: int) -> float:
    (folder / "body.json").write_bytes(body)
    (folder / "post.lua").write_text(
        'wrk.method = "POST"\n'
        f'local f = io.open("{folder}/body.json", "rb"); wrk.body = f:read("*all"); f:close()\n'
        'wrk.headers["Content-Type"] = "application/json"\n')
    done = subprocess.run([wrk, "-t", "2", "-c", str(connections), "-d", f"{int(seconds)}s", "-s",
                           str(folder / "post.lua"), f"http://{HOST}:{port}{PATH}"],
                          capture_output=True, text=True, timeout=seconds + 30)
    match = re.search(r"Requests/sec:\s+([\d.]+)", done.stdout)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", done.stdout)
    if errors:
        raise RuntimeError(f"wrk saw {errors.group(1)} failed answers")
    return float(match.group(1))


def scaling(seconds: float, connections: int, nginx: Nginx, instances: list[Instance], body: bytes,
            expected: bytes, folder: Path) -> None:
    wrk = shutil.which("wrk")
    print(f"\nthroughput through nginx, {connections} connections, {seconds:g} s per run, "
          f"{'wrk' if wrk else 'Python clients'}; one worker per instance, {os.cpu_count()} cores")
    for count in (1, 2, 3):
        nginx.reload([i.port for i in instances[:count]])
        if wrk:
            rates = [wrk_rate(wrk, nginx.port, folder, body, seconds, connections) for _ in range(2)]
            rate = statistics.median(rates)
        else:
            record = Record()
            begin = time.monotonic()
            threads = [threading.Thread(target=client_loop, args=(nginx.port, body, expected, begin + seconds, record))
                       for _ in range(connections)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            rate = len(record.samples) / seconds
        print(f"{count} instance{'s' if count > 1 else ' '}: {rate:>7.0f} req/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--signal", choices=["term", "kill", "both"], default="both")
    parser.add_argument("--phase", type=float, default=8.0, help="seconds per phase (before, during, after)")
    parser.add_argument("--clients", type=int, default=4, help="client threads, each on one kept-alive connection")
    parser.add_argument("--scaling", action="store_true", help="measure 1, 2 and 3 instances instead")
    parser.add_argument("--quick", action="store_true", help="short phases (the CI test)")
    args = parser.parse_args(argv)
    phase = 2.0 if args.quick else args.phase
    body = turn_body()
    errors: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="elfer-cluster-") as tmp:
        folder = Path(tmp)
        instances = [Instance(free_port(), folder / f"referee-{n}.log") for n in range(3)]
        nginx = Nginx(folder, free_port(), [i.port for i in instances])
        try:
            for instance in instances:
                instance.start()
            nginx.start()
            with urllib.request.urlopen(urllib.request.Request(
                    f"http://{HOST}:{nginx.port}{PATH}", data=body,
                    headers={"Content-Type": "application/json"}), timeout=10) as answer:
                expected = answer.read()
            print(f"nginx on {nginx.port} in front of referee serve on {[i.port for i in instances]}; "
                  f"POST {PATH}, {len(body)} B body")
            if args.scaling:
                scaling(3.0 if args.quick else 10.0, 8, nginx, instances, body, expected, folder)
            else:
                hows = {"term": [signal.SIGTERM], "kill": [signal.SIGKILL],
                        "both": [signal.SIGTERM, signal.SIGKILL]}[args.signal]
                for how in hows:
                    errors[signal.Signals(how).name] = outage(how, phase, args.clients, nginx.port, instances,
                                                              body, expected)
        finally:
            nginx.stop()
            for instance in instances:
                instance.stop()
                instance.kill_leftovers()
    if args.scaling:
        return 0
    failed = errors.get("SIGTERM", 0) > 0 or errors.get("SIGKILL", 0) > args.clients
    summary = ", ".join(f"{name} {n}" for name, n in errors.items())
    print(f"\n{'CLUSTER FAILED' if failed else 'CLUSTER OK'}: failed requests: {summary}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
