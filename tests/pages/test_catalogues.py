"""The texts of the pages and pictures (gettext domain `pages`) in all four languages.

`referee/pages/locale/pages.pot` is the list of messages, extracted from the sources
(babel.cfg says from where); German, French and Italian each translate every one of
them, with the same placeholders.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "referee" / "pages" / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
#: Messages that read the same in a language as in English (names, loanwords).
SAME = {
    "de": {"Bonus", "Hand", "Joker", "Elfer raus! Junior", "Elfer raus! MASTER"},
    "fr": {"Bonus", "Joker", "Jokers", "Total", "Elfer raus! Junior", "Elfer raus! MASTER"},
    "it": {"Bonus", "Elfer raus! Junior", "Elfer raus! MASTER"},
}


def catalog(name: str, locale: str | None = None):
    with (LOCALE / name).open("rb") as f:
        return read_po(f, locale=locale)


def ids(messages) -> set:
    return {m.id for m in messages if m.id}


def test_the_template_holds_exactly_the_messages_of_the_sources():
    method_map = [
        ("referee/pictures/**.py", "python"),
        ("referee/pages/templates/**.html", "jinja2"),
        ("referee/pages/static/js/**.js", "javascript"),
    ]
    keywords = {**DEFAULT_KEYWORDS, "t": None, "N_": None}
    found = {message for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, keywords=keywords)}
    # Extraction gives plural messages as tuples of (singular, plural).
    assert found == ids(catalog("pages.pot")), "run the pybabel extract command in babel.cfg"


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_every_message_is_translated_with_the_same_placeholders(language):
    template = ids(catalog("pages.pot"))
    translated = catalog(f"{language}/LC_MESSAGES/pages.po", language)
    assert ids(translated) == template
    for message in translated:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: {english[0]!r} is not translated"
        expected = set(PLACEHOLDER.findall(english[0]))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == expected, f"{language}: {text!r}"
        if english[0] not in SAME[language]:
            assert strings[0] != english[0], f"{language}: {english[0]!r} is left in English"


def test_the_rulebooks_names_of_the_material():
    names = {
        "de": ("Verbindungskarte", "Joker", "Bonuskarte"),
        "fr": ("Carte Liaison", "Joker", "carte Bonus"),
        "it": ("Carta ponte", "Jolly", "carta bonus"),
    }
    for language, (bridge, joker, bonus) in names.items():
        translated = {m.id: m.string for m in catalog(f"{language}/LC_MESSAGES/pages.po", language) if m.id}
        assert translated["Bridge card"] == bridge
        assert translated["Joker"] == joker
        assert translated[("%(count)d bonus card", "%(count)d bonus cards")][0].endswith(bonus)
