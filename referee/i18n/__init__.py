"""The referee's languages: English (the default), German, French and Italian.

Every text a person reads comes from gettext catalogues, one `.po` file per language and
domain, which a translator edits with ordinary tools (Poedit, Weblate, any text editor):

- `messages`: everything the referee says: problem titles, details and hints,
  INVALID_STATE reasons, the rule catalogue, the /rules pages;
- `pages`: the table page's and the pictures' texts.

The files live in `referee/i18n/locales/<lang>/LC_MESSAGES/<domain>.po`, with the
templates `referee/i18n/locales/<domain>.pot`. They are read with Babel when first used
(`catalogues.translations`), so `pip install .` is all an installation needs: nothing is
compiled by hand. English needs no catalogue: the source strings are English.

Pure: no web framework in here. The HTTP layer calls `negotiate` with the request's
Accept-Language header and renders with the language it gets back.

How to add a string
-------------------
1. Write it once, in English, with named placeholders, where it is used:
   `Message("{card} is not in {player}'s hand", card=Card("Y10"), player=Player(1, "Vera"))`
   (engine; typed values from `terms`), `N_("...")` for a string defined ahead of use,
   `Translator(language, domain).gettext("...")` where the language is known; plurals as
   `Counted(singular, plural, n, ...)` or `Translator.ngettext`. Never join translated
   pieces with `+`. A game's own words go in its folder's `texts.toml`
   (`referee/core/texts.py`), which `extract.extract_game_texts` reads.
2. Extract and merge (from the repository's root): `referee.i18n.extract` writes both
   templates from the sources (babel.cfg and babel-pages.cfg say what each domain reads),
   sorted, without locations or a dated header, so an untouched tree extracts to the very
   same files; `referee.i18n.update` appends each message new in a template to every
   catalogue as an empty entry, rewriting nothing else. `python -m referee.regenerate`
   runs both (with the other derived files):

       python -m referee.i18n.extract
       python -m referee.i18n.update

3. Translate the new entries in each `<lang>/LC_MESSAGES/<domain>.po`, keeping every
   `{placeholder}` as it is. `tests/i18n` fails while an entry is missing, untranslated,
   or has other placeholders than its English text.
"""

from __future__ import annotations

from typing import Any

from .catalogues import DEFAULT_LANGUAGE, DOMAINS, LANGUAGES, Translator, translations


def N_(text: str) -> str:
    """Mark `text` for extraction without translating it (it is translated where shown)."""
    return text


from .message import EXTRACT_KEYWORDS, Counted, Message  # noqa: E402  (they use N_'s module)

__all__ = [
    "DEFAULT_LANGUAGE", "DOMAINS", "LANGUAGES", "Translator", "translations", "negotiate",
    "N_", "Message", "Counted", "EXTRACT_KEYWORDS",
]


def __getattr__(name: str) -> Any:
    # `negotiate` reads a header with werkzeug: the web layer loads it when it first asks,
    # so the engine, which imports this package for its texts, never does.
    if name == "negotiate":
        from .negotiation import negotiate
        return negotiate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
