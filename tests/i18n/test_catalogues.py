"""The gettext catalogues: they load, they match the sources, and they are complete.

Every `.po` file must hold exactly the texts that `pybabel extract` finds in the sources
(so the catalogues cannot drift from the code), each with the same `{placeholders}` as
its English text.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from referee.i18n import DOMAINS, EXTRACT_KEYWORDS, LANGUAGES, Translator
from referee.i18n.catalogues import po_path

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
CONFIG = {"messages": ROOT / "babel.cfg", "pages": ROOT / "babel-pages.cfg"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Texts where the translation is rightly the same word: names, and words the language
#: shares with English (the rulebooks say "Joker" in German and French too).
SAME_WORD = {
    "de": {"Bonus", "Elfer raus! Junior", "Elfer raus! MASTER", "Hand", "Joker", "orange", "orange {value}"},
    "fr": {"Bonus", "Elfer raus! Junior", "Elfer raus! MASTER", "Joker", "Jokers", "Total", "joker", "orange"},
    "it": {"Bonus", "Elfer raus! Junior", "Elfer raus! MASTER", "No"},
}


def extracted(domain: str) -> set:
    """The msgids `pybabel extract` would write for `domain`, as the catalogue keys them."""
    with open(CONFIG[domain]) as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    keywords = {**DEFAULT_KEYWORDS, **EXTRACT_KEYWORDS}
    for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords):
        key = message if isinstance(message, str) else tuple(message)
        found.add((context, key))
    return found


def catalogue(language: str, domain: str):
    with po_path(language, domain).open("rb") as po:
        return read_po(po, locale=language, domain=domain)


def keyed(message) -> tuple:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def test_every_language_has_both_domains_and_they_load():
    for language in TRANSLATED:
        for domain in DOMAINS:
            assert catalogue(language, domain).locale.language == language
            Translator(language, domain)  # compiles without error


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_holds_exactly_the_texts_of_the_sources(language, domain):
    in_sources = extracted(domain)
    in_catalogue = {keyed(m) for m in catalogue(language, domain) if m.id}
    assert in_catalogue - in_sources == set(), "obsolete entries: delete them from the catalogue"
    assert in_sources - in_catalogue == set(), "missing entries: run python -m referee.regenerate"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_text_is_translated_with_the_same_placeholders(language, domain):
    for message in catalogue(language, domain):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{language}: untranslated: {english!r}"
        if english not in SAME_WORD[language]:
            assert forms[0] != english, f"{language}: left in English: {english!r}"
        assert not message.fuzzy, f"{language}: fuzzy: {english!r}"
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) <= set(PLACEHOLDER.findall(" ".join(
                message.id if isinstance(message.id, tuple) else (message.id,)))), (language, english, form)
        if isinstance(message.id, str) and PLACEHOLDER.findall(english):
            assert set(PLACEHOLDER.findall(forms[0])) == set(PLACEHOLDER.findall(english)), (language, english)


def test_english_is_the_source_text_and_unknown_languages_fall_back_to_it():
    assert Translator("en").gettext("The {card} is missing", card="red 10") == "The red 10 is missing"
    assert Translator("es").language == "en"
    assert Translator("en").ngettext("{n} card", "{n} cards", 1) == "1 card"
    assert Translator("en").ngettext("{n} card", "{n} cards", 3) == "3 cards"
