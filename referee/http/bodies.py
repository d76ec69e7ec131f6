"""Reading request bodies: content type, size, JSON, then the schema, in that order.

Each step refuses with its own problem:

- 415 UNSUPPORTED_MEDIA_TYPE for a body not declared `application/json`, or declared
  in a charset other than UTF-8 (RFC 8259: JSON between systems is UTF-8);
- 413 PAYLOAD_TOO_LARGE for one over the limit: werkzeug refuses it from its
  Content-Length before reading it; a chunked body is read up to the limit only;
- 400 MALFORMED_JSON for bytes that are not JSON the referee reads: orjson refuses NaN,
  Infinity, numbers beyond a double, invalid UTF-8, a raw control character (a NUL) in
  a string, a byte order mark and nesting deeper than 1024 levels; on top of that this
  module refuses nesting deeper than 254 levels (no request schema goes past 6) and an
  object that names a key twice (see `_refuse_duplicate_keys`);
- 400 SCHEMA_VIOLATION with a JSON pointer per error for JSON of the wrong shape.

What the schema accepts is then read as the schema means it: JSON Schema counts 1.0
and 1e2 as the integers 1 and 100 (the contract has no other numbers), so a body that
passed its schema has its whole floats made integers before the engine reads it.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Response, request
from werkzeug.exceptions import HTTPException
from werkzeug.wsgi import get_content_length

from ..i18n import Message
from .contract import schema_errors
from .language import language
from .problems import Problem

JSON_TYPE = "application/json"
MAX_BODY = 1024 * 1024
UTF8 = ("utf-8", "utf8")


def json_body(schema: str) -> Any:
    """The request's JSON body, valid against schemas/`schema`, or a Problem."""
    if request.mimetype != JSON_TYPE:
        raise Problem(
            "UNSUPPORTED_MEDIA_TYPE",
            f"Send the body as {JSON_TYPE}, not {request.mimetype or 'no content type'}.",
        )
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower() not in UTF8:
        raise Problem(
            "UNSUPPORTED_MEDIA_TYPE", f"Send the body in UTF-8, not {_clip(charset, 40)}."
        )
    return read_json(_read_body(), schema)


def read_json(raw: bytes, schema: str, tokens_opened: bool = False) -> Any:
    """The JSON body `raw`, valid against schemas/`schema`, or a Problem (everything of
    `json_body` after the content type and the reading); a game token's pattern is left
    to the sealer where `tokens_opened` (`contract.validator`)."""
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise Problem("MALFORMED_JSON", f"The body is not valid JSON: {exc}.") from None
    written = _refuse_duplicate_keys(raw, body)
    errors = schema_errors(schema, body, tokens_opened=tokens_opened)
    if errors:
        # Said again in the request's language (the short way never gets here: it hands
        # every refusal to Flask).
        errors = schema_errors(schema, body, language())
        first = errors[0]
        said = (Message("The body does not match {schema}: at {where}, {problem}.", schema=schema,
                        where=first["pointer"], problem=first["message"]) if first["pointer"]
                else Message("The body does not match {schema}: {problem}.", schema=schema, problem=first["message"]))
        raise Problem("SCHEMA_VIOLATION", said.render(language()), errors=errors)
    # orjson writes every float within the contract's bounds with a '.', so a body
    # written without one has none to convert.
    if b"." in written:
        body = whole_numbers(body)
    return body


def whole_numbers(value: Any) -> Any:
    """`value` with every float that is a whole number made an int (1.0 -> 1, 1e2 -> 100).

    Called only on bodies that passed their schema, where every number is an integer to
    JSON Schema; a float with a fraction cannot occur there and is left alone.
    """
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value


def json_response(body: Any, status: int = 200) -> Response:
    # content_type rather than mimetype: werkzeug adds no charset to JSON either way.
    return Response(orjson.dumps(body), status=status, content_type=JSON_TYPE)


def _read_body() -> bytes:
    """The body's bytes, at most MAX_BODY of them.

    werkzeug refuses a Content-Length over the limit before reading, but it stops a
    chunked body (no Content-Length) at the limit and hands over the first MAX_BODY
    bytes as if they were all: so a body that fills the limit is checked for more.
    """
    try:
        environ = request.environ
        length = get_content_length(environ)  # request.content_length, without its header lookups
        if length is not None and length <= MAX_BODY and environ.get("wsgi.input_terminated"):
            # The server ends the stream at the body's end (gunicorn and granian do), so
            # werkzeug would read it to its end as well, through two wrappers; a few µs.
            return environ["wsgi.input"].read()
        raw = request.get_data(cache=False)
        if len(raw) >= MAX_BODY and length is None:
            if request.environ["wsgi.input"].read(1):
                raise Problem("PAYLOAD_TOO_LARGE", "The body is over the 1 MiB limit.")
    except (Problem, HTTPException):
        raise
    except Exception as exc:  # the server's own framing errors, such as a broken chunk
        raise Problem("MALFORMED_JSON", f"The body could not be read: {_clip(str(exc), 200)}.") from None
    return raw


class _DuplicateKey(ValueError):
    pass


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


def _refuse_duplicate_keys(raw: bytes, body: Any) -> bytes:
    """Refuse an object that names a key twice (orjson would silently keep the last);
    return the body as orjson writes it.

    The hot path costs one orjson.dumps of the parsed body and two byte counts, a few
    µs on a state. Every key is followed by exactly one ':' outside strings, and a ':'
    inside a string stays a ':' when orjson writes the body again, unless the body
    spells it `\\u003a`; so, barring that escape, the body as parsed has as many ':'
    as the body as sent exactly when no key was dropped. When the counts differ (a
    duplicate, or a dropped duplicate's value held a ':') or the escape occurs, the
    exact check runs: the stdlib parser with a hook that sees every key of every
    object, about 20 µs on a state.
    """
    try:
        again = orjson.dumps(body)
    except orjson.JSONEncodeError:  # orjson writes at most 254 levels of nesting
        raise Problem(
            "MALFORMED_JSON",
            "The body is nested too deeply: the referee reads at most 254 levels of arrays and objects.",
        ) from None
    if raw.count(b":") == again.count(b":") and (
        b"\\" not in raw or (b"\\u003a" not in raw and b"\\u003A" not in raw)
    ):
        return again
    try:
        json.loads(raw, object_pairs_hook=_unique_pairs)
    except _DuplicateKey as exc:
        raise Problem(
            "MALFORMED_JSON",
            f"The body names the key {_clip(json.dumps(exc.args[0]), 100)} twice in one object.",
        ) from None
    except (ValueError, RecursionError):  # orjson read it; its reading stands
        pass
    return again


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
