"""The language of each answer: chosen from Accept-Language, said in Content-Language.

`language()` is the negotiated language of the request being served (English when the
header is missing or names nothing the referee speaks); views and problem handlers
render their texts in it, and `translator(domain)` gives its catalogue. Every answer
says `Content-Language` and `Vary: Accept-Language`, so caches keep the languages apart.
"""

from __future__ import annotations

from flask import Flask, Response, g, request

from ..i18n import Translator, negotiate


def language() -> str:
    """The language of the request being served, negotiated once per request."""
    chosen = g.get("language")
    if chosen is None:
        chosen = g.language = negotiate(request.environ.get("HTTP_ACCEPT_LANGUAGE"))
    return chosen


def translator(domain: str = "messages") -> Translator:
    """The request's language's texts of `domain` (`messages`, or the pages' `pages`)."""
    return Translator(language(), domain)


def register_language(app: Flask) -> None:
    @app.after_request
    def _say_language(response: Response) -> Response:
        headers = response.headers
        headers["Content-Language"] = language()
        if "Vary" in headers:
            response.vary.add("Accept-Language")
        else:  # most answers: skip parsing and rewriting an empty Vary (`response.vary`)
            headers["Vary"] = "Accept-Language"
        return response
