"""The store of sealed games: each token spent once, each game's latest token, the seats
claimed.

A cheating player holds their seat key and every token; without memory the referee
could not stop them from playing a turn, reading what it turned up and playing another
turn on the same token (a fork). So an accepted sealed turn *spends* its token, in one
atomic step that also records the game's new latest token; a second spend of the same
token finds it spent and learns the latest one (`Spent`). Invitations are claimed the
same way, once per seat.

`REFEREE_STORE` chooses the backend (`stores.open_store` opens it):

- unset or a file path: SQLite in that file (`sqlite_store.SqliteStore`), shared by every
  worker of one machine; by default under the user's state folder (`default_path`);
- `redis://host:port/db` (or `rediss://`): Redis or Valkey (`redis_store.RedisStore`), shared
  by every instance behind a load balancer; `redis+cluster://host:port,host:port,…`: a
  Redis Cluster or Valkey cluster;
- `none`: no store (`NoStore`): the service is stateless, and forks are possible again.

A token is refused once it is older than `REFEREE_STORE_DAYS` days (30 by default),
counted from the time sealed into it (`expired`). The store fails closed: it forgets
only what it may (never a spend a live token could still need), so that no clock set
wrong on one instance, no lowered `REFEREE_STORE_DAYS` and no clean-up makes a spent
token playable or a claimed seat claimable again:

- SQLite keeps a *mark* of its own: its clean-up first raises the mark, then removes
  only what was sealed before it, and the store refuses every token sealed before the
  mark (`Expired`, answered `410 TOKEN_EXPIRED`), in the same transaction as the spend.
  A new store file starts with the mark at its own birth, so a store that was deleted
  and made anew refuses the tokens it cannot know about;
- Redis expires keys by its own clock, and a spend refuses there, by that clock, a
  token older than the shortest retention any instance has kept keys for (see
  `redis_store`).

A claim names a `claim` text the claimant chose; the store keeps its digest
(`claim_digest`), so that the same claim sent again is answered the same seat, and any
other is refused.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

#: The environment variables: which store, for how many days it remembers, and how
#: large the SQLite file may grow before new games are refused.
STORE_VARIABLE = "REFEREE_STORE"
DAYS_VARIABLE = "REFEREE_STORE_DAYS"
DEFAULT_DAYS = 30
MAX_MB_VARIABLE = "REFEREE_STORE_MAX_MB"
DEFAULT_MAX_MB = 1024
#: The SQLite file's name in its folder.
FILE_NAME = "sealed-games.sqlite3"


class StoreUnavailable(Exception):
    """The store cannot be reached (or failed): nothing was spent or claimed."""


class Expired(Exception):
    """The token was sealed before what the store remembers (its mark): it cannot be
    played or used to claim, as if it were older than the retention."""


class StoreSettingInvalid(ValueError):
    """`REFEREE_STORE` or `REFEREE_STORE_DAYS` holds something the referee cannot use."""


class Latest(NamedTuple):
    """A game's latest token and its turn number, as the store last recorded them (a
    named tuple: one is made on every sealed turn)."""

    token: str
    turn: int


class Spent(Exception):
    """The token was spent already; `latest` is the game's latest token (None only when
    the store no longer knows the game, which retention rules out)."""

    def __init__(self, latest: Latest | None):
        super().__init__("spent")
        self.latest = latest


class Pending:
    """A spend begun (`Store.begin_spend`): `finish()` waits for it and raises what
    `Store.spend` raises; `abandon()` lets it go without its answer, when the request
    fails before (the spend may then have happened, as when an answer is lost: sent
    again, the turn is told its token was spent, with the latest)."""

    __slots__ = ("finish", "abandon")

    def __init__(self, finish: Callable[[], None], abandon: Callable[[], None] = lambda: None):
        self.finish = finish
        self.abandon = abandon


def spend_when_finished(store: Store, game: str, token: bytes, following: Latest, issued: int,
                        played: str) -> Pending:
    """`begin_spend` of a store whose spend is no round trip: nothing is sent before
    `finish()`, which spends whole, and `abandon()` has nothing to let go."""
    return Pending(lambda: store.spend(game, token, following, issued, played))


class Store(Protocol):
    """One interface, three backends. Every method raises StoreUnavailable when the
    store cannot be reached; then nothing was recorded."""

    #: False for `none` only: the referee then spends nothing and offers no invitations.
    keeps: bool
    #: What the log says of it (a path, a URL without its password, or "none").
    where: str

    def spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> None:
        """Spend `token` (its identity: a digest of its decoded bytes; `played`, its own
        text, the one text `Sealer.open` opens for those bytes), sealed at `issued`
        (Unix seconds, its own time), of `game` and make `following` the game's latest,
        atomically; Spent if it was spent already, Expired if it was sealed before what
        the store remembers."""

    def begin_spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> Pending:
        """`spend`, begun: a store across a network sends it now, so that the caller
        can go on working while it travels, and `Pending.finish()` waits for its answer;
        StoreUnavailable already here when it cannot be sent."""

    def claim(self, game: str, seat: int, claim: bytes | None, issued: int) -> bool:
        """Claim the seat of an invited game with a token sealed at `issued`: True if it
        was free, or was claimed with the same `claim` digest before (a claim sent
        again); False if it was claimed otherwise (or without a claim) already. Expired
        as for a spend."""

    def probe(self) -> None:
        """Write and read something in the store, as `referee serve` does at start:
        StoreUnavailable, saying why, if it cannot be used."""

    def unready(self) -> str | None:
        """Why the store cannot be used now (`GET /readyz`), or None when it can."""

    def full(self) -> bool:
        """Whether the store holds `REFEREE_STORE_MAX_MB` or more (no new games then)."""

    def size_bytes(self) -> int | None:
        """What the store takes now, in bytes (`GET /metrics`), or None with nothing to
        measure; StoreUnavailable when it cannot be read."""

    def close(self) -> None:
        """Let go of connections and files."""


class NoStore:
    """`REFEREE_STORE=none`: nothing is kept; every token can be played again."""

    keeps = False
    where = "none"

    def spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> None:
        return None

    def begin_spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> Pending:
        return spend_when_finished(self, game, token, following, issued, played)

    def claim(self, game: str, seat: int, claim: bytes | None, issued: int) -> bool:
        raise StoreUnavailable("no store")

    def probe(self) -> None:
        return None

    def unready(self) -> str | None:
        return None

    def full(self) -> bool:
        return False

    def size_bytes(self) -> int | None:
        return None

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


def max_megabytes(environ: Any = os.environ) -> int:
    """`REFEREE_STORE_MAX_MB`: whole mebibytes, at least 1."""
    value = environ.get(MAX_MB_VARIABLE, "").strip()
    if not value:
        return DEFAULT_MAX_MB
    try:
        megabytes = int(value)
    except ValueError:
        raise StoreSettingInvalid(f"{MAX_MB_VARIABLE}={value!r} is not a whole number of MiB") from None
    if megabytes < 1:
        raise StoreSettingInvalid(f"{MAX_MB_VARIABLE}={value!r}: a store needs at least 1 MiB")
    return megabytes


def claim_digest(game: str, seat: int, claim: str) -> bytes:
    """What the store keeps of a claim text: SHA-256 of the game, the seat and the text
    (the text itself is kept nowhere)."""
    return hashlib.sha256(f"{game}:{seat}:{claim}".encode("utf-8")).digest()


def expired(issued_at: int, days: int, now: float | None = None) -> bool:
    """Whether a token issued at `issued_at` (its own timestamp, Unix seconds) is older
    than the store keeps what it spends."""
    return (time.time() if now is None else now) - issued_at > days * 86400


def default_path(environ: Any = os.environ) -> Path:
    """The SQLite file when `REFEREE_STORE` names none: under `$XDG_STATE_HOME` (or
    ~/.local/state), in a folder of the referee's own, per user."""
    base = environ.get("XDG_STATE_HOME") or str(Path(environ.get("HOME") or Path.home()) / ".local" / "state")
    return Path(base) / "elfer-referee" / FILE_NAME
