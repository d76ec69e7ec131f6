"""HTTP manners: CORS, caching of what never changes, request ids and the access log.

- **CORS** (flask-cors): the API holds no credentials and sets no cookies, so any web
  page may call it: on by default for every origin, preflights answered; the config
  `CORS_ORIGINS` narrows it to a list of origins.
- **Caching**: every successful GET but `/healthz` and `/readyz` answers what only a new release
  changes (the rules, the rulesets, the contract, the schemas, the docs and the pages),
  so it carries an `ETag` (of its bytes: a language has its own) and `Cache-Control`,
  and an `If-None-Match` that matches gets 304.
- **X-Request-ID**: taken from the request when it is a sensible token, made otherwise;
  returned on the answer and written in the access log.
- **The 413 reaches the client**: a client that sends its whole body before it reads
  the answer (Python's http.client, requests) would meet a closed socket if the body
  were left unread. After a 413 has been written, the rest of the body is read and
  thrown away, at most DRAIN_BYTES and for at most DRAIN_SECONDS, as nginx's lingering
  close does (a client that sends none of it is let go at once); then the connection
  is closed or kept as usual.
- **Access log**: one line per request (method, path, status, duration, request id),
  as JSON or as text, when the config `ACCESS_LOG` is "json" or "text" (`referee serve`
  turns it on; the app alone logs nothing).

CORS, caching and the 413 are Flask hooks. The request id, the language headers (see
language.py) and the access log are the WSGI middleware `Manners`, outermost, so that
they cost little and reach every answer, the short way's (shortcut.py) included.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from typing import Any

import orjson
from flask import Flask, Response, request
from flask_cors import CORS

from .language import environ_language

#: Seconds a cache may keep an unchanging answer without asking again.
CACHE_SECONDS = 3600
#: Headers a page on another origin may read from an answer.
EXPOSED = ["X-Request-ID", "ETag", "Content-Language"]
#: A request id worth keeping: a short token of printable characters.
REQUEST_ID = re.compile(r"^[A-Za-z0-9._:/+=@-]{1,128}$")
#: GETs whose answers change between requests, and are never cached.
UNCACHED = {"docs.health", "docs.ready", "metrics"}
#: How much of an oversized body is read and thrown away after the 413, and for how long;
#: a client that has sent nothing of it within FIRST_BYTE_SECONDS is not sending it.
DRAIN_BYTES = 16 * 1024 * 1024
DRAIN_SECONDS = 5.0
FIRST_BYTE_SECONDS = 0.25

#: The text access log's line.
TEXT_LINE = "%(method)s %(path)s %(status)s %(ms)s ms %(request_id)s"

#: Where a request's id is kept for anything that serves it: its WSGI environ.
REQUEST_ID_KEY = "referee.request_id"

access = logging.getLogger("referee.access")


def register_manners(app: Flask) -> None:
    origins = app.config.get("CORS_ORIGINS", "*")
    # always_send=False: only a browser's request (it names its Origin) needs CORS headers;
    # a bot's request skips the work (see _only_with_origin).
    CORS(app, origins=origins, expose_headers=EXPOSED, max_age=86400, send_wildcard=origins == "*",
         always_send=False)
    _only_with_origin(app)
    log_format = app.config.get("ACCESS_LOG")
    if log_format:
        _log_to_stdout(log_format)

    app.wsgi_app = Manners(app.wsgi_app, log_format)  # type: ignore[method-assign]

    @app.after_request
    def _finish(response: Response) -> Response:
        if origins != "*":  # the answer's CORS headers depend on the Origin (flask-cors adds
            response.vary.add("Origin")  # this only for two or more origins)
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and request.endpoint not in UNCACHED
            and not response.is_streamed
            and not response.direct_passthrough  # files: send_file gives them their own ETag
        ):
            response.add_etag()
            response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}"
            response.make_conditional(request)
        if response.status_code == 413:
            response.call_on_close(_drainer(request.environ))
        return response


class Manners:
    """WSGI middleware around the Flask app: what every answer carries, whatever made it.

    Each answer gets its `X-Request-ID`, its `Content-Language` and `Vary:
    Accept-Language` (see language.py), and its line in the access log, here rather than
    in Flask's before- and after-request hooks: added to the header list on its way to
    the server, they cost a few µs where the hooks, through werkzeug's `Headers` and
    Flask's context lookups, cost about a sixth of a `POST /v1/turns` (docs/performance.md).
    """

    __slots__ = ("app", "log_format")

    def __init__(self, app: Any, log_format: str | None):
        self.app = app
        self.log_format = log_format

    def __call__(self, environ: dict, start_response: Any) -> Any:
        log_format = self.log_format
        started = time.perf_counter() if log_format else None
        given = environ.get("HTTP_X_REQUEST_ID", "")
        request_id = environ[REQUEST_ID_KEY] = given if REQUEST_ID.match(given) else made_request_id()

        def answer(status: str, headers: list, exc_info: Any = None) -> Any:
            headers.append(("X-Request-ID", request_id))
            headers.append(("Content-Language", environ_language(environ)))
            _vary_language(headers)
            if log_format:
                _log(log_format, environ, status, started, request_id)
            return start_response(status, headers, exc_info)

        return self.app(environ, answer)


def _vary_language(headers: list) -> None:
    """Add Accept-Language to the answer's Vary (after what it names), or give it one."""
    for index, (name, value) in enumerate(headers):
        if name.lower() == "vary":
            if "accept-language" not in (part.strip().lower() for part in value.split(",")):
                headers[index] = (name, f"{value}, Accept-Language")
            return
    headers.append(("Vary", "Accept-Language"))


def made_request_id() -> str:
    """A new request id: 32 random hex digits (uuid4().hex, 128 bits, took 5 times as
    long for the same look, less its fixed version digits)."""
    return os.urandom(16).hex()


def _only_with_origin(app: Flask) -> None:
    """Run flask-cors's after-request hook only for a request that names its Origin.

    With `always_send=False` the hook adds nothing to a request without one, but it
    still matches the path against its resources and reads the headers first: about
    5 % of a bot's POST /v1/turns. The hook keeps its place among the others.
    """
    hooks = app.after_request_funcs[None]
    cors = hooks[-1]
    if getattr(cors, "__name__", "") != "cors_after_request":  # flask-cors changed how it hooks in
        raise RuntimeError(f"flask-cors registered {cors!r} where its after-request hook was expected")

    def cors_after_request(response: Response) -> Response:
        return cors(response) if request.environ.get("HTTP_ORIGIN") else response

    hooks[-1] = cors_after_request


def _drainer(environ):
    """Read and discard what is left of the request body, within the bounds."""

    def drain() -> None:
        stream = environ.get("wsgi.input")
        sock = environ.get("gunicorn.socket")  # to bound each read in time
        deadline = time.monotonic() + DRAIN_SECONDS
        read = 0
        try:
            while read < DRAIN_BYTES:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                if sock is not None:
                    sock.settimeout(left if read else min(left, FIRST_BYTE_SECONDS))
                chunk = stream.read(min(65536, DRAIN_BYTES - read))
                if not chunk:
                    break
                read += len(chunk)
        except (OSError, ValueError):  # the client went away, or the stream is spent
            pass
        finally:
            if sock is not None:
                try:
                    sock.settimeout(None)
                except OSError:
                    pass

    return drain


def _log(log_format: str, environ: dict, status: str, started: float | None, request_id: str) -> None:
    entry = {
        "method": environ.get("REQUEST_METHOD"),
        # werkzeug's request.path: the WSGI path's bytes read as UTF-8, with one leading /
        "path": "/" + environ.get("PATH_INFO", "").encode("latin1").decode(errors="replace").lstrip("/"),
        "status": int(status[:3]),
        "ms": round((time.perf_counter() - started) * 1000, 3) if started else None,
        "request_id": request_id,
    }
    line = orjson.dumps(entry).decode() if log_format == "json" else TEXT_LINE % entry
    if not _write_alone(line):
        access.info(line)


def _write_alone(line: str) -> bool:
    """Write `line` straight to stdout when the access log's own handler is all that
    listens, and say whether it did.

    One `os.write` of the whole line (so the lines of concurrent threads never mix)
    instead of the logging module's record, lock, formatter and flush: that path cost
    about 6 % of a POST /v1/turns. When anything else listens (a test's capture, an
    embedding app's handler or filter) the line goes through logging as usual.
    """
    handlers = access.handlers
    if len(handlers) != 1 or access.filters or not access.isEnabledFor(logging.INFO):
        return False
    fd = getattr(handlers[0], "referee_fd", None)
    if fd is None or handlers[0].filters:
        return False
    data = (line + "\n").encode()
    try:
        while data:
            data = data[os.write(fd, data):]
    except OSError:  # logging reports it its own way
        return False
    return True


def _log_to_stdout(log_format: str) -> None:
    if not any(getattr(h, "referee_access", False) for h in access.handlers):
        handler = logging.StreamHandler(sys.stdout)
        handler.referee_access = True  # type: ignore[attr-defined]
        handler.referee_fd = _fileno(sys.stdout)  # type: ignore[attr-defined]
        handler.setFormatter(logging.Formatter("%(message)s"))
        access.addHandler(handler)
    access.setLevel(logging.INFO)
    access.propagate = False


def _fileno(stream) -> int | None:
    """The stream's file descriptor, flushed first; None for one without (a capture)."""
    try:
        stream.flush()
        return stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both of the last two
        return None
