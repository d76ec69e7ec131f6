"""Which store `REFEREE_STORE` names, opened: the default SQLite file, Redis or Valkey,
or none (`referee.sealed.store` says what each keeps). The backends import the store's
types; this module alone imports the backends, each only when it is chosen (redis-py is
loaded only for a redis:// setting)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .store import STORE_VARIABLE, NoStore, Store, StoreSettingInvalid, default_path


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
