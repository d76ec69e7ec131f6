"""The referee as an oracle in a box: check any service that speaks the HTTP contract.

    referee conformance http://127.0.0.1:9000 --ruleset master --cases 2000
    referee conformance export corpus/

`conformance(url, ...)` (runner.py) plays the referee's differential suite against the
service at `url` and compares every answer with the engine's, in process (answers.py says
exactly what is compared). `export(directory)` (corpus.py) writes the golden corpus, and
`replay_corpus(directory, url)` replays one against a service.
"""

from __future__ import annotations

from .answers import ENDPOINTS
from .client import Unreachable
from .runner import Disagreement, Report, conformance, table

__all__ = ["conformance", "table", "Report", "Disagreement", "Unreachable", "ENDPOINTS"]
