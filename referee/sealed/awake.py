"""How a thread waits for the answer of a store across a network: awake, looking for it
without sleeping, for up to `SECONDS`, then asleep on its socket.

A thread asleep on its socket is woken tens of microseconds after the answer comes,
longer than a Redis on the same machine or rack takes to answer
(docs/howto/sealed-store.md, "What it costs"). Looking costs a non-blocking read each
time, of a core that would otherwise idle for as long. A server whose answers come later
than `SECONDS` gains nothing from the look, which would only cost its core: once `LATE`
answers in a row have come after the look, the thread sleeps at once, and looks again
every `RETRY`th wait, so that a server that comes closer (a failover, a move) is
noticed.

Only the time spent changes, never what is read: every wait ends in the connection's
own `read_response`. May import the standard library alone.
"""

from __future__ import annotations

import time
from typing import Any

#: Seconds an answer is looked for awake before the thread sleeps on its socket.
SECONDS = 0.0002
#: Answers in a row come after the look, after which a thread sleeps at once.
LATE = 8
#: While it sleeps at once, every this many waits it looks again.
RETRY = 64


class AwakeWait:
    """The waits of one store's connections, which learn how far its server is. Shared
    by the threads: a count a race gets wrong by one changes only when a look is made."""

    __slots__ = ("late", "unlooked")

    def __init__(self) -> None:
        #: Answers in a row that came after the look.
        self.late = 0
        #: Waits without a look since the last one.
        self.unlooked = 0

    def answer(self, connection: Any) -> Any:
        """The answer to the command just sent on `connection` (a redis-py connection),
        looked for awake first while answers come within the look."""
        seconds = self.look()
        if seconds:
            self.late = 0 if looked_for(connection, seconds) else self.late + 1
        return connection.read_response()

    def look(self) -> float:
        """How long the next wait looks awake: `SECONDS`, or none while the server is
        far, but on every `RETRY`th wait."""
        if self.late < LATE:
            return SECONDS
        self.unlooked += 1
        if self.unlooked < RETRY:
            return 0.0
        self.unlooked = 0
        return SECONDS


def looked_for(connection: Any, seconds: float) -> bool:
    """Whether an answer came on `connection` within `seconds`, looked for without
    sleeping (a non-blocking read each time)."""
    clock = time.perf_counter
    until = clock() + seconds
    while not connection.can_read(0):
        if clock() >= until:
            return False
    return True
