"""Which store `REFEREE_STORE` names, opened: the default SQLite file, Redis or Valkey
(one server, or a cluster: `redis+cluster://host:port,host:port,…`), or none (`referee.sealed.store` says what each keeps). The backends import the store's
types; this module alone imports the backends, each only when it is chosen (redis-py is
loaded only for a Redis setting)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .store import STORE_VARIABLE, NoStore, Store, StoreSettingInvalid, default_path, max_megabytes

REDIS_SCHEMES = ("redis://", "rediss://", "redis+cluster://", "rediss+cluster://")


def open_store(setting: str | None, days: int, environ: Any = os.environ) -> Store:
    """The store `setting` (REFEREE_STORE's value) names; None or "" is the default file,
    bounded by `REFEREE_STORE_MAX_MB` and held to the file `referee serve` opened
    (`sqlite_store.IDENTITY_VARIABLE`) when it says which."""
    setting = (setting or "").strip()
    if setting.lower() == "none":
        return NoStore()
    if setting.startswith(REDIS_SCHEMES):
        from .redis_store import RedisStore

        return RedisStore(setting, days)
    if "://" in setting:
        raise StoreSettingInvalid(f"{STORE_VARIABLE} is a file path, redis://host:port/db, "
                                  f"redis+cluster://host:port,host:port or none, not {setting!r}")
    from .sqlite_store import IDENTITY_VARIABLE, SqliteStore

    return SqliteStore(Path(setting) if setting else default_path(environ), days, max_megabytes(environ),
                       environ.get(IDENTITY_VARIABLE))
