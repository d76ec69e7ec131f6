"""The environment variables the referee reads, each said once: its name, its default and
what it sets.

`referee serve --help` prints them, and the command line's reference page
(`docs/reference/cli.md`) lists them; a test holds both to this list, and this list to
every `REFEREE_...` name the package's code reads.
"""

from __future__ import annotations

from typing import NamedTuple


class Variable(NamedTuple):
    """One environment variable: its `name`, its `default` as a person reads it, and what
    it sets (`meaning`). `flag` is the `referee serve` option that overrides it, if any."""

    name: str
    default: str
    meaning: str
    flag: str | None = None


#: Every variable, in the order `referee serve --help` lists them.
VARIABLES: tuple[Variable, ...] = (
    Variable("REFEREE_HOST", "127.0.0.1", "the address to listen on", "--host"),
    Variable("REFEREE_PORT", "8000", "the port to listen on", "--port"),
    Variable("REFEREE_WORKERS", "one per core, at least 2", "worker processes", "--workers"),
    Variable("REFEREE_THREADS", "16", "threads per worker", "--threads"),
    Variable("REFEREE_TIMEOUT", "30", "seconds a stuck worker may stay silent, and a stopping one may finish in",
             "--timeout"),
    Variable("REFEREE_CORS_ORIGINS", "*", "origins whose pages may call the API: * or a comma-separated list",
             "--cors-origins"),
    Variable("REFEREE_ACCESS_LOG", "json", "one line per request on stdout: json, text or off", "--access-log"),
    Variable("REFEREE_SEAL_KEYS", "one key made at start, lost at exit",
             "the keys that seal sealed games, newest first, comma-separated (referee keys new makes one)"),
    Variable("REFEREE_STORE", "a SQLite file under ~/.local/state/elfer-referee",
             "where sealed games' spent tokens and claimed seats are kept: a file path, redis://host:port/db, "
             "redis+cluster://host:port,host:port,... or none"),
    Variable("REFEREE_STORE_DAYS", "30", "days a sealed game's token stays playable"),
    Variable("REFEREE_STORE_MAX_MB", "1024",
             "the most megabytes the SQLite store may hold; past it new sealed games are 507 STORE_FULL"),
    Variable("REFEREE_STORE_FILE_IDENTITY", "set by referee serve",
             "the store file's identity, which serve hands its workers so that a replaced file is refused; "
             "not for setting by hand"),
    Variable("REFEREE_NEW_GAMES_PER_MINUTE", "120",
             "new sealed games one client address may start in a minute (0: no limit); past it 429 TOO_MANY_REQUESTS"),
    Variable("REFEREE_TRUSTED_PROXIES", "none",
             "comma-separated addresses or networks of proxies whose X-Forwarded-For names the client"),
)


def by_name() -> dict[str, Variable]:
    """The variables by name."""
    return {variable.name: variable for variable in VARIABLES}
