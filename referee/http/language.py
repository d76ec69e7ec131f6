"""The language of each answer: chosen from Accept-Language, said in Content-Language.

`language()` is the negotiated language of the request being served (English when the
header is missing or names nothing the referee speaks); views and problem handlers
render their texts in it, and `translator(domain)` gives its catalogue. A view may choose
another (the pages' `?lang=`) with `choose_language`. Every answer says `Content-Language`
and `Vary: Accept-Language`, so caches keep the languages apart: the WSGI middleware of
manners.py adds both, from `environ_language`.
"""

from __future__ import annotations

from flask import request

from ..i18n import Translator, negotiate

#: Where the request's language is kept once chosen: its WSGI environ, which the views
#: reach through Flask's request and the middleware directly.
LANGUAGE_KEY = "referee.language"


def environ_language(environ: dict) -> str:
    """The language of the request with this WSGI environ, negotiated once per request."""
    chosen = environ.get(LANGUAGE_KEY)
    if chosen is None:
        chosen = environ[LANGUAGE_KEY] = negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"))
    return chosen


def language() -> str:
    """The language of the request being served."""
    return environ_language(request.environ)


def choose_language(chosen: str) -> str:
    """Make `chosen` the language of the request being served (and of its answer)."""
    request.environ[LANGUAGE_KEY] = chosen
    return chosen


def translator(domain: str = "messages") -> Translator:
    """The request's language's texts of `domain` (`messages`, or the pages' `pages`)."""
    return Translator(language(), domain)
