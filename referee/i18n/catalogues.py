"""The gettext catalogues, read from their `.po` files with Babel on first use.

A `.po` file is what translators edit; gettext itself reads compiled `.mo` data. Rather
than ship compiled files (a build step to forget), each catalogue is compiled in memory
the first time a language is asked for: a few milliseconds per file, once per process.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from io import BytesIO
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.support import NullTranslations

LANGUAGES = ("en", "de", "fr", "it")
DEFAULT_LANGUAGE = "en"
DOMAINS = ("messages", "pages")

LOCALES = files(__package__) / "locales"


def po_path(language: str, domain: str):
    """Where the catalogue of `language` for `domain` lives (a Traversable)."""
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(language: str, domain: str = "messages") -> NullTranslations:
    """The catalogue of `language` for `domain`; English and unknown languages get the
    source strings back unchanged."""
    # Babel is imported here, at the first text shown, not with the engine: a program that
    # only judges turns never loads it.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import NullTranslations, Translations

    if domain not in DOMAINS:
        raise ValueError(f"no gettext domain {domain!r}; the domains are {DOMAINS}")
    if language not in LANGUAGES or language == DEFAULT_LANGUAGE:
        return NullTranslations()
    with po_path(language, domain).open("rb") as po:
        catalog = read_po(po, locale=language, domain=domain)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


class Translator:
    """One language's texts of one domain, with named placeholders filled in.

    Babel's extractor finds the calls by their method names (`gettext`, `ngettext`,
    `pgettext`), so `t = Translator("de", "pages"); t.gettext("Draw a card")` is all a
    page needs for its strings to reach the `.pot` file.
    """

    __slots__ = ("language", "domain", "_catalogue")

    def __init__(self, language: str, domain: str = "messages"):
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE
        self.domain = domain
        self._catalogue = translations(self.language, domain)

    def gettext(self, text: str, **params: Any) -> str:
        """`text` in this language, its `{placeholders}` filled from `params`."""
        translated = self._catalogue.gettext(text)
        return translated.format(**params) if params else translated

    def ngettext(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The form that `n` takes in this language (its own plural rules), with `{n}`
        and `params` filled in."""
        return self._catalogue.ngettext(singular, plural, n).format(n=n, **params)

    def pgettext(self, context: str, text: str, **params: Any) -> str:
        """`text` as meant in `context` (the same English words may need other words)."""
        translated = self._catalogue.pgettext(context, text)
        return translated.format(**params) if params else translated

    def texts(self) -> dict[str, str]:
        """Every translated text of the catalogue, by its English text (for a page's
        script, which cannot read a catalogue itself); empty for English."""
        catalog = getattr(self._catalogue, "_catalog", {})
        return {k: v for k, v in catalog.items() if isinstance(k, str) and k and v}
