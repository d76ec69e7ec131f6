"""Every screen of every game on the table page, in each of its four languages: the setup,
the deal, the controls of each step, a refusal, the news, an undo, a reveal and the score
sheet. What a person reads there is in their language: no English word in German, French
or Italian, no card or rule code in the wire's notation, no placeholder left unfilled.
"""

from __future__ import annotations

import re

import pytest

from support.box_table_page import BoxTable

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}

#: English words of the page's and the referee's texts; each language's own words that
#: are spelled the same are left out of its list.
ENGLISH = {"the", "and", "of", "turn", "turns", "card", "cards", "player", "players", "stack", "pile", "with", "not",
           "wins", "takes", "recorded", "undo", "clear", "draw", "score", "round", "game", "yes", "face", "down",
           "flip", "call", "reveal", "discard", "take", "put", "guess", "play", "challenge", "accept", "body",
           "field", "action", "index", "drawn", "elsewhere", "rule", "middle", "hand", "won", "left", "who", "name"}
SAME_WORD = {"en": ENGLISH, "de": {"hand"}, "fr": {"pile", "face", "score"}, "it": set()}
CODE = re.compile(r"\b[ROYGB](?:[1-9]|1\d|2[01])\b|\b[A-Z]{2,}(?:_[A-Z]+)+\b")
PLACEHOLDER = re.compile(r"\{\w+\}")


def unreadable(page, language: str) -> list[str]:
    """Each line shown that holds a code, a placeholder or (but in English) an English word."""
    words = ENGLISH - SAME_WORD.get(language, ENGLISH)
    found = []
    for line in page.evaluate("document.body.innerText").splitlines():
        english = [w for w in re.findall(r"\w+", line) if w.lower() in words]
        if CODE.search(line) or PLACEHOLDER.search(line) or english:
            found.append(line)
    return found


def zweikampf(t):
    yield "the first reveal"
    t.pick("O1", "Y20")
    yield "a battle won"
    t.pick("O1")
    yield "a refusal"
    t.pick("O5", "Y5")
    yield "a tie"
    t.press("undo")
    yield "an undo"


def farben_sammeln(t):
    yield "the deal"
    t.pick("O1", "O2", "O3", "O4")
    t.click("[data-action=confirm-deal]")
    yield "a take"
    t.act("take", from_="3")
    t.pick("O9")
    t.act("discard", to="1")
    yield "a refusal"
    t.pick("O9")
    t.act("discard", to="3")
    t.act("close")
    yield "the question and the hands to pick"
    t.pick("B1", "Y2")
    t.click("[data-action=box-score]")
    yield "the hands refused"


def ueberall(t):
    t.pick("O1")
    t.act("place", to="middle")
    t.pick("O9")
    yield "where the card goes"
    t.act("place", to="own")
    t.pick("O10")
    t.act("place", to="own")
    yield "did anyone call Stopp!"
    t.act("no-stopp")
    yield "nobody called Stopp!"
    t.act("place", to="middle")
    yield "a refusal"


def hoechste_karte(t):
    yield "everyone plays"
    t.act("play")
    t.act("play")
    yield "the reveal"
    t.pick("O11", "Y1")
    yield "a trick won"
    t.act("undo-round")
    yield "a trick undone"


def mogeln(t):
    t.act("play", count="1")
    yield "a play"
    t.act("challenge", actor="2")
    yield "a challenge"
    t.pick("O1")
    yield "a challenge judged"
    t.press("undo")
    yield "an undo"


def ratefix(t):
    for _ in range(3):
        t.act("put")
    yield "the guesses"
    for guess in (12, 30, 18):
        t.pad(guess)
    yield "the reveal"
    t.pick("O5", "Y5", "Y5")
    yield "a refusal at the reveal"
    t.pick("O5", "Y5", "G7")
    yield "the score sheet"


def schwarzer_peter(t):
    yield "the pairs at the deal"
    t.click("[data-action=confirm-deal]")
    yield "a draw"
    t.click('#box [data-index="0"]')
    yield "a pair?"
    t.act("no-pair")
    yield "the question"


def schnipp_schnapp(t):
    yield "the quartets at the deal"
    t.click("[data-action=confirm-deal]")
    t.pick("O5", "Y5")
    yield "the calls"
    t.click('#box [data-call-by="2"][data-word="schnapp"]')
    yield "called together?"
    t.act("send")
    yield "a call judged"


BOX = {
    "zweikampf": (["Oma", "Papa"], {}, zweikampf),
    "farben-sammeln": (["Oma", "Papa", "Lena"], {}, farben_sammeln),
    "ueberall-anschliessen": (["Oma", "Papa", "Lena"], {}, ueberall),
    "hoechste-karte": (["Oma", "Papa"], {}, hoechste_karte),
    "mogeln": (["Oma", "Papa", "Lena"], {}, mogeln),
    "ratefix": (["Oma", "Papa", "Lena"], {"first": 1, "cards_each": 1}, ratefix),
    "schwarzer-peter": (["Oma", "Papa"], {"short": True}, schwarzer_peter),
    "schnipp-schnapp": (["Oma", "Papa", "Lena"], {}, schnipp_schnapp),
}


@pytest.mark.parametrize("language", ["en", "de", "fr", "it"])
def test_every_screen_of_every_game_speaks_the_readers_language(browser, service, outside, language):
    context = browser.new_context(viewport=PHONE)
    context.route("**/*", outside)
    page = context.new_page()
    table = BoxTable(page, service)
    table.open(f"?lang={language}")
    found = {}

    def look(screen: str) -> None:
        words = unreadable(page, language)
        if words:
            found[screen] = words

    look("the setup")
    for ruleset, (players, options, walk) in BOX.items():
        table.start_box(players, ruleset, **options)
        for screen in walk(table):
            look(f"{ruleset}: {screen}")
        look(f"{ruleset}: the last screen")
    table.start_box(["Oma", "Papa", "Lena"], "zweikampf")
    look("the setup refused")
    table.page.click("[data-action=cancel-setup]")
    # The rows: MASTER, classic and junior, a refusal and a question.
    for ruleset in ("master", "classic", "junior"):
        table.start(["Oma", "Papa"], ruleset=ruleset)
        look(f"{ruleset}: the first turn")
        table.tap("Y5")
        look(f"{ruleset}: a refusal")
        table.press("clear")
    table.press("draw")  # junior: a draw, and the referee's question about it
    table.press("end-turn")
    look("junior: a draw and its question")
    context.close()
    assert found == {}
