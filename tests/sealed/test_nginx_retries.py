"""The shipped nginx site (deploy/nginx/referee.conf) sends a POST again to the next
instance when one fails (`non_idempotent`): sealed games stay safe under it.

Two `referee serve` instances share one SQLite store, behind nginx. Between nginx and
the first instance a relay passes requests on; at the chosen request it lets the
instance do the work, reads its answer, kills the instance (SIGKILL to its process
group) and resets nginx's connection: an instance killed in the middle of a request,
after its store has recorded it. nginx sends the request to the second instance:

- a seat claim with its `claim` text is answered the same seat key the killed
  instance had made;
- a sealed turn is `409 TOKEN_SPENT` naming the very token the killed instance had
  made, and the game goes on from it.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from support.redis_server import free_port
from support.sealed_games import KEY

#: Starts nginx and two `referee serve`.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def cluster_bench():
    """bench/cluster_bench.py, for its Instance and Nginx."""
    spec = importlib.util.spec_from_file_location("cluster_bench", ROOT / "bench" / "cluster_bench.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("cluster_bench", module)
    spec.loader.exec_module(module)
    return module


def read_message(stream) -> bytes | None:
    """One HTTP/1.1 message (head and Content-Length body) from a socket file, or None
    at the end of the stream."""
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        line = stream.readline()
        if not line:
            return None
        head += line
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    return head + stream.read(length)


class KillingRelay:
    """Passes nginx's requests on to an instance; the first POST to a path in `armed`
    is done by the instance, whose answer is kept (`seen`), and then the instance is
    killed and nginx's connection reset before the answer reaches it."""

    def __init__(self, target):
        self.target = target
        self.armed: set[str] = set()
        self.seen: dict | None = None
        self.listener = socket.create_server(("127.0.0.1", free_port()))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.relay, args=(client,), daemon=True).start()

    def relay(self, client):
        with client, client.makefile("rb") as requests:
            while (request := read_message(requests)) is not None:
                try:  # a connection of its own for each request: the instance may have been restarted
                    with socket.create_connection(("127.0.0.1", self.target.port), timeout=30) as upstream, \
                            upstream.makefile("rb") as answers:
                        upstream.sendall(request)
                        answer = read_message(answers)
                except OSError:
                    return
                if answer is None:
                    return
                path = request.split(b" ", 2)[1].decode()
                if request.startswith(b"POST ") and path in self.armed:
                    self.armed.discard(path)
                    self.seen = json.loads(answer.split(b"\r\n\r\n", 1)[1])
                    os.killpg(self.target.process.pid, signal.SIGKILL)
                    self.target.process.wait()
                    # Reset, not closed: nginx learns of it as of an instance gone.
                    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    return
                client.sendall(answer)

    def close(self):
        self.listener.close()


def call(port, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def until_relayed(relay, send, tries=6):
    """Send (each time anew) until the relay has seen the armed request; its answer
    through nginx, and the killed instance's."""
    for _ in range(tries):
        answered = send()
        if relay.seen is not None:
            return answered, relay.seen
        time.sleep(2.2)  # in case nginx counted the relay failed (fail_timeout)
    raise AssertionError("nginx never sent the request through the relay")


def test_nginx_sending_a_claim_and_a_turn_again_after_an_instance_was_killed_is_safe(tmp_path, monkeypatch):
    bench = cluster_bench()
    monkeypatch.setenv("REFEREE_STORE", str(tmp_path / "shared.sqlite3"))
    monkeypatch.setenv("REFEREE_SEAL_KEYS", KEY)
    killed, other = (bench.Instance(free_port(), tmp_path / f"referee-{n}.log") for n in range(2))
    relay = KillingRelay(killed)
    nginx = bench.Nginx(tmp_path, free_port(), [relay.port, other.port])
    try:
        killed.start()
        other.start()
        nginx.start()

        relay.armed = {"/v1/seats"}

        def claim():
            # Straight to the other instance: only the armed request goes through nginx.
            status, game = call(other.port, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True})
            assert status == 201
            claim.game = game
            return call(nginx.port, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][0],
                                                  "claim": "retried-by-nginx-0001"})

        (status, answered), seen = until_relayed(relay, claim)
        assert (status, answered) == (200, seen)  # the key the killed instance had made
        assert killed.process.poll() is not None
        status, first = call(nginx.port, "/v1/turns", {"game": claim.game["game"], "seat": answered["seat"],
                                                        "turn": {"player": 0, "actions": [{"type": "draw"}]}})
        assert (status, first["turn"]) == (200, 1)  # the key plays Ann's seat

        killed.start()
        time.sleep(2.5)  # nginx counts the relay failed for fail_timeout (2 s)
        relay.seen, relay.armed = None, {"/v1/turns"}

        def turn():
            status, game = call(other.port, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True})
            assert status == 201
            turn.game = game
            return call(nginx.port, "/v1/turns", {"game": game["game"], "seat": game["seats"][0],
                                                  "turn": {"player": 0, "actions": [{"type": "draw"}]}})

        (status, answered), seen = until_relayed(relay, turn)
        assert seen["turn"] == 1 and "events" in seen
        assert (status, answered["code"], answered["game"], answered["turn"]) == (409, "TOKEN_SPENT", seen["game"], 1)
        # The game goes on from the token the killed instance made.
        status, second = call(nginx.port, "/v1/turns", {"game": seen["game"], "seat": turn.game["seats"][1],
                                                         "turn": {"player": 1, "actions": [{"type": "draw"}]}})
        assert (status, second["turn"]) == (200, 2)
    finally:
        relay.close()
        nginx.stop()
        for instance in (killed, other):
            instance.stop()
            instance.kill_leftovers()
