"""The default store: an embedded SQLite database in one file, shared by every worker
process (and thread) of one machine.

WAL lets readers go on while one writer spends; each spend is one short `BEGIN
IMMEDIATE` transaction (the write lock taken at once, so two workers spending the same
token at the same moment queue instead of both reading "not spent"). A spend is a
compare-and-set on the game's row: the row holds the game's latest token, and a token is
spent by replacing it there, which only the latest token of its game can do
(`SPEND_IF_LATEST`). A game under way spends in that one statement, which SQLite makes
a transaction of its own (the write lock taken at once, as `BEGIN IMMEDIATE` takes it);
anything else (a game's first turn, a token spent or too old) is told apart in a
transaction of several statements. Every token the game played before is not its
latest, so it finds the game's row, and the latest token in it, as its refusal. A game
without a row (its first turn since the mark) takes any of its tokens sealed at or after
the mark: a game had its row from its first spend on, and loses it only once its latest
token, and so every token of it, is sealed before the mark. `synchronous=NORMAL` in WAL
mode keeps every committed spend through a crash of the process; only a crash of the
machine itself may lose the last moments (the trade is written in the threat model).

In WAL mode a commit writes to the log only; the disk is synced when the log is copied
into the database (a checkpoint), which a spend would otherwise wait for now and then.
A thread of each process checkpoints every second instead (`checkpoints.Checkpointer`),
off the request path; SQLite's own checkpoint after `CHECKPOINT_PAGES` pages (32 MiB)
stays as a backstop, and the log file is cut back to that size after each checkpoint.
What is synced, and when a spend counts as kept, is unchanged. Each spend logs one
page: the game's row with its latest token (about 2 kB, kept in its table's page: `games`
has a rowid, so that a row of that size needs no overflow page, which a table without
rowid would write beside it).

A file made when each spent token had a row of its own (table `spent`) is moved on at
start, in the transaction that prepares the file: the table is renamed `spent_earlier`
(so that a process of that version still running on the file fails closed, finding no
`spent` to write to) and read, for a game without a row only, until the clean-up has
emptied it: every token spent then stays spent.

Each thread holds its own connection (a sqlite3 connection is not to be shared across
threads, nor across a fork: a worker that finds one made by its parent makes its own).

It fails closed (`referee.sealed.store`):

- every row carries the time sealed into its token (for a game and its seats, the
  newest token of the game seen), never the moment it was written; the file keeps a
  mark, `forgotten_before`, and refuses a token sealed before it (`Expired`) inside
  the spend's own transaction. The clean-up, at most once an hour by whichever spend
  comes first, raises the mark to `REFEREE_STORE_DAYS` before now, but never past as
  long before the newest token it has seen spent (so one instance's clock far ahead
  does not end everyone's games at once), and only then deletes what was sealed
  before the mark. A new file's mark is the moment it was made;
- the file's identity (device and inode) is taken when the store is opened (or given
  by `referee serve`, which opened it first, through `IDENTITY_VARIABLE`), and checked
  before and after every write: a file deleted or replaced under a running server is
  `StoreUnavailable` from then on, and nothing is written into the wrong file (a
  connection keeps the file it opened, but SQLite finds the log by the file's name, so
  a write after the file was replaced would reach the new file through its log);
- a disk that fills fails the transaction (`SQLITE_FULL`): nothing of it is kept, and
  nothing already kept is lost;
- `full()` says when the rows in use reach `REFEREE_STORE_MAX_MB`; the referee then
  refuses new games, while the games under way go on. A game keeps one row for itself
  (its latest token, its turn, the time of its newest token and of the newest token it
  spent) and one per claimed seat.
"""

from __future__ import annotations

import hmac
import os
import sqlite3
import threading
import time
from pathlib import Path

from .checkpoints import Checkpointer
from .store import (DEFAULT_MAX_MB, Expired, Latest, Pending, Spent, StoreSettingInvalid, StoreUnavailable,
                    spend_when_finished)

# `games` has a rowid (see the module's docstring); a file made when it had none keeps
# its table as it is, read and written the same.
SCHEMA = (
    ("CREATE TABLE IF NOT EXISTS games (game TEXT PRIMARY KEY, token TEXT NOT NULL, turn INTEGER NOT NULL, "
     "at INTEGER NOT NULL, spent_at INTEGER)"),
    ("CREATE TABLE IF NOT EXISTS seats (game TEXT NOT NULL, seat INTEGER NOT NULL, at INTEGER NOT NULL, "
     "claim BLOB, PRIMARY KEY (game, seat)) WITHOUT ROWID"),
    "CREATE TABLE IF NOT EXISTS marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID",
)
#: Seconds a spend waits for another worker's transaction before the store counts as
#: unavailable (each transaction takes microseconds; this is far above any queue).
BUSY_SECONDS = 5.0
PURGE_EVERY = 3600.0
#: Pages (of 4 KiB) in the log before a spend checkpoints itself (the backstop): 32 MiB.
CHECKPOINT_PAGES = 8192
#: A spend: the game's row takes the following token only when the token played is the
#: game's latest (its text: `Sealer.open` opens a token's own text only, one per token)
#: and was sealed at or after the mark. `at` is the time of the game's newest token,
#: `spent_at` that of the newest token it spent (what the clean-up goes by).
SPEND_IF_LATEST = ("UPDATE games SET token = ?, turn = ?, at = max(at, ?), spent_at = max(coalesce(spent_at, 0), ?) "
                   "WHERE game = ? AND token = ? AND ? >= (SELECT value FROM marks WHERE name = ?)")
#: The table of a file made when each spent token had a row (read, never written).
EARLIER = "spent_earlier"
#: Where `referee serve` tells its workers which file it opened: "device:inode:path".
IDENTITY_VARIABLE = "REFEREE_STORE_FILE_IDENTITY"
MARK = "forgotten_before"
#: Below this much free room on its disk the store is not ready: a spend may not fit.
LEAST_FREE_BYTES = 1024 * 1024


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


def file_identity(path: Path) -> tuple[int, int] | None:
    """The file's device and inode, or None when there is no file."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def identity_text(path: Path) -> str:
    """The value of IDENTITY_VARIABLE for the file at `path` as it is now."""
    device, inode = file_identity(path) or (0, 0)
    return f"{device}:{inode}:{path}"


def _read_only(path: Path) -> str | None:
    """Why the file cannot be written, when it is read-only (its file system, or its
    permissions); None otherwise."""
    where = path if path.exists() else path.parent
    try:
        if os.statvfs(where).f_flag & os.ST_RDONLY:
            return "it is on a read-only file system"
    except OSError:
        return None
    return None if os.access(where, os.W_OK) else "it is read-only"


class _CheckedWrite:
    """`with _CheckedWrite(store) as connection:` one write transaction on the store's
    file, its identity checked before anything is written and again after the commit (a
    file deleted or replaced in the moment of the write withholds the answer); rolled
    back on any exception; SQLite's errors become `StoreUnavailable`. `alone`: the
    transaction is the one statement written inside (SQLite makes it a transaction of
    its own, its write lock taken at once as `BEGIN IMMEDIATE` takes it), so there is no
    BEGIN, COMMIT or ROLLBACK to say. A class, not a generator: it is on every spend's
    path."""

    __slots__ = ("store", "alone", "connection")

    def __init__(self, store: SqliteStore, alone: bool = False) -> None:
        self.store = store
        self.alone = alone

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.connection = self.store._connection()
            if not self.alone:
                self.connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from None
        try:
            self.store._check_file()
        except BaseException:
            self._roll_back()
            raise
        return self.connection

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, trace: object) -> None:
        try:
            if kind is not None:
                self._roll_back()
                if issubclass(kind, sqlite3.Error):
                    raise StoreUnavailable(str(exc)) from None
                return
            if not self.alone:
                try:
                    self.connection.execute("COMMIT")
                except BaseException:
                    self._roll_back()
                    raise
            self.store._check_file()
        except sqlite3.Error as error:
            raise StoreUnavailable(str(error)) from None

    def _roll_back(self) -> None:
        if not self.alone:
            _rollback(self.connection)


def _spent_if_latest(connection: sqlite3.Connection, game: str, following: Latest, issued: int, played: str,
                     now: int) -> bool:
    """Whether `SPEND_IF_LATEST` spent the token `played` (sealed at `issued`), making
    `following` its game's latest: only where `played` is the latest, sealed at or after
    the mark."""
    return connection.execute(SPEND_IF_LATEST, (following.token, following.turn, max(now, issued), issued,
                                                game, played, issued, MARK)).rowcount == 1


def _rollback(connection: sqlite3.Connection) -> None:
    """Roll back whatever is open; SQLite may have rolled back itself already (a full
    disk at COMMIT), and then there is nothing to do."""
    try:
        connection.execute("ROLLBACK")
    except sqlite3.Error:
        pass


class SqliteStore:
    keeps = True

    def __init__(self, path: Path, days: int, max_megabytes: int = DEFAULT_MAX_MB, identity: str | None = None):
        self.path = Path(path)
        self.where = str(self.path)
        self.days = days
        self.max_bytes = max_megabytes * 1024 * 1024
        self._local = threading.local()
        self._next_purge = 0.0
        self._identity: tuple[int, int] | None = None
        #: Whether the file has spent tokens' rows of the earlier version (`EARLIER`).
        self._earlier = False
        self.checkpoints = Checkpointer(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = self._open()
            self._identity = self._expected_identity(identity)
            self._prepare(connection)
        except (OSError, sqlite3.Error) as exc:
            raise StoreSettingInvalid(f"the store file {self.path} cannot be opened: {_read_only(self.path) or exc}") from None

    def _expected_identity(self, given: str | None) -> tuple[int, int] | None:
        """The identity the file must keep: the one `referee serve` saw when it opened
        this path, else the file's own now."""
        if given:
            device, inode, path = given.split(":", 2)
            if path == str(self.path):
                return int(device), int(inode)
        return file_identity(self.path)

    def _open(self) -> sqlite3.Connection:
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

    def _connection(self) -> sqlite3.Connection:
        held = getattr(self._local, "connection", None)
        if held is not None and self._local.pid == os.getpid():
            return held
        self._check_file()  # a new connection opens whatever file the path names now
        return self._open()

    def _check_file(self) -> None:
        """StoreUnavailable when the path no longer names the file this store opened."""
        if file_identity(self.path) != self._identity:
            raise StoreUnavailable(f"the store file {self.path} was deleted or replaced while the referee ran; "
                                   "nothing more is written until the referee is restarted")

    def _prepare(self, connection: sqlite3.Connection) -> None:
        """The tables (a file of an earlier release gains what it lacks, and its spent
        tokens' rows move to `EARLIER`), and the mark: a new file's is now, so it refuses
        every token sealed before it existed; a file that kept spends already starts at 0."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            for statement in SCHEMA:
                connection.execute(statement)
            if "claim" not in {row[1] for row in connection.execute("PRAGMA table_info(seats)")}:
                connection.execute("ALTER TABLE seats ADD COLUMN claim BLOB")
            if "spent_at" not in {row[1] for row in connection.execute("PRAGMA table_info(games)")}:
                connection.execute("ALTER TABLE games ADD COLUMN spent_at INTEGER")
            if "spent" in tables:
                # A process of the earlier version started again after the move made
                # its table anew: what it spent there joins the earlier rows.
                if EARLIER in tables:
                    connection.execute(f"INSERT OR IGNORE INTO {EARLIER} (token, at) SELECT token, at FROM spent")
                    connection.execute("DROP TABLE spent")
                else:
                    connection.execute(f"ALTER TABLE spent RENAME TO {EARLIER}")
            self._earlier = bool(tables & {"spent", EARLIER})
            connection.execute("INSERT INTO marks (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               (MARK, 0 if tables & {"spent", "games"} else int(time.time())))
            connection.execute("COMMIT")
        except BaseException:
            _rollback(connection)
            raise

    def _refuse_before_mark(self, connection: sqlite3.Connection, issued: int) -> None:
        (mark,) = connection.execute("SELECT value FROM marks WHERE name = ?", (MARK,)).fetchone()
        if issued < mark:
            raise Expired(mark)

    def spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> None:
        # The following token was sealed a moment ago by this process: its time is now.
        now = int(time.time())
        if self._spent_at_once(game, following, issued, played, now):
            self._purge_now_and_then(now)
            return
        with _CheckedWrite(self) as connection:
            # The mark is read by the update itself (one statement less on every
            # spend): a token sealed before it changes nothing, and is told from a
            # spent one below, the mark first as before.
            fresh = _spent_if_latest(connection, game, following, issued, played, now)
            latest = None
            if not fresh:
                self._refuse_before_mark(connection, issued)
                row = connection.execute("SELECT token, turn FROM games WHERE game = ?", (game,)).fetchone()
                if row is not None:
                    latest = Latest(row[0], row[1])
                elif not self._spent_earlier(connection, token):
                    # The game's first turn since the mark: its row begins.
                    connection.execute("INSERT INTO games (game, token, turn, at, spent_at) VALUES (?, ?, ?, ?, ?)",
                                       (game, following.token, following.turn, max(now, issued), issued))
                    fresh = True
        if not fresh:
            raise Spent(latest)
        self._purge_now_and_then(now)

    def begin_spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> Pending:
        return spend_when_finished(self, game, token, following, issued, played)

    def _spent_at_once(self, game: str, following: Latest, issued: int, played: str, now: int) -> bool:
        """The spend of a game under way whose latest token is `played`, as one statement
        (`_CheckedWrite` alone): True once it is kept. False when it changed nothing, and
        `spend`'s transaction then tells why (a game's first turn, a token spent, or one
        sealed before the mark)."""
        with _CheckedWrite(self, alone=True) as connection:
            return _spent_if_latest(connection, game, following, issued, played, now)

    def _spent_earlier(self, connection: sqlite3.Connection, token: bytes) -> bool:
        """Whether a file of the earlier version spent the token (`EARLIER`)."""
        return self._earlier and connection.execute(f"SELECT 1 FROM {EARLIER} WHERE token = ?",
                                                    (token,)).fetchone() is not None

    def claim(self, game: str, seat: int, claim: bytes | None, issued: int) -> bool:
        with _CheckedWrite(self) as connection:
            self._refuse_before_mark(connection, issued)
            row = connection.execute("SELECT claim FROM seats WHERE game = ? AND seat = ?", (game, seat)).fetchone()
            if row is None:
                connection.execute("INSERT INTO seats (game, seat, at, claim) VALUES (?, ?, ?, ?)",
                                   (game, seat, issued, claim))
                claimed = True
            else:
                claimed = claim is not None and row[0] is not None and hmac.compare_digest(row[0], claim)
                if claimed:  # the seat lives as long as the newest token it was claimed with
                    connection.execute("UPDATE seats SET at = max(at, ?) WHERE game = ? AND seat = ?",
                                       (issued, game, seat))
        return claimed

    def _purge_now_and_then(self, now: int) -> None:
        """Forget what no live token can need: raise the mark, then delete the spent
        tokens of an earlier file, the games and their claimed seats whose newest token
        was sealed before it (every such token is refused by the mark from now on)."""
        if time.monotonic() < self._next_purge:
            return
        self._next_purge = time.monotonic() + PURGE_EVERY
        keep = self.days * 86400
        try:
            connection = self._connection()
            connection.execute("BEGIN IMMEDIATE")
            try:
                (newest,) = connection.execute("SELECT max(spent_at) FROM games").fetchone()
                if self._earlier:
                    (earlier,) = connection.execute(f"SELECT max(at) FROM {EARLIER}").fetchone()
                    newest = max((n for n in (newest, earlier) if n is not None), default=None)
                if newest is not None:
                    connection.execute("UPDATE marks SET value = max(value, ?) WHERE name = ?",
                                       (min(now, newest) - keep, MARK))
                (mark,) = connection.execute("SELECT value FROM marks WHERE name = ?", (MARK,)).fetchone()
                if self._earlier:
                    connection.execute(f"DELETE FROM {EARLIER} WHERE at < ?", (mark,))
                connection.execute("DELETE FROM games WHERE at < ?", (mark,))
                connection.execute("DELETE FROM seats WHERE at < ? AND game NOT IN (SELECT game FROM games)", (mark,))
                connection.execute("COMMIT")
            except BaseException:
                _rollback(connection)
                raise
        except (sqlite3.Error, StoreUnavailable):
            # A purge that fails is tried again in an hour; nothing depends on it now.
            pass

    def mark(self) -> int:
        """The store's mark: every token sealed before it is refused."""
        (mark,) = self._connection().execute("SELECT value FROM marks WHERE name = ?", (MARK,)).fetchone()
        return mark

    def probe(self) -> None:
        """The file whole (SQLite's quick check) and a row written and read back."""
        try:
            (verdict,) = self._connection().execute("PRAGMA quick_check").fetchone()
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"the store file {self.path} cannot be read: {exc}") from None
        if verdict != "ok":
            raise StoreUnavailable(f"the store file {self.path} is damaged: {verdict}")
        reason = self.unready()
        if reason is not None:
            raise StoreUnavailable(reason)

    def unready(self) -> str | None:
        written = time.time_ns()
        try:
            connection = self._connection()
            connection.execute("BEGIN IMMEDIATE")
            try:
                self._check_file()
                connection.execute("INSERT INTO marks (name, value) VALUES ('probe', ?) "
                                   "ON CONFLICT DO UPDATE SET value = excluded.value", (written,))
                (read,) = connection.execute("SELECT value FROM marks WHERE name = 'probe'").fetchone()
                connection.execute("COMMIT")
            except BaseException:
                _rollback(connection)
                raise
        except StoreUnavailable as exc:
            return str(exc)
        except sqlite3.Error as exc:
            return f"the store file {self.path} cannot be written: {_read_only(self.path) or exc}"
        if read != written:
            return f"the store file {self.path} did not keep what was written"
        disk = os.statvfs(self.path.parent)
        free = disk.f_bavail * disk.f_frsize
        if free < LEAST_FREE_BYTES:
            return f"the disk of the store file {self.path} has {free // 1024} KiB free: spends may not fit"
        return None

    def used_bytes(self) -> int:
        """The bytes of the file's pages in use (pages freed by a clean-up are used again)."""
        connection = self._connection()
        (pages,) = connection.execute("PRAGMA page_count").fetchone()
        (free,) = connection.execute("PRAGMA freelist_count").fetchone()
        (size,) = connection.execute("PRAGMA page_size").fetchone()
        return (pages - free) * size

    def full(self) -> bool:
        try:
            return self.used_bytes() >= self.max_bytes
        except sqlite3.Error as exc:
            raise StoreUnavailable(str(exc)) from None

    def size_bytes(self) -> int:
        """The file with its log, as they take the disk."""
        try:
            return sum(os.stat(f"{self.path}{suffix}").st_size for suffix in ("", "-wal")
                       if os.path.exists(f"{self.path}{suffix}"))
        except OSError as exc:
            raise StoreUnavailable(str(exc)) from None

    def close(self) -> None:
        self.checkpoints.stop()
        held = getattr(self._local, "connection", None)
        if held is not None:
            held.close()
            self._local.connection = None
