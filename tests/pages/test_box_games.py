"""The eight other games of the box recorded on the table page, in a real browser at
phone size (390×844), with hidden cards as at a real table: each a whole short game,
with refusals, undos, and the exported record checked by `referee replay`.

The cards named are the test's choice: the referee cannot see the hidden stacks and
hands, so it accepts any card not seen elsewhere, and each sequence below is legal
whatever the deal.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from support.box_table_page import BoxTable

#: Every test drives a real browser against a live service.
pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table(browser, service, outside):
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    context.route("**/*", outside)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    table = BoxTable(page, service)
    table.open()
    yield table
    context.close()
    assert errors == [], f"the page raised: {errors}"
    assert outside.requests == [], f"the page asked outside the service: {outside.requests}"


def replayed(table, tmp_path) -> tuple[dict, str]:
    """The round exported as a game record, and what `referee replay` says of it."""
    with table.page.expect_download() as download:
        table.page.click("[data-action=export]")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    checked = subprocess.run([sys.executable, "-m", "referee.cli", "replay", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return json.loads(path.read_text()), checked.stdout


def score_rows(table) -> list[list[str]]:
    rows = table.page.locator(".round-scores tbody tr")
    return [rows.nth(i).inner_text().split("\t") for i in range(rows.count())]


def test_zweikampf_both_turn_up_at_once_until_the_stacks_are_empty(table, tmp_path):
    table.start_box(["Ann", "Ben"], "zweikampf")
    assert table.text("#to-move") == "Everyone at once; still to act: Ann, Ben"
    assert table.step() == "reveal"
    # Battle 1: Ann's orange 1 against Ben's yellow 20.
    table.pick("O1")
    assert table.text("#to-move") == "Everyone at once; still to act: Ben"
    table.pick("Y20")
    assert "Ben wins 2 cards (the battle)." in table.text("#news")
    assert "Ann turns up orange 1." in table.text("#news")  # the battle reads whole
    # Ann names the orange 1 again: it lies on Ben's won pile, and the referee says so.
    table.pick("O1")
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    table.press("clear")
    assert table.alert().is_hidden()
    # An undo takes back Ben's battle-winning card; he names it again.
    table.press("undo")
    assert table.text("#to-move") == "Everyone at once; still to act: Ben"
    table.pick("Y20")
    for k in range(2, 21):  # Ben wins the battles up to Ann's 10, Ann the rest
        table.pick(f"O{k}")
        table.pick(f"Y{21 - k}")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table) == [["★ Ann", "20"], ["★ Ben", "20"]]
    assert table.text(".winners") == "Winner of the round: Ann, Ben"
    record, said = replayed(table, tmp_path)
    assert len(record["turns"]) == 40 and record["state"]["players"][0]["stack"] == {"count": 20}
    assert said.startswith("legal: 40 turns, game finished")


def test_hoechste_karte_everyone_plays_face_down_and_the_reveal_names_every_card(table, tmp_path):
    table.start_box(["Ann", "Ben"], "hoechste-karte")
    assert table.step() == "play"
    table.act("play")
    assert table.text("#to-move") == "Everyone at once; still to act: Ben"
    table.act("play")  # the last card: the referee asks for the cards turned up
    assert table.step() == "reveal"
    # Each names from their own colour only; Ann's is orange, 1-11.
    assert table.page.locator('#box [data-pick-color]').count() == 1
    table.pick("O11")
    table.pick("Y1")
    assert "Ann wins 2 cards (the trick)." in table.text("#news")
    # The trick lies on Ann's won pile, face up: the picture shows its top card, Ben's yellow 1.
    assert table.page.locator('#picture [data-at="/players/0/won"]').get_attribute("data-card") == "Y1"
    table.act("play")
    table.act("play")
    # Ann's orange 11 named again: it lies on her won pile, and the referee says so.
    table.pick("O11", "Y2")
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    assert table.step() == "reveal"  # the cards are named again
    # A card named wrongly is taken back before the next is named.
    table.pick("O9")
    assert table.text("#box [data-reveal-of='0']") == "Ann: ▼9 orange 9"
    table.act("unname")
    table.pick("O10", "Y2")
    assert table.alert().is_hidden()
    for k in range(3, 12):  # tricks 3 to 11: Ann's 12-k against Ben's k (k = 6 is a tie)
        table.act("play")
        table.act("play")
        table.pick(f"O{12 - k}", f"Y{k}")
    assert "Tie: 2 cards are set aside for the next trick." not in table.text("#news")  # the last trick had a winner
    assert table.text("#to-move") == "The game is over."
    # Ann won tricks 1-5 (10 cards); trick 6 tied, and Ben took trick 7 with it (4 cards)
    # and tricks 8-11 (8 cards).
    assert score_rows(table) == [["Ann", "10"], ["★ Ben", "12"]]
    record, said = replayed(table, tmp_path)
    assert len(record["turns"]) == 22 and said.startswith("legal: 22 turns, game finished")
    assert record["turns"][0] == {"player": 0, "actions": [{"type": "play", "card": "O11"}]}


def test_ratefix_face_down_puts_guesses_on_the_pad_and_the_middle_named_at_the_reveal(table, tmp_path):
    table.start_box(["Ann", "Ben", "Cleo"], "ratefix", first=1, cards_each=1)
    assert table.step() == "put"
    for _ in range(3):
        table.act("put")
    # The guesses go round from the leader, Ben.
    assert table.text("#to-move") == "Ben to move" and table.step() == "guess"
    table.pad(21)
    table.press("undo")  # Ben meant 12
    assert table.text("#to-move") == "Ben to move"
    table.pad(12)
    table.pad(30)
    assert table.text("#to-move") == "Ann to move"
    table.pad(18)  # the last guess: the middle is turned up
    assert table.step() == "reveal"
    table.pick("O5", "Y5")  # Ann's and Ben's ...
    table.pick("Y5")  # ... and Cleo's named as the yellow 5 again: refused
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    table.pick("O5", "Y5", "G7")  # 17: Ann's 18 is nearest
    assert "Ann wins 3 cards (the middle)." in table.text("#news")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table) == [["★ Ann", "3"], ["Ben", "0"], ["Cleo", "0"]]
    record, said = replayed(table, tmp_path)
    assert said.startswith("legal: 6 turns, game finished")
    assert [t["actions"][0] for t in record["turns"][:3]] == [
        {"type": "put", "card": "O5"}, {"type": "put", "card": "Y5"}, {"type": "put", "card": "G7"}]


def test_farben_sammeln_the_stacks_at_the_deal_a_turn_a_close_and_the_hands_at_the_end(table, tmp_path):
    table.start_box(["Ann", "Ben"], "farben-sammeln")
    assert table.step() == "display"
    table.pick("O1", "O2", "O3", "O4")
    table.click("[data-action=confirm-deal]")
    assert table.text("#to-move") == "Ann to move" and table.step() == "take"
    # Ann takes the orange 3 from stack 3 and discards the orange 2: it lies on stack 2.
    table.act("take", from_="2")
    table.pick("O2")
    table.act("discard", to="2")  # refused at once; the take stays
    assert table.alert().get_attribute("data-code") == "CARD_NOT_IN_HAND"
    assert table.step() == "discard"
    table.press("clear")
    table.act("take", from_="pile")
    table.pick("G3")
    assert table.page.get_attribute('#box [data-box-action=discard][data-to="0"]', "data-legal") == "true"
    table.act("discard", to="0")
    table.press("end-turn")
    assert table.text("#to-move") == "Ben to move"
    table.act("take", from_="0")  # Ben takes the green 3 back
    table.pick("Y9")
    table.act("discard", to="0")
    table.act("close")
    assert table.text("#to-move") == "The game is over."
    question = table.page.locator("[data-unchecked=CLOSE_NOT_ALLOWED]")
    assert question.locator("p").first.inner_text() == "Does Ben's hand really hold a single colour?"
    table._after(lambda: question.locator("[data-answer=yes]").click())
    assert question.get_attribute("data-answered") == "yes"
    table.pick(*(f"B{v}" for v in range(12, 21)))  # Ann's hand, then Ben's
    table.pick("G3", *(f"G{v}" for v in range(12, 20)))
    table.click("[data-action=box-score]")
    assert score_rows(table) == [["★ Ann", "144", "blue"], ["Ben", "127", "green"]]
    record, said = replayed(table, tmp_path)
    assert record["state"]["display"] == [["O1"], ["O2"], ["O3"], ["O4"]]
    assert said.startswith("legal: 2 turns, game finished")


def test_ueberall_anschliessen_a_whole_game_every_card_into_the_middle(table, tmp_path):
    table.start_box(["Ann", "Ben"], "ueberall-anschliessen")
    table.pick("O1")
    table.act("place", to="middle")  # the first card ends the first turn
    assert table.text("#to-move") == "Ben to move"
    run = [f"O{v}" for v in range(2, 21)] + [f"{c}{v}" for c in "YGB" for v in range(1, 21)]
    for card in run[:40]:  # Ben's forty cards all fit the middle, one after the other
        table.pick(card)
        table.act("place", to="middle")
    assert "Ben has no card left: place 1." in table.text("#news")
    for card in run[40:]:
        table.pick(card)
        table.act("place", to="middle")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table) == [["Ann", "2"], ["★ Ben", "1"]]
    _, said = replayed(table, tmp_path)
    assert said.startswith("legal: 3 turns, game finished")


def test_ueberall_anschliessen_stopp_a_refused_placement_and_the_penalty(table):
    table.start_box(["Ann", "Ben", "Cleo"], "ueberall-anschliessen")
    table.pick("O1")
    table.act("place", to="middle")
    table.pick("O9")  # Ben's 9 fits nowhere: onto his own pile
    table.act("place", to="own")
    table.pick("O5")  # Cleo's 5 fits nowhere either
    table.act("place", to="own")
    # Ann turns up the 10, which fits Ben's 9; she puts it into the middle: refused.
    table.pick("O10")
    table.act("place", to="middle")  # refused at once; the card turned up stays
    assert table.alert().get_attribute("data-code") == "NOT_NEXT_HIGHER"
    assert table.step() == "place"
    table.press("clear")
    table.pick("O10")
    assert table.page.get_attribute('#box [data-box-action=place][data-to="1"]', "data-legal") == "true"
    table.act("place", to="own")  # overlooked: Ben calls Stopp!
    assert table.step() == "stopp"
    table.act("stopp")
    assert "Stopp! Ann gets 2 penalty cards." in table.text("#news")
    assert table.text("#to-move") == "Ben to move"


def test_mogeln_plays_a_challenge_out_of_turn_and_the_accept(table, tmp_path):
    table.start_box(["Ann", "Ben", "Cleo"], "mogeln")
    table.act("play", count="4")
    assert "On the stack: Ann played 4 cards, claimed as 1s." in table.text("#box")
    # Cleo challenges out of turn and names the four cards turned up: one too many named twice.
    table.act("challenge", actor="2")
    table.pick("O1", "O1", "Y1", "G1")
    assert table.alert().get_attribute("data-code") == "CARD_UNAVAILABLE"
    table.press("clear")
    table.act("challenge", actor="2")
    table.pick("O1", "Y1", "G1", "B1")
    assert "Cleo challenged Ann: caught cheating; Ann takes the stack." in table.text("#news")
    assert table.text("#to-move") == "Ben to move"
    # Ben plays one, Cleo one; Ann plays four three times and has no card left.
    for count, player in [(1, "Ben"), (1, "Cleo"), (4, "Ann"), (1, "Ben"), (1, "Cleo"), (4, "Ann"), (1, "Ben"), (1, "Cleo")]:
        assert table.text("#to-move") == f"{player} to move"
        table.act("play", count=str(count))
    table.act("play", count="4")  # Ann's last four cards
    assert table.text("#to-move") == "Ben to move"
    assert "Ann has no card left." in table.text("#box")
    table.act("accept")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table)[0] == ["★ Ann", "0"]
    record, said = replayed(table, tmp_path)
    assert said.startswith(f"legal: {len(record['turns'])} turns, game finished")


def test_schwarzer_peter_the_pairs_at_the_deal_a_draw_by_position_and_the_loser(table, tmp_path):
    table.start_box(["Ann", "Ben"], "schwarzer-peter", short=True)
    assert table.step() == "pairs"
    # The short game: 31 cards dealt, 16 to Ann and 15 to Ben. Ann lays seven pairs, Ben seven.
    for value in range(1, 8):
        table.click(f'#box [data-entry-of="0"] [data-entry-value="{value}"]')
    for value in range(8, 15):
        table.click(f'#box [data-entry-of="1"] [data-entry-value="{value}"]')
    table.click("[data-action=confirm-deal]")
    assert table.step() == "draw"
    assert "Ann draws a card from Ben's hand." in table.text("#box")
    table.click('#box [data-index="0"]')
    assert table.step() == "pair"
    table.click('#box [data-box-action=pair][data-value="3"]')  # laid at the deal already
    assert table.alert().get_attribute("data-code") == "CARD_NOT_IN_HAND"
    table.press("clear")
    table.click('#box [data-index="0"]')
    table.click('#box [data-box-action=pair][data-value="15"]')
    assert "Ann lays the pair of 15s." in table.text("#news")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table) == [["Ann", "✗"], ["★ Ben", ""]]
    record, said = replayed(table, tmp_path)
    assert record["state"]["players"][0]["pairs"] == [1, 2, 3, 4, 5, 6, 7]
    assert said.startswith("legal: 1 turns, game finished")


def test_schnipp_schnapp_quartets_at_the_deal_flips_and_a_wrong_call_ends_it(table, tmp_path):
    table.start_box(["Ann", "Ben"], "schnipp-schnapp")
    assert table.step() == "quartets"
    for value in range(1, 10):
        table.click(f'#box [data-entry-of="0"] [data-entry-value="{value}"]')
    for value in range(10, 19):
        table.click(f'#box [data-entry-of="1"] [data-entry-value="{value}"]')
    table.click("[data-action=confirm-deal]")
    # Ann holds the four 19s, Ben the four 20s: nothing ever matches.
    for color in "OYGB":
        table.pick(f"{color}19")
        table.pick(f"{color}20")
    # Ben calls Schnipp! with nothing in the middle: his open pile goes there, and with it
    # all four 20s; Ben has no card left and Ann never can call: the game is over.
    table.click('#box [data-call-by="1"][data-word="schnipp"]')
    assert table.step() == "with"
    table.act("send")
    assert "Ben called Schnipp! by mistake: the open pile goes to the middle." in table.text("#news")
    assert table.text("#to-move") == "The game is over."
    assert score_rows(table) == [["★ Ann", "9"], ["★ Ben", "9"]]
    _, said = replayed(table, tmp_path)
    assert said.startswith("legal: 9 turns, game finished")


def test_schnipp_schnapp_calls_heard_together_are_a_tie(table):
    table.start_box(["Ann", "Ben", "Cleo"], "schnipp-schnapp")
    table.click("[data-action=confirm-deal]")
    table.pick("O5", "Y5")
    table.click('#box [data-call-by="2"][data-word="schnapp"]')
    table.click('#box [data-called-with="0"]')
    assert "Schnapp! together with Ann" in table.text("#building")
    table.act("send")
    assert "Cleo, Ann called together: nobody wins the cards." in table.text("#news")


def test_an_imported_box_game_shows_its_position(table, tmp_path):
    # A Zweikampf record stopped in the middle of a battle (current: null), and a Farben
    # sammeln record: both load and go on.
    table.start_box(["Ann", "Ben"], "zweikampf")
    table.pick("O7")
    zweikampf, _ = replayed(table, tmp_path)
    table.start_box(["Cleo", "Dora"], "farben-sammeln")
    table.pick("O1", "O2", "O3", "O4")
    table.click("[data-action=confirm-deal]")
    farben, _ = replayed(table, tmp_path)
    for record, expected in [(zweikampf, "Everyone at once; still to act: Ben"), (farben, "Cleo to move")]:
        path = tmp_path / "import.json"
        path.write_text(json.dumps(record))
        table.answering(lambda path=path: table.page.set_input_files("input[data-action=import]", str(path)))
        assert table.text("#to-move") == expected
        assert table.alert().is_hidden()
        assert table.step() in ("reveal", "take")
    # A Die höchste Karte record exported when won piles were numbers: read as counts.
    old = {"state": {"ruleset": "hoechste-karte", "options": {"edition": "2018"},
                     "players": [{"name": "Ann", "hand": {"count": 11}, "won": 0},
                                 {"name": "Ben", "hand": {"count": 11}, "won": 0}],
                     "current": None, "waiting": [0, 1], "trick": [], "set_aside": 0, "out": 0},
           "turns": [{"player": 0, "actions": [{"type": "play", "card": "O11"}]},
                     {"player": 1, "actions": [{"type": "play", "card": "Y1"}]}]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    table.answering(lambda: table.page.set_input_files("input[data-action=import]", str(path)))
    assert table.text("#to-move") == "Everyone at once; still to act: Ann, Ben" and table.alert().is_hidden()
    assert table.state()["players"][0]["won"] == {"count": 2}
    assert table.page.locator('#picture [data-at="/players/0/won"]').get_attribute("data-count") == "2"


def test_the_box_table_names_cards_in_the_players_language(table):
    table.open("?lang=de")
    table.start_box(["Oma", "Papa"], "zweikampf")
    assert table.page.locator("#box [data-pick-color]").all_inner_texts() == ["orange", "gelb"]
    assert table.text("#box [data-box-step]") == "Beide decken die oberste Karte ihres Stapels auf."
    table.pick("Y5")
    assert "Oma deckt gelbe 5 auf." in table.text("#news")
    assert table.text("#to-move") == "Alle gleichzeitig; es fehlen noch: Papa"
