"""The table page as a family at a real table meets it: what they are asked, what they
read after each turn, what they can answer, and that nothing is lost by a wrong tap.

Each test drives the page in Chromium through its documented hooks and fails on the page
as it was before the fix it guards.
"""

from __future__ import annotations

import pytest

from support.table_page import Table

pytestmark = pytest.mark.slow


def test_a_classic_game_with_real_cards_on_the_11s_asks_who_holds_the_first_11(page, service):
    table = Table(page, service)
    table.open()
    page.select_option("[name=ruleset]", "classic")
    page.select_option("[name=start]", "eleven")
    assert table.text("#first-label") == "Who holds the orange 11?"
    page.select_option("[name=edition]", "original")
    assert table.text("#first-label") == "Who holds the red 11?"
    page.check("[name=deal][value=shown]")  # the referee deals and finds the holder itself
    assert table.text("#first-label") == "Who starts"
    table.start(["Oma", "Papa", "Mia"], ruleset="classic", edition="2018", start="eleven", first=2)
    assert table.current_player() == "2" and table.text("#to-move") == "Mia to move"
    table.tap("O11")
    table.press("end-turn")
    assert table.alert().is_hidden() and table.current_player() == "0"


def test_a_refusal_is_told_again_in_the_language_chosen_after_it(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"])
    table.tap("R16")
    assert page.inner_text("[role=alert] .problem-title") == "The card must touch the layout"
    table.press("end-turn")
    with page.expect_navigation():
        page.select_option("#language", "de")
    page.wait_for_function("document.body.dataset.ready !== undefined")
    page.wait_for_selector("[role=alert] .problem-title")
    assert page.inner_text("[role=alert] .problem-title") == "Die Karte muss anschließen"
    assert table.alert().get_attribute("data-code") == "NOT_ADJACENT"


def test_a_running_game_is_replaced_only_when_the_players_say_so(page, service, tmp_path):
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"])
    table.tap("R10")
    table.press("end-turn")
    with page.expect_download() as download:
        page.click("[data-action=export]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    # A new game: asked, and "no" keeps the game as it was.
    table.start(["Dora", "Emil"], replace=False)
    assert page.locator("#confirm").get_attribute("open") is None
    table.press("cancel-setup")
    assert table.card("R10") == "R10" and table.text("#to-move") == "Vera to move"
    # An import: asked too.
    page.set_input_files("input[data-action=import]", str(path))
    page.wait_for_selector("#confirm[open]")
    assert page.inner_text("#confirm [data-question]") == (
        "Replace the game of Timo, Vera? It cannot be brought back unless it was exported.")
    page.click("[data-action=confirm-no]")
    assert table.card("R10") == "R10"
    table.start(["Dora", "Emil"])
    assert table.card("R10") is None and table.text("#to-move") == "Dora to move"


def test_back_to_the_game_shows_only_when_there_is_a_game(page, service):
    table = Table(page, service)
    table.open()
    assert page.locator("[data-action=cancel-setup]").is_hidden()
    table.start(["Timo", "Vera"])
    page.click("[data-action=new-game]")
    assert page.locator("[data-action=cancel-setup]").is_visible()


def test_the_turn_controls_are_inert_while_the_setup_form_is_open(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Timo", "Vera"])
    page.click("[data-action=new-game]")
    assert page.evaluate("document.getElementById('game').inert") is True
    assert page.locator("[data-action=end-turn]").is_hidden() and page.locator("[data-action=draw]").is_hidden()
    page.dispatch_event('[data-slot="R10"]', "click")  # even a tap that gets through records nothing
    table.press("cancel-setup")
    assert table.text("#building") == "Tap the slot of each card laid; the slot says which card it is."
    assert page.evaluate("document.getElementById('game').inert") is False


def test_a_question_of_the_referee_is_answered_yes_or_no_and_no_leads_back(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Papa"], ruleset="junior")
    table.press("draw")
    table.press("end-turn")
    question = page.locator("[data-unchecked=MUST_PLAY]")
    assert question.locator("p").first.inner_text() == "Did Oma really have no card to lay?"
    table._after(lambda: question.locator("[data-answer=yes]").click())
    assert question.get_attribute("data-answered") == "yes"
    assert table.text(".answered") == "Yes: the turn stands."
    # The next turn's question, answered "no": the rule, its entry, and the way back.
    table.press("draw")
    table.press("end-turn")
    question = page.locator("[data-unchecked=MUST_PLAY]")
    table._after(lambda: question.locator("[data-answer=no]").click())
    assert question.get_attribute("data-answered") == "no"
    assert "Then the turn broke this rule: A card can be placed, so it must be\n" in question.inner_text()
    link = question.locator("a[data-rule=MUST_PLAY]")
    assert link.inner_text() == "A card can be placed, so it must be"  # the rule's title, never its code
    assert link.get_attribute("href") == "/rules?lang=en#junior-MUST_PLAY"
    assert table.current_player() == "0"
    table._after(lambda: question.locator("[data-action=undo]").click())
    assert table.current_player() == "1"
    assert table.text("#news") == "Turn 2 taken back (Papa: drew a card). Papa is to move again."


def test_the_news_says_which_turn_was_recorded_or_taken_back(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Papa"])
    table.tap("R10", "R9")
    table.joker("R8")
    table.press("end-turn")
    assert table.text("#news") == "Turn 1 recorded: Oma — red 10, red 9, joker on red 8."
    for number, name in ((2, "Papa"), (3, "Oma"), (4, "Papa")):
        table.press("draw")
        table.press("end-turn")
        assert table.text("#news") == f"Turn {number} recorded: {name} — drew a card."
    table.press("undo")
    assert table.text("#news") == "Turn 4 taken back (Papa: drew a card). Papa is to move again."
    assert table.current_player() == "1"


def test_draw_and_pass_are_disabled_when_the_referee_lists_neither(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Papa"])
    draw, pass_ = page.locator("[data-action=draw]"), page.locator("[data-action=pass]")
    assert draw.is_enabled() and pass_.is_disabled()  # a pile to draw from: no passing
    table.tap("R10")
    assert draw.is_disabled() and pass_.is_disabled()  # a card laid: the turn may end, not draw
    table.tap("R10")
    assert draw.is_enabled()


def test_a_wrong_hand_at_the_end_is_said_as_a_person_would(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Leo"], ruleset="junior")
    table.tap("O2", "O3", "O4", "O5", "O6")
    table.press("end-turn")
    assert table.text(".hand-help") == (
        "Type each card as its colour's letter and its value (O = orange, Y = yellow, G = green, B = blue), "
        "for example O5 Y9.")
    page.fill("[data-hand-of='1']", "Y2 Y3 Y4")
    table.press("score")
    assert table.text("[data-sheet-problem]") == "You typed 3 cards for Leo; Leo holds 5."
    assert page.input_value("[data-hand-of='1']") == "Y2 Y3 Y4"  # kept, to be corrected
    page.fill("[data-hand-of='1']", "Y2 Y3 Y4 X5 Y6")
    table.press("score")
    assert table.text("[data-sheet-problem]") == "“X5” is not a card: type a colour's letter and a value, such as Y12."
    page.fill("[data-hand-of='1']", "O2 Y3 Y4 Y5 Y6")  # the orange 2 lies on the table
    table.press("score")
    said = table.text("[data-sheet-problem]")
    assert said.startswith("These hands cannot be: ") and "O2" not in said.split(":")[0]
    assert "cannot happen" not in said
    page.fill("[data-hand-of='1']", "Y2 Y3 Y4 Y5 Y6")
    table.press("score")
    assert table.text(".winners") == "Winner of the round: Oma"


def test_the_rules_are_a_link_away_and_a_refusal_links_its_rule(page, service):
    table = Table(page, service)
    table.open("?lang=de")
    assert page.get_attribute("[data-link=rules]", "href") == "/rules?lang=de"
    table.start(["Mia", "Leo"], ruleset="junior")
    table.tap("Y5")
    link = table.alert().locator("a[data-rule=NOT_ADJACENT]")
    assert link.inner_text() == "Die Karte muss anschließen"  # the rule in words, linked to its entry
    assert link.get_attribute("href") == "/rules?lang=de#junior-NOT_ADJACENT"
    page.goto(service + link.get_attribute("href"))
    assert page.locator("#junior-NOT_ADJACENT").inner_text().startswith("NOT_ADJACENT — Die Karte muss anschließen")


def test_colours_are_named_in_the_players_language(page, service):
    table = Table(page, service)
    table.open("?lang=de")
    assert page.locator("[name=row1] option").all_text_contents() == ["rot", "gelb", "grün", "blau"]
    table.start(["Oma", "Papa"])
    table.tap("Y10")
    assert table.text("#building").startswith("Dieser Zug: gelbe 10")
    labels = page.locator("#picture .row-label text").all_text_contents()
    assert labels[:4] == ["rot", "gelb", "grün", "blau"]
    assert page.get_attribute('[data-slot="G12"]', "aria-label") == "grüne 12, leerer Platz, jetzt möglich"


def test_on_a_phone_the_whole_table_is_in_view_and_a_refusal_does_not_move_it(page, service):
    page.set_viewport_size({"width": 390, "height": 844})
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Papa", "Mia"])
    dock_top = page.locator("#dock").bounding_box()["y"]
    for slot in ("R1", "R11", "R12", "R21", "B21"):
        box = table.slot(slot).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= dock_top, slot
        assert box["width"] >= 44 and box["height"] >= 44, (slot, box)
    top = page.locator("#picture").bounding_box()["y"]
    table.tap("R16")
    assert table.alert().is_visible()
    assert page.locator("#picture").bounding_box()["y"] == top


def test_each_new_deal_of_a_classic_match_on_the_11s_asks_again_who_holds_it(page, service):
    table = Table(page, service)
    table.open()
    table.start(["Oma", "Papa"], ruleset="classic", start="eleven", rounds="2", first=0)
    table.tap("O11")
    table.press("end-turn")
    # Papa lays his 20 cards in one turn and goes out.
    table.tap(*[f"O{v}" for v in range(12, 21)], *[f"O{v}" for v in range(10, 0, -1)], "Y11")
    table.press("end-turn")
    assert table.text("#to-move") == "The game is over."
    assert page.locator("[data-control=opener]").count() == 0  # asked with the next deal only
    page.fill("[data-hand-of='0']", " ".join(f"G{v}" for v in range(1, 20)))
    table.press("score")
    assert table.text(".opener").startswith("Who holds the orange 11?")
    page.select_option("[data-control=opener]", "0")  # Oma again, whoever's turn it would be
    table.press("next-round")
    assert table.text("#round") == "Round 2 of 2" and table.current_player() == "0"
