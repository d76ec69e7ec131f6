"""Sealed games over an in-process app, for the store's tests: a client with a store of
its own (a SQLite file in a temporary folder) and one without any, under the same key,
so that a test can show what a store refuses and that the same turn is otherwise legal."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from referee.http import create_app
from referee.sealed.sealing import Sealer, new_key
from referee.sealed.sqlite_store import MARK, SqliteStore
from support.contract_check import assert_matches_contract

KEY = new_key()


def long_kept(path: Path) -> Path:
    """A store file that has kept games for longer than any token's age: its mark at 0
    (a new file refuses every token sealed before it was made)."""
    store = SqliteStore(path, 30)
    store._connection().execute("UPDATE marks SET value = 0 WHERE name = ?", (MARK,))
    store.close()
    return path


STORE_FILE = long_kept(Path(tempfile.mkdtemp(prefix="elfer-store-test-")) / "sealed.sqlite3")


def client(store: str = str(STORE_FILE), **config):
    return create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": store, **config}).test_client()


def post(client, path, body, status=None, language=None):
    headers = {"Accept-Language": language} if language else {}
    response = client.post(path, data=json.dumps(body), content_type="application/json", headers=headers)
    assert_matches_contract(response, path, "POST")
    if status is not None:
        assert response.status_code == status, response.json
    return response.json


def opened(token):
    """The sealed contents, opened with the tests' key (what no client can do)."""
    return Sealer([KEY]).open(token)
