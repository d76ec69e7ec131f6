"""The default store: an embedded SQLite database in one file, shared by every worker
process (and thread) of one machine.

WAL lets readers go on while one writer spends; each spend is one short `BEGIN
IMMEDIATE` transaction (the write lock taken at once, so two workers spending the same
token at the same moment queue instead of both reading "not spent"), and the token's
row is the table's primary key: a second insert finds it. `synchronous=NORMAL` in WAL
mode keeps every committed spend through a crash of the process; only a crash of the
machine itself may lose the last moments (the trade is written in the threat model).

In WAL mode a commit writes to the log only; the disk is synced when the log is copied
into the database (a checkpoint), which a spend would otherwise wait for now and then.
A thread of each process checkpoints every second instead (`checkpoints.Checkpointer`),
off the request path; SQLite's own checkpoint after `CHECKPOINT_PAGES` pages (32 MiB)
stays as a backstop, and the log file is cut back to that size after each checkpoint.
What is synced, and when a spend counts as kept, is unchanged. Each spend logs three
pages: the spent digest's, the index by time's, and the game's row with its latest
token (about 2 kB, kept in its table's page: `games` has a rowid, so that a row of that
size needs no overflow page, which a table without rowid would write beside it).

Each thread holds its own connection (a sqlite3 connection is not to be shared across
threads, nor across a fork: a worker that finds one made by its parent makes its own).
Rows older than the retention are deleted at most once an hour, by whichever spend
comes first.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

from .checkpoints import Checkpointer
from .store import Latest, Spent, StoreSettingInvalid, StoreUnavailable

SCHEMA = """
CREATE TABLE IF NOT EXISTS spent (token BLOB PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (game TEXT PRIMARY KEY, token TEXT NOT NULL, turn INTEGER NOT NULL,
                                  at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL,
                                  PRIMARY KEY (game, seat)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS spent_at ON spent (at);
"""
#: Seconds a spend waits for another worker's transaction before the store counts as
#: unavailable (each transaction takes microseconds; this is far above any queue).
BUSY_SECONDS = 5.0
PURGE_EVERY = 3600.0
#: Pages (of 4 KiB) in the log before a spend checkpoints itself (the backstop): 32 MiB.
CHECKPOINT_PAGES = 8192


def _use_wal(connection: sqlite3.Connection) -> None:
    """Put the file in WAL mode. The mode is kept in the file, so only the first connection
    to a new file switches it; but SQLite refuses that switch at once, without waiting out
    the busy timeout, while another process has the file open, as the workers of a fresh
    `referee serve` all do at start. So the switch is tried again until BUSY_SECONDS
    have passed."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


class SqliteStore:
    keeps = True

    def __init__(self, path: Path, days: int):
        self.path = Path(path)
        self.where = str(self.path)
        self.days = days
        self._local = threading.local()
        self._next_purge = 0.0
        self.checkpoints = Checkpointer(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = self._connection()
            connection.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreSettingInvalid(f"the store file {self.path} cannot be opened: {exc}") from None

    def _connection(self) -> sqlite3.Connection:
        held = getattr(self._local, "connection", None)
        if held is not None and self._local.pid == os.getpid():
            return held
        # isolation_level=None: no implicit transactions; each spend says BEGIN itself.
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None,
                                     check_same_thread=False)
        _use_wal(connection)
        connection.execute("PRAGMA synchronous=NORMAL")
        connection.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
        connection.execute(f"PRAGMA journal_size_limit={CHECKPOINT_PAGES * 4096}")
        self._local.connection, self._local.pid = connection, os.getpid()
        self.checkpoints.ensure_running()
        return connection

    def spend(self, game: str, token: bytes, following: Latest) -> None:
        now = int(time.time())
        try:
            connection = self._connection()
            connection.execute("BEGIN IMMEDIATE")
            try:
                fresh = connection.execute("INSERT INTO spent (token, at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                           (token, now)).rowcount == 1
                if fresh:
                    connection.execute(
                        "INSERT INTO games (game, token, turn, at) VALUES (?, ?, ?, ?) ON CONFLICT (game) DO UPDATE "
                        "SET token = excluded.token, turn = excluded.turn, at = excluded.at",
                        (game, following.token, following.turn, now))
                    latest = None
                else:
                    row = connection.execute("SELECT token, turn FROM games WHERE game = ?", (game,)).fetchone()
                    latest = Latest(row[0], row[1]) if row else None
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from None
        if not fresh:
            raise Spent(latest)
        self._purge_now_and_then(now)

    def claim(self, game: str, seat: int) -> bool:
        now = int(time.time())
        try:
            connection = self._connection()
            return connection.execute("INSERT INTO seats (game, seat, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                                      (game, seat, now)).rowcount == 1
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from None

    def _purge_now_and_then(self, now: int) -> None:
        """Forget what is older than the retention: spent tokens (a token that old is
        refused as expired before it gets here), and the games, with their claimed
        seats, not played for as long."""
        if time.monotonic() < self._next_purge:
            return
        self._next_purge = time.monotonic() + PURGE_EVERY
        cutoff = now - self.days * 86400
        try:
            connection = self._connection()
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("DELETE FROM spent WHERE at < ?", (cutoff,))
            connection.execute("DELETE FROM games WHERE at < ?", (cutoff,))
            connection.execute("DELETE FROM seats WHERE at < ? AND game NOT IN (SELECT game FROM games)", (cutoff,))
            connection.execute("COMMIT")
        except sqlite3.Error:
            # A purge that fails is tried again in an hour; nothing depends on it now.
            try:
                self._connection().execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def close(self) -> None:
        self.checkpoints.stop()
        held = getattr(self._local, "connection", None)
        if held is not None:
            held.close()
            self._local.connection = None
