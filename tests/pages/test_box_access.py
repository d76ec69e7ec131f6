"""The games of the box on the table page for everyone: axe on each game's first screen, on
the card picker, a refusal, the score sheet and the hands picked as cards, at phone and laptop size (as
`test_table_access.py` does for MASTER, classic and junior). Serious and critical findings
fail."""

from __future__ import annotations

import pytest

from referee import engine

from support.box_table_page import BoxTable

from .test_table_access import SIZES, serious

pytestmark = pytest.mark.slow

#: Each game of the box in the registry, with three players where it seats them, else its most.
GAMES = {name: ["Ann", "Ben", "Cleo"][:min(3, rules.max_players)]
         for name, rules in engine.RULESETS.items() if rules.family == "box"}


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_nothing_serious_on_the_box_games_screens(browser, service, outside, size):
    context = browser.new_context(viewport=SIZES[size])
    context.route("**/*", outside)
    page = context.new_page()
    table = BoxTable(page, service)
    table.open("?lang=de")
    found = {}
    for ruleset, players in GAMES.items():
        table.start_box(players, ruleset)
        found[ruleset] = serious(page)
    table.start_box(GAMES["mogeln"], "mogeln")
    table.act("play", count="4")
    table.act("challenge", actor="2")
    found["card picker"] = serious(page)
    table.pick("O1", "O1", "Y1", "G1")
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    found["refusal"] = serious(page)
    table.press("clear")
    table.act("challenge", actor="2")
    table.pick("O1", "Y1", "G1", "B1")
    for count in (1, 1, 4, 1, 1, 4, 1, 1, 4):
        table.act("play", count=str(count))
    table.act("accept")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    found["score sheet"] = serious(page)
    # Farben sammeln's end: the hands picked as cards, faces shown, a refusal beside them.
    table.start_box(["Ann", "Ben"], "farben-sammeln")
    table.pick("O1", "O2", "O3", "O4")
    table.click("[data-action=confirm-deal]")
    table.act("take", from_="0")
    found["a card's face on a button"] = serious(page)
    table.pick("O9")
    table.act("discard", to="0")
    table.act("close")
    table.pick("B1", "Y2")
    table.click("[data-action=box-score]")
    assert page.locator("[data-sheet-problem]").count() == 1
    found["hands picked as cards"] = serious(page)
    context.close()
    assert {screen: issues for screen, issues in found.items() if issues} == {}
