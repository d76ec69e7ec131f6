"""Soak test: minutes of mixed traffic at saturation against `referee serve` on loopback.

    python bench/soak.py                      # 10 minutes; starts its own `referee serve`
    python bench/soak.py --minutes 1 --interval 10
    python bench/soak.py --url http://127.0.0.1:8000 --server-pid PID   # a running server

The traffic is built before the run from real play (seeded deals played forward by
random legal turns), and every request's answer is computed beforehand in-process:
legal turns (200), illegal turns (one slip each, 422), legal-actions with and without
a prefix (200 or 422), replays of whole game stretches (200) and of a stretch with a
wrong turn (422), scores (200), seeded and unseeded deals (201) and a few malformed
bodies (400). Client processes (more than the server has workers, so that the
workers never idle) send them in random order until the time is up. An answer counts
as an error unless it has the expected status and, where the request determines it,
the expected body byte for byte; a timeout or a refused or reset connection is an
error too.

It prints, per interval: requests, requests/s, errors, p50, p99 and max latency; and
the resident memory (VmRSS from /proc) of every server worker after a warm-up and at
the end. Targets: 0 errors; memory growth under 10%. Exit status 1 when a target is
missed. The run stops by itself: clients stop at the deadline, the started server is
stopped after them. Only loopback addresses are accepted as targets.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing as mp
import os
import queue
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from _common import free_port, stop_server
from urllib.parse import urlparse

import orjson

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
NUMBER_CARDS = [f"{c}{v}" for c in "RYGB" for v in range(1, 22)]


# -- the traffic --------------------------------------------------------------------------------


@dataclass
class Request:
    kind: str
    path: str
    body: bytes
    status: int
    answer: bytes | None  # None: the body is not determined by the request (a random deal)
    content_type: str = "application/json"


def build_traffic(seed: int, games: int) -> list[Request]:
    """Requests from real play, each with the answer the referee gives in-process."""
    from referee import engine
    from referee.core.errors import Violation
    from referee.http import create_app

    client = create_app().test_client()
    rnd = random.Random(seed)
    requests: list[Request] = []

    def add(kind: str, path: str, body, status: int | None = None, deterministic: bool = True, raw: bytes | None = None,
            content_type: str = "application/json"):
        data = raw if raw is not None else orjson.dumps(body)
        response = client.post(path, data=data, content_type=content_type)
        if status is not None and response.status_code != status:
            raise AssertionError(f"{kind}: expected {status}, the referee says {response.status_code}: {response.data[:300]!r}")
        requests.append(Request(kind, path, data, response.status_code, response.data if deterministic else None, content_type))

    def random_turn(state) -> list[dict]:
        prefix: list = []
        while True:
            options = engine.legal_actions(state, prefix)
            if options.complete and (not options.actions or rnd.random() < 0.4):
                return [a.to_dict() for a in prefix]
            if not options.actions:
                return [a.to_dict() for a in prefix]
            action = rnd.choice(options.actions)
            if action.to_dict() == {"type": "draw"}:
                return [named_draw(state)]
            prefix.append(action)

    def named_draw(state) -> dict:
        for card in [None, *rnd.sample(NUMBER_CARDS + ["J"], 85)]:
            draw = {"type": "draw"} if card is None else {"type": "draw", "card": card}
            try:
                engine.apply(state, engine.load_turn({"player": state.current, "actions": [draw]}))
                return draw
            except Violation:
                continue
        raise AssertionError("no card can be drawn")

    def slip(turn: dict, n: int) -> dict:
        turn = orjson.loads(orjson.dumps(turn))
        how = rnd.choice(["player", "extra", "foreign", "reverse", "pass"])
        if how == "player":
            turn["player"] = (turn["player"] + 1 + rnd.randrange(n - 1)) % n
        elif how == "extra":
            turn["actions"].append({"type": "place", "card": rnd.choice(NUMBER_CARDS)})
        elif how == "foreign":
            turn["actions"].insert(0, {"type": "swap", "card": rnd.choice(NUMBER_CARDS)})
        elif how == "reverse" and len(turn["actions"]) > 1:
            turn["actions"].reverse()
        else:
            turn["actions"] = [{"type": "pass"}]
        return turn

    for g in range(games):
        n = 2 + g % 5
        hidden = g % 4 == 3
        start, _, _ = engine.new_game(list(NAMES[:n]), seed=seed + g, first=g % n)
        state, played = start, []
        for _ in range(60):
            if state.is_over:
                break
            data = state.to_dict()
            if hidden:
                for p in data["players"][1:]:
                    p["hand"] = {"count": len(p["hand"])}
            turn = {"player": state.current, "actions": random_turn(state)}
            # With hands hidden (a physical table) the referee checks less, so a legal turn
            # of the full game is legal there too; the answer differs (counts, unchecked).
            add("turn legal", "/v1/turns", {"state": data, "turn": turn}, 200)
            add("turn illegal", "/v1/turns", {"state": data, "turn": slip(turn, n)})
            if rnd.random() < 0.5:
                prefix = turn["actions"][: rnd.randrange(len(turn["actions"]) + 1)]
                add("legal-actions", "/v1/legal-actions", {"state": data, "actions": prefix})
            if rnd.random() < 0.15:
                add("scores", "/v1/scores", {"state": data}, 200)
            played.append(turn)
            state = engine.apply(state, engine.load_turn(turn)).state
        for k in range(5, len(played) + 1, 10):
            add("replay", "/v1/replays", {"state": start.to_dict(), "turns": played[:k]}, 200)
        if len(played) > 3:
            turns = played[:4]
            turns[2] = slip(turns[2], n)
            add("replay illegal", "/v1/replays", {"state": start.to_dict(), "turns": turns})
        add("deal seeded", "/v1/games", {"players": list(NAMES[:n]), "seed": seed + g, "hidden": hidden}, 201)
    add("deal random", "/v1/games", {"players": ["Ada", "Ben", "Cleo"]}, 201, deterministic=False)
    add("deal random", "/v1/games", {"players": ["Ada", "Ben"], "hidden": True}, 201, deterministic=False)
    for raw in (b"{", b'{"players": ["A", "B"], "seed": 1, "seed": 2}', b"[" * 2000 + b"]" * 2000, b"[]"):
        add("malformed", "/v1/games", None, 400, raw=raw)
    add("malformed", "/v1/turns", None, 415, raw=b"{}", content_type="text/plain")
    return requests


WEIGHTS = {
    "turn legal": 30, "turn illegal": 22, "legal-actions": 18, "replay": 8, "replay illegal": 3,
    "scores": 6, "deal seeded": 6, "deal random": 4, "malformed": 3,
}


# -- the clients --------------------------------------------------------------------------------


def client_loop(index: int, host: str, port: int, requests: list[Request], deadline: float, interval: float,
                started: float, out: mp.Queue, seed: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    rnd = random.Random(seed * 1000 + index)
    by_kind: dict[str, list[Request]] = {}
    for r in requests:
        by_kind.setdefault(r.kind, []).append(r)
    kinds = [k for k in WEIGHTS if k in by_kind]
    weights = [WEIGHTS[k] for k in kinds]
    bucket, sent = 0, 0
    latencies: list[float] = []
    errors: Counter = Counter()
    while True:
        now = time.monotonic()
        if now >= deadline:
            break
        current = int((now - started) // interval)
        if current != bucket:
            out.put((bucket, latencies, errors, sent))
            bucket, latencies, errors, sent = current, [], Counter(), 0
        request = rnd.choice(by_kind[rnd.choices(kinds, weights)[0]])
        t0 = time.perf_counter()
        sent += 1
        try:
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.request("POST", request.path, body=request.body, headers={"Content-Type": request.content_type})
            response = connection.getresponse()
            answer = response.read()
            connection.close()
        except (OSError, http.client.HTTPException) as exc:
            errors[f"{request.kind}: {type(exc).__name__}"] += 1
            continue
        latencies.append(time.perf_counter() - t0)
        if response.status != request.status:
            errors[f"{request.kind}: status {response.status}, expected {request.status}"] += 1
        elif request.answer is not None and answer != request.answer:
            errors[f"{request.kind}: a different answer than in-process"] += 1
    out.put((bucket, latencies, errors, sent))
    out.put(None)


# -- the server and its memory ------------------------------------------------------------------


def workers_of(master: int) -> list[int]:
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                children.append(int(entry.name))
    return sorted(children)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def memory(master: int | None) -> dict[int, int]:
    if master is None:
        return {}
    result = {}
    for pid in workers_of(master):
        try:
            result[pid] = rss_kib(pid)
        except OSError:
            pass
    return result


def wait_healthy(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the referee at {url} did not come up")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f}"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--interval", type=float, default=60, help="seconds per reported interval")
    parser.add_argument("--warmup", type=float, default=30, help="seconds of traffic before the first memory reading")
    parser.add_argument("--clients", type=int, default=max(4, 2 * (os.cpu_count() or 1)), help="client processes")
    parser.add_argument("--workers", type=int, default=None, help="workers of the started server (default: referee serve's)")
    parser.add_argument("--url", help="a running referee on loopback (default: start one)")
    parser.add_argument("--server-pid", type=int, help="the gunicorn master's pid, with --url, for the memory figures")
    parser.add_argument("--games", type=int, default=12, help="games played to build the traffic")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    t0 = time.monotonic()
    requests = build_traffic(args.seed, args.games)
    print(f"traffic: {len(requests)} requests built and answered in-process in {time.monotonic() - t0:.1f}s: "
          + ", ".join(f"{k} {n}" for k, n in Counter(r.kind for r in requests).items()), flush=True)

    process = None
    if args.url:
        url = args.url.rstrip("/")
        host = urlparse(url).hostname or ""
        if not (host == "localhost" or host.startswith("127.") or host == "::1"):
            raise SystemExit("bench/soak.py only targets loopback addresses")
        port = urlparse(url).port or 80
        master = args.server_pid
    else:
        host, port = "127.0.0.1", free_port()
        command = [sys.executable, "-m", "referee.cli", "serve", "--port", str(port)]
        if args.workers:
            command += ["--workers", str(args.workers)]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        url, master = f"http://{host}:{port}", process.pid
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    ctx = mp.get_context("fork")
    clients: list = []
    try:
        wait_healthy(url)
        boot = memory(master)
        print(f"server: {url}, {len(boot) or '?'} workers, {args.clients} client processes, "
              f"{args.minutes:g} min, intervals of {args.interval:g}s", flush=True)
        out: mp.Queue = ctx.Queue()
        started = time.monotonic()
        deadline = started + args.minutes * 60
        clients = [
            ctx.Process(target=client_loop, args=(i, host, port, requests, deadline, args.interval, started, out, args.seed), daemon=True)
            for i in range(args.clients)
        ]
        for c in clients:
            c.start()
        time.sleep(min(args.warmup, args.minutes * 60 / 4))
        warm = memory(master)
        print(f"memory after {min(args.warmup, args.minutes * 60 / 4):g}s warm-up (VmRSS, KiB): "
              + ", ".join(f"{pid}: {kib}" for pid, kib in warm.items()), flush=True)
        print(f"\n{'interval':>8} {'requests':>9} {'req/s':>7} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
        buckets: dict[int, list] = {}
        sent_by_bucket: Counter = Counter()
        all_sent = 0
        errors_by_bucket: dict[int, Counter] = {}
        done, printed = 0, 0
        total_buckets = int(-(-args.minutes * 60 // args.interval))
        all_latencies: list[float] = []
        all_errors: Counter = Counter()

        def flush(upto: int) -> None:
            nonlocal printed, all_sent
            while printed < upto:
                lat = buckets.pop(printed, [])
                err = errors_by_bucket.pop(printed, Counter())
                length = min(args.interval, args.minutes * 60 - printed * args.interval)
                n = sent_by_bucket.pop(printed, 0)
                all_sent += n
                print(f"{printed + 1:>8} {n:>9} {n / length:>7.0f} {sum(err.values()):>6} "
                      f"{ms(percentile(lat, 50)):>8} {ms(percentile(lat, 99)):>8} {ms(max(lat) if lat else float('nan')):>8}", flush=True)
                all_latencies.extend(lat)
                all_errors.update(err)
                printed += 1

        hard_stop = deadline + 60
        while done < len(clients) and time.monotonic() < hard_stop:
            try:
                item = out.get(timeout=1)
            except queue.Empty:
                item = False
            if item is None:
                done += 1
            elif item:
                bucket, lat, err, n = item
                sent_by_bucket[bucket] += n
                buckets.setdefault(bucket, []).extend(lat)
                errors_by_bucket.setdefault(bucket, Counter()).update(err)
            now_bucket = int((time.monotonic() - started) // args.interval)
            flush(min(now_bucket - 1, total_buckets) if done < len(clients) else printed)
        flush(total_buckets)
        end = memory(master)
        seconds = time.monotonic() - started
        for c in clients:
            c.join(timeout=5)
    finally:
        for c in clients:
            if c.is_alive():
                c.terminate()
        if process is not None:
            stop_server(process)

    n_errors = sum(all_errors.values())
    print(f"\nrequests: {all_sent} in {seconds:.0f}s ({all_sent / seconds:.0f}/s); errors: {n_errors}")
    for what, count in all_errors.most_common():
        print(f"  {count} x {what}")
    print(f"latency over the run: p50 {ms(percentile(all_latencies, 50)).strip()} ms, "
          f"p99 {ms(percentile(all_latencies, 99)).strip()} ms, max {ms(max(all_latencies) if all_latencies else float('nan')).strip()} ms")
    growth = None
    if warm and end:
        print("worker memory (VmRSS, KiB): " + ", ".join(
            f"pid {pid}: {warm[pid]} -> {end.get(pid, 'gone')}" for pid in warm))
        if set(warm) != set(end):
            print(f"  the workers changed during the run (a worker was restarted): {sorted(warm)} -> {sorted(end)}")
        w, e = sum(warm.values()), sum(end.values())
        growth = (e - w) / w * 100
        print(f"  total {w} -> {e} KiB ({growth:+.1f}%); at boot {sum(boot.values())} KiB")
    ok = n_errors == 0 and (growth is None or growth < 10)
    print("SOAK OK: 0 errors, memory growth under 10%." if ok else "SOAK FAILED: a target was missed.")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
