"""Problem documents (RFC 9457) for every error, registered in one place.

Views raise typed exceptions (`Problem`, the engine's `Violation` and
`MalformedInput`, marshmallow's `ValidationError`, werkzeug's HTTP errors) and never
build error responses themselves;
the handlers here turn each into `application/problem+json`. A bug becomes a 500
`INTERNAL` whose trace goes to the log, never to the client.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask, Response, current_app
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from ..core.errors import MalformedInput, Violation
from .contract import json_pointer, shorten
from ..i18n import N_, Message
from .language import language, translator
from .metrics import count_problem

PROBLEM_TYPE = "application/problem+json"

#: HTTP-level problems: the status each code goes with, and its title. Their type is
#: `about:blank`, so the title is the status's reason phrase (RFC 9457 section 4.2.1,
#: the phrases of RFC 9110); `code` and `detail` say more.
HTTP_PROBLEMS = {
    "MALFORMED_JSON": (400, N_("Bad Request")),
    "SCHEMA_VIOLATION": (400, N_("Bad Request")),
    "TOKEN_INVALID": (400, N_("Bad Request")),
    "SEAT_INVALID": (403, N_("Forbidden")),
    "INVITATION_INVALID": (403, N_("Forbidden")),
    "TOKEN_SPENT": (409, N_("Conflict")),
    "SEAT_TAKEN": (409, N_("Conflict")),
    "TOKEN_EXPIRED": (410, N_("Gone")),
    "TOO_MANY_REQUESTS": (429, N_("Too Many Requests")),
    "STORE_UNAVAILABLE": (503, N_("Service Unavailable")),
    "STORE_FULL": (507, N_("Insufficient Storage")),
    "NOT_FOUND": (404, N_("Not Found")),
    "METHOD_NOT_ALLOWED": (405, N_("Method Not Allowed")),
    "PAYLOAD_TOO_LARGE": (413, N_("Content Too Large")),
    "UNSUPPORTED_MEDIA_TYPE": (415, N_("Unsupported Media Type")),
    "INTERNAL": (500, N_("Internal Server Error")),
}
_BY_STATUS = {status: code for code, (status, _) in HTTP_PROBLEMS.items()}
_BY_STATUS[400] = "MALFORMED_JSON"
for _status in (403, 409, 410, 503, 507):  # werkzeug's own are not about seats, tokens or the store
    del _BY_STATUS[_status]


class Problem(Exception):
    """An HTTP-level problem raised by a view: a code of HTTP_PROBLEMS and a detail, and
    any headers the answer carries (a 429's `Retry-After`)."""

    def __init__(self, code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any):
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.headers = headers
        self.extra = extra


def problem_response(status: int, body: dict[str, Any], headers=None) -> Response:
    return Response(orjson.dumps(body), status=status, mimetype=PROBLEM_TYPE, headers=headers)


def http_problem(code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any) -> Response:
    status, title = HTTP_PROBLEMS[code]
    count_problem(code)
    body = {"type": "about:blank", "title": translator().gettext(title), "status": status, "code": code, "detail": detail}
    body.update(extra)
    return problem_response(status, body, headers)


def violation_body(violation: Violation) -> dict[str, Any]:
    """The problem document of a rule violation; `type` points at the rule."""
    texts = translator()
    body: dict[str, Any] = {
        "type": f"/v1/rules/{violation.code.value}",
        "title": texts.gettext(violation.code.title),
        "status": 422,
        "code": violation.code.value,
        "action": violation.action,
        "detail": violation.message.render(texts.language),
    }
    if violation.reason_message is not None:
        body["reason"] = violation.reason_message.phrase(texts.language)
    if violation.hint is not None:
        body["hint"] = violation.hint.render(texts.language)
    if violation.legal is not None:
        body["legal"] = violation.legal
    return body


def malformed_detail(exc: MalformedInput) -> str:
    """What the engine found malformed, in the request's language where it says it as a
    Message (the player count of a deal), else as written."""
    said = exc.args[0] if exc.args else ""
    return shorten(said.render(language()) if isinstance(said, Message) else str(exc))


def register_problem_handlers(app: Flask) -> None:
    @app.errorhandler(Problem)
    def _problem(exc: Problem):
        return http_problem(exc.code, exc.detail, exc.headers, **exc.extra)

    @app.errorhandler(Violation)
    def _violation(exc: Violation):
        body = violation_body(exc)
        if exc.in_replay:
            body["turn"] = exc.turn
        return problem_response(422, body)

    @app.errorhandler(MalformedInput)
    def _malformed(exc: MalformedInput):
        # The views locate what they can (`api.located`); anything else is the body's.
        detail = malformed_detail(exc)
        return http_problem("SCHEMA_VIOLATION", detail, errors=[{"pointer": "", "message": detail}])

    @app.errorhandler(ValidationError)
    def _unreadable(exc: ValidationError):
        # What the JSON Schema lets through but a marshmallow reader refuses: a whole
        # number written as a float (5.0 is an integer to JSON Schema, not to
        # `fields.Integer(strict=True)`), as the engine's codec refuses it in a state.
        errors = sorted(marshmallow_errors(exc.normalized_messages()), key=lambda e: e["pointer"])
        first = errors[0] if errors else {"pointer": "", "message": "not readable"}
        return http_problem(
            "SCHEMA_VIOLATION",
            f"The body cannot be read: at {first['pointer'] or 'the body'}, {first['message']}",
            errors=errors[:20],
        )

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException):
        status = exc.code or 500
        code = _BY_STATUS.get(status)
        if code is None:
            # A status the contract names no code for (werkzeug may raise others): keep the
            # status, under the catch-all code.
            body = {"type": "about:blank", "title": exc.name, "status": status,
                    "code": "HTTP_ERROR", "detail": exc.description or exc.name}
            return problem_response(status, body)
        detail = {
            404: "There is no such resource; see /openapi.yaml for the endpoints.",
            405: "This resource does not answer that method.",
            413: "The body is over the 1 MiB limit.",
        }.get(status, exc.description or "")
        response = http_problem(code, detail)
        if status == 405:
            allow = dict(exc.get_headers()).get("Allow")
            if allow:
                response.headers["Allow"] = allow
        return response

    @app.errorhandler(Exception)
    def _bug(exc: Exception):
        current_app.logger.exception("unhandled error")
        return http_problem("INTERNAL", "The referee failed on this request; the error is logged.")


def marshmallow_errors(messages: Any, path: tuple = ()) -> list[dict[str, str]]:
    """marshmallow's nested {field: [messages]} as pointer/message pairs."""
    if isinstance(messages, dict):
        return [e for key, value in messages.items() for e in marshmallow_errors(value, (*path, key))]
    if isinstance(messages, list):
        return [{"pointer": json_pointer(path), "message": shorten(str(m))} for m in messages]
    return [{"pointer": json_pointer(path), "message": shorten(str(messages))}]
