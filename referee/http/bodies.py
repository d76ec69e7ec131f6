"""Reading request bodies: content type, size, JSON, then the schema, in that order.

Each step refuses with its own problem: 415 for a body that is not declared JSON, 413
for one over the limit (werkzeug refuses it from its Content-Length, before reading),
400 MALFORMED_JSON for bytes that are not JSON (orjson also refuses NaN, Infinity,
invalid UTF-8 and nesting deeper than 1024 levels), 400 SCHEMA_VIOLATION with a JSON
pointer per error for JSON of the wrong shape.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response, request

from .contract import schema_errors
from .problems import Problem

JSON_TYPE = "application/json"
MAX_BODY = 1024 * 1024


def json_body(schema: str) -> Any:
    """The request's JSON body, valid against schemas/`schema`, or a Problem."""
    if request.mimetype != JSON_TYPE:
        raise Problem(
            "UNSUPPORTED_MEDIA_TYPE",
            f"Send the body as {JSON_TYPE}, not {request.mimetype or 'no content type'}.",
        )
    raw = request.get_data(cache=False)
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise Problem("MALFORMED_JSON", f"The body is not valid JSON: {exc}.") from None
    errors = schema_errors(schema, body)
    if errors:
        first = errors[0]
        where = first["pointer"] or "the body"
        raise Problem(
            "SCHEMA_VIOLATION",
            f"The body does not match {schema}: at {where}, {first['message']}.",
            errors=errors,
        )
    return body


def json_response(body: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(body), status=status, mimetype=JSON_TYPE)
