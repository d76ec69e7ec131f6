"""The pages' and pictures' texts (gettext domain `pages`) read as the rulebooks do.

tests/i18n checks that every catalogue holds exactly the texts of the sources, each
translated with its placeholders; here: the material has the rulebooks' names, and
nothing that needs a translation is left in English.
"""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from referee.i18n.catalogues import po_path

#: Texts that read the same in a language as in English (names, loanwords).
SAME = {
    "de": {"Bonus", "Hand", "Joker", "orange", "orange {value}"},
    "fr": {"Bonus", "Joker", "Jokers", "Total", "joker", "orange"},
    "it": {"Bonus", "No"},
}


def catalogue(language: str) -> dict:
    with po_path(language, "pages").open("rb") as po:
        return {m.id: m.string for m in read_po(po, locale=language, domain="pages") if m.id}


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_no_page_text_is_left_in_english(language):
    for english, translated in catalogue(language).items():
        first = english[0] if isinstance(english, tuple) else english
        text = translated[0] if isinstance(translated, tuple) else translated
        if first not in SAME[language]:
            assert text != first, f"{language}: {first!r} is left in English"


@pytest.mark.parametrize(
    ("language", "bridge", "joker", "bonus"),
    [("de", "Verbindungskarte", "Joker", "Bonuskarte"), ("fr", "Carte Liaison", "Joker", "carte Bonus"),
     ("it", "Carta ponte", "Jolly", "carta bonus")],
)
def test_the_material_has_the_rulebooks_names(language, bridge, joker, bonus):
    texts = catalogue(language)
    assert texts["Bridge card"].replace("\u00ad", "") == bridge  # a soft hyphen may break a button's line
    assert texts["Joker"] == joker
    assert texts[("{n} bonus card", "{n} bonus cards")][0] == f"{{n}} {bonus}"
