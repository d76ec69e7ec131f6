"""The short way through the service for the commonest answer: a request that succeeds.

Bots send `POST /v1/turns` and `POST /v1/legal-actions` thousands of times a game, and on
such a request Flask's own machinery (its request and response objects, routing, contexts
and hooks) costs more than the referee's whole work (docs/performance.md). `ShortWay` is a WSGI
layer in front of the Flask app that answers a request of those two kinds itself,
through the very functions the views call (`bodies.read_json`, `api.turn_answer`,
`api.legal_actions_answer`, the app's `SealedGames.turn`), and hands everything else to Flask
untouched:

- it is taken only by a POST to exactly one of the two paths, declared exactly
  `application/json`, with a Content-Length within the limit and a body of that length,
  and without an `Origin` (CORS headers are flask-cors's to write);
- a sealed turn (a `game` token in the body) is taken too, through the app's sealed
  games (`referee.sealed.service`: its sealer, keys and store); a sealed legal-actions
  request is Flask's. Its body is checked against the schema but for the token's
  `pattern`, which the sealer's opening decides (`contract.validator`): a token that
  does not open goes to Flask, which checks all of it;
- it is given up at the first sign of anything but a 200: JSON, the schema or the engine
  refusing the request, a token or seat refused, the store refusing the spend, any
  exception. The request then goes to Flask with the body as read, and Flask does it all
  again and answers as it always has (problems, advice, a bug's 500 and its log). A
  sealed turn is given up only before its token is spent: its answer is made whole,
  and written, before the spend is known, and once the spend is recorded it is
  answered here.

So the two ways can only differ in a 200 answer, and there they share every function but
the framing; `tests/http/test_shortcut.py` compares their answers byte for byte (a sealed
turn's by what its new token holds: each sealing draws a fresh IV). The manners (request
id, language, access log: `manners.Manners`) wrap both. `create_app` installs it unless
the config says `SHORT_WAY: False` or narrows `CORS_ORIGINS` (then every answer varies by
Origin, which Flask's hook writes).
"""

from __future__ import annotations

import io
from typing import Any, Callable

import orjson

from .api import legal_actions_answer, turn_answer
from .bodies import JSON_TYPE, MAX_BODY, read_json
from .contract import validator

#: The paths the short way answers: the schema of their body, the view's answer to a
#: plain request, and whether it answers a sealed one (else a sealed request is Flask's).
ROUTES: dict[str, tuple[str, Callable[..., dict[str, Any]], bool]] = {
    "/v1/turns": ("turn-request.json", turn_answer, True),
    "/v1/legal-actions": ("legal-actions-request.json", legal_actions_answer, False),
}


class Declined(Exception):
    """The short way gives up on a request (a refused turn: Flask answers it, advised)."""


def _decline(*_: Any) -> Declined:
    return Declined()


class ShortWay:
    """WSGI middleware: the ROUTES' successes answered here, the rest by `app` (the
    Flask app's own WSGI callable; `flask` is the app, whose sealed games answer a sealed turn)."""

    __slots__ = ("app", "flask")

    def __init__(self, app: Any, flask: Any):
        self.app = app
        self.flask = flask
        for schema, _, sealed in ROUTES.values():  # compiled now, as create_app compiles the others
            validator(schema, tokens_opened=sealed)

    def __call__(self, environ: dict, start_response: Any) -> Any:
        route = ROUTES.get(environ.get("PATH_INFO"))
        if (
            route is None
            or environ.get("REQUEST_METHOD") != "POST"
            or environ.get("CONTENT_TYPE") != JSON_TYPE
            or "HTTP_ORIGIN" in environ
        ):
            return self.app(environ, start_response)
        length = _length(environ.get("CONTENT_LENGTH"))
        if length is None:  # none, or over the limit: Flask's 413 and chunked reading
            return self.app(environ, start_response)
        raw = environ["wsgi.input"].read(length)
        answer = _answer(raw, self.flask, *route) if len(raw) == length else None
        if answer is None:
            environ["wsgi.input"] = io.BytesIO(raw)
            return self.app(environ, start_response)
        start_response("200 OK", [("Content-Type", JSON_TYPE), ("Content-Length", str(len(answer)))])
        return [answer]


def _length(header: str | None) -> int | None:
    """The Content-Length as an int within the limit, else None."""
    if not header or not header.isascii() or not header.isdigit():
        return None
    length = int(header)
    return length if length <= MAX_BODY else None


def _answer(raw: bytes, flask: Any, schema: str, respond: Callable[..., dict[str, Any]],
            sealed: bool) -> bytes | None:
    """The 200 answer's body, or None where the answer is anything else."""
    try:
        # A token that does not open goes to Flask, whose check has the token's pattern
        # too: here it is left to the sealer, which opens only tokens the pattern admits.
        body = read_json(raw, schema, tokens_opened=sealed)
        if "game" not in body:
            return orjson.dumps(respond(body, _decline))
        if not sealed:
            return None
        # The app's sealed games (sealer, keys, store); a refused turn raises, unadvised.
        # The answer's bytes are written while the store spends the token; `turn`
        # returns them only once the spend is recorded (`SealedGames.turn`).
        written: bytes = flask.extensions["sealed"].turn(body, orjson.dumps)
        return written
    except Exception:  # anything but a 200 is Flask's to answer, as it always was
        return None
