"""The baseline of the HTTP benchmark: a bare Flask app that echoes a JSON body with orjson.

It parses the body with orjson and writes it back with orjson, at the same path as the
referee's `POST /v1/turns`, and runs under gunicorn with exactly the settings of
`referee serve` (referee/cli.py): sync workers, keep-alive 5, no access log.

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
    from gunicorn.app.base import BaseApplication

    class Echo(BaseApplication):
        # The settings of referee/cli.py's `serve`, one for one.
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", "sync")
            self.cfg.set("timeout", timeout)
            self.cfg.set("graceful_timeout", timeout)
            self.cfg.set("keepalive", 5)
            self.cfg.set("accesslog", None)
            self.cfg.set("errorlog", "-")

        def load(self):
            return create_echo_app()

    Echo().run()


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
