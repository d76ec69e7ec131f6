"""The table page in a real browser: games recorded by tapping, as players would.

The MASTER game is played with hidden hands (a physical table): the referee accepts any
card it cannot see elsewhere, so the sequence of turns below is known to be legal
whatever the deal, and it ends when Timo has laid his 20 cards.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from support.table_page import Table

#: Every test drives a real browser against a live service.
pytestmark = pytest.mark.slow

# Vera's 24 cards at the end (20 dealt, 4 drawn): none of them is on the table.
VERAS_HAND = " ".join([f"G{v}" for v in range(1, 11)] + [f"G{v}" for v in range(12, 22)] + ["B1", "B2", "B3", "B4"])
VERAS_POINTS = -(sum(range(1, 11)) + sum(range(12, 22)) + 1 + 2 + 3 + 4)


def test_a_whole_master_game_recorded_by_taps(page, service, tmp_path):
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"], rounds="2")
    assert table.current_player() == "0"
    assert table.text("[data-current-player]") == "Timo to move"

    # Timo: three number cards and a joker.
    table.tap("R10", "R9", "R12")
    table.joker("Y10")
    assert table.card("Y10") == "J" and "pending" in table.classes("Y10")
    table.press("end-turn")
    assert (table.card("R9"), table.card("R10"), table.card("R12"), table.card("Y10")) == ("R9", "R10", "R12", "J")
    assert "pending" not in table.classes("Y10")
    assert table.current_player() == "1"

    # Vera draws.
    table.press("draw")
    table.press("end-turn")
    assert table.text("#news") == "Turn 2 recorded: Vera — drew a card."
    assert table.current_player() == "0"

    # Timo: a bridge from the red 9 to the yellow 9, the yellow 9 laid on it, the yellow 10
    # swapped in for the joker, which is laid again on the red 8's slot, then the red 7 and 13.
    table.bridge("R9", "Y9")
    table.tap("Y9")
    table.tap("Y10")  # a joker lies there: the tap swaps the yellow 10 in
    table.joker("R8")
    table.tap("R7", "R13")
    table.press("end-turn")
    assert table.alert().is_hidden()
    assert (table.card("Y9"), table.card("Y10"), table.card("R8"), table.card("R7")) == ("Y9", "Y10", "J", "R7")
    assert page.locator('.bridge[data-from="R9"][data-to="Y9"]').count() == 1

    table.press("draw")
    table.press("end-turn")

    # Timo lays the red 16 first: it touches nothing, and the referee says so at once.
    table.tap("R16")
    assert table.alert().get_attribute("data-code") == "NOT_ADJACENT"
    assert "The card must touch the layout" in table.alert().inner_text()
    assert page.locator("[role=alert] .problem-hint").inner_text() == "Place the red 14 and the red 15 first, in that order."
    assert "marked" in table.classes("R16")
    table.press("end-turn")  # sent anyway: refused, and the turn stays as it was
    assert table.alert().get_attribute("data-code") == "NOT_ADJACENT"
    assert table.card("R16") == "R16" and table.current_player() == "0"
    table.tap("R16")  # tapping a card of this turn again takes it back
    assert table.card("R16") is None and table.alert().is_hidden()
    # While the turn is built, the referee's legal next slots light up.
    assert "highlight" in table.classes("R14") and "highlight" not in table.classes("R16")
    table.tap("R14", "R15", "R16", "R17")
    table.press("end-turn")
    assert table.alert().is_hidden() and table.current_player() == "1"

    # Vera draws; undo takes it back, and she draws again.
    table.press("draw")
    table.press("end-turn")
    table.press("undo")
    assert table.current_player() == "1"
    assert "Draw pile: 42 cards" in page.text_content("#picture svg .pile")
    table.press("draw")
    table.press("end-turn")
    assert "Draw pile: 41 cards" in page.text_content("#picture svg .pile")

    # A reload keeps the game.
    table.open()
    assert table.card("R17") == "R17" and table.card("R8") == "J" and table.current_player() == "0"

    # Timo completes the red 12-21: a bonus card.
    table.tap("R18", "R19", "R20", "R21")
    table.press("end-turn")
    assert "Timo takes a bonus card (row red, 12–21 complete)." in table.text("#news")
    table.press("draw")
    table.press("end-turn")

    # Timo lays his last four cards: the game is over.
    table.tap("R6", "R5", "R4", "R3")
    table.press("end-turn")
    assert table.text("#to-move") == "The game is over."
    page.fill("[data-hand-of='1']", VERAS_HAND)
    table.press("score")
    rows = page.locator(".round-scores tbody tr")
    assert rows.nth(0).inner_text().split("\t") == ["★ Timo", "11", "0", "0", "11"]
    assert rows.nth(1).inner_text().split("\t") == ["Vera", "0", str(VERAS_POINTS), "0", str(VERAS_POINTS)]
    assert table.text(".match-leader") == "Rounds scored: 1 of 2. Leading: Timo"

    # The game record: exported, then checked by `referee replay`.
    with page.expect_download() as download:
        page.click("[data-action=export]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert len(record["turns"]) == 9 and record["state"]["players"][0]["hand"] == {"count": 20}
    checked = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.startswith("legal: 9 turns, game finished")

    # The second round of the match: Vera starts.
    table.press("next-round")
    assert table.text("#round") == "Round 2 of 2"
    assert table.current_player() == "1" and table.card("R10") is None


def test_an_imported_game_shows_its_last_position(page, service, tmp_path):
    table = Table(page, service)
    table.open()
    table.start(["Ann", "Ben", "Cleo"])
    table.tap("B12")
    table.press("end-turn")
    with page.expect_download() as download:
        page.click("[data-action=export]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    table.start(["Dora", "Emil"])
    assert table.card("B12") is None
    table.answering(lambda: page.set_input_files("input[data-action=import]", str(path)))
    assert table.card("B12") == "B12" and table.current_player() == "1"
    assert "Ben to move" == table.text("#to-move")


def test_a_classic_game_started_on_the_11s(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Ann", "Ben"], ruleset="classic", edition="original", start="eleven")
    opener = int(table.current_player())
    # No row lies yet: the four colours are drawn empty, ready for the first 11.
    assert [table.card(s) for s in ("R11", "Y11", "G11", "B11")] == [None] * 4
    assert page.locator("[data-action=joker]").is_hidden()
    table.tap("R11")
    table.press("end-turn")
    assert table.card("R11") == "R11" and table.current_player() == str(1 - opener)
    table.tap("R12", "R10")
    table.press("end-turn")
    assert (table.card("R10"), table.card("R12")) == ("R10", "R12")
    table.press("draw")
    table.press("end-turn")
    # A hidden hand drew: whether it could have played is a question for the table.
    assert page.locator("[data-unchecked=MUST_PLAY]").count() == 1
    assert table.current_player() == str(1 - opener)


def test_a_junior_game(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Mia", "Leo", "Ida"], ruleset="junior", first=2)
    assert table.current_player() == "2"
    assert table.card("O1") == "O1" and table.card("O11") == "O11"
    table.tap("O2", "B10")
    table.press("end-turn")
    table.tap("G2")
    table.press("end-turn")
    assert (table.card("O2"), table.card("B10"), table.card("G2")) == ("O2", "B10", "G2")
    assert table.current_player() == "1"
    table.tap("Y5")
    table.press("end-turn")
    assert table.alert().get_attribute("data-code") == "NOT_ADJACENT"
    assert "marked" in table.classes("Y5")


def test_the_language_switch(page, service):
    table = Table(page, service)
    table.open("?lang=de")
    assert page.inner_text("[data-action=start]") == "Spiel beginnen"
    table.start(["Timo", "Vera"])
    assert page.inner_text("[data-action=end-turn]") == "Zug beenden"
    assert page.inner_text("[data-action=bridge]") == "Verbindungs\u00adkarte"  # may break at the soft hyphen
    assert table.text("#to-move") == "Timo ist am Zug"
    assert "Nachziehstapel" in page.text_content("#picture svg .pile")
    with page.expect_navigation():
        page.select_option("#language", "fr")
    page.wait_for_function("document.body.dataset.ready !== undefined")
    assert page.inner_text("[data-action=end-turn]") == "Fin du tour"
    assert page.inner_text("[data-action=bridge]") == "Carte Liaison"
    # The choice is remembered, and the game is still there.
    table.open()
    assert page.inner_text("[data-action=joker]") == "Joker"
    assert page.evaluate("document.documentElement.lang") == "fr"
    with page.expect_navigation():
        page.select_option("#language", "it")
    page.wait_for_function("document.body.dataset.ready !== undefined")
    assert page.inner_text("[data-action=joker]") == "Jolly"
    assert page.inner_text("[data-action=bridge]") == "Carta ponte"


def test_the_landing_page_links_to_the_table_the_docs_and_the_guide(page, service):
    page.goto(service + "/")
    assert page.get_attribute("[data-link=table]", "href").startswith("/table")
    assert page.get_attribute("[data-link=docs]", "href") == "/docs"
    assert page.get_attribute("[data-link=guide]", "href") == "/guide/"
    page.click("[data-link=table]")
    page.wait_for_selector("#setup-form")


def test_a_junior_match_of_two_rounds_with_running_totals_and_its_winner(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Mia", "Leo"], ruleset="junior", rounds="2")
    # Round 1: Mia lays her five cards in one turn and goes out; Leo tells his hand.
    table.tap("O2", "O3", "O4", "O5", "O6")
    table.press("end-turn")
    assert table.text("#to-move") == "The game is over."
    assert page.locator("[data-action=undo]").is_visible() and page.locator("[data-action=end-turn]").is_hidden()
    page.fill("[data-hand-of='1']", "y2 Y3 Y4 Y5 Y6")
    table.press("score")
    assert table.text(".winners") == "Winner of the round: Mia"
    assert table.text(".match-leader") == "Rounds scored: 1 of 2. Leading: Mia"
    # Round 2: Leo starts, and goes out.
    table.press("next-round")
    assert table.text("#round") == "Round 2 of 2" and table.current_player() == "1"
    table.tap("B2", "B3", "B4", "B5", "B6")
    table.press("end-turn")
    page.fill("[data-hand-of='0']", "G2 G3 G4 G5 G7")
    table.press("score")
    rows = page.locator(".match-scores tbody tr")
    assert rows.nth(0).inner_text().split("\t") == ["Mia", "0", "21", "21"]
    assert rows.nth(1).inner_text().split("\t") == ["★ Leo", "20", "0", "20"]
    assert table.text(".match-winner") == "Winner of the match: Leo"
    assert page.locator("[data-action=next-round]").count() == 0


def test_a_turn_sent_while_the_referee_is_out_of_reach_stays_to_be_sent_again(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Mia", "Leo"], ruleset="junior")
    table.tap("O2")
    page.route("**/v1/turns", lambda route: route.abort())
    table.press("end-turn")
    assert table.alert().get_attribute("data-code") == "UNREACHABLE"
    assert table.card("O2") == "O2" and table.current_player() == "0"
    page.unroute("**/v1/turns")
    table.press("end-turn")
    assert table.alert().is_hidden() and table.current_player() == "1"


def test_a_setup_the_referee_refuses_says_why_and_starts_nothing(page, service):
    table = Table(page, service)
    table.open()
    page.select_option("[name=ruleset]", "classic")
    page.check("[name=without_blue]")
    page.click("[data-action=add-player]")
    before = page.evaluate("document.body.dataset.ready")
    page.click("[data-action=start]")
    page.wait_for_function("(old) => document.body.dataset.ready !== old", arg=before)
    # The referee's own words (a schema violation at /players: the 60-card game is for two).
    assert "players" in table.text("#setup-problem")
    assert page.locator("#game").is_hidden()
