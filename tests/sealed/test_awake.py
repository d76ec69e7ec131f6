"""How a thread waits for a store's answer (referee/sealed/awake.py): awake while the
server answers within the look, asleep at once while it is far, looking again now and
then. A connection of our own counts the looks (non-blocking reads) and answers after as
many as it is told, or never within a look (a far server)."""

from __future__ import annotations

import time

from referee.sealed import awake
from referee.sealed.awake import LATE, RETRY, AwakeWait


class Connection:
    """Answers once `ready_after` looks have been made (None: not within any look)."""

    def __init__(self, ready_after: int | None):
        self.ready_after = ready_after
        self.looks = 0
        self.read = 0

    def can_read(self, timeout: float) -> bool:
        assert timeout == 0  # a look never sleeps
        self.looks += 1
        return self.ready_after is not None and self.looks > self.ready_after

    def read_response(self) -> str:
        self.read += 1
        return "the answer"


def looks_of(waits: AwakeWait, ready_after: int | None, times: int) -> list[int]:
    """The looks each of `times` waits made, each on a fresh command's connection."""
    made = []
    for _ in range(times):
        connection = Connection(ready_after)
        assert waits.answer(connection) == "the answer" and connection.read == 1
        made.append(connection.looks)
    return made


def test_a_server_near_is_looked_for_on_every_wait(monkeypatch):
    # A look as long as the test may take: a thread the machine sets aside between two
    # looks for longer than SECONDS would otherwise count a near answer as late.
    monkeypatch.setattr(awake, "SECONDS", 60.0)
    assert looks_of(AwakeWait(), ready_after=3, times=200) == [4] * 200


def test_a_far_server_is_looked_for_until_it_is_late_so_many_times_then_now_and_then():
    waits = AwakeWait()
    looks = looks_of(waits, ready_after=None, times=LATE + 2 * RETRY)
    assert all(n > 0 for n in looks[:LATE])  # each looked for the whole moment, in vain
    later = looks[LATE:]
    # Then asleep at once, but for one look every RETRY waits.
    assert [i for i, n in enumerate(later) if n] == [RETRY - 1, 2 * RETRY - 1]


def test_a_far_server_that_comes_near_is_looked_for_again_from_the_next_look_on():
    waits = AwakeWait()
    looks_of(waits, ready_after=None, times=LATE)
    assert looks_of(waits, ready_after=0, times=RETRY - 1) == [0] * (RETRY - 1)  # asleep at once
    assert looks_of(waits, ready_after=0, times=5) == [1] * 5  # the RETRYth looked, found it: back


def test_a_look_lasts_its_seconds_and_no_longer():
    started = time.perf_counter()
    assert awake.looked_for(Connection(None), 0.005) is False
    assert 0.005 <= time.perf_counter() - started < 0.5
    assert awake.looked_for(Connection(2), 0.005) is True
