"""SQLite checkpoints off the request path: a thread per process copies the store's
write-ahead log into the database file, so that no spend waits for it.

In WAL mode a commit appends the pages it changed to the log and is kept from then on
(`synchronous=NORMAL`: through a crash of the process); a checkpoint copies the log into
the database and syncs the file, which takes milliseconds to tens of milliseconds. Left
to SQLite, the spend whose commit makes the log pass `wal_autocheckpoint` pages runs it,
and that request waits. Here a thread of each worker process runs a PASSIVE checkpoint
every `EVERY_SECONDS` instead (PASSIVE: it copies what no reader still needs and never
blocks a spend, which goes on appending to the log meanwhile); the log stays small, and a
checkpoint finds the pages it copies still in the page cache. The store's own
`wal_autocheckpoint` stays as a backstop, should this thread ever fall behind. Several
workers may each run one: SQLite lets one checkpoint run at a time, and the others find
it busy and wait for their next turn.

What is kept, and when a spend counts as kept, is unchanged: only who does the copying.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path

#: Seconds between two checkpoints: a log of at most a second's spends (at 500 spends a
#: second, about 1,500 pages), far below the backstop.
EVERY_SECONDS = 1.0

log = logging.getLogger(__name__)


class Checkpointer:
    """The checkpoints of one store file, run by a daemon thread of the process that
    last called `ensure_running` (a thread does not survive a fork: each worker starts
    its own)."""

    def __init__(self, path: Path, every: float = EVERY_SECONDS):
        self.path = path
        self.every = every
        self.done = 0  # checkpoints run, for the tests and the curious
        self._pid: int | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()

    def ensure_running(self) -> None:
        """Start this process's thread, unless it runs already."""
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid == os.getpid():
                return
            self._stop = threading.Event()
            thread = threading.Thread(target=self._run, args=(self._stop,), name="sqlite-checkpoints", daemon=True)
            thread.start()
            self._pid = os.getpid()

    def stop(self) -> None:
        self._stop.set()
        self._pid = None

    def _run(self, stop: threading.Event) -> None:
        connection = None
        while not stop.wait(self.every):
            try:
                if connection is None:
                    # mode=rw: a file gone from its path is not made again, empty, here.
                    connection = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True, timeout=0,
                                                 isolation_level=None, check_same_thread=False)
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                self.done += 1
            except sqlite3.Error as exc:
                # The next round tries again; the backstop copies meanwhile. (A store that
                # cannot be written fails its spends too, and they say so.)
                log.debug("a checkpoint of %s failed: %s", self.path, exc)
                if connection is not None:
                    connection.close()
                    connection = None
        if connection is not None:
            connection.close()
