"""Hostile input: each is answered quickly with the right problem document, and the
service keeps serving.

Most cases run in-process through the Flask test client. The ones that depend on the
server's handling of the socket (a body over the limit that is never sent in full, a
chunked body over the limit, broken chunked framing) run against a real `referee serve`
started on a free loopback port for this module and stopped after it.
"""

from __future__ import annotations

import copy
import json
import os
import signal
import socket
import subprocess
import sys
import time

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.contract_check import schema_validator
from referee.http import create_app
from referee.http.bodies import MAX_BODY, _refuse_duplicate_keys
from referee.http.problems import Problem

# Seconds: the bound on every answer here. Most take a millisecond and the largest about
# 0.1 s on a quiet machine; the bound is there to catch work that grows out of bounds
# (a quadratic pass over a 100,000-card hand takes hours), not to time the service, so it
# leaves room for a loaded CI machine (1 s was seen exceeded at 1.05-1.4 s under load).
FAST = 5.0

app = create_app({"TESTING": True})


@pytest.fixture(scope="module")
def client():
    return app.test_client()


@pytest.fixture(scope="module")
def state(client):
    return client.post("/v1/games", json={"players": ["Timo", "Vera"], "seed": 42}).json["state"]


def send(client, data: bytes, path="/v1/turns", content_type="application/json", **kwargs):
    started = time.perf_counter()
    response = client.post(path, data=data, content_type=content_type, **kwargs)
    elapsed = time.perf_counter() - started
    assert elapsed < FAST, f"{elapsed:.2f}s"
    return response


def assert_problem(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.data[:300]
    assert response.mimetype == "application/problem+json"
    body = json.loads(response.data)
    assert body["code"] == code, body
    assert body["status"] == status
    errors = list(schema_validator("problem.json").iter_errors(body))
    assert not errors, errors[0].message
    return body


def turn_body(state, **turn) -> dict:
    return {"state": copy.deepcopy(state), "turn": {"player": 0, "actions": [{"type": "draw"}], **turn}}


# -- size -------------------------------------------------------------------------------------


def test_a_body_over_one_mebibyte_is_413(client):
    assert_problem(send(client, b" " * (MAX_BODY + 1)), 413, "PAYLOAD_TOO_LARGE")


def test_a_body_of_exactly_one_mebibyte_is_read(client):
    # The limit is "over 1 MiB": a body of exactly 1 MiB is read (and here is not JSON).
    assert_problem(send(client, b" " * MAX_BODY), 400, "MALFORMED_JSON")


# gunicorn and granian end the body's stream themselves (wsgi.input_terminated), and the
# referee then reads a body with a Content-Length straight from it: the same answers.
TERMINATED = {"wsgi.input_terminated": True}


def test_a_body_from_a_server_that_ends_the_stream_is_read_the_same(client, state):
    body = orjson.dumps(turn_body(state))
    answers = [send(client, body, environ_overrides=extra) for extra in ({}, TERMINATED)]
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json == answers[1].json
    assert_problem(send(client, b" " * MAX_BODY, environ_overrides=TERMINATED), 400, "MALFORMED_JSON")
    assert_problem(send(client, b" " * (MAX_BODY + 1), environ_overrides=TERMINATED), 413, "PAYLOAD_TOO_LARGE")
    assert_problem(send(client, b'{"state": 1', environ_overrides=TERMINATED), 400, "MALFORMED_JSON")


def test_a_hand_of_100000_cards_is_refused_by_the_schema_with_a_bounded_problem(client, state):
    body = turn_body(state)
    body["state"]["players"][0]["hand"] = ["R1"] * 100_000
    raw = orjson.dumps(body)
    assert len(raw) < MAX_BODY
    response = send(client, raw)
    problem = assert_problem(response, 400, "SCHEMA_VIOLATION")
    assert "/state/players/0/hand" in [e["pointer"] for e in problem["errors"]]
    assert len(response.data) < 10_000  # the 500 KB hand is not quoted back


def test_a_name_of_most_of_a_mebibyte_is_not_quoted_back_whole(client, state):
    body = turn_body(state)
    body["state"]["players"][0]["name"] = "x" * 1_000_000
    response = send(client, orjson.dumps(body))
    assert_problem(response, 400, "SCHEMA_VIOLATION")
    assert len(response.data) < 10_000


# -- nesting ----------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [255, 300, 1000, 1025, 50_000])
def test_deeply_nested_arrays_are_malformed(client, depth):
    assert_problem(send(client, b"[" * depth + b"]" * depth), 400, "MALFORMED_JSON")


@pytest.mark.parametrize("depth", [300, 20_000])
def test_deeply_nested_objects_are_malformed(client, depth):
    assert_problem(send(client, b'{"a":' * depth + b"1" + b"}" * depth), 400, "MALFORMED_JSON")


def test_nesting_inside_a_valid_looking_body_is_malformed(client, state):
    deep = b"[" * 400 + b"]" * 400
    raw = orjson.dumps(turn_body(state)).replace(b'"passes":0', b'"passes":' + deep)
    assert_problem(send(client, raw), 400, "MALFORMED_JSON")


def test_moderate_nesting_is_a_schema_violation(client):
    assert_problem(send(client, b"[" * 200 + b"]" * 200), 400, "SCHEMA_VIOLATION")


# -- numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [b"1" + b"0" * 100, b"-1" + b"0" * 100, b"1e300", b"18446744073709551616"])
def test_huge_numbers_are_schema_violations(client, state, number):
    raw = orjson.dumps(turn_body(state)).replace(b'"passes":0', b'"passes":' + number)
    assert_problem(send(client, raw), 400, "SCHEMA_VIOLATION")


@pytest.mark.parametrize("number", [b"1" + b"0" * 100, b"9223372036854775808", b"-1"])
def test_a_seed_out_of_range_is_a_schema_violation(client, number):
    raw = b'{"players": ["A", "B"], "seed": ' + number + b"}"
    assert_problem(send(client, raw, "/v1/games"), 400, "SCHEMA_VIOLATION")


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity", b"1e400", b"-1e400"])
def test_nan_and_infinity_are_malformed(client, state, number):
    raw = orjson.dumps(turn_body(state)).replace(b'"passes":0', b'"passes":' + number)
    assert_problem(send(client, raw), 400, "MALFORMED_JSON")


@pytest.mark.parametrize("field, written", [("seed", b"1.0"), ("seed", b"1e0"), ("first", b"1.0")])
def test_a_whole_number_written_as_a_float_is_read_as_the_integer(client, field, written):
    # JSON Schema calls 1.0 and 1e0 integers, so the service accepts them and reads 1.
    raw = b'{"players": ["A", "B"], "%s": %s}' % (field.encode(), written)
    exact = send(client, b'{"players": ["A", "B"], "%s": 1}' % field.encode(), "/v1/games")
    answer = send(client, raw, "/v1/games")
    assert answer.status_code == 201
    if field == "seed":
        assert (answer.json["seed"], answer.json["state"]) == (1, exact.json["state"])
    else:
        assert answer.json["state"]["current"] == 1


def test_a_float_with_a_fraction_is_a_schema_violation_at_its_pointer(client):
    problem = assert_problem(send(client, b'{"players": ["A", "B"], "first": 0.5}', "/v1/games"), 400, "SCHEMA_VIOLATION")
    assert problem["errors"][0]["pointer"] == "/first"


def test_a_whole_float_in_a_state_is_read_as_the_integer(client, state):
    raw = orjson.dumps(turn_body(state))
    floated = raw.replace(b'"passes":0', b'"passes":0.0')
    assert floated != raw
    assert (send(client, floated).status_code, send(client, floated).data) == (200, send(client, raw).data)


# -- duplicate keys ---------------------------------------------------------------------------


def test_a_duplicate_key_is_malformed(client):
    problem = assert_problem(send(client, b'{"players": ["A", "B"], "seed": 1, "seed": 2}', "/v1/games"), 400, "MALFORMED_JSON")
    assert '"seed"' in problem["detail"]


def test_a_duplicate_key_deep_in_a_state_is_malformed(client, state):
    raw = orjson.dumps(turn_body(state)).replace(b'"current":0', b'"current":0,"current":1')
    assert_problem(send(client, raw), 400, "MALFORMED_JSON")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"players": ["A", "B"], "s\\u0065ed": 1, "seed": 2}',  # the same key, spelled differently
        b'{"players": ["A", "B"], "seed": 1, "seed": 1}',  # the same value twice
        b'{"players": ["A:B", "B"], "hidden": true, "hidden": false}',  # a ':' in a string
        b'{"players": ["A\\u003a", "B"], "first": 0, "first": 1}',  # an escaped ':'
    ],
)
def test_duplicate_keys_are_found_however_they_are_written(client, raw):
    assert_problem(send(client, raw, "/v1/games"), 400, "MALFORMED_JSON")


@pytest.mark.parametrize(
    "raw",
    [
        b'{"players": ["A:B", "C\\u003aD"], "seed": 1}',  # ':' in strings, no duplicate
        b'{"players": ["J\\u00fcrgen", "B"], "seed": 1}',  # escapes, no duplicate
        b'{"players": ["A", "B"], "seed": 1, "first": 1}',
    ],
)
def test_bodies_without_duplicates_pass_the_duplicate_check(client, raw):
    assert send(client, raw, "/v1/games").status_code == 201


# Any JSON text, written with arbitrary spacing and escapes: the cheap check refuses it
# exactly when the stdlib parser sees some object name a key twice.
keys = st.sampled_from(["a", "b", ":", "a:", "é", "\\"])
scalars = st.one_of(st.integers(-5, 5), st.sampled_from(["x", ":", "a:b", "\\", '"', "é", "::"]), st.none(), st.booleans())


def objects_as_pairs(children):
    return st.lists(st.tuples(keys, children), max_size=4).map(lambda pairs: ("object", pairs))


json_trees = st.recursive(scalars, lambda children: st.one_of(st.lists(children, max_size=3), objects_as_pairs(children)), max_leaves=12)


def write(tree, draw) -> str:
    if isinstance(tree, tuple):
        return "{" + ",".join(f"{write_string(k, draw)}{draw(st.sampled_from(['', ' ']))}:{write(v, draw)}" for k, v in tree[1]) + "}"
    if isinstance(tree, list):
        return "[" + ",".join(write(v, draw) for v in tree) + "]"
    if isinstance(tree, str):
        return write_string(tree, draw)
    return json.dumps(tree)


def write_string(text: str, draw) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif draw(st.booleans()):
            out.append(f"\\u{ord(ch):04{draw(st.sampled_from(['x', 'X']))}}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def has_duplicates(raw: bytes) -> bool:
    found = False

    def hook(pairs):
        nonlocal found
        found = found or len({k for k, _ in pairs}) != len(pairs)
        return dict(pairs)

    json.loads(raw, object_pairs_hook=hook)
    return found


@settings(max_examples=300)
@given(data=st.data(), tree=json_trees)
def test_the_cheap_duplicate_check_is_exact(data, tree):
    raw = write(tree, data.draw).encode()
    body = orjson.loads(raw)
    try:
        _refuse_duplicate_keys(raw, body)
        refused = False
    except Problem as problem:
        assert problem.code == "MALFORMED_JSON"
        refused = True
    assert refused == has_duplicates(raw), raw


# -- encoding and strings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b'{"players": ["A\xff", "B"]}',  # invalid UTF-8
        b'{"players": ["A\xc3", "B"]}',  # a truncated sequence
        b'{"players": ["\xed\xa0\x80", "B"]}',  # an encoded surrogate
        b'{"players": ["A\\ud800", "B"]}',  # a lone surrogate escape
        b'\xef\xbb\xbf{"players": ["A", "B"]}',  # a byte order mark
        b'{"players": ["A\x00", "B"]}',  # a raw NUL in a string
        b'{"players": ["A\x1f", "B"]}',  # a raw control character
        b'\x00{"players": ["A", "B"]}',
    ],
)
def test_bytes_that_are_not_json_text_are_malformed(client, raw):
    assert_problem(send(client, raw, "/v1/games"), 400, "MALFORMED_JSON")


def test_an_escaped_nul_in_a_card_is_a_schema_violation(client, state):
    body = turn_body(state, actions=[{"type": "draw", "card": "R1\u0000"}])
    assert_problem(send(client, orjson.dumps(body)), 400, "SCHEMA_VIOLATION")


def test_an_escaped_nul_in_a_name_is_kept_as_written(client):
    # A name is the caller's text; JSON can carry any character escaped, and the answer
    # writes it back escaped the same way.
    response = send(client, b'{"players": ["A\\u0000", "B"], "seed": 1}', "/v1/games")
    assert response.status_code == 201
    assert b'"A\\u0000"' in response.data


@pytest.mark.parametrize("card", ["R1\n", " R1", "r1", "R01", "R22", "Ｒ1"])
def test_near_miss_cards_are_schema_violations(client, state, card):
    body = turn_body(state, actions=[{"type": "place", "card": card}])
    assert_problem(send(client, orjson.dumps(body)), 400, "SCHEMA_VIOLATION")


# -- content type, empty bodies, scalars --------------------------------------------------------


@pytest.mark.parametrize(
    "content_type", [None, "", "text/plain", "application/x-www-form-urlencoded", "application/jsonx",
                     "application/problem+json", "multipart/form-data; boundary=x", "application/json; charset=latin-1",
                     "application/json; charset=utf-16"],
)
def test_a_wrong_or_missing_content_type_is_415(client, state, content_type):
    response = send(client, orjson.dumps(turn_body(state)), content_type=content_type)
    assert_problem(response, 415, "UNSUPPORTED_MEDIA_TYPE")


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "Application/JSON", "application/json;charset=UTF-8"])
def test_json_with_a_utf8_charset_or_any_case_is_accepted(client, state, content_type):
    assert send(client, orjson.dumps(turn_body(state)), content_type=content_type).status_code == 200


@pytest.mark.parametrize("raw", [b"", b" ", b"\r\n\t "])
def test_an_empty_body_is_malformed(client, raw):
    assert_problem(send(client, raw), 400, "MALFORMED_JSON")


@pytest.mark.parametrize("raw", [b"null", b"0", b"-1.5", b"true", b'"state"', b"[]", b"[{}]"])
def test_a_json_scalar_or_array_is_a_schema_violation(client, raw):
    problem = assert_problem(send(client, raw), 400, "SCHEMA_VIOLATION")
    assert problem["errors"][0]["pointer"] == ""


@pytest.mark.parametrize("raw", [b"{", b'{"state": }', b"{}}", b"{} {}", b"{'a': 1}", b'{"a": 1,}', b"[1, 2"])
def test_broken_json_is_malformed(client, raw):
    assert_problem(send(client, raw), 400, "MALFORMED_JSON")


@pytest.mark.parametrize("path", ["/v1/turns", "/v1/legal-actions", "/v1/replays", "/v1/scores", "/v1/games"])
def test_every_body_endpoint_refuses_the_same_way(client, path):
    assert_problem(send(client, b"{", path), 400, "MALFORMED_JSON")
    assert_problem(send(client, b"{}", path, content_type="text/plain"), 415, "UNSUPPORTED_MEDIA_TYPE")
    assert_problem(send(client, b"[]", path), 400, "SCHEMA_VIOLATION")
    assert_problem(send(client, b" " * (MAX_BODY + 1), path), 413, "PAYLOAD_TOO_LARGE")


# -- a real server: the socket level ------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """`referee serve` on a free loopback port, for this module; stopped after it."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--port", str(port), "--workers", "2", "--timeout", "10"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"referee serve did not start: {process.stderr.read()[-2000:]!r}")
                time.sleep(0.1)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def exchange(port: int, head: bytes, body: bytes = b"", timeout: float = 5.0) -> tuple[int, dict, float]:
    """Send raw bytes, read the answer; (status, problem, seconds)."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head)
        try:
            s.sendall(body)
        except OSError:  # the server may refuse before the body is all sent
            pass
        data = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    elapsed = time.perf_counter() - started
    head_part, _, payload = data.partition(b"\r\n\r\n")
    status = int(head_part.split(b" ", 2)[1])
    assert b"content-type: application/problem+json" in head_part.lower() or status < 400
    return status, (json.loads(payload) if status >= 400 else {}), elapsed


def post_head(path: str, **headers: str) -> bytes:
    # "Connection: close": the server keeps connections alive otherwise, and `exchange`
    # reads the answer up to the end of the connection.
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close", "Content-Type: application/json"]
    lines += [f"{k.replace('_', '-')}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunked(payload: bytes, size: int = 65536) -> bytes:
    pieces = [payload[i : i + size] for i in range(0, len(payload), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


@pytest.mark.slow
def test_live_a_declared_length_over_the_limit_is_refused_before_the_body_is_sent(server):
    # The client announces 100 MiB and sends none of it: the answer comes at once.
    status, problem, elapsed = exchange(server, post_head("/v1/turns", Content_Length=str(100 * MAX_BODY)))
    assert (status, problem["code"]) == (413, "PAYLOAD_TOO_LARGE")
    assert elapsed < FAST


@pytest.mark.slow
def test_live_a_body_of_exactly_one_mebibyte_is_read(server):
    status, problem, _ = exchange(server, post_head("/v1/turns", Content_Length=str(MAX_BODY)), b" " * MAX_BODY)
    assert (status, problem["code"]) == (400, "MALFORMED_JSON")


@pytest.mark.slow
def test_live_a_chunked_body_over_the_limit_is_413(server):
    # werkzeug stops reading a chunked body at the limit; the referee must not take the
    # first 1 MiB for the whole body (here it would be valid JSON followed by spaces).
    payload = b'{"players": ["A", "B"], "seed": 1}' + b" " * (2 * MAX_BODY)
    status, problem, elapsed = exchange(server, post_head("/v1/games", Transfer_Encoding="chunked"), chunked(payload))
    assert (status, problem["code"]) == (413, "PAYLOAD_TOO_LARGE")
    assert elapsed < 5 * FAST


@pytest.mark.slow
def test_live_a_small_chunked_body_is_read(server):
    payload = b'{"players": ["A", "B"], "seed": 1}'
    status, _, _ = exchange(server, post_head("/v1/games", Transfer_Encoding="chunked"), chunked(payload))
    assert status == 201


@pytest.mark.slow
def test_live_broken_chunked_framing_is_400(server):
    status, problem, elapsed = exchange(server, post_head("/v1/games", Transfer_Encoding="chunked"), b"5\r\n{\"pla\r\nzz\r\n")
    assert (status, problem["code"]) == (400, "MALFORMED_JSON")
    assert elapsed < FAST


@pytest.mark.slow
def test_live_hostile_bodies_do_not_stop_the_service(server):
    for raw in (b"[" * 50_000 + b"]" * 50_000, b'{"a":1,"a":2}', b"\xff", b"", b"NaN"):
        status, problem, elapsed = exchange(server, post_head("/v1/turns", Content_Length=str(len(raw))), raw)
        assert status == 400 and problem["code"] == "MALFORMED_JSON"
        assert elapsed < FAST
    status, _, _ = exchange(server, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert status == 200
