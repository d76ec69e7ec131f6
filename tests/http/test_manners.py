"""HTTP manners (referee/http/manners.py): CORS, ETag and 304, X-Request-ID, the access log."""

from __future__ import annotations

import json
import logging

import pytest

from referee.http import create_app


@pytest.fixture
def client():
    return create_app({"TESTING": True}).test_client()


def test_a_preflight_from_any_origin_is_answered(client):
    answer = client.options("/v1/turns", headers={
        "Origin": "https://bots.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    assert answer.headers["Access-Control-Allow-Headers"].lower() == "content-type"
    assert answer.headers["Access-Control-Max-Age"] == "86400"


def test_an_answer_to_another_origin_may_be_read_with_its_request_id(client):
    answer = client.get("/v1/rulesets", headers={"Origin": "https://bots.example"})
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert set(answer.headers["Access-Control-Expose-Headers"].split(", ")) == {
        "X-Request-ID", "ETag", "Content-Language"}


def test_cors_can_be_narrowed_to_a_list_of_origins():
    client = create_app({"TESTING": True, "CORS_ORIGINS": ["https://table.example"]}).test_client()
    allowed = client.get("/healthz", headers={"Origin": "https://table.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://table.example"
    assert "Origin" in allowed.headers["Vary"]
    other = client.get("/healthz", headers={"Origin": "https://elsewhere.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


@pytest.mark.parametrize("path", ["/v1/rules", "/v1/rules/CARD_LIMIT", "/v1/rulesets", "/openapi.yaml",
                                  "/openapi.json", "/schemas/state.json", "/docs"])
def test_unchanging_answers_carry_an_etag_and_answer_304_to_it(client, path):
    first = client.get(path)
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "public, max-age=3600"
    etag = first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert (again.status_code, again.data, again.headers["ETag"]) == (304, b"", etag)
    assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200


def test_each_language_has_its_own_etag(client):
    english = client.get("/v1/rules/CARD_LIMIT", headers={"Accept-Language": "en"})
    german = client.get("/v1/rules/CARD_LIMIT", headers={"Accept-Language": "de"})
    assert english.headers["ETag"] != german.headers["ETag"]
    assert "Accept-Language" in german.headers["Vary"]


def test_health_and_posts_are_not_cached(client):
    assert "ETag" not in client.get("/healthz").headers
    answer = client.post("/v1/games", json={"players": ["A", "B"], "seed": 1})
    assert "ETag" not in answer.headers and "Cache-Control" not in answer.headers


def test_a_request_id_is_kept_or_made(client):
    assert client.get("/healthz", headers={"X-Request-ID": "bot-7:turn-12"}).headers["X-Request-ID"] == "bot-7:turn-12"
    made = client.get("/healthz").headers["X-Request-ID"]
    assert len(made) == 32 and int(made, 16) >= 0
    unusable = client.get("/healthz", headers={"X-Request-ID": "x" * 500}).headers["X-Request-ID"]
    assert unusable != "x" * 500 and len(unusable) == 32
    problem = client.post("/v1/turns", data=b"{", content_type="application/json", headers={"X-Request-ID": "r1"})
    assert problem.headers["X-Request-ID"] == "r1"


def test_the_access_log_has_one_json_line_per_request(caplog):
    client = create_app({"TESTING": True, "ACCESS_LOG": "json"}).test_client()
    logger = logging.getLogger("referee.access")
    logger.addHandler(caplog.handler)
    try:
        client.get("/healthz", headers={"X-Request-ID": "r-1"})
        client.post("/v1/turns", data=b"{", content_type="application/json", headers={"X-Request-ID": "r-2"})
    finally:
        logger.removeHandler(caplog.handler)
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "referee.access"]
    assert [(e["method"], e["path"], e["status"], e["request_id"]) for e in lines] == [
        ("GET", "/healthz", 200, "r-1"), ("POST", "/v1/turns", 400, "r-2")]
    assert all(isinstance(e["ms"], float) and e["ms"] >= 0 for e in lines)


def test_without_access_log_nothing_is_logged(caplog):
    client = create_app({"TESTING": True}).test_client()
    with caplog.at_level(logging.INFO, logger="referee.access"):
        client.get("/healthz")
    assert [r for r in caplog.records if r.name == "referee.access"] == []


def _access_lines(config: dict, *requests) -> list[bytes]:
    """The access log's lines for `requests` (client method, path, keyword arguments), as
    `referee serve` writes them: its own handler alone, each line one os.write to stdout's
    descriptor (here a pipe standing in for it)."""
    import os

    from referee.http.manners import access

    client = create_app({"TESTING": True, **config}).test_client()
    (handler,) = [h for h in access.handlers if getattr(h, "referee_access", False)]
    others = [h for h in access.handlers if h is not handler]  # pytest's captures, if any
    read_end, write_end = os.pipe()
    kept = handler.referee_fd
    handler.referee_fd = write_end
    for other in others:
        access.removeHandler(other)
    try:
        for method, path, kwargs in requests:
            client.open(path, method=method, **kwargs)
    finally:
        handler.referee_fd = kept
        os.close(write_end)
        for other in others:
            access.addHandler(other)
    with os.fdopen(read_end, "rb") as pipe:
        return pipe.read().splitlines()


def test_the_access_log_alone_writes_each_line_whole_to_stdout():
    lines = _access_lines(
        {"ACCESS_LOG": "json"},
        ("GET", "/healthz", {"headers": {"X-Request-ID": "r-3"}}),
        ("POST", "/v1/turns", {"data": b"[]", "content_type": "application/json", "headers": {"X-Request-ID": "r-4"}}),
    )
    entries = [json.loads(line) for line in lines]
    assert [(e["method"], e["path"], e["status"], e["request_id"]) for e in entries] == [
        ("GET", "/healthz", 200, "r-3"), ("POST", "/v1/turns", 400, "r-4")]
    assert list(entries[0]) == ["method", "path", "status", "ms", "request_id"]


def test_the_text_access_log_line():
    (line,) = _access_lines({"ACCESS_LOG": "text"}, ("GET", "/healthz", {"headers": {"X-Request-ID": "r-5"}}))
    method, path, status, ms, unit, request_id = line.decode().split()
    assert (method, path, status, unit, request_id) == ("GET", "/healthz", "200", "ms", "r-5")
    assert float(ms) >= 0


def test_cors_headers_go_only_to_a_request_that_names_its_origin(client):
    bot = client.post("/v1/turns", data=b"{", content_type="application/json")
    assert not [name for name in bot.headers.keys() if name.startswith("Access-Control")]
    browser = client.post("/v1/turns", data=b"{", content_type="application/json",
                          headers={"Origin": "https://table.example"})
    assert browser.headers["Access-Control-Allow-Origin"] == "*"
