"""The table page for everyone: axe on every screen at phone and laptop size, and a turn
played with the keyboard alone, as a screen reader's user would.

axe-core comes inside the axe-playwright-python wheel and is injected into the page; it
reports what breaks WCAG (contrast, names, roles). Serious and critical findings fail.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from referee import engine
from support.table_page import Table

pytestmark = pytest.mark.slow

#: The sizes the page was tried at: a phone held upright, a laptop.
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}


def serious(page) -> list[str]:
    """axe's serious and critical findings on the page as it stands, one line each."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", SIZES)
def test_axe_finds_nothing_serious_on_any_screen(page, service, size):
    page.set_viewport_size(SIZES[size])
    table = Table(page, service)
    table.open("?lang=de")
    found = {"setup": serious(page)}
    table.start(["Oma", "Papa"], ruleset="classic", start="eleven")
    found["play"] = serious(page)
    table.tap("O11")
    found["turn being built"] = serious(page)
    table.press("end-turn")
    table.press("draw")
    table.press("end-turn")
    found["question"] = serious(page)  # Papa drew from a hidden hand: MUST_PLAY is asked
    table.tap("O13")
    found["refusal"] = serious(page)
    table.tap("O13")
    table.press("new-game")
    found["setup over a game"] = serious(page)
    page.click("[data-action=start]")
    page.wait_for_selector("#confirm[open]")
    found["replace the game?"] = serious(page)
    page.click("[data-action=confirm-no]")
    table.start(["Mia", "Leo"], ruleset="junior")
    table.tap("O2", "O3", "O4", "O5", "O6")
    table.press("end-turn")
    found["hands at the end"] = serious(page)
    page.fill("[data-hand-of='1']", "Y2 Y3 Y4 Y5 Y6")
    table.press("score")
    found["score sheet"] = serious(page)
    assert {screen: issues for screen, issues in found.items() if issues} == {}


def focused(page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.dataset.slot || null")


@pytest.mark.parametrize("size", SIZES)
def test_a_turn_played_with_the_keyboard_alone(page, service, size):
    page.set_viewport_size(SIZES[size])
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"])
    # Every slot is a named cell of one grid; exactly one is in the tab order.
    assert page.locator("#picture [role=grid] [role=row]").count() == 4
    assert page.locator("#picture [role=gridcell]").count() == 84
    assert page.locator('#picture [role=gridcell][tabindex="0"]').count() == 1
    assert page.get_attribute('[data-slot="R9"]', "aria-label") == "red 9, empty slot"
    assert page.get_attribute('[data-slot="R10"]', "aria-label") == "red 10, empty slot, may be chosen now"
    assert page.get_attribute('[data-slot="R11"]', "aria-label") == "red 11, on the table"
    # Tab from the top of the page reaches the grid, on a slot the referee lit up.
    page.focus("#language")
    while not focused(page):
        page.keyboard.press("Tab")
    assert "highlight" in table.classes(focused(page))
    page.focus('[data-slot="R11"]')
    page.keyboard.press("ArrowRight")  # on a phone the rows are columns, folded in two blocks
    assert focused(page) == ("Y11" if page.viewport_size["width"] < 720 else "R12")
    page.focus('[data-slot="R10"]')
    table._after(lambda: page.keyboard.press("Enter"))
    assert table.card("R10") == "R10" and focused(page) == "R10"  # the focus stays on the slot
    assert page.get_attribute('[data-slot="R10"]', "aria-label") == "red 10, on the table, laid this turn"
    page.keyboard.press("ArrowUp" if page.viewport_size["width"] < 720 else "ArrowLeft")
    assert focused(page) == "R9"
    table._after(lambda: page.keyboard.press(" "))
    assert table.card("R9") == "R9"
    page.keyboard.press("End")
    assert focused(page) == "R21"
    page.keyboard.press("Home")
    assert focused(page) == "R1"
    # Then on to End turn, by Tab alone.
    while page.evaluate("document.activeElement.dataset.action") != "end-turn":
        page.keyboard.press("Tab")
    table._after(lambda: page.keyboard.press("Enter"))
    assert table.current_player() == "1" and table.text("#news") == "Turn 1 recorded: Timo — red 10, red 9."


def test_the_focus_is_visible_on_a_slot(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"])
    page.focus('[data-slot="R10"]')
    page.keyboard.press("ArrowDown")
    slot = focused(page)
    ring = page.evaluate(
        "(s) => getComputedStyle(document.querySelector(`[data-slot='${s}'] > rect.target`)).strokeWidth", slot)
    assert ring == "3px"


def test_the_new_game_form_fits_a_phone_for_every_game(page, service):
    # The menu names each game with its players and cards: the longest title must not
    # widen the form past the screen (a select is as wide as its longest option).
    screen = SIZES["phone"]["width"]
    page.set_viewport_size(SIZES["phone"])
    Table(page, service).open("?lang=de")
    games = page.eval_on_selector_all("select[name=ruleset] option", "options => options.map(o => o.value)")
    assert games == list(engine.RULESETS)
    for game in games:
        page.select_option("select[name=ruleset]", game)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= screen, f"{game}: the page is {width} px wide on a {screen} px screen"
