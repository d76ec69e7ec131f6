"""Choosing the language of an answer from the request's Accept-Language header.

werkzeug parses the header with its q-values (RFC 9110: `de-CH, fr;q=0.8, *;q=0.1`)
into the accepted tags, best first, leaving out those with `q=0`; Babel's
`negotiate_locale` then takes the first of them the referee speaks, a regional tag
matching its language (`de-AT` gets German even when `en;q=0.5` follows). Anything the
referee does not speak, and `*`, falls back to English.
"""

from __future__ import annotations

from babel import negotiate_locale
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from .catalogues import DEFAULT_LANGUAGE, LANGUAGES


def negotiate(accept_language: str | None) -> str:
    """The referee's language that best fits `accept_language` (a header value)."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    accepted = parse_accept_header(accept_language, LanguageAccept)
    preferred = [tag.lower() for tag, quality in accepted if quality > 0 and tag != "*"]
    return negotiate_locale(preferred, LANGUAGES, sep="-") or DEFAULT_LANGUAGE
