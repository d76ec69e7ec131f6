"""What sealing costs: POST /v1/turns on a sealed game against the same turn sent plain,
and what spending the token in each store adds.

    python bench/sealed_bench.py           # the full round (about 10 seconds)
    python bench/sealed_bench.py --quick   # one short round (the CI smoke test)

The typical position of the other benches (`positions.typical_turn`) and its turn, sent
through the Flask app as a WSGI call (as in `request_path_bench.py`): once plain, with
the state, and sealed, the same state inside a game token with a seat key, under each
store: none (`REFEREE_STORE=none`, nothing spent), the embedded SQLite file (the
default) and Redis (a redis-server started here on a free loopback port, with its
append-only file on, when Debian's package is installed). A token is played once, so
every sealed call plays a fresh token of a game of its own, made beforehand, and made a
game under way in the store (`under_way`: a game's first turn inserts its row, the
others update it). All run in turn, run by
run, so that a busy machine slows them alike; each call is timed alone and a run's
figure is its median call (`calls_timed`); the ratios are taken run by run, each run's
printed, against the goals (`GOALS`), and the ratios of the runs' means beside them. The
sealed request also opens the token (AES-GCM), tells the seat (HMAC), makes the seat's
views, seals the next token and spends the old one; those parts are timed alone too (a
spend alone as a turn makes it: a new game each time, a token of the position's length
kept as its latest).
"""

from __future__ import annotations

import gc
import io
import itertools
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import orjson

import _common
from _common import Figure, free_port, header
from positions import typical_turn
from request_path_bench import wsgi_caller
from referee import engine
from referee.http import create_app
from referee.sealed.redis_store import RedisStore
from referee.sealed.sqlite_store import SqliteStore
from referee.sealed.store import Latest
from referee.sealed.sealing import Sealer, new_key
from referee.sealed.tokens import issued_at

#: The salt of the benches' sealed games (a deal comes from seed and salt together).
SALT = "0123456789abcdef" * 2

#: The goals: a sealed turn through each store at most this many plain turns, run by run.
GOALS = {"SQLite": 2.0, "Redis": 2.5}


def redis_server(folder: Path):
    """A redis-server of our own on a free loopback port (None when not installed)."""
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not Path(binary).exists():
        return None, None
    port = free_port()
    process = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                                "--appendonly", "yes", "--save", ""],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("redis-server did not start")


def fresh_bodies(sealer: Sealer, state, turn, count: int) -> list[bytes]:
    """`count` sealed turn bodies, each on a game of its own (a token plays once)."""
    bodies = []
    for _ in range(count):
        sealed, token = sealer.new_game(state, 42, SALT)
        seat = sealer.seats(sealed.game, len(state["players"]))[turn["player"]]
        bodies.append(orjson.dumps({"game": token, "seat": seat, "turn": turn}))
    return bodies


def measure(name: str, fn, number: int, runs: int) -> Figure:
    """`runs` runs of `number` calls of `fn`, a run's figure its median call (`calls_timed`)."""
    for _ in range(max(1, number // 10)):
        fn()
    return Figure(name, [calls_timed(fn, number)[0] for _ in range(runs)], "µs", f"{runs} runs × {number}, median call")


def under_way(app, sealer: Sealer, bodies: list[bytes]) -> None:
    """Make each body's game one under way in the app's store: its row is there, with the
    body's token its latest, as after a game's first turn (which inserts the row; every
    later turn replaces the latest token in it). The bodies' own tokens stay unspent."""
    store = app.extensions["sealed"].store
    if not store.keeps:
        return
    for number, body in enumerate(bodies):
        token = orjson.loads(body)["game"]
        store.spend(sealer.open(token).game, number.to_bytes(32, "big"), Latest(token, 0), issued_at(token),
                    "an earlier token")


def calls_timed(post, number: int) -> tuple[float, float]:
    """The median and the mean time of `number` calls, each timed alone. The median is a
    run's figure: on a shared machine a call that loses its core for a time slice (tens
    of milliseconds, hundreds of times a call's cost) weighs in the mean as hundreds of
    calls would, whichever caller it happens to."""
    clock = time.perf_counter
    gc.collect()
    took = []
    for _ in range(number):
        start = clock()
        post()
        took.append(clock() - start)
    return statistics.median(took), statistics.fmean(took)


def cycling_caller(app, bodies: list[bytes]):
    """One POST /v1/turns per call, each with the next body."""
    callers = iter([wsgi_caller(app, "/v1/turns", body) for body in bodies])
    return lambda: next(callers)()


def run(quick: bool) -> list[Figure]:
    number, runs = (30, 3) if quick else (500, 7)
    key = new_key()
    sealer = Sealer([key])
    state, turn = typical_turn()
    sealed, token = sealer.new_game(state, 42, SALT)
    seat = sealer.seats(sealed.game, len(state["players"]))[turn["player"]]
    plain_body = orjson.dumps({"state": state, "turn": turn})
    figures = []

    def show(f: Figure) -> None:
        print(f.line())
        figures.append(f)

    with tempfile.TemporaryDirectory(prefix="elfer-sealed-bench-") as tmp:
        folder = Path(tmp)
        redis_process, redis_url = redis_server(folder)
        try:
            stores = {"none": "none", "SQLite": str(folder / "sealed.sqlite3")}
            if redis_url:
                stores["Redis"] = redis_url
            apps = {name: create_app({"SEAL_KEYS": [key], "STORE": setting}) for name, setting in stores.items()}
            print(_common.machine())
            header(f"the typical turn ({len(turn['actions'])} actions), token of {len(token)} characters")
            if not redis_url:
                print("(redis-server is not installed: no Redis figures; apt-get install redis-server)")
            show(measure("Sealer.open (AES-GCM decrypt + JSON)", lambda: sealer.open(token), number, runs))
            show(measure("Sealer.seal (AES-GCM encrypt + JSON)", lambda: sealer.seal(sealed), number, runs))
            show(measure("Sealer.seat (HMAC of the turn's player first)",
                         lambda: sealer.seat(sealed.game, len(state["players"]), seat, turn["player"]), number, runs))
            loaded = engine.load_state(state).marked_checked()  # as a sealed turn loads it
            after = engine.apply(loaded, engine.load_turn(turn, ruleset=loaded.ruleset)).state
            show(measure("the seat's views (before; after, written)",
                         lambda: (engine.view(loaded, turn["player"]), engine.view(after, turn["player"]).to_dict()),
                         number, runs))
            # A spend as a turn makes it: a game of its own each time, the next token kept
            # (under way: the game's latest token replaced, here by itself).
            counter = itertools.count()
            # The store first: a new file refuses the tokens sealed before it was made.
            sqlite = SqliteStore(folder / "spend-alone.sqlite3", 30)
            latest, now = Latest(token, 1), int(time.time())
            show(measure("SqliteStore.spend (one transaction)",
                         lambda: sqlite.spend(str(next(counter)), next(counter).to_bytes(32, "big"), latest, now, token),
                         number, runs))
            games = itertools.cycle([f"under way {n}" for n in range(50)])
            show(measure("SqliteStore.spend, a game under way",
                         lambda: sqlite.spend(next(games), next(counter).to_bytes(32, "big"), latest, now, token),
                         number, runs))
            if redis_url:
                redis = RedisStore(redis_url, 30)
                show(measure("RedisStore.spend (one script, loopback)",
                             lambda: redis.spend(str(next(counter)), next(counter).to_bytes(32, "big"), latest, now, token),
                             number, runs))
            # Every call of every run (and the warm-up) plays a token of its own.
            calls = number * runs + max(1, number // 10)
            sealed_posts = {}
            for name, app in apps.items():
                bodies = fresh_bodies(sealer, state, turn, calls)
                under_way(app, sealer, bodies)
                sealed_posts[name] = cycling_caller(app, bodies)
            plain_post = wsgi_caller(apps["none"], "/v1/turns", plain_body)
            for post in (plain_post, *sealed_posts.values()):  # the warm-up
                for _ in range(max(1, number // 10)):
                    post()
            plain, times = [], {name: [] for name in apps}
            plain_means, means = [], {name: [] for name in apps}
            for _ in range(runs):
                median, mean = calls_timed(plain_post, number)
                plain.append(median)
                plain_means.append(mean)
                for name, post in sealed_posts.items():
                    median, mean = calls_timed(post, number)
                    times[name].append(median)
                    means[name].append(mean)
            show(Figure("POST /v1/turns plain", plain, "µs", f"{runs} runs × {number}, a run's median call"))
            for name in apps:
                label = "POST /v1/turns sealed" if name == "none" else f"POST /v1/turns sealed, {name} store"
                show(Figure(label + (", no store" if name == "none" else ""), times[name], "µs", "interleaved"))
            for name in apps:
                mean_ratio = Figure("", [s / p for s, p in zip(means[name], plain_means)], "×")
                print(f"  sealed ({name}) / plain, the runs' means: median {mean_ratio.median:.2f}×  (runs: "
                      + " ".join(f"{value:.2f}" for value in mean_ratio.values) + ")")
            for name in apps:
                ratio = Figure(f"  sealed ({name}) / plain, run by run",
                               [s / p for s, p in zip(times[name], plain)], "×", "")
                runs_text = " ".join(f"{value:.2f}" for value in ratio.values)
                goal = ""
                if name in GOALS:
                    met = sum(value <= GOALS[name] for value in ratio.values)
                    goal = (f"  [goal ≤ {GOALS[name]}×: {'met' if ratio.median <= GOALS[name] else 'MISSED'}"
                            f", {met} of {len(ratio.values)} runs within]")
                print(f"{ratio.name}: median {ratio.median:.2f}×  (runs: {runs_text}){goal}")
                figures.append(ratio)
        finally:
            if redis_process is not None:
                redis_process.send_signal(signal.SIGTERM)
                redis_process.wait(timeout=10)
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
