"""The referee's web service: an app factory, like the Flask tutorial's.

`create_app()` wires the blueprints and the problem handlers; the views are thin, and
everything about the game happens in the engine.

May import: `referee.engine` (the engine's public face), `referee.core` for its codes and
errors, Flask, marshmallow, jsonschema-rs and orjson. Nothing in the engine imports it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.json.provider import JSONProvider

import orjson

from .api import api
from .bodies import MAX_BODY
from .contract import validator, schema_names
from .docs import docs
from .guide import guide
from .manners import register_manners
from .metrics import install_metrics
from .pages import pages
from .problems import register_problem_handlers
from .sealed import install_sealer
from .shortcut import ShortWay


class OrjsonProvider(JSONProvider):
    """Flask's JSON helpers (jsonify, request.get_json) through orjson."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


class Referee(Flask):
    """Flask, remembering which views and hooks are coroutine functions.

    Flask asks `inspect` that of the view and of every before- and after-request hook
    on every request (five times for a POST /v1/turns); the answer never changes.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sync: dict[Any, Any] = {}

    def ensure_sync(self, func: Any) -> Any:
        try:
            return self._sync[func]
        except KeyError:
            sync = self._sync[func] = super().ensure_sync(func)
            return sync


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The service. Config beyond Flask's: `CORS_ORIGINS` ("*", the default, or a list of
    origins) and `ACCESS_LOG` (None, "json" or "text"); see manners.py. `SEAL_KEYS`: the
    keys of sealed games (else `REFEREE_SEAL_KEYS`), `STORE`, `STORE_DAYS`,
    `NEW_GAMES_PER_MINUTE` and `TRUSTED_PROXIES` (else their `REFEREE_` variables): see
    sealed.py and referee.sealed.service. `SHORT_WAY` (True by default): successful
    turns (plain and sealed) and plain legal-actions answered without Flask's machinery
    (see shortcut.py). Every request is counted for `GET /metrics` (metrics.py)."""
    app = Referee(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    if config:
        app.config.update(config)
    app.url_map.strict_slashes = False
    app.register_blueprint(api)
    app.register_blueprint(docs)
    app.register_blueprint(pages)
    app.register_blueprint(guide)
    register_problem_handlers(app)
    if app.config.get("SHORT_WAY", True) and app.config.get("CORS_ORIGINS", "*") == "*":
        app.wsgi_app = ShortWay(app.wsgi_app, app)  # type: ignore[method-assign]
    register_manners(app)  # its middleware wraps the short way too
    install_sealer(app)
    install_metrics(app)  # outermost: every request counted, the short way's too
    # Compile every schema now, so that a broken contract fails at start, not on a request.
    for name in schema_names():
        validator(name)
    return app
