"""The store with real parts: `referee serve` with several gunicorn workers on one
SQLite file, and two `referee serve` instances on a real redis-server behind nginx
(deploy/nginx/referee.conf, as bench/cluster_bench.py runs it).

Each time many clients send a turn on one token at the same moment: exactly one is
200, every other is 409 TOKEN_SPENT naming that one's token. Then Redis is killed in
the middle of a game: a turn is 503 STORE_UNAVAILABLE and nothing is played; once
Redis is back (its append-only file read again) the same turn is played, and the
tokens spent before the outage are still spent.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from referee.sealed.sealing import new_key
from support.redis_server import RedisServer, free_port

#: Starts services (gunicorn workers, Redis, nginx) for some seconds each.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def cluster_bench():
    """bench/cluster_bench.py, for its Instance and Nginx."""
    spec = importlib.util.spec_from_file_location("cluster_bench", ROOT / "bench" / "cluster_bench.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cluster_bench", module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def call(port, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def race(ports, body, clients=12):
    """`clients` threads send `body` at once, spread over `ports`; their answers."""
    answers, barrier = [], threading.Barrier(clients)

    def send(n):
        barrier.wait()
        answers.append(call(ports[n % len(ports)], "/v1/turns", body))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def assert_one_played(answers, clients=12):
    assert len(answers) == clients
    played = [body for status, body in answers if status == 200]
    refused = [(status, body["code"], body["game"], body["turn"]) for status, body in answers if status != 200]
    assert len(played) == 1, [a[0] for a in answers]
    assert refused == [(409, "TOKEN_SPENT", played[0]["game"], played[0]["turn"])] * (clients - 1)
    return played[0]


def new_game(port):
    status, game = call(port, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True})
    assert status == 201, game
    return game


def draw(token, seat, player):
    return {"game": token, "seat": seat, "turn": {"player": player, "actions": [{"type": "draw"}]}}


def test_several_workers_on_one_sqlite_file_play_a_token_once(tmp_path, monkeypatch):
    bench = cluster_bench()
    monkeypatch.setenv("REFEREE_STORE", str(tmp_path / "store" / "sealed.sqlite3"))
    monkeypatch.setenv("REFEREE_SEAL_KEYS", new_key())
    instance = bench.Instance(free_port(), tmp_path / "serve.log")
    try:
        # Three workers, not the cluster's one: the race is between processes on one file.
        with open(instance.log_path, "ab") as log:
            instance.process = subprocess.Popen(
                [str(Path(sys.executable).with_name("referee")), "serve", "--host", "127.0.0.1",
                 "--port", str(instance.port), "--workers", "3", "--access-log", "off"],
                stdout=log, stderr=log, start_new_session=True)
        bench.wait_healthy(instance.port)
        game = new_game(instance.port)
        token = game["game"]
        for turn in range(4):  # each turn raced by twelve clients; the winner's token goes on
            player = turn % 2
            played = assert_one_played(race([instance.port], draw(token, game["seats"][player], player)))
            assert played["turn"] == turn + 1
            token = played["game"]
    finally:
        instance.stop()
        instance.kill_leftovers()
    log = (tmp_path / "serve.log").read_text()
    assert f"sealed games are kept in {tmp_path / 'store' / 'sealed.sqlite3'} (shared by the 3 workers" in log


def test_two_instances_on_redis_behind_nginx_play_a_token_once_and_live_through_redis_going_away(tmp_path, monkeypatch):
    bench = cluster_bench()
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    monkeypatch.setenv("REFEREE_STORE", redis.url)
    monkeypatch.setenv("REFEREE_SEAL_KEYS", new_key())
    instances = [bench.Instance(free_port(), tmp_path / f"referee-{n}.log") for n in range(2)]
    nginx = bench.Nginx(tmp_path, free_port(), [i.port for i in instances])
    try:
        for instance in instances:
            instance.start()
        nginx.start()
        ports = [nginx.port]
        game = new_game(nginx.port)
        ann, ben = game["seats"]
        first = assert_one_played(race(ports, draw(game["game"], ann, 0)))
        # Straight to each instance as well as through nginx: all share the one Redis.
        second = assert_one_played(race([nginx.port, *[i.port for i in instances]], draw(first["game"], ben, 1)))

        redis.kill()
        status, down = call(nginx.port, "/v1/turns", draw(second["game"], ann, 0))
        assert (status, down["code"]) == (503, "STORE_UNAVAILABLE")
        assert down["detail"].startswith("The referee's store of played tokens cannot be reached")
        assert set(down) == {"type", "title", "status", "code", "detail"}
        status, still = call(instances[1].port, "/v1/turns", draw(second["game"], ann, 0))
        assert (status, still["code"]) == (503, "STORE_UNAVAILABLE")
        # Looking needs no store.
        assert call(nginx.port, "/v1/views", {"game": second["game"], "seat": ben})[0] == 200

        redis.start()
        for _ in range(5):  # a connection the outage broke may answer 503 once more
            status, third = call(nginx.port, "/v1/turns", draw(second["game"], ann, 0))
            if status != 503:
                break
        assert status == 200 and third["turn"] == 3  # the game goes on from where it was
        status, spent = call(nginx.port, "/v1/turns", draw(first["game"], ben, 1))
        assert (status, spent["code"], spent["game"]) == (409, "TOKEN_SPENT", third["game"])  # kept through the restart
        assert_one_played(race(ports, draw(third["game"], ben, 1)))
    finally:
        nginx.stop()
        for instance in instances:
            instance.stop()
            instance.kill_leftovers()
        redis.stop()
    for n in range(2):
        assert f"sealed games are kept in {redis.url}" in (tmp_path / f"referee-{n}.log").read_text()
