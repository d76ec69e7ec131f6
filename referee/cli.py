"""The `referee` command: `referee serve` runs the service, `referee replay` checks a game,
`referee conformance` checks another service against this one, `referee count` counts
the legal turns of a position.

    referee serve [--host 127.0.0.1] [--port 8000] [--workers N] [--threads T] [--timeout S]
                  [--cors-origins '*' | ORIGIN,...] [--access-log json|text|off]
                  # each also from the environment: REFEREE_HOST, REFEREE_PORT,
                  # REFEREE_WORKERS, REFEREE_THREADS, REFEREE_TIMEOUT,
                  # REFEREE_CORS_ORIGINS, REFEREE_ACCESS_LOG (a flag wins);
                  # sealed games' store: REFEREE_STORE (a SQLite file, the default
                  # under ~/.local/state; redis://host:port/db;
                  # redis+cluster://host:port,host:port; or none),
                  # REFEREE_STORE_DAYS (30) and REFEREE_STORE_MAX_MB (1024)
    referee replay GAME.json [--lang de]   # the body of POST /v1/replays
        # exit 0: every turn is legal; 1: a turn breaks a rule (printed with a hint);
        # 2: the file is not a recorded game (what is wrong and where is printed)
    referee conformance URL [--ruleset R ...] [--seed N] [--cases N | --minutes M]
                            [--endpoints turns,legal-actions,replays,scores] [--out DIR]
                            # exit 0 all agree, 1 disagreements, 2 target unreachable
    referee conformance export DIR    # the golden corpus
    referee count STATE.json          # distinct legal turns and resulting states
    referee count STATE.json --depth 2   # ... followed by every turn of the next player
    referee keys new                  # a fresh key for REFEREE_SEAL_KEYS (sealed games)
    referee verify RECORD.json        # a sealed game's deal and draws against its seed
        # exit 0: they came from the seed; 1: the first turn (or the deal) where not;
        # 2: the file is not a record (the format: referee/sealed/verify.py)
    referee new-game NAME             # a small playable game of the box to start from
        # (its folder, test, page stub, table controls stub and registry line)
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import socket
import sys
import textwrap
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from . import __version__, engine
from .advice import refusals as advice
from .core.errors import MalformedInput, Violation
from .environment import VARIABLES, by_name
from .http.contract import schema_errors
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator
from .i18n.terms import Player


#: Threads per worker. The work is CPU-bound, so threads add no throughput; they are
#: there so that connections which wait (a browser's idle keep-alive connection, a
#: client that has connected and not yet sent) never hold the only thread a worker has.
DEFAULT_THREADS = 16
#: Seconds an idle keep-alive connection stays open (in the worker's poller, holding no
#: thread). A proxy in front should close its idle upstream connections sooner.
KEEPALIVE = 5


def default_workers() -> int:
    # The work is CPU-bound: one worker process per core keeps every core busy.
    return max(2, os.cpu_count() or 1)


def run_gunicorn(app_factory, host: str, port: int, workers: int, timeout: int,
                 threads: int = DEFAULT_THREADS, worker_class: str = "gthread") -> None:
    """Serve the WSGI app that `app_factory()` makes under gunicorn's threaded workers.

    gthread: each worker process answers requests on a pool of threads and parks idle
    keep-alive connections in a poller, so keep-alive costs no thread between requests
    (the sync worker would serve one connection at a time and close it after every
    answer). A new connection that sends nothing yet holds a thread for at most
    gunicorn's 5 s wait before it too goes to the poller. The benchmarks run their
    baseline app through this function as well, so both are served alike (and compare
    the worker classes through `worker_class`).
    """
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("worker_class", worker_class)
            self.cfg.set("threads", threads)
            self.cfg.set("timeout", timeout)
            self.cfg.set("graceful_timeout", timeout)
            self.cfg.set("keepalive", KEEPALIVE)
            # Every instance on a host would share ~/.gunicorn/gunicorn.ctl, and stopping
            # one would remove it under the others; the referee needs no control socket.
            self.cfg.set("control_socket_disable", True)
            self.cfg.set("accesslog", None)
            self.cfg.set("errorlog", "-")

        def load(self):
            return app_factory()

    Server().run()


def serve(host: str, port: int, workers: int, timeout: int, threads: int = DEFAULT_THREADS,
          cors_origins: str = "*", access_log: str = "json") -> None:
    from .http import create_app
    from .http.metrics import prepare_multiprocess

    share_seal_key(workers)
    announce_store(workers)
    prepare_multiprocess()  # every worker counts in its own files there; /metrics adds them up
    config = service_config(cors_origins, access_log)
    run_gunicorn(lambda: create_app(config), host, port, workers, timeout, threads)


def service_config(cors_origins: str = "*", access_log: str = "json") -> dict[str, Any]:
    """The app's config for `referee serve`'s --cors-origins and --access-log."""
    return {
        "CORS_ORIGINS": "*" if cors_origins.strip() == "*" else [o.strip() for o in cors_origins.split(",") if o.strip()],
        "ACCESS_LOG": None if access_log == "off" else access_log,
    }


def share_seal_key(workers: int, environ=os.environ, out=None) -> None:
    """Check REFEREE_SEAL_KEYS, or make one key for every worker of this process (they
    inherit the environment), and say that its sealed games end with the process."""
    from .sealed.sealing import KEYS_VARIABLE, KeysInvalid, Sealer, new_key

    try:
        if Sealer.from_environment(environ) is not None:
            return
    except KeysInvalid as exc:
        raise SystemExit(f"referee serve: {KEYS_VARIABLE} is not a list of keys: {exc}") from None
    environ[KEYS_VARIABLE] = new_key()
    print(f"referee serve: {KEYS_VARIABLE} is not set, so one seal key was made for the {workers} "
          "workers of this process: sealed games last as long as it runs. Set it (referee keys new) "
          "to keep them across restarts and share them between instances.", file=out or sys.stderr, flush=True)


def announce_store(workers: int, environ=os.environ, out=None) -> None:
    """Open the store of sealed games once and write and read a probe in it (a bad
    setting, a read-only or damaged file, a Redis that cannot be reached or may evict
    keys stop `serve` here, before any worker starts, in one line naming the store and
    the reason), tell the workers which SQLite file it opened (they refuse another put
    in its place), and say in the log which store it is: the SQLite file's path, the
    Redis URL, or that there is none and what is then lost."""
    from .sealed.sqlite_store import IDENTITY_VARIABLE, SqliteStore, identity_text
    from .sealed.store import STORE_VARIABLE, StoreSettingInvalid, StoreUnavailable, retention_days
    from .sealed.stores import open_store

    out = out or sys.stderr
    try:
        days = retention_days(environ)
        environ.pop(IDENTITY_VARIABLE, None)
        store = open_store(environ.get(STORE_VARIABLE), days, environ)
    except StoreSettingInvalid as exc:
        raise SystemExit(f"referee serve: {exc}") from None
    try:
        store.probe()
    except StoreUnavailable as exc:
        reason = " ".join(str(exc).split())  # one line, whatever the store said
        raise SystemExit(f"referee serve: the store {store.where} cannot be used: {reason}") from None
    finally:
        store.close()
    if isinstance(store, SqliteStore):
        environ[IDENTITY_VARIABLE] = identity_text(store.path)
    if not store.keeps:
        print(f"referee serve: {STORE_VARIABLE}=none: no store, so the service is stateless and a sealed game's "
              "token can be played more than once (a player can try a turn, read what it turns up and play "
              "another); invited games are refused.", file=out, flush=True)
        return
    print(f"referee serve: sealed games are kept in {store.where} (shared by the {workers} workers; each "
          f"token is played once; tokens older than {days} days are refused).", file=out, flush=True)


def keys(command: str, out=None) -> int:
    """`referee keys new`: a fresh seal key."""
    from .sealed.sealing import new_key

    out = out or sys.stdout
    print(new_key(), file=out)
    return 0


def verify(path: str, out=None) -> int:
    """Check a sealed game's record against its revealed seed; exit 0, 1 or 2."""
    from .sealed.verify import Mismatch, NotARecord, read_record, verify as check

    out = out or sys.stdout
    try:
        turns = check(read_record(path))
    except NotARecord as exc:
        print(f"error: {path} is not a sealed game's record: {exc}", file=out)
        return 2
    except Mismatch as exc:
        print(f"not from the seed: {exc}", file=out)
        return 1
    print(f"from the seed: the deal and {turns} turns", file=out)
    return 0


def from_env(name: str, default: Any, kind=str) -> Any:
    """The setting REFEREE_<NAME> from the environment, or `default`; flags override it."""
    value = os.environ.get(f"REFEREE_{name}")
    if value is None or value == "":
        return default
    try:
        return kind(value)
    except ValueError:
        raise SystemExit(f"referee serve: REFEREE_{name}={value!r} is not a valid {kind.__name__}") from None


def replay(path: str, out=sys.stdout, language: str = DEFAULT_LANGUAGE) -> int:
    """Check a recorded game offline; print the first violation or the final scores.

    Exit status: 0 every turn is legal, 1 a turn breaks a rule (the first is printed),
    2 the file is not a recorded game (what is wrong and where is printed).
    Turns and actions are numbered from 0, as in the API, and said to be; players are named.
    """
    try:
        state, turns = read_game(path)
    except NotAGame as exc:
        print(f"error: {path} is not a recorded game: {exc}", file=out)
        return 2
    try:
        result = engine.replay(state, turns)
    except Violation as v:
        turn = "the starting state" if v.turn is None else f"turn {v.turn}"
        action = "" if v.action is None else f", action {v.action}"
        print(f"illegal: {turn}{action}: {v.code.value}: {v.message.render(language)}", file=out)
        if v.turn is not None and v.action is not None:
            before = engine.replay(state, turns[: v.turn]).state if v.turn else state
            # The turn's own player: in a step where all act at once `current` is None.
            seat = turns[v.turn].player
            print(f"  played by: {Player(seat, before.players[seat].name).render(Translator(language))}", file=out)
            try:
                hint = advice.hint(before, turns[v.turn].actions, v,
                                   advice.legal_after(before, turns[v.turn].actions, v))
            except Exception:  # a fault in the advice must not hide the refusal itself
                hint = None
            if hint is not None:
                print(f"  hint: {hint.render(language)}", file=out)
        print(NUMBERING, file=out)
        return 1
    outcome = engine.scores(result.state)
    status = "finished" if outcome["finished"] else "not finished"
    print(f"legal: {len(turns)} turns, game {status}", file=out)
    names = [Player(i, p.name).render(Translator(language)) for i, p in enumerate(result.state.players)]
    for entry in outcome["scores"]:
        # MASTER scores a total (highest wins); the classic and junior games a penalty; the
        # other games of the box their own fields (cards, place, lost, quartets, ...).
        fields = {k: v for k, v in entry.items() if k != "player"}
        if "penalty" in entry or "total" in entry:
            fields = {"penalty": entry["penalty"]} if "penalty" in entry else {"total": entry["total"]}
        if any(v is None for v in fields.values()):
            shown = "unknown (hidden hand)"
        else:
            shown = ", ".join(f"{kind} {json.dumps(value)}" for kind, value in fields.items())
        print(f"  {names[entry['player']]}: {shown}", file=out)
    if outcome["finished"]:
        if outcome["winners"] is None:
            print("winners: not known while hands are hidden", file=out)
        else:
            print(f"winners: {', '.join(names[w] for w in outcome['winners'])}", file=out)
    else:
        print(f"so far: {leaders(outcome, names)}", file=out)
    print(NUMBERING, file=out)
    return 0


NUMBERING = "(turns and actions are numbered from 0, as in the API)"


def leaders(outcome: dict, names: list[str]) -> str:
    """Who leads an unfinished game, by the scores as they stand, if that can be told."""
    entries = outcome["scores"]
    if "penalty" not in entries[0] and "total" not in entries[0]:
        # A box game: the referee names who would win now, where the game keeps a score.
        if outcome.get("winners") is None:
            return "nobody can be said to lead yet"
        ahead = [names[w] for w in outcome["winners"]]
        return f"{', '.join(ahead)} {'lead' if len(ahead) > 1 else 'leads'}"
    lowest_wins = "penalty" in entries[0]
    values = [e["penalty"] if lowest_wins else e["total"] for e in entries]
    if any(v is None for v in values):
        return "nobody can be said to lead while hands are hidden"
    best = min(values) if lowest_wins else max(values)
    ahead = [names[e["player"]] for e, v in zip(entries, values) if v == best]
    return f"{', '.join(ahead)} {'lead' if len(ahead) > 1 else 'leads'}"


class NotAGame(Exception):
    """The file is not the body of POST /v1/replays; the message says what and where."""


def read_game(path: str):
    """The state and turns of a recorded game file, or NotAGame saying what is wrong and
    where (the turn and action, for a turn that is not one)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise NotAGame(f"it cannot be read ({exc.strerror})") from None
    try:
        body: Any = json.loads(raw)
    except ValueError as exc:
        raise NotAGame(f"it is not JSON: {exc}") from None
    problems = schema_errors("replay-request.json", body)
    if problems:
        first = problems[0]
        raise NotAGame(f"{where(first['pointer'])}: {first['message']}")
    try:
        state = engine.load_state(body["state"])
    except MalformedInput as exc:
        raise NotAGame(f"the starting state: {exc}") from None
    turns = []
    for number, data in enumerate(body["turns"]):
        try:
            turns.append(engine.load_turn(data, state.ruleset))
        except MalformedInput as exc:
            raise NotAGame(f"turn {number}: {exc}") from None
    return state, turns


def where(pointer: str) -> str:
    """`/turns/3/actions/0/card` → `turn 3, action 0 (/turns/3/actions/0/card)`."""
    parts = pointer.split("/")[1:]
    if len(parts) >= 2 and parts[0] == "turns" and parts[1].isdigit():
        place = f"turn {parts[1]}"
        if len(parts) >= 4 and parts[2] == "actions" and parts[3].isdigit():
            place += f", action {parts[3]}"
        return f"{place} ({pointer})"
    if parts and parts[0] == "state":
        return f"the starting state ({pointer})"
    return f"at {pointer or 'the top level'}"


def build_parser() -> argparse.ArgumentParser:
    """The `referee` command's arguments (the guide's command-line reference says the same,
    and a test holds the two together)."""
    parser = argparse.ArgumentParser(
        prog="referee", description="Elfer raus! referee: the rulesets of Elfer raus! MASTER, classic, junior "
        "and the games of the box. 'referee COMMAND --help' says more about each command.")
    parser.add_argument("--version", action="version", version=f"referee {__version__}",
                        help="print the referee's version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_serve(commands)
    check = commands.add_parser("replay", help="check a recorded game (initial state + turns)",
                                description="Check a recorded game offline: exit 0 when every turn is legal, "
                                "1 when a turn breaks a rule, 2 when the file is not a recorded game.")
    check.add_argument("game", help="a JSON file shaped like the body of POST /v1/replays")
    check.add_argument("--lang", choices=LANGUAGES, default=DEFAULT_LANGUAGE,
                       help="the language of the rule messages and hints (default: %(default)s)")
    suite = commands.add_parser(
        "conformance", help="check a service that speaks the HTTP contract against this referee",
        usage="referee conformance URL [options]\n       referee conformance export DIR",
        description="Play the referee's differential suite against URL, or write the golden corpus to DIR. "
        "Exit 0 when all answers agree, 1 at disagreements, 2 when the target cannot be reached. "
        "Needs the project's 'testing' extra.")
    suite.add_argument("target", help="the base URL of the service (http://host:port), or 'export'")
    suite.add_argument("directory", nargs="?", help="with 'export': where to write the corpus")
    suite.add_argument("--ruleset", action="append", choices=sorted(engine.RULESETS), metavar="RULESET",
                       help="a ruleset to test, repeat for several (default: all; one of "
                       + ", ".join(sorted(engine.RULESETS)) + ")")
    suite.add_argument("--seed", type=int, default=0, help="the run's seed (default: %(default)s)")
    budget = suite.add_mutually_exclusive_group()
    budget.add_argument("--cases", type=int, help="how many cases to try (default: as many as fit in --minutes)")
    budget.add_argument("--minutes", type=float, help="how long to try (default: 1.5)")
    suite.add_argument("--endpoints", default=",".join(CONFORMANCE_ENDPOINTS),
                       help="comma-separated endpoints the target implements, of "
                       + ", ".join(CONFORMANCE_ENDPOINTS) + " (default: all)")
    suite.add_argument("--out", default="conformance-failures",
                       help="where to write each disagreement (default: %(default)s/)")
    count_ = commands.add_parser("count", help="count the distinct legal turns of a position (like perft)",
                                 description="Print how many distinct legal turns the position has, and how "
                                 "many distinct states they lead to.")
    count_.add_argument("state", help="a JSON file: a state, or an object with a 'state' member")
    count_.add_argument("--depth", type=int, default=1, choices=(1, 2),
                        help="1: the turns of the player to move (the default); 2: each followed by "
                             "each turn of the next player")
    keys_ = commands.add_parser("keys", help="seal keys for sealed games (REFEREE_SEAL_KEYS)",
                                description="Print a fresh seal key, for REFEREE_SEAL_KEYS.")
    keys_.add_argument("action", nargs="?", choices=["new"], default="new",
                       help="new: print a fresh key (the default)")
    verify_ = commands.add_parser("verify", help="check a sealed game's deal and draws against its revealed seed",
                                  description="Exit 0 when the deal and every draw came from the seed, 1 at the "
                                  "first that did not, 2 when the file is not a record.")
    verify_.add_argument("record", help="a JSON record of the game (the format: the guide's page on sealed games)")
    new_ = commands.add_parser("new-game", help="write a small playable game of the box to start a new game from",
                                 description="Write a new game's folder, its test, its page stub and its table controls stub, and say what is left to do.")
    new_.add_argument("name", help="the game's name: lowercase words joined by hyphens (its ruleset's name)")
    for command in commands.choices.values():
        command.set_defaults(subparser=command)  # a command's errors print its own usage
    return parser


#: The endpoints `referee conformance` can play (the kit's ENDPOINTS, which need Hypothesis
#: to import; a test holds the two together).
CONFORMANCE_ENDPOINTS = ("turns", "legal-actions", "replays", "scores")


def add_serve(commands: Any) -> None:
    """`referee serve`: each option with its default and its environment variable, and the
    variables that have no option listed after them."""
    epilog = (textwrap.fill("Each option's environment variable sets it too; the option wins. These "
                            "variables have no option:", width=78) + "\n\n" + "\n".join(
                  textwrap.fill(f"{v.name}: {v.meaning} (default: {v.default})", width=78,
                                initial_indent="  ", subsequent_indent="      ")
                  for v in VARIABLES if v.flag is None))
    run = commands.add_parser("serve", help="run the HTTP service under gunicorn",
                              description="Run the HTTP service under gunicorn's threaded workers.",
                              epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    settings = by_name()

    def option(flag: str, variable: str, **kwargs: Any) -> None:
        setting = settings[variable]
        run.add_argument(flag, help=f"{setting.meaning} (environment: {variable}; default: {setting.default})",
                         **kwargs)

    option("--host", "REFEREE_HOST", default=from_env("HOST", "127.0.0.1"))
    option("--port", "REFEREE_PORT", type=int, default=from_env("PORT", 8000, int))
    option("--workers", "REFEREE_WORKERS", type=int, default=from_env("WORKERS", default_workers(), int))
    option("--threads", "REFEREE_THREADS", type=int, default=from_env("THREADS", DEFAULT_THREADS, int))
    option("--timeout", "REFEREE_TIMEOUT", type=int, default=from_env("TIMEOUT", 30, int))
    option("--cors-origins", "REFEREE_CORS_ORIGINS", default=from_env("CORS_ORIGINS", "*"))
    option("--access-log", "REFEREE_ACCESS_LOG", choices=["json", "text", "off"],
           default=from_env("ACCESS_LOG", "json"))


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.subparser
    if args.command == "serve":
        if args.access_log not in ("json", "text", "off"):
            command.error(f"REFEREE_ACCESS_LOG must be json, text or off, not {args.access_log!r}")
        port_free(args.host, args.port)
        serve(args.host, args.port, args.workers, args.timeout, args.threads, args.cors_origins, args.access_log)
        return 0
    if args.command == "conformance":
        return conformance(args, command)
    if args.command == "count":
        return count(args.state, depth=args.depth)
    if args.command == "keys":
        return keys(args.action)
    if args.command == "verify":
        return verify(args.record)
    if args.command == "new-game":
        return new_game(args.name)
    return replay(args.game, language=args.lang)


def port_free(host: str, port: int) -> None:
    """Stop `serve` with one line naming --port when it cannot listen on host:port, before
    gunicorn tries (which prints its raw errors for several seconds and exits 1)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise SystemExit(f"referee serve: the host {host!r} is not an address of this computer "
                         "(--host or REFEREE_HOST)") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        # As gunicorn binds: a port left in TIME_WAIT by a stopped server is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except PermissionError:
            raise SystemExit(f"referee serve: port {port} needs more rights than this user has; "
                             "choose a port above 1023 with --port (or REFEREE_PORT)") from None
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise SystemExit(f"referee serve: port {port} on {host} is in use by another program; "
                                 "stop it, or choose another port with --port (or REFEREE_PORT)") from None
            raise SystemExit(f"referee serve: cannot listen on {host}:{port}: {exc.strerror} "
                             "(--host, --port)") from None


def new_game(name: str, out=None, root: Path | None = None) -> int:
    """`referee new-game NAME`: write the game's skeleton and say what was written."""
    out = out or sys.stdout
    from . import scaffold

    base = scaffold.ROOT if root is None else root
    try:
        written = scaffold.new_game(name, base)
    except scaffold.ScaffoldError as exc:
        print(f"error: {exc}", file=out)
        return 2
    for path in written:
        print(f"wrote {path.relative_to(base)}", file=out)
    print("next: python -m referee.regenerate (the contract, the catalogues' new entries, the rules "
          "reference, the game-AI tables), then its texts in every language and an example of every "
          "code on its page; pytest tests/games/test_every_game_is_whole.py lists what is left", file=out)
    return 0


def conformance(args: argparse.Namespace, parser: argparse.ArgumentParser, out=None) -> int:
    """`referee conformance URL` and `referee conformance export DIR`; `parser` is the
    subcommand's own, whose usage its errors print."""
    out = out or sys.stdout
    try:
        from . import conformance as kit
        from .conformance import corpus
    except ModuleNotFoundError as exc:  # hypothesis is an optional extra
        if exc.name != "hypothesis":
            raise
        print(missing_extra("referee conformance", "Hypothesis", "testing"), file=out)
        return 2
    if args.target != "export" and not is_url(args.target):
        parser.error(f"{args.target!r} is not a URL: give the service's base URL with its scheme, "
                     f"such as http://{args.target.rstrip('/') or 'localhost:8000'}")
    if args.target == "export":
        if not args.directory:
            parser.error("conformance export needs a directory")
        written = corpus.export(Path(args.directory))
        print(f"wrote {written} files to {args.directory} (format: {corpus.FORMAT})", file=out)
        return 0
    endpoints = tuple(e.strip() for e in args.endpoints.split(",") if e.strip())
    unknown = sorted(set(endpoints) - set(kit.ENDPOINTS))
    if unknown or not endpoints:
        parser.error(f"unknown endpoints {unknown}; known: {', '.join(kit.ENDPOINTS)}")
    rulesets = tuple(args.ruleset or sorted(engine.RULESETS))
    try:
        report = kit.conformance(args.target, rulesets=rulesets, endpoints=endpoints, seed=args.seed,
                                 cases=args.cases, minutes=args.minutes, out=Path(args.out))
    except kit.Unreachable as exc:
        print(f"\nerror: the target cannot be reached: {exc}", file=out)
        return 2
    print(kit.table(report, rulesets), file=out)
    print(f"\n{report.cases} cases in {report.seconds:.0f}s ("
          + ", ".join(f"{e} {report.per_endpoint[e]}" for e in endpoints) + ")", file=out)
    if report.ok:
        print("all answers agree", file=out)
        return 0
    print(f"{len(report.disagreements)} kinds of disagreement:", file=out)
    for found in report.disagreements.values():
        endpoint, ours, theirs, fields = found.signature
        where = f" -> {found.file}" if found.file else ""
        print(f"  {endpoint}: expected {ours}, got {theirs} (differs in {', '.join(fields)}; "
              f"{found.seen} cases){where}", file=out)
    return 1


def is_url(text: str) -> bool:
    """Whether `text` is an http(s) URL with a host."""
    parts = urlsplit(text)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def missing_extra(command: str, package: str, extra: str) -> str:
    """The one line that says which optional extra a command needs and how to install it:
    no public index serves the package, so from the project's folder or a built wheel."""
    return (f"error: {command} needs {package}, in the project's '{extra}' extra: pip install '.[{extra}]' "
            f"in the project's folder, or pip install 'elfer_referee-{__version__}-py3-none-any.whl[{extra}]' "
            "from a built wheel")


def count(path: str, out=None, depth: int = 1) -> int:
    """Print the legal turns (sequences of `depth` turns) of the position in `path` and the
    distinct states they reach."""
    out = out or sys.stdout
    from .conformance.count import count_turns

    try:
        with open(path, encoding="utf-8") as f:
            body: Any = json.load(f)
        state = engine.load_state(body.get("state", body) if isinstance(body, dict) else body)
    except (OSError, ValueError, MalformedInput) as exc:
        print(f"error: {path} is not a game state: {exc}", file=out)
        return 2
    try:
        counted = count_turns(state, depth)
    except Violation as v:
        print(f"illegal: {v.code.value}: {v.detail}", file=out)
        return 1
    except MalformedInput as exc:
        print(f"error: {path} cannot be counted: {exc}", file=out)
        return 2
    print(f"turns: {counted.turns}", file=out)
    print(f"states: {counted.states}", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
