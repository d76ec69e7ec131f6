"""The store's backends directly: SQLite in a file and a real redis-server, the same
behaviour from each (a token spent once, the latest kept, a seat claimed once), the
settings, and what `referee serve` says of the store in its log."""

from __future__ import annotations

import io
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from referee.cli import announce_store
from referee.sealed.redis_store import RedisStore
from referee.sealed.sqlite_store import SqliteStore
from referee.sealed.store import (Latest, NoStore, Spent, StoreSettingInvalid, StoreUnavailable, default_path,
                                  expired, retention_days)
from referee.sealed.stores import open_store
from support.redis_server import RedisServer


def now() -> int:
    """A token's time: sealed now."""
    return int(time.time())


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "redis"])
def store(request, tmp_path, redis_server):
    made = SqliteStore(tmp_path / "s.sqlite3", 30) if request.param == "sqlite" else RedisStore(redis_server.url, 30)
    yield made
    made.close()


def test_a_token_is_spent_once_and_the_spent_one_names_the_latest(store, tmp_path):
    game = f"game-{tmp_path.name}"
    store.spend(game, b"t0", Latest("token-1", 1), now(), "token-0")
    with pytest.raises(Spent) as spent:
        store.spend(game, b"t0", Latest("token-1b", 1), now(), "token-0")
    assert spent.value.latest == Latest("token-1", 1)
    store.spend(game, b"t1", Latest("token-2", 2), now(), "token-1")
    with pytest.raises(Spent) as again:
        store.spend(game, b"t0", Latest("token-x", 1), now(), "token-0")
    assert again.value.latest == Latest("token-2", 2)


def test_many_threads_spending_one_token_at_once_one_wins(store, tmp_path):
    game = f"race-{tmp_path.name}"
    outcomes, barrier = [], threading.Barrier(8)

    def spend(n):
        barrier.wait()
        try:
            store.spend(game, b"same", Latest(f"token-{n}", 1), now(), "same")
            outcomes.append(("won", n))
        except Spent as spent:
            outcomes.append(("spent", spent.latest))

    threads = [threading.Thread(target=spend, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    [(_, winner)] = [o for o in outcomes if o[0] == "won"]
    assert [o[1] for o in outcomes if o[0] == "spent"] == [Latest(f"token-{winner}", 1)] * 7


#: A process that opens the store at the moment given and says whether it could.
OPEN_AT = """
import sys, time
from pathlib import Path
from referee.sealed.sqlite_store import SqliteStore
while time.time() < float(sys.argv[2]):
    pass
SqliteStore(Path(sys.argv[1]), 30)
print("opened")
"""


def test_workers_starting_together_all_open_a_new_sqlite_file(tmp_path):
    # The workers of a fresh `referee serve` open the one file at the same moment; the
    # first to put it in WAL mode must not make the others fail (each round: a new file).
    for attempt in range(5):
        path = tmp_path / f"start-{attempt}.sqlite3"
        moment = time.time() + 1.5  # after every interpreter has started
        workers = [subprocess.Popen([sys.executable, "-c", OPEN_AT, str(path), str(moment)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(4)]
        said = [worker.communicate(timeout=60) for worker in workers]
        assert [out.strip() for out, _ in said] == ["opened"] * 4, [err[-300:] for _, err in said]


def test_a_seat_is_claimed_once(store, tmp_path):
    game = f"seats-{tmp_path.name}"
    assert store.claim(game, 0, None, now()) is True
    assert store.claim(game, 0, None, now()) is False
    assert store.claim(game, 1, None, now()) is True


def test_redis_keys_expire_after_the_retention(redis_server, tmp_path):
    import redis

    made = RedisStore(redis_server.url, 2)
    made.spend("exp", b"\x01", Latest("t", 1), now(), "t0")
    made.claim("exp2", 0, None, now())
    client = redis.Redis.from_url(redis_server.url)
    assert 2 * 86400 - 5 < client.ttl("elfer:{exp}:spent:01") <= 2 * 86400 + 1
    assert 2 * 86400 - 5 < client.ttl("elfer:{exp}:game") <= 2 * 86400 + 2
    assert 2 * 86400 - 5 < client.ttl("elfer:{exp2}:game") <= 2 * 86400 + 1


def test_a_redis_that_does_not_answer_is_unavailable_and_records_nothing():
    from support.redis_server import free_port

    made = RedisStore(f"redis://127.0.0.1:{free_port()}/0", 30)
    with pytest.raises(StoreUnavailable):
        made.spend("g", b"t", Latest("t", 1), now(), "t")
    with pytest.raises(StoreUnavailable):
        made.claim("g", 0, None, now())


def test_sqlite_forgets_what_is_older_than_the_retention(tmp_path):
    made = SqliteStore(tmp_path / "s.sqlite3", 1)
    connection = made._connection()
    connection.execute("INSERT INTO games VALUES ('old-game', 'x', 1, 0, 0)")
    connection.execute("INSERT INTO seats VALUES ('old-game', 0, 0, NULL)")
    made.spend("new-game", b"new", Latest("y", 1), now(), "new")  # the first spend purges
    assert connection.execute("SELECT game FROM games").fetchall() == [("new-game",)]
    assert connection.execute("SELECT count(*) FROM seats").fetchone() == (0,)
    assert {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {
        "games", "seats", "marks"}
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert connection.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
    assert connection.execute("PRAGMA wal_autocheckpoint").fetchone() == (8192,)
    assert connection.execute("PRAGMA journal_size_limit").fetchone() == (32 * 1024 * 1024,)


def test_the_settings():
    assert isinstance(open_store("none", 30), NoStore) and isinstance(open_store(" NONE ", 30), NoStore)
    assert default_path({"XDG_STATE_HOME": "/srv/state"}).as_posix() == "/srv/state/elfer-referee/sealed-games.sqlite3"
    assert default_path({"HOME": "/home/ann"}).as_posix() == "/home/ann/.local/state/elfer-referee/sealed-games.sqlite3"
    with pytest.raises(StoreSettingInvalid, match="redis://host:port/db"):
        open_store("postgres://db/1", 30)
    assert retention_days({}) == 30 and retention_days({"REFEREE_STORE_DAYS": "7"}) == 7
    for bad in ("0", "-3", "seven", "1.5"):
        with pytest.raises(StoreSettingInvalid):
            retention_days({"REFEREE_STORE_DAYS": bad})
    assert RedisStore("redis://:secret@127.0.0.1:6390/2", 30).where == "redis://:***@127.0.0.1:6390/2"
    assert expired(0, 30, now=30 * 86400 + 1) and not expired(0, 30, now=30 * 86400)


def test_serve_names_the_store_in_its_log(tmp_path):
    log = io.StringIO()
    announce_store(3, {"REFEREE_STORE": str(tmp_path / "here.sqlite3")}, log)
    assert log.getvalue() == (f"referee serve: sealed games are kept in {tmp_path / 'here.sqlite3'} (shared by the 3 "
                              "workers; each token is played once; tokens older than 30 days are refused).\n")
    assert (tmp_path / "here.sqlite3").exists()
    log = io.StringIO()
    announce_store(2, {"REFEREE_STORE": "none"}, log)
    assert "REFEREE_STORE=none: no store" in log.getvalue() and "more than once" in log.getvalue()
    log = io.StringIO()
    announce_store(2, {"HOME": str(tmp_path)}, log)
    assert f"kept in {tmp_path}/.local/state/elfer-referee/sealed-games.sqlite3" in log.getvalue()
    with pytest.raises(SystemExit, match="REFEREE_STORE_DAYS"):
        announce_store(2, {"REFEREE_STORE": "none", "REFEREE_STORE_DAYS": "0"}, io.StringIO())


def test_the_redis_settings_name_one_server_or_a_cluster_and_how_many_replicas_confirm():
    from referee.sealed.redis_store import read_setting

    one = read_setting("redis://:secret@store.internal:6379/0")
    assert (one.cluster, one.url, one.replicas, one.where) == (
        False, "redis://:secret@store.internal:6379/0", 0, "redis://:***@store.internal:6379/0")
    many = read_setting("rediss+cluster://ann:pw@n0:7000,n1:7001,n2/?replicas=2")
    assert (many.cluster, many.nodes, many.replicas) == (True, (("n0", 7000), ("n1", 7001), ("n2", 6379)), 2)
    assert many.url == "rediss://ann:pw@n0:7000,n1:7001,n2/" and many.where == "rediss+cluster://ann:***@n0:7000,n1:7001,n2/?replicas=2"
    assert read_setting("redis+cluster://n0:7000").replicas == 1  # a cluster waits for a replica by default
    for bad in ("redis+cluster://n0:x", "redis://h/0?replicas=-1", "redis://h/0?replicas=some", "redis+cluster:///"):
        with pytest.raises(StoreSettingInvalid):
            read_setting(bad)
    # A cluster that cannot be reached is a store unavailable, not a setting refused.
    from support.redis_server import free_port

    unreachable = open_store(f"redis+cluster://127.0.0.1:{free_port()}", 30)
    assert unreachable.where.startswith("redis+cluster://127.0.0.1:")
    assert "cannot be reached" in unreachable.unready()
    with pytest.raises(StoreUnavailable):
        unreachable.spend("g", b"t", Latest("t", 1), now(), "t")


class Replica(RedisServer):
    def __init__(self, folder, primary):
        super().__init__(folder)
        self.primary = primary

    def arguments(self):
        return [*super().arguments(), "--replicaof", "127.0.0.1", str(self.primary.port)]


def test_with_replicas_a_write_and_a_refusal_are_answered_only_once_a_replica_holds_them(redis_server, tmp_path):
    import redis

    waiting = RedisStore(redis_server.url + "?replicas=1", 30)
    redis.Redis.from_url(redis_server.url).hset("elfer:store", "born", 0)
    # No replica: nothing is answered, neither the spend nor, sent again, its refusal.
    for _ in range(2):
        with pytest.raises(StoreUnavailable, match="0 of 1 replicas confirmed"):
            waiting.spend("waited", b"w0", Latest("token-w1", 1), now(), "token-w0")
    with pytest.raises(StoreUnavailable, match="0 of 1 replicas confirmed"):
        waiting.claim("waited", 0, b"c" * 32, now())
    replica = Replica(tmp_path / "replica", redis_server)
    replica.start()
    try:
        client = replica.client()
        deadline = time.monotonic() + 20
        # WAIT counts the replicas the primary holds online, which it may tell a moment
        # after the replica tells its link up (a busy machine has shown the gap).
        while (client.info("replication")["master_link_status"] != "up"
               or redis_server.client().info("replication").get("slave0", {}).get("state") != "online"):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        # The spend sent again is this very spend (the latest it wrote): answered now.
        waiting.spend("waited", b"w0", Latest("token-w1", 1), now(), "token-w0")
        with pytest.raises(Spent) as spent:
            waiting.spend("waited", b"w0", Latest("token-other", 1), now(), "token-w0")
        assert spent.value.latest == Latest("token-w1", 1)
        assert waiting.claim("waited", 0, b"c" * 32, now()) is True
        assert waiting.claim("waited", 0, b"d" * 32, now()) is False
        assert client.hget("elfer:{waited}:game", "token") == b"token-w1"  # the replica holds it
    finally:
        replica.stop()


def test_a_redis_that_lost_its_scripts_still_spends_each_token_once(redis_server, tmp_path):
    # A restarted server holds no scripts: the spend loads its own again (EVAL).
    made = RedisStore(redis_server.url, 30)
    game = f"flushed-{tmp_path.name}"
    made.spend(game, b"f0", Latest("token-f1", 1), now(), "token-f0")
    redis_server.client().script_flush()
    made.spend(game, b"f1", Latest("token-f2", 2), now(), "token-f1")
    redis_server.client().script_flush()
    with pytest.raises(Spent) as spent:
        made.spend(game, b"f0", Latest("token-f9", 1), now(), "token-f0")
    assert spent.value.latest == Latest("token-f2", 2)
    made.close()


def test_a_spend_whose_answer_came_too_late_leaves_no_answer_for_the_next_one(redis_server, tmp_path):
    # The server paused past the client's timeout of a second: the spend is 503, and it
    # happens once the pause ends; its late answer must not be read as the next spend's.
    made = RedisStore(redis_server.url, 30)
    game = f"late-{tmp_path.name}"
    made.spend(game, b"l0", Latest("token-l1", 1), now(), "token-l0")  # the thread's connection made
    redis_server.client().execute_command("CLIENT", "PAUSE", 1500, "ALL")
    with pytest.raises(StoreUnavailable):
        made.spend(game, b"l1", Latest("token-l2", 2), now(), "token-l1")
    time.sleep(0.8)  # the pause is over, and the spend done
    made.spend(f"{game}-next", b"n0", Latest("token-n1", 1), now(), "token-n0")
    with pytest.raises(Spent) as next_spent:
        made.spend(f"{game}-next", b"n0", Latest("token-n1b", 1), now(), "token-n0")
    assert next_spent.value.latest == Latest("token-n1", 1)
    # Sent again, the 503's spend is found done, as this very spend: answered now.
    made.spend(game, b"l1", Latest("token-l2", 2), now(), "token-l1")
    with pytest.raises(Spent) as spent:
        made.spend(game, b"l1", Latest("token-l9", 2), now(), "token-l1")
    assert spent.value.latest == Latest("token-l2", 2)
    made.close()


def test_a_spend_begun_is_answered_when_finished_whether_its_answer_came_soon_or_late(store, tmp_path, monkeypatch):
    from referee.sealed import awake

    game = f"begun-{tmp_path.name}"
    pending = store.begin_spend(game, b"b0", Latest("token-b1", 1), now(), "token-b0")
    pending.finish()
    # Looked for awake for no time at all: the thread sleeps on its socket for the answer.
    monkeypatch.setattr(awake, "SECONDS", 0.0)
    late = store.begin_spend(game, b"b0", Latest("token-b1x", 1), now(), "token-b0")
    with pytest.raises(Spent) as spent:
        late.finish()
    assert spent.value.latest == Latest("token-b1", 1)
    store.begin_spend(game, b"b1", Latest("token-b2", 2), now(), "token-b1").finish()
    with pytest.raises(Spent) as again:
        store.spend(game, b"b1", Latest("token-b2x", 2), now(), "token-b1")
    assert again.value.latest == Latest("token-b2", 2)


def test_a_spend_begun_and_let_go_leaves_no_answer_for_the_next_one(redis_server, tmp_path):
    # A request that fails between sending its spend and reading the answer lets it go:
    # the connection is closed, so that its answer is never read as the next command's.
    # The spend itself happened (the server had it), as when an answer is lost.
    made = RedisStore(redis_server.url, 30)
    game = f"let-go-{tmp_path.name}"
    made.spend(f"{game}-first", b"f0", Latest("token-f1", 1), now(), "token-f0")  # the server holds the script
    made.begin_spend(game, b"g0", Latest("token-g1", 1), now(), "token-g0").abandon()
    made.spend(f"{game}-next", b"n0", Latest("token-n1", 1), now(), "token-n0")
    with pytest.raises(Spent) as next_spent:
        made.spend(f"{game}-next", b"n0", Latest("token-n1b", 1), now(), "token-n0")
    assert next_spent.value.latest == Latest("token-n1", 1)
    with pytest.raises(Spent) as spent:
        made.spend(game, b"g0", Latest("token-g1b", 1), now(), "token-g0")
    assert spent.value.latest == Latest("token-g1", 1)
    made.close()


def test_through_sqlite_and_none_a_spend_begun_happens_only_when_finished(tmp_path):
    made = SqliteStore(tmp_path / "later.sqlite3", 30)
    pending = made.begin_spend("later", b"s0", Latest("token-s1", 1), now(), "token-s0")
    pending.abandon()  # nothing was sent: the token is still the game's to spend
    made.begin_spend("later", b"s0", Latest("token-s1", 1), now(), "token-s0").finish()
    with pytest.raises(Spent) as spent:
        made.spend("later", b"s0", Latest("token-s1b", 1), now(), "token-s0")
    assert spent.value.latest == Latest("token-s1", 1)
    made.close()
    assert NoStore().begin_spend("none", b"x", Latest("token-x1", 1), now(), "token-x0").finish() is None


def test_a_connection_the_server_closed_is_made_again(redis_server, tmp_path):
    made = RedisStore(redis_server.url, 30)
    game = f"killed-{tmp_path.name}"
    made.spend(game, b"k0", Latest("token-k1", 1), now(), "token-k0")
    redis_server.client().client_kill_filter(_type="normal", skipme=True)
    outcomes = []
    for _ in range(2):  # the first may find its connection closed (503, nothing spent)
        try:
            made.spend(game, b"k1", Latest("token-k2", 2), now(), "token-k1")
            outcomes.append("spent")
            break
        except StoreUnavailable:
            outcomes.append("503")
    assert outcomes[-1] == "spent" and len(outcomes) <= 2, outcomes
    with pytest.raises(Spent) as spent:
        made.spend(game, b"k1", Latest("token-k9", 2), now(), "token-k1")
    assert spent.value.latest == Latest("token-k2", 2)
    made.close()


def test_each_thread_spends_on_a_connection_of_its_own_and_close_lets_them_all_go(redis_server, tmp_path):
    client = redis_server.client()

    def connections() -> int:
        return sum(1 for line in client.client_list() if line.get("cmd") != "client|list")

    before = connections()
    made = RedisStore(redis_server.url, 30)
    spenders = [threading.Thread(target=made.spend, args=(f"threads-{tmp_path.name}-{n}", b"s0",
                                                          Latest(f"token-{n}", 1), now(), "token-s0")) for n in range(3)]
    for spender in spenders:
        spender.start()
    for spender in spenders:
        spender.join()
    made.spend(f"threads-{tmp_path.name}-main", b"s0", Latest("token-main", 1), now(), "token-s0")
    assert connections() >= before + 4  # three threads' and this one's (and the checks')
    made.close()
    deadline = time.monotonic() + 5
    while connections() > before:
        assert time.monotonic() < deadline, client.client_list()
        time.sleep(0.05)
    for n in range(3):
        assert client.hget(f"elfer:{{threads-{tmp_path.name}-{n}}}:game", "token") == f"token-{n}".encode()


#: The tables of a store file made when each spent token had a row of its own.
EARLIER_SCHEMA = (
    "CREATE TABLE spent (token BLOB PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE games (game TEXT PRIMARY KEY, token TEXT NOT NULL, turn INTEGER NOT NULL, at INTEGER NOT NULL)",
    ("CREATE TABLE seats (game TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL, claim BLOB, "
     "PRIMARY KEY (game, seat)) WITHOUT ROWID"),
    "CREATE INDEX spent_at ON spent (at)",
    "CREATE TABLE marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
)


def earlier_file(path, spends):
    """A store file as the earlier version left it: `spends` are (game, digest, latest
    token text, turn) in order; a game of `None` latest kept no row of its own (as the
    releases before the games' rows)."""
    with sqlite3.connect(path) as connection:
        for statement in EARLIER_SCHEMA:
            connection.execute(statement)
        connection.execute("INSERT INTO marks VALUES ('forgotten_before', 0)")
        for game, digest, latest, turn in spends:
            connection.execute("INSERT INTO spent VALUES (?, ?)", (digest, now()))
            if latest is not None:
                connection.execute("INSERT INTO games VALUES (?, ?, ?, ?) ON CONFLICT (game) DO UPDATE "
                                   "SET token = excluded.token, turn = excluded.turn", (game, latest, turn, now()))
    connection.close()


def test_a_file_of_the_earlier_version_is_moved_on_at_start_and_its_spent_tokens_stay_spent(tmp_path):
    path = tmp_path / "earlier.sqlite3"
    earlier_file(path, [("g", b"g0", "token-g1", 1), ("g", b"g1", "token-g2", 2), ("h", b"h0", None, 1)])
    made = SqliteStore(path, 30)
    try:
        connection = made._connection()
        assert {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == {
            "games", "seats", "marks", "spent_earlier"}
        assert connection.execute("SELECT count(*) FROM spent_earlier").fetchone() == (3,)
        assert made.mark() == 0  # the file kept spends: no token of it is refused by age
        for game, digest, played, latest in [("g", b"g0", "token-g0", Latest("token-g2", 2)),
                                             ("g", b"g1", "token-g1", Latest("token-g2", 2)),
                                             ("h", b"h0", "token-h0", None)]:
            with pytest.raises(Spent) as spent:
                made.spend(game, digest, Latest("token-fork", 9), now(), played)
            assert spent.value.latest == latest
        # The latest tokens play on: the game with a row, and the one without (its first
        # turn since the move).
        made.spend("g", b"g2", Latest("token-g3", 3), now(), "token-g2")
        made.spend("h", b"h1", Latest("token-h2", 2), now(), "token-h1")
        with pytest.raises(Spent) as spent:
            made.spend("h", b"h1", Latest("token-fork", 2), now(), "token-h1")
        assert spent.value.latest == Latest("token-h2", 2)
    finally:
        made.close()
    # Opened again (another worker, a restart): moved once, nothing lost.
    again = SqliteStore(path, 30)
    try:
        with pytest.raises(Spent):
            again.spend("h", b"h0", Latest("token-fork", 1), now(), "token-h0")
        assert again._connection().execute("SELECT count(*) FROM spent_earlier").fetchone() == (3,)
    finally:
        again.close()


def test_a_process_of_the_earlier_version_still_running_on_the_moved_file_fails_closed(tmp_path):
    path = tmp_path / "earlier.sqlite3"
    earlier_file(path, [("g", b"g0", "token-g1", 1)])
    SqliteStore(path, 30).close()
    with sqlite3.connect(path) as connection, pytest.raises(sqlite3.OperationalError, match="no such table: spent"):
        # What the earlier version's spend ran first.
        connection.execute("INSERT INTO spent (token, at) SELECT ?, ? WHERE ? >= (SELECT value FROM marks WHERE name = ?) "
                           "ON CONFLICT DO NOTHING", (b"g1", now(), now(), "forgotten_before"))
    connection.close()


def test_a_spent_table_made_again_by_the_earlier_version_joins_the_earlier_rows(tmp_path):
    path = tmp_path / "earlier.sqlite3"
    earlier_file(path, [("g", b"g0", "token-g1", 1)])
    SqliteStore(path, 30).close()
    with sqlite3.connect(path) as connection:  # the earlier version started again on it
        connection.execute("CREATE TABLE spent (token BLOB PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID")
        connection.execute("INSERT INTO spent VALUES (?, ?)", (b"k0", now()))
    connection.close()
    made = SqliteStore(path, 30)
    try:
        with pytest.raises(Spent) as spent:
            made.spend("k", b"k0", Latest("token-fork", 1), now(), "token-k0")
        assert spent.value.latest is None
        tables = {row[0] for row in made._connection().execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "spent" not in tables and "spent_earlier" in tables
    finally:
        made.close()


def test_a_sealed_turn_whose_answer_cannot_be_written_lets_its_spend_go(redis_server):
    # The answer is written while Redis spends the token; a failure there closes the
    # connection with the spend's answer unread. The spend happened, as when an answer
    # is lost: the same turn again is 409 with the latest token, which plays on.
    from support.sealed_games import client, post

    app = client(redis_server.url)
    first = post(app, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
    post(app, "/v1/turns", {"game": first["game"], "seat": first["seats"][0],  # the server holds the script
                            "turn": {"player": 0, "actions": [{"type": "draw"}]}}, 200)
    game = post(app, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
    ann, ben = game["seats"]
    body = {"game": game["game"], "seat": ann, "turn": {"player": 0, "actions": [{"type": "draw"}]}}

    def unwritable(answer):
        raise RuntimeError("the answer cannot be written")

    with pytest.raises(RuntimeError):
        app.application.extensions["sealed"].turn(body, unwritable)
    again = post(app, "/v1/turns", body, 409)
    assert (again["code"], again["turn"]) == ("TOKEN_SPENT", 1)
    on = post(app, "/v1/turns", {"game": again["game"], "seat": ben,
                                 "turn": {"player": 1, "actions": [{"type": "draw"}]}}, 200)
    assert on["turn"] == 2
