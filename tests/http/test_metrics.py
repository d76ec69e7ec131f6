"""`GET /metrics`: requests by route, method and status, problems by code, spends, store
errors and size, in Prometheus' text format; and through a real `referee serve` of two
workers, the counts of both added up."""

from __future__ import annotations

import json
import threading
import urllib.request
from pathlib import Path

from prometheus_client.mmap_dict import MmapedDict
from prometheus_client.parser import text_string_to_metric_families

from referee.http import create_app
from support.live import free_port, running_referee
from support.redis_server import RedisServer
from support.sealed_games import KEY


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """Every sample of an exposition, by name and sorted labels."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def scrape(client) -> dict[tuple[str, tuple], float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200 and answer.content_type.startswith("text/plain")
    assert answer.headers["Cache-Control"] == "no-store" and "ETag" not in answer.headers
    return samples(answer.get_data(as_text=True))


def requests(route, method, status):
    return ("referee_http_requests_total", (("method", method), ("route", route), ("status", status)))


def test_requests_problems_spends_and_the_store_are_counted(tmp_path):
    client = create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": str(tmp_path / "store.sqlite3"),
                         "NEW_GAMES_PER_MINUTE": 2}).test_client()
    game = client.post("/v1/games", json={"players": ["Ann", "Ben"], "sealed": True}).json
    draw = {"game": game["game"], "seat": game["seats"][0], "turn": {"player": 0, "actions": [{"type": "draw"}]}}
    assert client.post("/v1/turns", json=draw).status_code == 200  # the short way
    assert client.post("/v1/turns", json=draw).status_code == 409
    assert client.post("/v1/games", json={"players": ["Ann", "Ben"], "sealed": True}).status_code == 201
    assert client.post("/v1/games", json={"players": ["Ann", "Ben"], "sealed": True}).status_code == 429
    assert client.get("/v1/rules/NOT_YOUR_TURN").status_code == 200
    assert client.get("/no/such/page").status_code == 404
    found = scrape(client)
    assert found[requests("/v1/games", "POST", "201")] == 2
    assert found[requests("/v1/games", "POST", "429")] == 1
    assert found[requests("/v1/turns", "POST", "200")] == 1
    assert found[requests("/v1/turns", "POST", "409")] == 1
    assert found[requests("/v1/rules/<code>", "GET", "200")] == 1
    assert found[requests("unmatched", "GET", "404")] == 1
    assert found[("referee_http_request_duration_seconds_count", (("route", "/v1/turns"),))] == 2
    assert found[("referee_problems_total", (("code", "TOKEN_SPENT"),))] == 1
    assert found[("referee_problems_total", (("code", "TOO_MANY_REQUESTS"),))] == 1
    assert found[("referee_sealed_spends_total", ())] == 1
    assert found[("referee_store_errors_total", ())] == 0
    size = (tmp_path / "store.sqlite3").stat().st_size + (tmp_path / "store.sqlite3-wal").stat().st_size
    assert found[("referee_store_size_bytes", ())] == size > 0
    # The scrape itself is counted once it is answered.
    assert scrape(client)[requests("/metrics", "GET", "200")] == 1


def test_a_store_that_does_not_answer_is_counted_as_errors_and_503s(tmp_path):
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        client = create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": server.url,
                             "NEW_GAMES_PER_MINUTE": 0}).test_client()
        game = client.post("/v1/games", json={"players": ["Ann", "Ben"], "sealed": True}).json
    finally:
        server.stop()  # from now on every spend fails
    draw = {"game": game["game"], "seat": game["seats"][0], "turn": {"player": 0, "actions": [{"type": "draw"}]}}
    assert client.post("/v1/turns", json=draw).status_code == 503
    found = scrape(client)
    assert found[("referee_store_errors_total", ())] == 1
    assert found[("referee_problems_total", (("code", "STORE_UNAVAILABLE"),))] == 1
    assert found[requests("/v1/turns", "POST", "503")] == 1
    assert found[("referee_sealed_spends_total", ())] == 0
    assert ("referee_store_size_bytes", ()) not in found  # nothing to read: no figure rather than a wrong one


def served_by(folder: Path, route: str) -> dict[int, float]:
    """Each worker's own count of 200s on `route`, from its file in the multiprocess folder."""
    counts = {}
    for path in folder.glob("counter_*.db"):
        pid = int(path.stem.split("_")[1])
        for key, value, _, _ in MmapedDict.read_all_values_from_file(str(path)):
            name, sample, labels, _ = json.loads(key)
            if sample == "referee_http_requests_total" and labels.get("route") == route and labels["status"] == "200":
                counts[pid] = counts.get(pid, 0) + value
    return counts


def test_the_counts_of_both_workers_of_referee_serve_add_up(tmp_path):
    port, folder = free_port(), tmp_path / "metrics"
    (folder).mkdir()
    (folder / "counter_1.db").write_bytes(b"an earlier run's file")  # serve empties the folder first
    with running_referee(port, "--workers", "2", env={"PROMETHEUS_MULTIPROC_DIR": str(folder)}):
        assert not (folder / "counter_1.db").exists()
        sent = 0

        def get(count):
            for _ in range(count):  # a connection each: the workers take turns accepting them
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/rulesets", timeout=30) as answer:
                    assert answer.status == 200

        # Until each worker has answered some (the kernel hands connections to either).
        while len(served_by(folder, "/v1/rulesets")) < 2:
            assert sent < 2000, "one worker answered every request"
            threads = [threading.Thread(target=get, args=(10,)) for _ in range(6)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            sent += 60
        per_worker = served_by(folder, "/v1/rulesets")
        assert len(per_worker) == 2 and sum(per_worker.values()) == sent
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30) as answer:
            found = samples(answer.read().decode())
        assert found[requests("/v1/rulesets", "GET", "200")] == sent
        assert found[("referee_http_request_duration_seconds_count", (("route", "/v1/rulesets"),))] == sent
