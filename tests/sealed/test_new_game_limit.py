"""New sealed games per client address and minute (`REFEREE_NEW_GAMES_PER_MINUTE`): a
flood from one address is refused 429 with `Retry-After` after the limit, other
addresses go on, `X-Forwarded-For` counts only from a trusted proxy, and instances on
one Redis count together."""

from __future__ import annotations

import json

import pytest

from referee.http import create_app
from referee.http.clients import ProxiesInvalid, client_address, trusted_proxies
from referee.sealed.bounds import per_minute
from referee.sealed.store import StoreSettingInvalid
from support.contract_check import assert_matches_contract
from support.redis_server import RedisServer
from support.sealed_games import KEY

SEALED = {"players": ["Ann", "Ben"], "sealed": True}


def app(**config):
    return create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": "none", **config}).test_client()


def new_game(client, address, forwarded=None, body=SEALED):
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    response = client.post("/v1/games", data=json.dumps(body), content_type="application/json",
                           headers=headers, environ_base={"REMOTE_ADDR": address})
    assert_matches_contract(response, "/v1/games", "POST")
    return response


def statuses(client, address, count, **forwarded):
    return [new_game(client, address, **forwarded).status_code for _ in range(count)]


def test_200_new_games_a_minute_from_one_address_are_refused_after_the_default_120(monkeypatch):
    monkeypatch.delenv("REFEREE_NEW_GAMES_PER_MINUTE", raising=False)
    client = app()
    answers = [new_game(client, "198.51.100.7") for _ in range(200)]
    assert [a.status_code for a in answers] == [201] * 120 + [429] * 80
    refused = answers[-1]
    assert refused.json["code"] == "TOO_MANY_REQUESTS" and refused.json["title"] == "Too Many Requests"
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.json["detail"] == (
        "This address has started 120 sealed games in the last minute, as many as this referee allows: "
        f"start the next one in {refused.headers['Retry-After']} seconds.")
    # Other addresses are not touched, and games not sealed are not counted.
    assert statuses(client, "198.51.100.8", 3) == [201] * 3
    assert new_game(client, "198.51.100.7", body={"players": ["Ann", "Ben"]}).status_code == 201


def test_the_refusal_speaks_the_requested_language():
    client = app(NEW_GAMES_PER_MINUTE=1)
    new_game(client, "192.0.2.1")
    refused = client.post("/v1/games", json=SEALED, headers={"Accept-Language": "de"},
                          environ_base={"REMOTE_ADDR": "192.0.2.1"})
    assert refused.status_code == 429 and refused.json["title"] == "Zu viele Anfragen"
    assert "versiegelte Spiele" in refused.json["detail"]


def test_a_forwarded_for_from_an_address_not_trusted_is_ignored():
    client = app(NEW_GAMES_PER_MINUTE=5)
    answers = [new_game(client, "203.0.113.9", forwarded=f"10.0.0.{n}").status_code for n in range(8)]
    assert answers == [201] * 5 + [429] * 3


def test_behind_a_trusted_proxy_each_forwarded_client_counts_for_itself():
    client = app(NEW_GAMES_PER_MINUTE=5, TRUSTED_PROXIES="127.0.0.0/8, ::1")
    proxy = "127.0.0.1"
    assert statuses(client, proxy, 6, forwarded="198.51.100.1") == [201] * 5 + [429]
    assert statuses(client, proxy, 2, forwarded="198.51.100.2") == [201] * 2
    # What the client wrote itself stands left of what the proxy saw, and is not read.
    assert new_game(client, proxy, forwarded="192.0.2.77, 198.51.100.1").status_code == 429
    # Through two trusted proxies, the first address that is no proxy is the client's.
    assert new_game(client, proxy, forwarded="198.51.100.3, 127.0.0.5").status_code == 201


def test_instances_on_one_redis_count_together(tmp_path):
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        first, second = (app(STORE=server.url, NEW_GAMES_PER_MINUTE=4) for _ in range(2))
        assert statuses(first, "198.51.100.20", 2) == [201, 201]
        assert statuses(second, "198.51.100.20", 2) == [201, 201]
        assert new_game(first, "198.51.100.20").status_code == 429
        assert new_game(second, "198.51.100.20").status_code == 429
        assert new_game(second, "198.51.100.21").status_code == 201
    finally:
        server.stop()


def test_zero_is_no_limit():
    assert statuses(app(NEW_GAMES_PER_MINUTE=0), "198.51.100.30", 10) == [201] * 10


def test_the_settings():
    assert per_minute({}) == 120
    assert per_minute({"REFEREE_NEW_GAMES_PER_MINUTE": " 30 "}) == 30
    with pytest.raises(StoreSettingInvalid):
        per_minute({"REFEREE_NEW_GAMES_PER_MINUTE": "many"})
    with pytest.raises(ProxiesInvalid):
        trusted_proxies("10.0.0.0/8, proxy.internal")
    with pytest.raises(ProxiesInvalid):
        app(TRUSTED_PROXIES="not an address")
    proxies = trusted_proxies("10.0.0.0/8")
    assert client_address({"REMOTE_ADDR": "10.1.2.3", "HTTP_X_FORWARDED_FOR": "198.51.100.4"}, proxies) == "198.51.100.4"
    assert client_address({"REMOTE_ADDR": "10.1.2.3"}, proxies) == "10.1.2.3"
    assert client_address({"REMOTE_ADDR": "10.1.2.3", "HTTP_X_FORWARDED_FOR": "10.9.9.9"}, proxies) == "10.9.9.9"
    assert client_address({"REMOTE_ADDR": "192.0.2.3", "HTTP_X_FORWARDED_FOR": "198.51.100.4"}, ()) == "192.0.2.3"
