"""How many new sealed games one client address may start a minute.

A new sealed game costs nothing to ask for and fills the store with every turn played
on it, so one address may start `REFEREE_NEW_GAMES_PER_MINUTE` of them (120 by
default) in any minute; the next is refused (`TooMany`) with the seconds until one of
the minute's games leaves the window.

The counting is the `limits` library's (the engine under Flask-Limiter), with its
moving window, checked once the body says the game is sealed (which Flask-Limiter's
per-route hooks run too early to see). The counts are kept in memory, per process,
under the SQLite store or none (a client on one keep-alive connection meets one
worker; one that opens a connection per request may meet each of them); in the
store's own Redis when the store is Redis, one server or a cluster (`limits`' cluster
storage, reached when the first count is made, as the store reaches its cluster), so
that every instance counts together.
Which address a request comes from is the web layer's to say (`referee.http.clients`).
"""

from __future__ import annotations

import os
import time
from typing import Any

from urllib.parse import urlsplit

import limits
import redis
from limits.errors import ConfigurationError
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .store import StoreSettingInvalid, StoreUnavailable

#: The environment variable, and its default: new sealed games per address and minute
#: (0: no limit).
VARIABLE = "REFEREE_NEW_GAMES_PER_MINUTE"
DEFAULT = 120
#: What the counts are kept under, in Redis beside the store's keys.
NAMESPACE = "elfer-new-sealed-games"


class TooMany(Exception):
    """Over the limit; `retry_after` is the whole seconds until the next may start."""

    def __init__(self, retry_after: int, limit: int):
        super().__init__(f"more than {limit} new sealed games a minute")
        self.retry_after = retry_after
        self.limit = limit


def per_minute(environ: Any = os.environ) -> int:
    """`REFEREE_NEW_GAMES_PER_MINUTE`: a whole number, 0 for no limit."""
    value = environ.get(VARIABLE, "").strip()
    if not value:
        return DEFAULT
    if not value.isdigit():
        raise StoreSettingInvalid(f"{VARIABLE}={value!r} is not a whole number of games a minute")
    return int(value)


class NewGameLimit:
    """At most `limit` new sealed games a minute per address (no limit when 0), counted
    in `storage` (a `limits` storage URI: `memory://`, the store's `redis://…`, or its
    cluster's `redis+cluster://…`), with `options` for its client."""

    def __init__(self, limit: int, storage: str = "memory://", **options: Any):
        self.limit = limit
        self.storage = storage
        if storage.startswith("redis"):
            options = {"socket_timeout": 1.0, "socket_connect_timeout": 1.0, **options}
        self._options = options
        self._item = limits.RateLimitItemPerMinute(limit) if limit else None
        self._made: MovingWindowRateLimiter | None = None
        if not storage.startswith("redis+cluster://"):
            self._window  # made now: a bad setting stops the start
        # A cluster's storage asks its nodes for the map of slots as it is made: made at
        # the first count, so that a cluster away at start is a 503 then, not a failed start.

    @property
    def _window(self) -> MovingWindowRateLimiter:
        if self._made is None:
            self._made = MovingWindowRateLimiter(storage_from_string(self.storage, **self._options))
        return self._made

    @classmethod
    def for_store(cls, limit: int, store_setting: str | None) -> NewGameLimit:
        """Counted in the store's Redis when the store is Redis (a cluster's too), else
        in memory."""
        setting = (store_setting or "").strip()
        if setting.startswith(("redis://", "rediss://")):
            return cls(limit, setting)
        if setting.startswith(("redis+cluster://", "rediss+cluster://")):
            uri, options = cluster_storage(setting)
            return cls(limit, uri, **options)
        return cls(limit, "memory://")

    def start(self, address: str) -> None:
        """Count a new sealed game from `address`; TooMany when it is one too many,
        StoreUnavailable when the counts cannot be reached (nothing is started then)."""
        if self._item is None:
            return
        try:
            if self._window.hit(self._item, NAMESPACE, address):
                return
            reset = self._window.get_window_stats(self._item, NAMESPACE, address).reset_time
        except (redis.RedisError, redis.exceptions.RedisClusterException, ConfigurationError) as exc:
            raise StoreUnavailable(f"the counts of new games cannot be reached: {exc}") from None
        raise TooMany(max(1, int(reset - time.time()) + 1), self.limit)


def cluster_storage(setting: str) -> tuple[str, dict[str, Any]]:
    """`limits`' URI of the store's cluster (`redis+cluster://[user:password@]host:port,…`)
    and its client's options: the store's own `?replicas=` is the store's alone, and
    `rediss+cluster://` is TLS, which `limits` takes as an option."""
    scheme, _, rest = setting.partition("://")
    netloc = urlsplit(f"redis://{rest}").netloc
    return f"redis+cluster://{netloc}", ({"ssl": True} if scheme.startswith("rediss") else {})
