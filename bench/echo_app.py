"""The baseline of the HTTP benchmark: a bare Flask app that echoes a JSON body with orjson.

It parses the body with orjson and writes it back with orjson, at the same path as the
referee's `POST /v1/turns`, and runs under gunicorn with exactly the settings of
`referee serve` (referee/cli.py): gthread workers, keep-alive 5 s, no access log.

    python bench/echo_app.py --port 8001 --workers 2
"""

from __future__ import annotations

import argparse

import orjson
from flask import Flask, Response, request


def create_echo_app() -> Flask:
    app = Flask(__name__)

    @app.post("/v1/turns")
    def echo():
        return Response(orjson.dumps(orjson.loads(request.get_data())), mimetype="application/json")

    @app.get("/healthz")
    def health():
        return Response(b'{"status":"ok"}', mimetype="application/json")

    return app


def serve(host: str, port: int, workers: int, timeout: int) -> None:
    # The very function behind `referee serve`, so both apps get the same settings.
    from referee.cli import run_gunicorn

    run_gunicorn(create_echo_app, host, port, workers, timeout)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="the echo baseline under gunicorn")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=int, default=30)
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.workers, args.timeout)


if __name__ == "__main__":
    main()
