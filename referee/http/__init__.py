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
from .language import register_language
from .manners import register_manners
from .pages import pages
from .problems import register_problem_handlers


class OrjsonProvider(JSONProvider):
    """Flask's JSON helpers (jsonify, request.get_json) through orjson."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The service. Config beyond Flask's: `CORS_ORIGINS` ("*", the default, or a list of
    origins) and `ACCESS_LOG` (None, "json" or "text"); see manners.py."""
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False)
    if config:
        app.config.update(config)
    app.url_map.strict_slashes = False
    app.register_blueprint(api)
    app.register_blueprint(docs)
    app.register_blueprint(pages)
    register_problem_handlers(app)
    register_language(app)
    register_manners(app)
    # Compile every schema now, so that a broken contract fails at start, not on a request.
    for name in schema_names():
        validator(name)
    return app
