"""`referee serve` as a running service: its worker model and what it does at the socket.

Each test starts the real command on a free loopback port (see `support.live`).
"""

from __future__ import annotations

import http.client
import json
import signal
import socket
import time

import pytest

from referee import __version__
from support.live import free_port, running_referee, typical_turn_body

HEALTHY = b'{"status":"ok","version":"%s"}' % __version__.encode()

#: Every test starts `referee serve`.
pytestmark = pytest.mark.slow

#: "At once": far below gunicorn's 5 s wait for a silent connection and its 30 s timeout.
AT_ONCE = 1.0


def test_idle_connections_do_not_keep_others_waiting():
    # Browsers open connections before they need them and keep them open between
    # requests. Neither kind may hold the thread another client needs.
    port = free_port()
    with running_referee(port, "--workers", "1", "--threads", "16"):
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(8)]
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        kept.request("GET", "/healthz")
        answer = kept.getresponse()
        assert (answer.status, answer.read(), answer.getheader("Connection")) == (200, HEALTHY, "keep-alive")
        try:
            for _ in range(3):
                started = time.monotonic()
                other = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                other.request("GET", "/healthz")
                health = other.getresponse()
                assert (health.status, json.loads(health.read())) == (200, {"status": "ok", "version": "0.2.0"})
                other.request("POST", "/v1/turns", typical_turn_body(), {"Content-Type": "application/json"})
                turn = other.getresponse()
                assert (turn.status, json.loads(turn.read())["state"]["current"]) == (200, 1)
                other.close()
                assert time.monotonic() - started < AT_ONCE
            # The kept-alive connection, idle all this while, still serves its next request.
            kept.request("GET", "/healthz")
            again = kept.getresponse()
            assert (again.status, again.read()) == (200, HEALTHY)
        finally:
            kept.close()
            for s in silent:
                s.close()


def test_answers_keep_the_connection_alive():
    port = free_port()
    with running_referee(port, "--workers", "1"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        statuses, sockets = [], []
        for _ in range(3):
            connection.request("POST", "/v1/turns", typical_turn_body(), {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            statuses.append((answer.status, answer.getheader("Connection")))
            sockets.append(connection.sock)
        connection.close()
        assert statuses == [(200, "keep-alive")] * 3
        # One socket served all three (http.client drops it after "Connection: close").
        assert sockets[0] is not None and sockets.count(sockets[0]) == 3


def test_a_client_that_sends_its_whole_oversized_body_reads_the_413():
    # requests (like http.client) sends the whole body before it reads the answer: the
    # server must read what comes rather than close the socket under it.
    import requests

    port = free_port()
    with running_referee(port, "--workers", "1"):
        with requests.Session() as session:
            for _ in range(2):  # and the connection serves on afterwards
                answer = session.post(f"http://127.0.0.1:{port}/v1/turns", data=b" " * (3 * 1024 * 1024),
                                      headers={"Content-Type": "application/json"}, timeout=10)
                assert (answer.status_code, answer.json()["code"]) == (413, "PAYLOAD_TOO_LARGE")
            health = session.get(f"http://127.0.0.1:{port}/healthz", timeout=5)
            assert health.status_code == 200


def test_serve_reads_its_settings_from_the_environment_and_flags_win():
    import subprocess

    env_port, flag_port = free_port(), free_port()
    env = {"REFEREE_PORT": str(env_port), "REFEREE_WORKERS": "1", "REFEREE_THREADS": "4",
           "REFEREE_ACCESS_LOG": "json", "REFEREE_CORS_ORIGINS": "https://table.example"}
    with running_referee(env_port, env=env, stdout=subprocess.PIPE) as process:
        connection = http.client.HTTPConnection("127.0.0.1", env_port, timeout=5)
        connection.request("GET", "/healthz", headers={"Origin": "https://table.example", "X-Request-ID": "env-1"})
        answer = connection.getresponse()
        answer.read()
        assert answer.getheader("Access-Control-Allow-Origin") == "https://table.example"
        connection.close()
    lines = [json.loads(line) for line in process.stdout.read().decode().splitlines() if line.startswith("{")]
    assert {"method": "GET", "path": "/healthz", "status": 200, "request_id": "env-1"}.items() <= lines[-1].items()
    # A flag wins over the environment.
    with running_referee(flag_port, "--port", str(flag_port), "--access-log", "off", env=env,
                         stdout=subprocess.PIPE) as process:
        connection = http.client.HTTPConnection("127.0.0.1", flag_port, timeout=5)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        connection.close()
    assert b'"path"' not in process.stdout.read()


def test_a_sigterm_lets_the_request_in_flight_finish_and_the_service_exits_cleanly(tmp_path):
    # Deployments stop the service with SIGTERM (a rolling update, `docker stop`). A turn
    # being received at that moment must still get its whole answer, and the service must
    # then exit by itself, with status 0 and no error in its log.
    port = free_port()
    body = typical_turn_body()
    log = tmp_path / "serve.log"
    with log.open("wb") as errors, running_referee(port, "--workers", "1", stderr=errors) as process:
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        head = (f"POST /v1/turns HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        # Half the body: the worker has the request and waits for the rest when SIGTERM comes.
        client.sendall(head + body[: len(body) // 2])
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        assert process.poll() is None  # still finishing the request
        client.sendall(body[len(body) // 2:])
        answer = http.client.HTTPResponse(client)
        answer.begin()
        assert answer.status == 200
        assert json.loads(answer.read())["state"]["current"] == 1
        client.close()
        assert process.wait(timeout=15) == 0
    text = log.read_text()
    assert "Shutting down: Master" in text
    assert "Traceback" not in text and "[ERROR]" not in text and "[CRITICAL]" not in text, text
