"""Claims safe to retry: `POST /v1/seats` with a `claim` text answers the same seat key
to the same claim however often, and `409 SEAT_TAKEN` to any other; the store keeps a
digest of the claim only.

Attacks and faults tried: a claim whose answer is lost (the socket closed before the
answer is read) sent again, through a real `referee serve`; claims of one seat with
different texts racing from threads (SQLite and a real redis-server) and from two
`referee serve` processes on one SQLite file; the claim text looked for in the store
file.
"""

from __future__ import annotations

import http.client
import json
import select
import socket
import sqlite3
import threading

import pytest

from referee.http import create_app
from referee.sealed.store import claim_digest
from support.live import free_port, running_referee
from support.redis_server import RedisServer
from support.sealed_games import KEY, STORE_FILE, client, opened, post

STORE = client()
CLAIM = "a7d0c1f2-claim-of-ann"


def invited(client=STORE):
    return post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True}, 201)


def claim(game, seat, text=None, client=STORE, status=None):
    body = {"game": game["game"], "invitation": game["invitations"][seat]}
    if text is not None:
        body["claim"] = text
    return post(client, "/v1/seats", body, status)


def test_the_same_claim_is_answered_the_same_key_and_any_other_is_refused():
    game = invited()
    first = claim(game, 0, CLAIM, status=200)
    again = [claim(game, 0, CLAIM, status=200) for _ in range(3)]
    assert again == [first] * 3 and first["player"] == 0 and len(first["seat"]) == 96
    other = claim(game, 0, CLAIM + "-other", status=409)
    assert other["code"] == "SEAT_TAKEN"
    assert claim(game, 0, status=409)["code"] == "SEAT_TAKEN"  # and without a claim
    # The key plays the seat.
    played = post(STORE, "/v1/turns", {"game": game["game"], "seat": first["seat"],
                                       "turn": {"player": 0, "actions": [{"type": "draw"}]}}, 200)
    # A claim sent again with a later token of the game is still the same key.
    assert claim({**game, "game": played["game"]}, 0, CLAIM, status=200) == first


def test_a_claim_without_claim_text_is_answered_once_and_shuts_out_claims_with_one():
    game = invited()
    ben = claim(game, 1, status=200)
    assert claim(game, 1, status=409)["code"] == "SEAT_TAKEN"
    assert claim(game, 1, "now-with-a-claim-text", status=409)["code"] == "SEAT_TAKEN"
    # Two claims without a text get two different keys, the first only valid answer.
    assert len(ben["seat"]) == 96


def test_two_games_and_two_seats_make_different_keys_from_one_claim_text():
    game, other = invited(), invited()
    keys = {claim(game, 0, CLAIM, status=200)["seat"], claim(game, 1, CLAIM, status=200)["seat"],
            claim(other, 0, CLAIM, status=200)["seat"]}
    assert len(keys) == 3


@pytest.mark.parametrize("text, pointer", [("x" * 15, "/claim"), ("x" * 65, "/claim"), (17, "/claim")])
def test_a_claim_text_of_the_wrong_length_or_kind_is_a_schema_violation(text, pointer):
    game = invited()
    refused = claim(game, 0, text, status=400)
    assert (refused["code"], refused["errors"][0]["pointer"]) == ("SCHEMA_VIOLATION", pointer)
    claim(game, 0, "x" * 16, status=200)  # the seat was not claimed by the refused one
    assert claim(game, 0, "x" * 64, status=409)["code"] == "SEAT_TAKEN"


def test_the_store_keeps_the_claims_digest_and_never_its_text():
    text = "only-a-digest-of-this-claim-text"
    game = invited()
    claim(game, 1, text, status=200)
    identity = opened(game["game"]).game
    with sqlite3.connect(STORE_FILE) as connection:
        (kept,) = connection.execute("SELECT claim FROM seats WHERE game = ? AND seat = 1", (identity,)).fetchone()
    assert kept == claim_digest(identity, 1, text) and len(kept) == 32
    for name in (STORE_FILE, STORE_FILE.with_name(STORE_FILE.name + "-wal")):
        assert text.encode() not in name.read_bytes() if name.exists() else True


def send_and_drop(port, body):
    """Send a POST /v1/seats, wait until its answer has come (the referee has claimed),
    and close the socket without reading it: the answer is lost."""
    raw = json.dumps(body).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"POST /v1/seats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(raw), raw))
        readable, _, _ = select.select([s], [], [], 10)
        assert readable, "no answer came"


def call(port, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


@pytest.mark.slow
def test_a_claim_whose_answer_was_lost_is_answered_again_through_a_real_server(tmp_path):
    port = free_port()
    env = {"REFEREE_STORE": str(tmp_path / "store.sqlite3"), "REFEREE_SEAL_KEYS": KEY}
    with running_referee(port, "--workers", "2", "--access-log", "off", env=env):
        status, game = call(port, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True})
        assert status == 201
        ann = {"game": game["game"], "invitation": game["invitations"][0], "claim": CLAIM}
        send_and_drop(port, ann)
        status, retried = call(port, "/v1/seats", ann)
        assert (status, retried["player"]) == (200, 0)
        assert call(port, "/v1/seats", ann) == (200, retried)
        # The key plays Ann's seat.
        status, played = call(port, "/v1/turns", {"game": game["game"], "seat": retried["seat"],
                                                  "turn": {"player": 0, "actions": [{"type": "draw"}]}})
        assert (status, played["turn"]) == (200, 1)
        # Without a claim text, the same lost answer locks the seat: the retry is 409.
        ben = {"game": game["game"], "invitation": game["invitations"][1]}
        send_and_drop(port, ben)
        status, locked = call(port, "/v1/seats", ben)
        assert (status, locked["code"]) == (409, "SEAT_TAKEN")


def race_claims(send, claimants=8):
    """`claimants` threads claim one seat at once, each with a claim text of its own."""
    answers, barrier = [], threading.Barrier(claimants)

    def one(n):
        barrier.wait()
        answers.append((n, *send(n, f"racing-claimant-number-{n:02d}")))

    threads = [threading.Thread(target=one, args=(n,)) for n in range(claimants)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    won = [(n, body) for n, status, body in answers if status == 200]
    assert len(answers) == claimants and len(won) == 1, sorted((n, status) for n, status, _ in answers)
    assert sorted(body["code"] for _, status, body in answers if status != 200) == ["SEAT_TAKEN"] * (claimants - 1)
    return won[0]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.mark.parametrize("backend", ["sqlite", "redis"])
def test_racing_claims_with_different_texts_one_wins_and_keeps_its_key(backend, redis_server, tmp_path):
    store = str(tmp_path / "race.sqlite3") if backend == "sqlite" else redis_server.url
    app = create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": store})
    game = post(app.test_client(), "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True}, 201)

    def send(n, text):
        answer = app.test_client().post("/v1/seats", json={"game": game["game"], "invitation": game["invitations"][1],
                                                            "claim": text})
        return answer.status_code, answer.json

    winner, key = race_claims(send)
    again = app.test_client().post("/v1/seats", json={"game": game["game"], "invitation": game["invitations"][1],
                                                       "claim": f"racing-claimant-number-{winner:02d}"})
    assert (again.status_code, again.json) == (200, key)


@pytest.mark.slow
def test_racing_claims_at_two_processes_on_one_store_one_wins(tmp_path):
    env = {"REFEREE_STORE": str(tmp_path / "shared.sqlite3"), "REFEREE_SEAL_KEYS": KEY}
    ports = [free_port(), free_port()]
    with running_referee(ports[0], "--workers", "1", "--access-log", "off", env=env), \
            running_referee(ports[1], "--workers", "1", "--access-log", "off", env=env):
        for seat in (0, 1):
            status, game = call(ports[0], "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True})
            assert status == 201

            def send(n, text, game=game, seat=seat):
                return call(ports[n % 2], "/v1/seats",
                            {"game": game["game"], "invitation": game["invitations"][seat], "claim": text})

            winner, key = race_claims(send)
            # Either process answers the winner's claim again with its key.
            text = f"racing-claimant-number-{winner:02d}"
            for port in ports:
                assert call(port, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][seat],
                                                "claim": text}) == (200, key)
