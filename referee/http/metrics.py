"""What an operator watches: `GET /metrics` in Prometheus' text format (`prometheus-client`).

- `referee_http_requests_total{route, method, status}` and
  `referee_http_request_duration_seconds{route}` (a histogram from 100 µs to 2.5 s):
  every request, the short way's too, by its route as the app declares it
  (`/v1/rules/<code>`), `unmatched` for a path no route has;
- `referee_problems_total{code}`: the HTTP problems answered, by code (`TOKEN_SPENT`,
  `SEAT_TAKEN`, `TOKEN_EXPIRED`, `TOO_MANY_REQUESTS`, `STORE_UNAVAILABLE`, ...);
- `referee_sealed_spends_total`: sealed turns whose token was spent;
- `referee_store_errors_total`: requests the store failed (each answered 503);
- `referee_store_size_bytes`: the store's size when scraped (the SQLite file with its
  log; Redis' `used_memory`, summed over a cluster's primaries).

Under `referee serve` every worker process counts in files of its own in
`PROMETHEUS_MULTIPROC_DIR` (which `serve` makes, or empties when it is given), and
`/metrics`, whichever worker answers it, adds them all up (prometheus-client's
multiprocess mode). An app on its own counts in its own registry. The counting is a
WSGI layer around the short way and Flask: per request two clock reads, a dict lookup
and three increments (see docs/howto/deployment.md for what it costs).

prometheus-client is imported when the app is made, not with this module: it chooses
between per-process and file-backed counts when it is imported, and `referee serve`
sets the folder before its workers make their apps.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable

from flask import Flask, Response, current_app
from werkzeug.exceptions import HTTPException

from ..sealed.store import StoreUnavailable

#: The latency histogram's buckets, in seconds: a turn takes about 100 µs to 1 ms.
BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
#: At most this many dynamic paths keep their route in memory (a scan of made-up paths
#: is `unmatched` and never kept).
ROUTE_CACHE = 4096


class Metrics:
    """The app's counters (in a registry of its own, or in the multiprocess files)."""

    def __init__(self, store: Any):
        from prometheus_client import CollectorRegistry, Counter, Histogram

        self.store = store
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter("referee_http_requests_total", "HTTP requests answered, by route, method and status.",
                                ["route", "method", "status"], registry=self.registry)
        self.duration = Histogram("referee_http_request_duration_seconds", "Time to answer a request, by route.",
                                  ["route"], buckets=BUCKETS, registry=self.registry)
        self.problems = Counter("referee_problems_total", "HTTP problems answered, by code.", ["code"],
                                registry=self.registry)
        self.spends = Counter("referee_sealed_spends_total", "Sealed turns whose token was spent in the store.",
                              registry=self.registry)
        self.store_errors = Counter("referee_store_errors_total",
                                    "Requests the store of sealed games failed (answered 503).", registry=self.registry)
        self.registry.register(StoreSize(store))
        # Each (route, method, status) and route's children, made once: `labels` takes a lock.
        self._children: dict[tuple[str, str, str], tuple[Any, Any]] = {}

    def observe(self, route: str, method: str, status: str, seconds: float) -> None:
        key = (route, method, status)
        children = self._children.get(key)
        if children is None:
            children = self._children[key] = (self.requests.labels(route, method, status), self.duration.labels(route))
        children[0].inc()
        children[1].observe(seconds)

    def exposition(self) -> tuple[bytes, str]:
        """The text Prometheus scrapes, and its content type: every worker's counts
        added up in multiprocess mode, this app's otherwise."""
        from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
        from prometheus_client.multiprocess import MultiProcessCollector

        if os.environ.get(MULTIPROCESS_VARIABLE):
            registry = CollectorRegistry()
            MultiProcessCollector(registry)
            registry.register(StoreSize(self.store))  # not a count: read now, by this worker
            return generate_latest(registry), CONTENT_TYPE_LATEST
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


class StoreSize:
    """`referee_store_size_bytes`, read when scraped."""

    def __init__(self, store: Any):
        self.store = store

    def collect(self) -> Any:
        from prometheus_client.core import GaugeMetricFamily

        size = store_size(self.store)
        if size is not None:
            yield GaugeMetricFamily("referee_store_size_bytes", "The store of sealed games' size: the SQLite file "
                                    "with its log, or Redis' used_memory.", value=size)

    def describe(self) -> list:
        return []


def store_size(store: Any) -> int | None:
    """The store's size in bytes (`Store.size_bytes`), or None (no store, or none to
    read just now)."""
    try:
        return store.size_bytes()
    except StoreUnavailable:  # the store away: its errors are counted where they matter
        return None


class Counted:
    """WSGI middleware: every request counted and timed by route, method and status."""

    __slots__ = ("app", "metrics", "static", "adapter", "dynamic")

    def __init__(self, app: Callable, flask: Flask, metrics: Metrics):
        self.app = app
        self.metrics = metrics
        self.static = {rule.rule for rule in flask.url_map.iter_rules() if not rule.arguments}
        self.adapter = flask.url_map.bind("referee")
        self.dynamic: dict[str, str] = {}

    def route(self, path: str) -> str:
        if path in self.static:
            return path
        known = self.dynamic.get(path)
        if known is not None:
            return known
        try:
            rule, _ = self.adapter.match(path, return_rule=True)
        except HTTPException:  # no route, or a redirect to one
            return "unmatched"
        if len(self.dynamic) < ROUTE_CACHE:
            self.dynamic[path] = rule.rule
        return rule.rule

    def __call__(self, environ: dict, start_response: Any) -> Any:
        start = time.perf_counter()
        status = ["500"]

        def counting_start_response(line: str, headers: Any, exc_info: Any = None) -> Any:
            status[0] = line[:3]
            return start_response(line, headers, exc_info) if exc_info else start_response(line, headers)

        try:
            return self.app(environ, counting_start_response)
        finally:
            self.metrics.observe(self.route(environ.get("PATH_INFO", "")), environ.get("REQUEST_METHOD", ""),
                                 status[0], time.perf_counter() - start)


def install_metrics(app: Flask) -> Metrics:
    """Count the app's requests (its WSGI callable wrapped) and answer `GET /metrics`."""
    metrics = Metrics(app.extensions["sealed"].store)
    app.extensions["metrics"] = metrics
    app.add_url_rule("/metrics", "metrics", _exposition, methods=["GET"])
    app.extensions["sealed"].on_spend = metrics.spends.inc
    app.wsgi_app = Counted(app.wsgi_app, app, metrics)  # type: ignore[method-assign]
    return metrics


def _exposition() -> Response:
    body, content_type = current_app.extensions["metrics"].exposition()
    return Response(body, content_type=content_type, headers={"Cache-Control": "no-store"})


def count_problem(code: str) -> None:
    """An HTTP problem answered (called by `problems.http_problem`, within a request)."""
    metrics = current_app.extensions.get("metrics")
    if metrics is not None:
        metrics.problems.labels(code).inc()


def count_store_error() -> None:
    metrics = current_app.extensions.get("metrics")
    if metrics is not None:
        metrics.store_errors.inc()


def prepare_multiprocess(environ: Any = os.environ) -> str:
    """For `referee serve`, before its workers start: the folder where each counts, made
    fresh, or emptied of an earlier run's files when the environment names one."""
    import tempfile
    from pathlib import Path

    folder = environ.get(MULTIPROCESS_VARIABLE)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        for stale in Path(folder).glob("*.db"):
            stale.unlink()
    else:
        folder = environ[MULTIPROCESS_VARIABLE] = tempfile.mkdtemp(prefix="elfer-referee-metrics-")
    return folder
