"""The store checked before it is trusted, and a store that fails with nothing spent
becoming unspent: `referee serve` stopped at start, in one line naming the store and
the reason, by a read-only file, a damaged one, an unreachable Redis or one that may
evict keys; `/readyz` 503 while the store cannot be used (a disk that fills, a Redis
switched to evicting while the service runs), `/healthz` 200 all the while.

Each fault is real: a tmpfs remounted read-only or filled to its last KiB (skipped
where no tmpfs can be mounted), bytes written over the SQLite file, a real
redis-server with `maxmemory-policy allkeys-lru` and its memory filled.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from referee.http import create_app
from referee.sealed.sqlite_store import SqliteStore
from support.filesystems import fill, remount_read_only, tmpfs
from support.live import free_port, running_referee
from support.redis_server import RedisServer
from support.sealed_games import KEY, post

#: Each starts `referee serve` or a redis-server.
pytestmark = pytest.mark.slow


def serve_refused(env):
    """`referee serve` with `env` added: its exit status and its last line, once it has
    stopped (a serve that starts is stopped after a minute, and fails the test)."""
    process = subprocess.Popen([sys.executable, "-m", "referee.cli", "serve", "--port", str(free_port()),
                                "--workers", "1"], env={**os.environ, "REFEREE_SEAL_KEYS": KEY, **env},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.communicate()
        raise AssertionError("referee serve started on a store it cannot use")
    return process.returncode, err.strip().splitlines()[-1]


def test_serve_refuses_a_damaged_store_file(tmp_path):
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is no database at all " * 200)
    status, line = serve_refused({"REFEREE_STORE": str(garbage)})
    assert status == 1
    assert line == f"referee serve: the store file {garbage} cannot be opened: file is not a database"
    # A whole header, damaged pages: SQLite's quick check finds them.
    damaged = tmp_path / "damaged.sqlite3"
    store = SqliteStore(damaged, 30)
    connection = store._connection()
    connection.executemany("INSERT INTO games VALUES (?, ?, 1, 0, 0)", ((f"game-{n}", "t" * 40) for n in range(2000)))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    data = bytearray(damaged.read_bytes())
    data[4096 * 2:4096 * 4] = b"\xa5" * 8192
    damaged.write_bytes(bytes(data))
    status, line = serve_refused({"REFEREE_STORE": str(damaged)})
    assert status == 1 and line.startswith(f"referee serve: the store {damaged} cannot be used: ")
    assert "damaged" in line or "malformed" in line


def test_serve_refuses_a_read_only_store_file(tmp_path):
    with tmpfs(tmp_path / "ro", 1024) as folder:
        SqliteStore(folder / "store.sqlite3", 30).close()
        remount_read_only(folder)
        status, line = serve_refused({"REFEREE_STORE": str(folder / "store.sqlite3")})
    assert (status, line) == (1, f"referee serve: the store file {folder / 'store.sqlite3'} cannot be opened: "
                                 "it is on a read-only file system")


def test_serve_refuses_an_unreachable_redis_and_one_that_may_evict_keys(tmp_path):
    port = free_port()
    status, line = serve_refused({"REFEREE_STORE": f"redis://127.0.0.1:{port}/0"})
    assert status == 1
    assert line.startswith(f"referee serve: the store redis://127.0.0.1:{port}/0 cannot be used: the Redis store at "
                           f"redis://127.0.0.1:{port}/0 cannot be reached")
    redis = RedisServer(tmp_path / "lru")
    redis.start()
    try:
        redis.config("maxmemory", "2mb")
        redis.config("maxmemory-policy", "allkeys-lru")
        writer = redis.client()
        for n in range(64):  # its memory full: keys are being evicted
            writer.set(f"filler:{n}", b"x" * 65536)
        assert int(writer.info("stats")["evicted_keys"]) > 0
        status, line = serve_refused({"REFEREE_STORE": redis.url})
    finally:
        redis.stop()
    assert status == 1
    assert line == (f"referee serve: the store {redis.url} cannot be used: the Redis store at {redis.url} may evict "
                    "keys (maxmemory-policy allkeys-lru), and an evicted key is a forgotten spend: set "
                    "maxmemory-policy noeviction")


def test_serve_starts_on_a_store_it_can_use_and_readyz_says_so(tmp_path):
    port = free_port()
    with running_referee(port, "--workers", "1", env={"REFEREE_STORE": str(tmp_path / "ok.sqlite3")}):
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as answer:
            assert (answer.status, answer.read()) == (200, b'{"status":"ok","store":"%s"}' % str(
                tmp_path / "ok.sqlite3").encode())


def app(store):
    return create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": store}).test_client()


def draw_body(token, seat, player):
    return {"game": token, "seat": seat, "turn": {"player": player, "actions": [{"type": "draw"}]}}


def test_a_disk_that_fills_is_503_for_turns_and_nothing_spent_becomes_unspent(tmp_path):
    with tmpfs(tmp_path / "small", 2048) as folder:
        client = app(str(folder / "store.sqlite3"))
        junk = fill(folder, leave_kib=192)
        spent, latest, statuses = [], [], []
        for _ in range(200):  # about 4 kB a game: the disk is full long before
            game = post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
            answer = client.post("/v1/turns", json=draw_body(game["game"], game["seats"][0], 0))
            statuses.append(answer.status_code)
            if answer.status_code != 200:
                break
            spent.append((game["game"], game["seats"][0]))
            latest.append((answer.json["game"], game["seats"][1]))
        assert statuses[-1] == 503 and set(statuses[:-1]) == {200} and len(spent) > 5, statuses
        assert answer.json["code"] == "STORE_UNAVAILABLE"
        ready = client.get("/readyz")
        assert ready.status_code == 503 and "KiB free: spends may not fit" in ready.json["detail"], ready.json
        assert client.get("/healthz").status_code == 200
        # While full: no spent token plays.
        assert {client.post("/v1/turns", json=draw_body(token, seat, 0)).status_code for token, seat in spent} <= {409, 503}
        junk.unlink()
        assert client.get("/readyz").status_code == 200
        # Room again: every token spent before is still spent, and the games go on.
        refused = [client.post("/v1/turns", json=draw_body(token, seat, 0)).json["code"] for token, seat in spent]
        assert refused == ["TOKEN_SPENT"] * len(spent)
        token, seat = latest[0]
        assert post(client, "/v1/turns", draw_body(token, seat, 1), 200)["turn"] == 2
        client.application.extensions["sealed"].store.close()


def test_a_redis_switched_to_evicting_while_running_is_not_ready_and_no_spent_token_plays(tmp_path):
    redis = RedisServer(tmp_path / "switched")
    redis.start()
    try:
        client = app(redis.url)
        assert client.get("/readyz").json == {"status": "ok", "store": redis.url}
        spent = []
        for _ in range(5):
            game = post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
            post(client, "/v1/turns", draw_body(game["game"], game["seats"][0], 0), 200)
            spent.append((game["game"], game["seats"][0]))
        # Switched while the service runs, then its memory filled: keys are evicted.
        redis.config("maxmemory", "4mb")
        redis.config("maxmemory-policy", "allkeys-lru")
        writer = redis.client()
        for n in range(200):
            writer.set(f"filler:{n}", b"x" * 65536)
        assert int(writer.info("stats")["evicted_keys"]) > 0
        time.sleep(1.1)  # the service reads the policy once a second
        ready = client.get("/readyz")
        assert ready.status_code == 503 and "maxmemory-policy allkeys-lru" in ready.json["detail"]
        assert client.get("/healthz").status_code == 200
        answers = [client.post("/v1/turns", json=draw_body(token, seat, 0)) for token, seat in spent]
        assert [(a.status_code, a.json["code"]) for a in answers] == [(503, "STORE_UNAVAILABLE")] * 5
        # Back to noeviction: what was evicted stays a reason to refuse, until an operator
        # resets the statistics.
        redis.config("maxmemory-policy", "noeviction")
        time.sleep(1.1)
        ready = client.get("/readyz")
        assert ready.status_code == 503 and "has evicted" in ready.json["detail"]
        assert {client.post("/v1/turns", json=draw_body(token, seat, 0)).status_code for token, seat in spent} == {503}
    finally:
        redis.stop()
