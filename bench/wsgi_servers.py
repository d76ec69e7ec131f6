"""The referee and the echo app under each WSGI server the HTTP benchmark compares.

    python bench/wsgi_servers.py --app referee --server granian --port 8002 --workers 2

Servers, each with `--workers` worker processes:

- `gthread`: gunicorn's threaded workers with keep-alive, `referee serve`'s server
  (the very function behind it, `referee.cli.run_gunicorn`);
- `sync`: gunicorn's sync workers, one connection at a time, closed after every answer;
- `granian`: a Rust HTTP server (PyPI `granian`, not a dependency of the referee:
  `pip install granian` to compare), WSGI interface, one blocking thread per worker
  running the app while Rust holds the connections.

The referee is `create_app` with `referee serve`'s config (CORS for any origin, the JSON
access log on stdout); `flask-way` is the same with the short way off (every request
through Flask, referee/http/shortcut.py); the echo app is `bench/echo_app.py`.
"""

from __future__ import annotations

import argparse

import _common  # noqa: F401  (import path)
from echo_app import create_echo_app
from referee.cli import run_gunicorn, service_config

SERVERS = ("gthread", "sync", "granian")


def referee_app():
    from referee.http import create_app

    return create_app(service_config())


def flask_way_app():
    """The referee with every request through Flask (no short way: `SHORT_WAY` off), as it
    was served before the short way; the HTTP benchmark's reference."""
    from referee.http import create_app

    return create_app({**service_config(), "SHORT_WAY": False})


def echo_app():
    return create_echo_app()


APPS = {"referee": referee_app, "flask-way": flask_way_app, "echo": echo_app}


def serve(app: str, server: str, host: str, port: int, workers: int, timeout: int = 30) -> None:
    if server in ("gthread", "sync"):
        run_gunicorn(APPS[app], host, port, workers, timeout, worker_class=server)
        return
    from granian import Granian
    from granian.constants import Interfaces
    from granian.http import HTTP1Settings

    Granian(f"wsgi_servers:{app.replace('-', '_')}_app", address=host, port=port, interface=Interfaces.WSGI,
            workers=workers, blocking_threads=1, factory=True, log_access=False,
            working_dir=_common.BENCH_DIR,
            http1_settings=HTTP1Settings(keep_alive=True),
            workers_kill_timeout=timeout, respawn_failed_workers=False).serve()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", choices=sorted(APPS), required=True)
    parser.add_argument("--server", choices=SERVERS, default="gthread")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8002)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    serve(args.app, args.server, args.host, args.port, args.workers)


if __name__ == "__main__":
    main()
