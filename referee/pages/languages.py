"""The languages of the pages and pictures, and their gettext catalogues (domain `pages`).

The texts a person reads on the table page and in the pictures are written once, in
English, as gettext messages with named placeholders; the German, French and Italian
entries live in `.po` files under `referee/pages/locale/<lang>/LC_MESSAGES/pages.po`,
which a translator edits with ordinary tools. They are read with Babel when first
needed (no build step) and used through the standard library's gettext classes.
"""

from __future__ import annotations

import gettext
from functools import cache
from importlib.resources import files
from io import BytesIO

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The rulebook's languages; English is the default and the fallback.
LANGUAGES = ("en", "de", "fr", "it")
DEFAULT = "en"
DOMAIN = "pages"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of `language` (English, the messages themselves, for any other)."""
    if language == DEFAULT or language not in LANGUAGES:
        return gettext.NullTranslations()
    po = files("referee.pages") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every translated message of `language` as {English: translation}; empty for English.

    The table page's scripts look their texts up in this and fall back to the English
    message itself, as gettext does.
    """
    if language == DEFAULT or language not in LANGUAGES:
        return {}
    po = files("referee.pages") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and m.string}
