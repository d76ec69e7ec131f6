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


def test_farben_sammeln_three_players_stacks_counted_from_1_and_the_hands_picked_as_cards(table, tmp_path):
    table.start_box(["Oma", "Papa", "Lena"], "farben-sammeln")
    table.pick("O1", "O2", "O3", "O4")
    table.click("[data-action=confirm-deal]")
    # Oma takes the orange 1 from stack 1 and means to discard onto stack 2: the referee
    # refuses, counting the stacks as the page does; the take stays, the alert names Clear.
    table.act("take", from_="0")
    table.pick("O9")
    table.act("discard", to="1")
    alert = table.alert()
    assert alert.get_attribute("data-code") == "SPACE_NOT_FILLED"
    assert alert.locator(".problem-detail").inner_text() == (
        "Das Nehmen hat Auslagestapel 1 geleert; die abgelegte Karte kommt dorthin, nicht auf Stapel 2.")
    assert "„Leeren“" in alert.locator(".problem-next").inner_text()
    assert table.step() == "discard"
    reads_german(table)
    table.pick("O9")
    table.act("discard", to="0")
    table.press("end-turn")
    assert "Oma hat orange 1 von Stapel 1 genommen." in table.text("#news")
    # Papa takes from stack 4 (with three players, too: no placeholder, no player named).
    table.act("take", from_="3")
    table.pick("Y5")
    table.act("discard", to="3")
    table.press("end-turn")
    assert "Papa hat orange 4 von Stapel 4 genommen." in table.text("#news")
    # Lena's discard went onto the wrong stack: Undo says what it took back.
    table.act("take", from_="pile")
    table.pick("G7")
    table.act("discard", to="2")
    table.press("end-turn")
    table.press("undo")
    assert table.text("#news").startswith("Zurückgenommen: Lena: ")
    assert "grüne 7" in table.text("#news")
    table.act("take", from_="pile")
    table.pick("G7")
    table.act("discard", to="1")
    table.act("close")
    question = table.page.locator("[data-unchecked=CLOSE_NOT_ALLOWED]")
    assert question.locator("p").first.inner_text() == "Hat Lena wirklich nur eine Farbe auf der Hand?"
    table._after(lambda: question.locator("[data-answer=yes]").click())
    assert question.get_attribute("data-answered") == "yes"
    reload(table)
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    # The hands are turned up and picked card by card; Lena's holds a blue 1 by mistake.
    table.pick(*(f"B{v}" for v in range(12, 21)))
    table.pick(*(f"G{v}" for v in range(12, 21)))
    table.pick("Y1", "Y2", "Y3", "Y4", "Y6", "Y7", "Y8", "Y9", "B1")
    table.click("[data-action=box-score]")
    refusal = table.page.locator("[data-sheet-problem]")
    assert refusal.inner_text().startswith("Diese Hände kann es nicht geben: ")
    reads_german(table)
    table.click('[data-hand-of="0"] [data-box-action="pick-color"]') if False else None
    table.page.click('#sheet [data-hand-card="B1"]')
    table.page.wait_for_function("!document.querySelector('[data-sheet-problem]')")
    table.pick("Y10")
    table.click("[data-action=box-score]")
    assert score_rows(table) == [["★ Oma", "144", "blau"], ["★ Papa", "144", "grün"], ["Lena", "50", "gelb"]]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith("legal: 3 turns, game finished")


def legal_places(table) -> dict[str, str]:
    buttons = table.page.locator("#box [data-box-action=place]")
    return {buttons.nth(i).get_attribute("data-to"): buttons.nth(i).get_attribute("data-legal") for i in range(buttons.count())}


def test_ueberall_anschliessen_a_table_where_nobody_called_stopp_goes_on_and_a_stopp_gives_the_penalty(table, tmp_path):
    table.start_box(["Oma", "Papa", "Lena"], "ueberall-anschliessen")
    table.pick("O1")
    table.act("place", to="middle")
    table.pick("O9")
    assert legal_places(table) == {"middle": "false", "own": "true", "0": "false", "2": "false"}
    table.act("place", to="own")
    table.pick("O5")
    table.act("place", to="own")
    # Oma's 10 fits Papa's 9: only that place is marked, not her own pile too.
    table.pick("O10")
    assert legal_places(table) == {"middle": "false", "own": "false", "1": "true", "2": "false"}
    table.act("place", to="own")
    assert table.step() == "stopp"
    # Nobody at the table called Stopp!: the page says where the card goes instead.
    table.act("no-stopp")
    assert table.step() == "place"
    assert "Niemand hat Stopp! gerufen" in table.text("#box")
    table.act("place", to="1")
    table.pick("O2")
    table.act("place", to="middle")
    table.pick("Y12")  # fits nowhere: onto her own pile, which ends the turn
    table.act("place", to="own")
    assert table.text("#to-move") == "Papa ist am Zug"
    table.press("undo")
    assert table.text("#news").startswith("Zurückgenommen: Oma: orange 10")
    reads_german(table)
    for card, to in [("O10", "1"), ("O2", "middle"), ("Y12", "own")]:
        table.pick(card)
        table.act("place", to=to)
    reload(table)
    assert table.text("#to-move") == "Papa ist am Zug"
    # Papa's green 6 fits Lena's 5; he puts it on his own pile, and Lena calls Stopp!.
    table.pick("G6")
    table.act("place", to="own")
    table.act("stopp")
    assert "Stopp! Papa bekommt 2 Strafkarten." in table.text("#news")
    assert table.text("#to-move") == "Lena ist am Zug"
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith(f"legal: {len(record['turns'])} turns")


def test_hoechste_karte_each_hears_their_colour_and_a_wrongly_named_trick_is_undone_whole(table, tmp_path):
    table.start_box(["Oma", "Papa"], "hoechste-karte")
    assert table.text("#box [data-colors]") == "Jeder spielt seine eigene Farbe: Oma orange, Papa gelb."

    def trick(oma: int, papa: int) -> None:
        table.act("play")
        table.act("play")
        assert table.step() == "reveal"
        table.pick(f"O{oma}", f"Y{papa}")

    trick(11, 1)
    assert "Oma gewinnt 2 Karten (der Stich)." in table.text("#news")
    # Papa's card is named as the 9; he played the 2. One tap takes the whole trick back.
    trick(10, 9)
    table.act("undo-round")
    assert table.text("#news") == "Zurückgenommen, 2 Züge: Oma: orange 10; Papa: gelbe 9."
    assert table.text("#to-move") == "Alle gleichzeitig; es fehlen noch: Oma, Papa"
    trick(10, 2)
    # An undo of the trick's last card turns the trick face down again: no card shows.
    trick(9, 3)
    table.press("undo")
    assert table.text("#news") == "Zurückgenommen: Papa: gelbe 3."
    assert table.page.locator('#picture g.back[data-at="/trick/0"]').count() == 1
    assert table.page.locator("#picture g.card.trick").count() == 0
    table.act("play")
    table.pick("O9", "Y3")
    reload(table)
    reads_german(table)
    for k in range(4, 12):  # Oma's 12-k against Papa's k; the 6s tie and go to the next trick
        trick(12 - k, k)
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table) == [["Oma", "10"], ["★ Papa", "12"]]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith("legal: 22 turns, game finished")


def test_ratefix_a_wrongly_named_middle_is_named_again_after_one_undo_and_a_round_goes_back_whole(table, tmp_path):
    table.start_box(["Oma", "Papa", "Lena"], "ratefix", first=1, cards_each=2)

    def put_and_guess(*guesses: int) -> None:
        for _ in range(3):
            table.act("put")
        for guess in guesses:
            table.pad(guess)

    put_and_guess(12, 30, 18)  # Papa leads the guesses
    assert table.step() == "reveal"
    table.pick("O5", "Y5", "Y5")  # the yellow 5 named twice: refused, named again
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    reads_german(table)
    table.pick("O5", "Y5", "G7")
    assert "Oma gewinnt 3 Karten (die Mitte)." in table.text("#news")
    # Lena's card was the green 8: one undo takes back the last guess and turns the middle
    # face down again; the guess again, and the middle is named anew.
    table.press("undo")
    assert table.text("#news").startswith("Zurückgenommen: Oma: ")
    assert table.step() == "guess"
    table.pad(18)
    table.pick("O5", "Y5", "G8")
    assert "Oma gewinnt 3 Karten (die Mitte)." in table.text("#news")
    reload(table)
    put_and_guess(20, 25, 10)  # Oma leads now
    table.pick("O6", "Y6", "G6")
    # The whole round goes back in one tap: three puts and three guesses.
    table.act("undo-round")
    assert table.text("#news").startswith("Zurückgenommen, 6 Züge: ")
    put_and_guess(20, 25, 10)
    table.pick("O6", "Y6", "G6")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table) == [["★ Oma", "6"], ["Papa", "0"], ["Lena", "0"]]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith("legal: 12 turns, game finished")


def test_mogeln_counts_its_cards_in_words_and_a_challenge_names_no_drawn_card(table, tmp_path):
    table.start_box(["Oma", "Papa", "Lena"], "mogeln")
    table.act("play", count="4")
    assert "Auf dem Stapel: Oma hat 4 Karten gespielt, angesagt als 1er." in table.text("#box")
    # Lena challenges out of turn and names the four cards turned up, one twice.
    table.act("challenge", actor="2")
    table.pick("O1", "O1", "Y1", "G1")
    alert = table.alert()
    assert alert.get_attribute("data-code") == "CARD_UNAVAILABLE"
    assert alert.locator(".problem-title").inner_text() == "Die genannte Karte liegt schon woanders"
    reads_german(table)
    table.act("challenge", actor="2")
    table.pick("O1", "Y1", "G1", "B1")
    assert table.text("#to-move") == "Papa ist am Zug"
    table.act("play", count="1")
    assert "Auf dem Stapel: Papa hat eine Karte gespielt, angesagt als 1." in table.text("#box")
    table.press("undo")
    assert table.text("#news") == "Zurückgenommen: Papa: spielt eine Karte verdeckt."
    table.act("play", count="1")
    reload(table)
    for count, player in [(1, "Lena"), (4, "Oma"), (1, "Papa"), (1, "Lena"), (4, "Oma"), (1, "Papa"), (1, "Lena")]:
        assert table.text("#to-move") == f"{player} ist am Zug"
        table.act("play", count=str(count))
    table.act("play", count="4")  # Oma's last four cards
    table.act("accept")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table)[0] == ["★ Oma", "0"]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith(f"legal: {len(record['turns'])} turns, game finished")


def test_schwarzer_peter_a_refused_pair_names_no_pair_nobody_knows(table, tmp_path):
    table.start_box(["Oma", "Papa"], "schwarzer-peter", short=True)
    for value in range(1, 8):
        table.click(f'#box [data-entry-of="0"] [data-entry-value="{value}"]')
    for value in range(8, 15):
        table.click(f'#box [data-entry-of="1"] [data-entry-value="{value}"]')
    table.click("[data-action=confirm-deal]")
    assert "Oma zieht eine Karte aus der Hand von Papa." in table.text("#box")
    table.click('#box [data-index="0"]')
    table.click('#box [data-box-action=pair][data-value="3"]')  # laid at the deal already
    alert = table.alert()
    assert alert.get_attribute("data-code") == "CARD_NOT_IN_HAND"
    # The hint names no pair of its own: nobody knows which card was drawn.
    assert alert.locator(".problem-hint").inner_text() == (
        "Wenn die gezogene Karte ein Paar ergibt, legt dieses Paar ab; nennt es mit seinem Wert.")
    assert table.step() == "pair"
    reads_german(table)
    table.click('#box [data-box-action=pair][data-value="15"]')
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    table.press("undo")
    assert table.text("#news").startswith("Zurückgenommen: Oma: ")
    reload(table)
    table.click('#box [data-index="0"]')
    table.click('#box [data-box-action=pair][data-value="15"]')
    assert score_rows(table) == [["Oma", "✗"], ["★ Papa", ""]]
    reads_german(table)
    record, said = replayed(table, tmp_path)
    assert said.startswith("legal: 1 turns, game finished")


def test_schnipp_schnapp_each_card_is_picked_from_its_colour_and_a_wrong_call_is_undone(table, tmp_path):
    table.start_box(["Oma", "Papa"], "schnipp-schnapp")
    for value in range(1, 10):
        table.click(f'#box [data-entry-of="0"] [data-entry-value="{value}"]')
    for value in range(10, 19):
        table.click(f'#box [data-entry-of="1"] [data-entry-value="{value}"]')
    table.click("[data-action=confirm-deal]")
    table.pick("O19")
    # Papa's card is his own: the picker does not keep Oma's colour chosen.
    assert table.page.locator('#box [data-pick-color][aria-pressed="true"]').count() == 0
    table.pick("O20")
    for color in "YGB":
        table.pick(f"{color}19", f"{color}20")
    # Papa calls Schnapp! although nothing matches: a mistake the referee records. The
    # table meant Schnipp!: Undo, and the call again.
    table.click('#box [data-call-by="1"][data-word="schnapp"]')
    table.act("send")
    assert "Papa hat fälschlich Schnapp! gerufen: der offene Stapel kommt in die Mitte." in table.text("#news")
    table.press("undo")
    assert table.text("#news") == "Zurückgenommen: Papa: Schnapp!."
    reload(table)
    reads_german(table)
    table.click('#box [data-call-by="1"][data-word="schnipp"]')
    table.act("send")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table) == [["★ Oma", "9"], ["★ Papa", "9"]]
    reads_german(table)
    _, said = replayed(table, tmp_path)
    assert said.startswith("legal: 9 turns, game finished")


def test_ueberall_anschliessen_a_whole_game_in_german_every_card_into_the_middle(table, tmp_path):
    table.start_box(["Oma", "Papa"], "ueberall-anschliessen")
    table.pick("O9")  # the mistake: Oma's first card was the orange 1
    table.act("place", to="middle")
    table.press("undo")
    assert table.text("#news") == "Zurückgenommen: Oma: orange 9, in die Mitte."
    table.pick("O1")
    table.act("place", to="middle")
    run = [f"O{v}" for v in range(2, 21)] + [f"{c}{v}" for c in "YGB" for v in range(1, 21)]
    for k, card in enumerate(run[:40]):  # Papa's forty cards all fit the middle, one after the other
        table.pick(card)
        if k == 5:  # he puts the orange 7 on his own pile; nobody calls Stopp!, so it goes on
            table.act("place", to="own")
            table.act("no-stopp")
        if k == 20:  # the turn being built survives a reload
            reload(table)
            assert table.step() == "place"
        table.act("place", to="middle")
    assert "Papa hat keine Karte mehr: Platz 1." in table.text("#news")
    for card in run[40:]:
        table.pick(card)
        table.act("place", to="middle")
    assert table.text("#to-move") == "Das Spiel ist zu Ende."
    assert score_rows(table) == [["Oma", "2"], ["★ Papa", "1"]]
    reads_german(table)
    _, said = replayed(table, tmp_path)
    assert said.startswith("legal: 3 turns, game finished")
