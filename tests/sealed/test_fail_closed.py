"""A store that fails closed: no clock set wrong on one instance, no lowered
`REFEREE_STORE_DAYS` and no clean-up makes a spent token playable or a claimed seat
claimable again; a store file deleted or replaced under a running app is answered
503 and never written past; the store's bound stops new games only.

Two app objects share one store (a SQLite file, or a real redis-server), as two
instances would; one of them runs with its clock 31 days ahead (`time.time` moved
forward while it answers: the token it seals, its expiry check and its clean-up all
read that clock), or with a retention lowered to one day.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from unittest import mock

import pytest

from referee.http import create_app
from referee.sealed.sealing import Sealer
from referee.sealed.sqlite_store import MARK
from support.contract_check import assert_matches_contract
from support.redis_server import RedisServer
from support.sealed_games import KEY, long_kept, opened, post

DAY = 86400


@contextlib.contextmanager
def clock_ahead(days):
    """This process's clock `days` ahead while the block runs."""
    real = time.time
    with mock.patch("time.time", lambda: real() + days * DAY):
        yield


def app(store, **config):
    return create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": store, **config}).test_client()


def sealed_at(token, days_ago):
    """The same game sealed `days_ago` days back (with the referee's key: only a test can)."""
    return Sealer([KEY]).seal(opened(token), now=int(time.time() - days_ago * DAY))


def draw_body(token, seat, player):
    return {"game": token, "seat": seat, "turn": {"player": player, "actions": [{"type": "draw"}]}}


def play(client, turns=4, invite=False):
    """A game of two played for `turns` draws at `client`: its seat keys (claimed, for an
    invited game) and every token it went through, the last one unspent."""
    game = post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": invite}, 201)
    if invite:
        seats = [post(client, "/v1/seats", {"game": game["game"], "invitation": game["invitations"][seat],
                                            "claim": f"claim-text-of-seat-{seat}"}, 200)["seat"] for seat in (0, 1)]
    else:
        seats = game["seats"]
    tokens = [game["game"]]
    for turn in range(turns):
        tokens.append(post(client, "/v1/turns", draw_body(tokens[-1], seats[turn % 2], turn % 2), 200)["game"])
    return game, seats, tokens


def replayed(client, seats, tokens):
    """The status of each spent token's turn sent again."""
    return [client.post("/v1/turns", json=draw_body(token, seats[n % 2], n % 2)).status_code
            for n, token in enumerate(tokens[:-1])]


def reclaimed(client, game, token):
    """The status of each seat claimed again, with another claim text and with a token."""
    return [client.post("/v1/seats", json={"game": token, "invitation": game["invitations"][seat],
                                          "claim": "somebody-else-entirely"}).status_code for seat in (0, 1)]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_url(redis_server):
    """The redis-server emptied, with a store record as old as any token (`born` 0)."""
    import redis

    server = redis.Redis.from_url(redis_server.url)
    server.flushall()
    server.hset("elfer:store", "born", 0)
    return redis_server.url


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path):
    if request.param == "sqlite":
        return str(long_kept(tmp_path / "shared.sqlite3"))
    return request.getfixturevalue("redis_url")


def test_an_instance_whose_clock_runs_31_days_ahead_makes_no_spent_token_play(store):
    honest = app(store)
    game, seats, tokens = play(honest, invite=True)
    ahead = app(store)
    with clock_ahead(31):
        # Its own games: it seals with its clock, and (SQLite) cleans up by it.
        _, own_seats, own = play(ahead, turns=0)
        own_turn = ahead.post("/v1/turns", json=draw_body(own[0], own_seats[0], 0))
        # The honest instance's tokens look 31 days old to it.
        assert ahead.post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0)).status_code == 410
        assert replayed(ahead, seats, tokens) == [410] * 4
    if store.startswith("redis"):
        # The server's clock decides: a token sealed a month ahead of it is not spent.
        assert (own_turn.status_code, own_turn.json["code"]) == (503, "STORE_UNAVAILABLE")
        assert replayed(honest, seats, tokens) == [409] * 4
        assert reclaimed(honest, game, tokens[-1]) == [409, 409]
        assert post(honest, "/v1/turns", draw_body(tokens[-1], seats[0], 0), 200)["turn"] == 5
    else:
        # Its clean-up raised the file's mark by its own clock: every token sealed before
        # is refused from now on, by both; nothing it deleted can be played.
        assert own_turn.status_code == 200
        assert replayed(honest, seats, tokens) == [410] * 4
        assert reclaimed(honest, game, tokens[-1]) == [410, 410]
        assert honest.post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0)).status_code == 410


def test_a_clean_up_by_one_clock_ahead_never_passes_the_newest_spend(tmp_path):
    # The mark never passes the retention before the newest token spent: a clock ahead
    # ends no game by itself, only once tokens it sealed are spent.
    store = str(long_kept(tmp_path / "s.sqlite3"))
    honest = app(store)
    _, seats, tokens = play(honest)
    with clock_ahead(31), mock.patch("referee.sealed.store.expired", lambda *a: False):
        ahead = app(store)
        # Its first spend (a token of the honest instance) cleans up.
        ahead.post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0))
    with sqlite3.connect(store) as connection:
        (mark,) = connection.execute("SELECT value FROM marks WHERE name = ?", (MARK,)).fetchone()
    assert mark <= time.time() - 30 * DAY + 5
    assert replayed(honest, seats, tokens) == [409] * 4


def refused_everywhere(clients, old, game, ann):
    """The old token's turn and every claim with it, at each client: 410."""
    for client in clients:
        turn = client.post("/v1/turns", json=draw_body(old, ann, 0))
        assert (turn.status_code, turn.json["code"]) == (410, "TOKEN_EXPIRED")
        for seat, claim in ((0, "ann-claims-her-seat"), (0, "someone-else-claims-it"), (1, "ben-claims-it-again")):
            claimed = client.post("/v1/seats", json={"game": old, "invitation": game["invitations"][seat], "claim": claim})
            assert (claimed.status_code, claimed.json["code"]) == (410, "TOKEN_EXPIRED")


def claimed_and_played(client, game, old):
    """Both seats claimed with the old token (Ann with a claim text), and Ann's turn on
    it; Ann's key, and the game's latest token."""
    ann = post(client, "/v1/seats", {"game": old, "invitation": game["invitations"][0], "claim": "ann-claims-her-seat"},
               200)["seat"]
    post(client, "/v1/seats", {"game": old, "invitation": game["invitations"][1]}, 200)
    return ann, post(client, "/v1/turns", draw_body(old, ann, 0), 200)["game"]


def seats_still_claimed(client, game, latest, ann):
    """With the game's latest token: Ann's claim is answered her key, any other 409."""
    again = post(client, "/v1/seats", {"game": latest, "invitation": game["invitations"][0],
                                       "claim": "ann-claims-her-seat"}, 200)
    assert again["seat"] == ann
    for seat in (0, 1):
        taken = client.post("/v1/seats", json={"game": latest, "invitation": game["invitations"][seat],
                                               "claim": "someone-else-claims-it"})
        assert (taken.status_code, taken.json["code"]) == (409, "SEAT_TAKEN")


def test_sqlite_a_retention_lowered_then_raised_makes_no_spent_token_play_and_no_seat_claimable(tmp_path):
    store = str(long_kept(tmp_path / "shared.sqlite3"))
    usual = app(store)
    game = post(usual, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True}, 201)
    old = sealed_at(game["game"], 2)
    ann, latest = claimed_and_played(usual, game, old)
    # An instance keeping games one day: its first spend cleans up, and forgets the
    # old token's spend (the game and its seats stay: its latest token is young).
    lowered = app(store, STORE_DAYS=1)
    _, seats, own = play(lowered, turns=1)
    with sqlite3.connect(store) as connection:
        # Both games keep their rows (their latest tokens are young); nothing else of a spend is kept.
        assert connection.execute("SELECT count(*) FROM games").fetchone() == (2,)
        assert connection.execute("SELECT count(*) FROM seats").fetchone() == (2,)
    refused_everywhere([usual, lowered, app(store, STORE_DAYS=60)], old, game, ann)
    seats_still_claimed(app(store, STORE_DAYS=60), game, latest, ann)
    # The games under way go on, and their spent tokens stay spent.
    raised = app(store, STORE_DAYS=60)
    assert post(raised, "/v1/turns", draw_body(own[-1], seats[1], 1), 200)["turn"] == 2
    assert raised.post("/v1/turns", json=draw_body(own[0], seats[0], 0)).status_code == 409


def test_redis_a_retention_lowered_then_raised_makes_no_spent_token_play_and_no_seat_claimable(redis_url):
    import redis

    usual = app(redis_url)
    game = post(usual, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, "invite": True}, 201)
    old = sealed_at(game["game"], 1 - 4 / DAY)  # a day old in four seconds
    # An instance keeping games one day spends it: its keys live a day from the token's
    # time (here at least a second, not STALE's five minutes, so that the test sees them go).
    lowered = app(redis_url, STORE_DAYS=1)
    with mock.patch("referee.sealed.redis_store.STALE", 1):
        ann, latest = claimed_and_played(lowered, game, old)
    time.sleep(6)
    server = redis.Redis.from_url(redis_url)
    identity = opened(old).game
    # Redis has forgotten the spend; the game's hash (its latest token, its seats) lives
    # as long as the latest token.
    assert server.keys(f"elfer:{{{identity}}}:*") == [f"elfer:{{{identity}}}:game".encode()]
    # Every instance, whatever its own retention, keeps to the shortest on record.
    refused_everywhere([usual, lowered, app(redis_url, STORE_DAYS=60)], old, game, ann)
    seats_still_claimed(app(redis_url, STORE_DAYS=60), game, latest, ann)
    assert {key: value for key, value in server.hgetall("elfer:store").items() if key.startswith(b"days:")}.keys() == {
        b"days:1", b"days:30", b"days:60"}


def test_a_new_store_file_refuses_the_tokens_sealed_before_it(tmp_path):
    # A store file deleted and made anew (a restart) cannot know what was spent: every
    # token sealed before it is refused, not played again.
    first = app(str(tmp_path / "store.sqlite3"))
    _, seats, tokens = play(first)
    first.application.extensions["sealed"].store.close()
    for name in ("store.sqlite3", "store.sqlite3-wal", "store.sqlite3-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    time.sleep(1.1)  # the new file's mark is a later second than every token's
    again = app(str(tmp_path / "store.sqlite3"))
    assert replayed(again, seats, tokens) == [410] * 4
    _, new_seats, new_tokens = play(again)
    assert replayed(again, new_seats, new_tokens) == [409] * 4


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_store_file_deleted_or_replaced_under_a_running_app_is_503_and_never_written(tmp_path, how):
    path = long_kept(tmp_path / "store.sqlite3")
    client = app(str(path))
    _, seats, tokens = play(client)
    ready = client.get("/readyz")
    assert_matches_contract(ready, "/readyz", "GET")
    assert (ready.status_code, ready.json) == (200, {"status": "ok", "store": str(path)})
    copy = tmp_path / "copy.sqlite3"
    with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    if how == "deleted":
        path.unlink()
    else:
        copy.replace(path)
    turn = client.post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0))
    assert (turn.status_code, turn.json["code"]) == (503, "STORE_UNAVAILABLE")
    ready = client.get("/readyz")
    assert_matches_contract(ready, "/readyz", "GET")
    assert (ready.status_code, ready.json["code"]) == (503, "STORE_UNAVAILABLE")
    assert "was deleted or replaced while the referee ran" in ready.json["detail"]
    assert client.get("/healthz").status_code == 200
    assert replayed(client, seats, tokens) == [503] * 4
    assert client.post("/v1/seats", json={"game": tokens[-1], "invitation": "0" * 32}).status_code in (403, 503)
    if how == "replaced":  # nothing was written into the file put in its place
        with sqlite3.connect(path) as connection:
            assert connection.execute("SELECT turn FROM games").fetchall() == [(4,)]


def test_past_the_store_bound_new_games_are_507_and_games_under_way_go_on(tmp_path):
    path = long_kept(tmp_path / "bounded.sqlite3")
    client = app(str(path), STORE_MAX_MB=1)
    _, seats, tokens = play(client, turns=1)
    with sqlite3.connect(path) as connection:  # a mebibyte of games under way
        connection.executemany("INSERT INTO games VALUES (?, ?, 1, ?, ?)",
                               ((f"filler-{n}", "t" * 1000, int(time.time()), int(time.time())) for n in range(1000)))
    full = post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 507)
    assert (full["code"], full["title"]) == ("STORE_FULL", "Insufficient Storage")
    assert full["detail"].startswith("The referee's store of sealed games is full")
    assert post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 507, language="de")["detail"].startswith(
        "Der Speicher des Schiedsrichters für versiegelte Spiele ist voll")
    assert post(client, "/v1/turns", draw_body(tokens[-1], seats[1], 1), 200)["turn"] == 2
    post(client, "/v1/games", {"players": ["Ann", "Ben"]}, 201)  # a plain game needs no store
    # Under the bound again (a clean-up frees pages), new games start again.
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM games WHERE game LIKE 'filler-%'")
    post(client, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)


def test_a_game_keeps_one_row_for_itself_and_one_per_seat(tmp_path):
    path = long_kept(tmp_path / "rows.sqlite3")
    client = app(str(path))
    game, _, _ = play(client, turns=12, invite=True)
    identity = opened(game["game"]).game
    with sqlite3.connect(path) as connection:
        counts = [connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in ("games", "seats")]
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert connection.execute("SELECT game, turn FROM games").fetchall() == [(identity, 12)]
    assert counts == [1, 2] and tables == {"games", "seats", "marks"}


def test_a_redis_that_comes_back_empty_refuses_the_tokens_sealed_before(redis_url):
    # A Redis restarted without its append-only file has forgotten every spend: its
    # record is gone with them, the next reading starts a new one, and every token
    # sealed before that is refused, not played again.
    import redis

    client = app(redis_url)
    _, seats, tokens = play(client)
    redis.Redis.from_url(redis_url).flushall()
    time.sleep(1.1)  # a later second than every token's; the record is read again each second
    assert replayed(client, seats, tokens) == [410] * 4
    assert client.post("/v1/turns", json=draw_body(tokens[-1], seats[0], 0)).status_code == 410
    _, new_seats, new_tokens = play(client)
    assert replayed(client, new_seats, new_tokens) == [409] * 4


def test_a_worker_started_after_the_file_was_replaced_refuses_it_too(tmp_path):
    # `referee serve` tells its workers which file it opened; a worker that starts later
    # (gunicorn replaces one that died) must not take the file put in its place.
    import io

    from referee.cli import announce_store
    from referee.sealed.sqlite_store import IDENTITY_VARIABLE, SqliteStore
    from referee.sealed.store import Latest, StoreUnavailable
    from referee.sealed.stores import open_store

    path = tmp_path / "served.sqlite3"
    environ = {"REFEREE_STORE": str(path)}
    announce_store(2, environ, io.StringIO())
    assert environ[IDENTITY_VARIABLE].endswith(f":{path}")
    SqliteStore(tmp_path / "other.sqlite3", 30).close()
    (tmp_path / "other.sqlite3").replace(path)
    late = open_store(str(path), 30, environ)
    assert "was deleted or replaced while the referee ran" in late.unready()
    with pytest.raises(StoreUnavailable):
        late.spend("g", b"t", Latest("t", 1), int(time.time()), "t")
    # Without the word of `referee serve` (an app of its own), the file is the one it finds.
    assert open_store(str(path), 30, {}).unready() is None


def test_the_games_under_way_when_a_redis_gets_its_record_go_on(redis_url):
    # A Redis store of an earlier release has no record: the first reading makes one,
    # born now. The games it holds go on from their latest token (it is not spent, or
    # their spend would be the latest), and their seats stay as claimed; every other
    # token sealed before is refused.
    import redis

    client = app(redis_url)
    game, seats, tokens = play(client, invite=True)
    server = redis.Redis.from_url(redis_url)
    server.delete("elfer:store")
    time.sleep(1.1)  # read again: born now, after every token
    assert replayed(client, seats, tokens) == [410] * 4
    assert post(client, "/v1/turns", draw_body(tokens[-1], seats[0], 0), 200)["turn"] == 5
    again = post(client, "/v1/seats", {"game": tokens[-1], "invitation": game["invitations"][0],
                                       "claim": "claim-text-of-seat-0"}, 200)
    assert again["seat"] == seats[0]
    taken = client.post("/v1/seats", json={"game": tokens[-1], "invitation": game["invitations"][1],
                                           "claim": "somebody-else-entirely"})
    assert (taken.status_code, taken.json["code"]) == (409, "SEAT_TAKEN")
