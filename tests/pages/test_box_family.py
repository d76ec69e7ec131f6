"""A German family of three or four at a real table, on one phone (390×844): each box
game recorded from a hidden deal to the score sheet with the page's own controls, with
an honest mistake, an undo, a reload and an export each. Whatever the page shows on the
way reads in German: no English word, no card or rule code, no raw placeholder.

The cards named are the test's choice: the referee cannot see the hidden stacks and
hands, so it accepts any card not seen elsewhere, and each sequence is legal whatever
the deal.
"""

from __future__ import annotations

import re

import pytest

from support.box_table_page import BoxTable

from .test_box_games import replayed, score_rows

#: Every test drives a real browser against a live service.
pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}

#: English words of the page's and the referee's texts that no German text holds.
ENGLISH = re.compile(
    r"\b(the|and|of|turn|turns|cards?|players?|stack|pile|with|not|wins|takes|recorded|undo|clear|draw|score|"
    r"round|game|yes|face|down|flip|call|reveal|discard|take|put|guess|play|challenge|accept|body|field|action|"
    r"index|drawn|elsewhere|rule)\b", re.IGNORECASE)
#: A card in the wire's letters (G18 would read as gelb 18 in German), or a rule's code.
CODE = re.compile(r"\b[ROYGB](?:[1-9]|1\d|2[01])\b|\b[A-Z]{2,}(?:_[A-Z]+)+\b")
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture
def table(browser, service, outside):
    context = browser.new_context(viewport=PHONE, accept_downloads=True, locale="de-DE")
    context.route("**/*", outside)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = BoxTable(page, service)
    table.open("?lang=de")
    yield table
    context.close()
    assert errors == [], f"the page raised: {errors}"
    assert outside.requests == [], f"the page asked outside the service: {outside.requests}"


def unreadable(page) -> list[str]:
    """What a German reader of the page as shown would stumble over."""
    text = page.evaluate("document.body.innerText")
    return ENGLISH.findall(text) + CODE.findall(text) + PLACEHOLDER.findall(text)


def reads_german(table) -> None:
    assert unreadable(table.page) == [], table.page.evaluate("document.body.innerText")


def reload(table) -> None:
    table.page.reload()
    table.page.wait_for_function("document.body.dataset.ready !== undefined")


def test_zweikampf_a_whole_game_in_german_with_a_tie_a_refusal_that_stays_an_undo_and_a_reload(table, tmp_path):
    # Three players: the setup's refusal says so in German.
    table.start_box(["Oma", "Papa", "Lena"], "zweikampf")
    assert table.text("#setup-problem") == "Dieses Spiel kann nicht mit 3 Spielern gespielt werden."
    table.start_box(["Oma", "Papa"], "zweikampf")
    assert table.text("#to-move") == "Alle gleichzeitig; es fehlen noch: Oma, Papa"
    table.pick("O1", "Y20")
    assert "Papa gewinnt 2 Karten (der Zweikampf)." in table.text("#news")
    # The mistake: Oma names the orange 1 again. The refusal names no drawn card (nothing
    # was drawn), links its rule in words, and the picker stays for the right card.
    table.pick("O1")
    alert = table.alert()
    assert alert.get_attribute("data-code") == "CARD_UNAVAILABLE"
    assert alert.locator(".problem-title").inner_text() == "Die genannte Karte liegt schon woanders"
    assert alert.locator("a[data-rule]").inner_text() == "Die genannte Karte liegt schon woanders"
    assert table.page.locator("#box [data-pick-color]").count() == 2
    table.click('#box [data-pick-color="Y"]')  # choosing a colour is no action: the refusal stays
    assert alert.is_visible()
    reads_german(table)
    # A tie is announced, and fought on.
    table.pick("O5", "Y5")
    assert "Gleichstand: orange 5 gegen gelbe 5. Beide decken noch eine Karte auf." in table.text("#news")
    assert table.text("#box [data-box-step]") == "Gleichstand: orange 5 gegen gelbe 5. Beide decken noch eine Karte auf."
    # Papa's 5 was a slip: the undo says what it took back.
    table.press("undo")
    assert table.text("#news") == "Zurückgenommen: Papa: gelbe 5."
    assert table.text("#to-move") == "Alle gleichzeitig; es fehlen noch: Papa"
    table.pick("Y5")
    reload(table)
    assert table.text("#to-move") == "Alle gleichzeitig; es fehlen noch: Oma, Papa"
    table.pick("O7", "Y4")  # Oma takes the tied battle: four cards
    assert "Oma gewinnt 4 Karten (der Zweikampf)." in table.text("#news")
    for oma, papa in zip([2, 3, 4, 6, *range(8, 21)], [1, 2, 3, *range(6, 20)], strict=True):
        table.pick(f"O{oma}", f"Y{papa}")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table) == [["★ Oma", "38"], ["Papa", "2"]]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith(f"legal: {len(record['turns'])} turns, game finished")
