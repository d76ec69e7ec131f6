"""The store of sealed games: each token spent once, each game's latest token, the seats
claimed.

A cheating player holds their seat key and every token; without memory the referee
could not stop them from playing a turn, reading what it turned up and playing another
turn on the same token (a fork). So an accepted sealed turn *spends* its token, in one
atomic step that also records the game's new latest token; a second spend of the same
token finds it spent and learns the latest one (`Spent`). Invitations are claimed the
same way, once per seat.

`REFEREE_STORE` chooses the backend:

- unset or a file path: SQLite in that file (`sqlite.SqliteStore`), shared by every
  worker of one machine; by default under the user's state folder (`default_path`);
- `redis://host:port/db` (or `rediss://`): Redis or Valkey (`redis.RedisStore`), shared
  by every instance behind a load balancer;
- `none`: no store (`NoStore`): the service is stateless, and forks are possible again.

Entries live `REFEREE_STORE_DAYS` days (30 by default) after their last use; a token
older than that is refused before it reaches the store (`expired`), so nothing the
store has forgotten can be played again.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

#: The environment variables: which store, and for how many days it remembers.
STORE_VARIABLE = "REFEREE_STORE"
DAYS_VARIABLE = "REFEREE_STORE_DAYS"
DEFAULT_DAYS = 30
#: The SQLite file's name in its folder.
FILE_NAME = "sealed-games.sqlite3"


class StoreUnavailable(Exception):
    """The store cannot be reached (or failed): nothing was spent or claimed."""


class StoreSettingInvalid(ValueError):
    """`REFEREE_STORE` or `REFEREE_STORE_DAYS` holds something the referee cannot use."""


@dataclass(frozen=True)
class Latest:
    """A game's latest token and its turn number, as the store last recorded them."""

    token: str
    turn: int


class Spent(Exception):
    """The token was spent already; `latest` is the game's latest token (None only when
    the store no longer knows the game, which retention rules out)."""

    def __init__(self, latest: Latest | None):
        super().__init__("spent")
        self.latest = latest


class Store(Protocol):
    """One interface, three backends. Every method raises StoreUnavailable when the
    store cannot be reached; then nothing was recorded."""

    #: False for `none` only: the referee then spends nothing and offers no invitations.
    keeps: bool
    #: What the log says of it (a path, a URL without its password, or "none").
    where: str

    def spend(self, game: str, token: bytes, following: Latest) -> None:
        """Spend `token` (its identity: a digest of its decoded bytes) of `game` and make
        `following` the game's latest, atomically; Spent if it was spent already."""

    def claim(self, game: str, seat: int) -> bool:
        """Claim the seat of an invited game; False if it was claimed already."""

    def close(self) -> None:
        """Let go of connections and files."""


class NoStore:
    """`REFEREE_STORE=none`: nothing is kept; every token can be played again."""

    keeps = False
    where = "none"

    def spend(self, game: str, token: bytes, following: Latest) -> None:
        return None

    def claim(self, game: str, seat: int) -> bool:
        raise StoreUnavailable("no store")

    def close(self) -> None:
        return None


def retention_days(environ: Any = os.environ) -> int:
    """`REFEREE_STORE_DAYS`: whole days, at least 1."""
    value = environ.get(DAYS_VARIABLE, "").strip()
    if not value:
        return DEFAULT_DAYS
    try:
        days = int(value)
    except ValueError:
        raise StoreSettingInvalid(f"{DAYS_VARIABLE}={value!r} is not a whole number of days") from None
    if days < 1:
        raise StoreSettingInvalid(f"{DAYS_VARIABLE}={value!r}: a store keeps games at least 1 day")
    return days


def expired(issued_at: int, days: int, now: float | None = None) -> bool:
    """Whether a token issued at `issued_at` (its own timestamp, Unix seconds) is older
    than the store keeps what it spends."""
    return (time.time() if now is None else now) - issued_at > days * 86400


def default_path(environ: Any = os.environ) -> Path:
    """The SQLite file when `REFEREE_STORE` names none: under `$XDG_STATE_HOME` (or
    ~/.local/state), in a folder of the referee's own, per user."""
    base = environ.get("XDG_STATE_HOME") or str(Path(environ.get("HOME") or Path.home()) / ".local" / "state")
    return Path(base) / "elfer-referee" / FILE_NAME


def open_store(setting: str | None, days: int, environ: Any = os.environ) -> Store:
    """The store `setting` (REFEREE_STORE's value) names; None or "" is the default file."""
    setting = (setting or "").strip()
    if setting.lower() == "none":
        return NoStore()
    if setting.startswith(("redis://", "rediss://")):
        from .redis_store import RedisStore

        return RedisStore(setting, days)
    if "://" in setting:
        raise StoreSettingInvalid(f"{STORE_VARIABLE} is a file path, redis://host:port/db or none, not {setting!r}")
    from .sqlite_store import SqliteStore

    return SqliteStore(Path(setting) if setting else default_path(environ), days)
