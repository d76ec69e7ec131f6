"""How a conformance run shows it is alive: a bar on a terminal, a plain line now and then
anywhere else.

On a terminal, tqdm draws the bar and redraws it in place with carriage returns. A CI
log, a file or a pipe would keep every one of those redraws on one endless line, so there
tqdm stays off (its own terminal test, `disable=None`) and a line is written every
`every` seconds instead, and a last one when the survey ends.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from tqdm import tqdm

#: Seconds between two plain lines when the output is not a terminal.
EVERY = 5.0


class Progress:
    """The survey's progress towards `count` cases, or towards `seconds` when no count is
    set, written to `stream` (None: nowhere)."""

    def __init__(self, stream: TextIO | None, count: int | None, seconds: float | None,
                 every: float = EVERY, clock: Callable[[], float] = time.monotonic):
        self.stream = stream
        self.count = count
        self.seconds = seconds
        self.every = every
        self.clock = clock
        self.start = clock()
        self.written = self.start
        self.bar: tqdm | None = None
        if stream is not None:
            bar = tqdm(total=count or seconds, file=stream, disable=None, leave=True,
                       unit=" cases" if count else "s", desc="conformance",
                       bar_format="{l_bar}{bar:30}| {n_fmt}/{total_fmt}{unit}{postfix}")
            self.bar = None if bar.disable else bar

    def _done(self, drawn: int) -> float:
        """How far the run is, in the bar's unit: cases drawn, or seconds spent."""
        return drawn if self.count else min(self.clock() - self.start, self.seconds or 0)

    @staticmethod
    def _found(cases: int, kinds: int) -> str:
        return f"{cases} compared, {kinds} kind{'s' if kinds != 1 else ''} of disagreement"

    def update(self, drawn: int, cases: int, kinds: int) -> None:
        """`drawn` cases drawn so far, `cases` of them compared, `kinds` of disagreement."""
        if self.bar is not None:
            self._advance(drawn, cases, kinds)
        elif self.stream is not None and self.clock() - self.written >= self.every:
            self.written = self.clock()
            self._line(drawn, cases, kinds)

    def close(self, drawn: int, cases: int, kinds: int) -> None:
        if self.bar is not None:
            self._advance(drawn, cases, kinds)
            self.bar.close()
        elif self.stream is not None:
            self._line(drawn, cases, kinds)

    def _advance(self, drawn: int, cases: int, kinds: int) -> None:
        self.bar.set_postfix_str(self._found(cases, kinds), refresh=False)
        self.bar.update(self._done(drawn) - self.bar.n)

    def _line(self, drawn: int, cases: int, kinds: int) -> None:
        elapsed = self.clock() - self.start
        if self.count:
            head = f"{drawn} of {self.count} cases drawn in {elapsed:.0f}s"
        else:
            head = f"{elapsed:.0f}s of {self.seconds or 0:.0f}s"
        self.stream.write(f"conformance: {head}: {self._found(cases, kinds)}\n")
        self.stream.flush()
