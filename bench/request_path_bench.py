"""The request path of POST /v1/turns in process: body → validated state → new state → body.

    python bench/request_path_bench.py           # the full round (~1 minute)
    python bench/request_path_bench.py --quick   # one short round (the CI smoke test)

First each stage alone, as `referee/http/api.py` and `bodies.py` run them, then the
stages together without Flask, then the whole Flask app called as a WSGI application
(a prebuilt environ, as gunicorn hands it over: no sockets, no HTTP parsing) beside the
echo app of the HTTP benchmark called the same way, then the app as `referee serve`
configures it (CORS, the JSON access log, here written to /dev/null) beside the echo app
again, then the same with the short way off (every request through Flask, as before
referee/http/shortcut.py), and last through Flask's test client. The difference to the echo app is what the
referee adds to a bare Flask app.

Bodies: the typical position (`positions.typical_turn`) as compact JSON and padded
with indentation to about 5 KB, the body the HTTP benchmark sends.
"""

from __future__ import annotations

import io
import logging
import os

import orjson

import _common
from _common import Figure, header, measure
from echo_app import create_echo_app
from positions import padded_json, typical_turn
from referee import engine
from referee.cli import service_config
from referee.http import create_app
from referee.http.contract import schema_errors, validator

SCHEMA = "turn-request.json"


def wsgi_caller(app, path: str, body: bytes, expect: str = "200", language: str | None = None):
    """A function that runs one POST through `app`'s WSGI interface and checks its status
    begins with `expect`; `language` is sent as Accept-Language."""
    base = {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "HTTP_HOST": "127.0.0.1:8000",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "wsgi.input_terminated": True,  # gunicorn's (and granian's) promise: the stream ends with the body
    }
    if language:
        base["HTTP_ACCEPT_LANGUAGE"] = language
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    def call():
        environ = dict(base)
        environ["wsgi.input"] = io.BytesIO(body)
        out = b"".join(app(environ, start_response))
        if not statuses.pop().startswith(expect):
            raise RuntimeError(f"{path} answered {out[:300]!r}")
        return out

    return call


def pipeline(body: bytes) -> bytes:
    """What the view does for POST /v1/turns, without Flask."""
    data = orjson.loads(body)
    if schema_errors(SCHEMA, data):
        raise ValueError("schema")
    state = engine.load_state(data["state"])
    result = engine.apply(state, engine.load_turn(data["turn"]))
    return orjson.dumps(
        {"state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked}
    )


def served_app(short_way: bool = True):
    """The app with `referee serve`'s config (CORS for any origin, the JSON access log),
    its access log written to /dev/null instead of this script's stdout; with `short_way`
    False, every request goes through Flask (referee/http/shortcut.py)."""
    app = create_app({**service_config(), "SHORT_WAY": short_way})
    for handler in logging.getLogger("referee.access").handlers:
        if getattr(handler, "referee_access", False):
            handler.referee_fd = os.open(os.devnull, os.O_WRONLY)
    return app


def run(quick: bool) -> list[Figure]:
    number, runs = (100, 3) if quick else (3000, 7)
    state_dict, turn_dict = typical_turn()
    data = {"state": state_dict, "turn": turn_dict}
    compact = orjson.dumps(data)
    padded = padded_json(data)
    parsed = orjson.loads(compact)
    state = engine.load_state(state_dict)
    turn = engine.load_turn(turn_dict)
    result = engine.apply(state, turn)
    answer = {"state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked}
    check = validator(SCHEMA)
    assert check.is_valid(parsed)

    print(_common.machine())
    print(f"body: {len(compact)} bytes compact, {len(padded)} bytes padded; "
          f"answer: {len(orjson.dumps(answer))} bytes")
    figures = []

    def show(f: Figure) -> None:
        print(f.line())
        figures.append(f)

    header("stages of POST /v1/turns (compact body)")
    show(measure("orjson.loads(body)", lambda: orjson.loads(compact), number, runs))
    show(measure("orjson.loads(padded 5 KB body)", lambda: orjson.loads(padded), number, runs))
    show(measure("schema: validator.is_valid", lambda: check.is_valid(parsed), number, runs))
    show(measure("schema: contract.schema_errors", lambda: schema_errors(SCHEMA, parsed), number, runs))
    show(measure("engine.load_state + load_turn",
                 lambda: (engine.load_state(state_dict), engine.load_turn(turn_dict)), number, runs))
    show(measure("engine.apply (loaded state)", lambda: engine.apply(state, turn), number, runs))
    show(measure("State.to_dict + orjson.dumps(answer)",
                 lambda: orjson.dumps({"state": result.state.to_dict(), "events": result.events,
                                       "unchecked": result.unchecked}), number, runs))

    header("the whole path")
    show(measure("pipeline without Flask, compact body", lambda: pipeline(compact), number, runs))
    show(measure("pipeline without Flask, padded body", lambda: pipeline(padded), number, runs))
    referee_app = create_app()
    echo = create_echo_app()
    referee_wsgi = wsgi_caller(referee_app.wsgi_app, "/v1/turns", padded)
    echo_wsgi = wsgi_caller(echo.wsgi_app, "/v1/turns", padded)
    assert orjson.loads(referee_wsgi()) == answer
    assert orjson.loads(echo_wsgi()) == data
    ref = measure("WSGI: referee POST /v1/turns, padded", referee_wsgi, number, runs)
    show(ref)
    base = measure("WSGI: echo app, same body", echo_wsgi, number, runs)
    show(base)
    extra = [r - b for r, b in zip(ref.values, base.values)]
    show(Figure("  referee minus echo, per request", extra, "µs", "run by run"))
    ratios = [b / r for r, b in zip(ref.values, base.values)]
    show(Figure("  throughput ratio referee/echo (1 core)", ratios, "", "run by run"))
    served_wsgi = wsgi_caller(served_app().wsgi_app, "/v1/turns", padded)
    assert orjson.loads(served_wsgi()) == answer
    served = measure("WSGI: referee as `referee serve` makes it", served_wsgi, number, runs)
    show(served)
    again = measure("WSGI: echo app, same body, again", echo_wsgi, number, runs)
    show(again)
    show(Figure("  throughput ratio served/echo (1 core)",
                [b / r for r, b in zip(served.values, again.values)], "", "run by run"))
    flask_wsgi = wsgi_caller(served_app(short_way=False).wsgi_app, "/v1/turns", padded)
    assert flask_wsgi() == served_wsgi()
    flask_way = measure("WSGI: the same, every request through Flask", flask_wsgi, number, runs)
    show(flask_way)
    show(Figure("  throughput ratio Flask way/echo (1 core)",
                [b / r for r, b in zip(flask_way.values, again.values)], "", "run by run"))

    referee_client = referee_app.test_client()
    echo_client = echo.test_client()

    def via_client(client):
        def call():
            response = client.post("/v1/turns", data=padded, content_type="application/json")
            if response.status_code != 200:
                raise RuntimeError(response.data[:300])
        return call

    show(measure("test client: referee POST /v1/turns", via_client(referee_client), number, runs))
    show(measure("test client: echo app, same body", via_client(echo_client), number, runs))
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
