"""SQLite checkpoints run off the request path: spends only append to the log, and the
store's thread copies the log into the database file (read here from a copy of that
file alone, without its log)."""

from __future__ import annotations

import shutil
import sqlite3
import time

from referee.sealed.sqlite_store import SqliteStore
from referee.sealed.store import Latest, Spent

TOKEN = "A" * 1756  # a token of the typical position's length


def rows_in_the_database_file(path, folder):
    """The games' latest turns as the database file alone holds them (what a
    checkpoint has copied there)."""
    copy = folder / "copy.sqlite3"
    shutil.copyfile(path, copy)
    with sqlite3.connect(copy) as connection:
        games = dict(connection.execute("SELECT game, turn FROM games").fetchall())
    copy.unlink()
    return games


def wait_for_checkpoints(store, count):
    deadline = time.monotonic() + 30
    while store.checkpoints.done < count:
        assert time.monotonic() < deadline, "the store's thread ran no checkpoint"
        time.sleep(0.02)


def test_spends_leave_the_checkpoint_to_the_stores_thread(tmp_path):
    path = tmp_path / "store.sqlite3"
    store = SqliteStore(path, 30)
    try:
        store.checkpoints.every = 0.02
        wait_for_checkpoints(store, 1)  # the tables themselves are in the file
        store.checkpoints.stop()  # nothing copies now but the spends themselves, if they did
        time.sleep(0.1)
        for n in range(200):  # each game's chain of tokens, each of the typical length
            store.spend(f"game-{n % 20}", n.to_bytes(32, "big"), Latest(f"{TOKEN}{n}", n), int(time.time()),
                        f"{TOKEN}{n - 20}")
        assert rows_in_the_database_file(path, tmp_path) == {}
        assert (path.parent / (path.name + "-wal")).stat().st_size > 200 * 4096

        store.checkpoints.ensure_running()
        wait_for_checkpoints(store, store.checkpoints.done + 2)
        games = rows_in_the_database_file(path, tmp_path)
        assert games == {f"game-{g}": 180 + g for g in range(20)}
        # The store goes on as before: a spent token is still spent, and names the latest.
        try:
            store.spend("game-3", (3).to_bytes(32, "big"), Latest("B", 999), int(time.time()), f"{TOKEN}3")
        except Spent as spent_again:
            assert spent_again.latest == Latest(f"{TOKEN}183", 183)
        else:
            raise AssertionError("a spent token was spent again")
    finally:
        store.close()


def test_each_process_runs_its_own_thread_and_close_stops_it(tmp_path):
    store = SqliteStore(tmp_path / "store.sqlite3", 30)
    store.checkpoints.every = 0.02
    wait_for_checkpoints(store, 1)
    store.close()
    time.sleep(0.2)
    stopped = store.checkpoints.done
    time.sleep(0.3)
    assert store.checkpoints.done == stopped


def test_the_thread_never_makes_a_store_file_that_is_gone(tmp_path):
    path = tmp_path / "store.sqlite3"
    store = SqliteStore(path, 30)
    try:
        store.close()
        for suffix in ("", "-wal", "-shm"):
            (tmp_path / f"store.sqlite3{suffix}").unlink(missing_ok=True)
        store.checkpoints.every = 0.02
        store.checkpoints.ensure_running()
        time.sleep(0.3)
        assert not path.exists()
    finally:
        store.checkpoints.stop()
