"""The `referee` command: `referee serve` runs the service, `referee replay` checks a game.

    referee serve [--host 127.0.0.1] [--port 8000] [--workers N] [--timeout S]
    referee replay GAME.json      # the body of POST /v1/replays; exit 0 legal, 1 not
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from . import engine
from .core.errors import MalformedInput, Violation


def default_workers() -> int:
    # The work is CPU-bound and sync: one worker per core keeps every core busy.
    return max(2, os.cpu_count() or 1)


def run_gunicorn(app_factory, host: str, port: int, workers: int, timeout: int) -> None:
    """Serve the WSGI app that `app_factory()` makes under gunicorn's sync workers.

    The benchmarks run their baseline app through this too, so both are served alike.
    """
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
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
            return app_factory()

    Server().run()


def serve(host: str, port: int, workers: int, timeout: int) -> None:
    from .http import create_app

    run_gunicorn(create_app, host, port, workers, timeout)


def replay(path: str, out=sys.stdout) -> int:
    """Check a recorded game offline; print the first violation or the final scores."""
    try:
        with open(path, encoding="utf-8") as f:
            body: Any = json.load(f)
        state = engine.load_state(body["state"])
        turns = [engine.load_turn(t, state.ruleset) for t in body["turns"]]
    except (OSError, ValueError, KeyError, TypeError, MalformedInput) as exc:
        print(f"error: {path} is not a recorded game: {exc}", file=out)
        return 2
    try:
        result = engine.replay(state, turns)
    except Violation as v:
        turn = "the starting state" if v.turn is None else f"turn {v.turn}"
        action = "" if v.action is None else f", action {v.action}"
        print(f"illegal: {turn}{action}: {v.code.value}: {v.detail}", file=out)
        return 1
    outcome = engine.scores(result.state)
    status = "finished" if outcome["finished"] else "not finished"
    print(f"legal: {len(turns)} turns, game {status}", file=out)
    for entry in outcome["scores"]:
        name = result.state.players[entry["player"]].name
        # MASTER scores a total (highest wins); the classic and junior games a penalty.
        kind, value = ("penalty", entry["penalty"]) if "penalty" in entry else ("", entry["total"])
        shown = "unknown (hidden hand)" if value is None else f"{kind} {value}".strip()
        print(f"  player {entry['player']} ({name}): {shown}", file=out)
    if outcome["winners"] is not None:
        print(f"winners: {', '.join(map(str, outcome['winners']))}", file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="Elfer raus! referee (MASTER, classic, junior)")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="run the HTTP service under gunicorn")
    run.add_argument("--host", default="127.0.0.1")
    run.add_argument("--port", type=int, default=8000)
    run.add_argument("--workers", type=int, default=default_workers())
    run.add_argument("--timeout", type=int, default=30, help="seconds before a stuck worker is restarted")
    check = commands.add_parser("replay", help="check a recorded game (initial state + turns)")
    check.add_argument("game", help="a JSON file shaped like the body of POST /v1/replays")
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.host, args.port, args.workers, args.timeout)
        return 0
    return replay(args.game)


if __name__ == "__main__":
    sys.exit(main())
