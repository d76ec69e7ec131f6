"""The box games' pictures as Chromium draws them: on a phone held upright (390 px wide,
the tall layout) and on a laptop (the wide layout at its own size), every text is read
at 12 px or more, no text runs into another text or a card, and every text of a
player's box stays inside it. The sizes are the browser's own measures of the real
font, not estimates.
"""

from __future__ import annotations

import pytest

from referee import engine
from referee.i18n import Translator
from referee.pictures import picture
from support.box_games import played_states

BOX_GAMES = sorted(name for name, rules in engine.RULESETS.items() if rules.family == "box")

#: In the page: every text's box and its size on screen, every card's box, every player's box.
MEASURE = """() => {
  const svg = document.querySelector("svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const owner = (e) => e.closest("g.card, g.back, g.space");
  const player = (e) => { const g = e.closest("g[data-player]"); return g ? g.dataset.player : null; };
  const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim() !== "").map((t) => ({
    words: t.textContent, box: box(t), size: parseFloat(t.getAttribute("font-size")) * scale,
    inCard: owner(t) !== null, player: player(t)}));
  const cards = [...svg.querySelectorAll("g.card, g.back, g.space")].map((g) => ({
    name: g.dataset.card || g.dataset.at || "", box: box(g.querySelector("rect"))}));
  const players = Object.fromEntries([...svg.querySelectorAll("g[data-player]")].map(
    (g) => [g.dataset.player, box(g.querySelector("rect"))]));
  return {texts, cards, players};
}"""


def overlap(a, b, slack: float = 1.0) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def measured(browser, state: dict, layout: str, width: int, language: str = "en") -> dict:
    page = browser.new_page(viewport={"width": width, "height": 844})
    try:
        svg = picture(state, layout=layout, texts=Translator(language, "pages"))
        if layout == "tall":  # as the table page shows it on a phone: the screen's width
            svg = svg.replace("<svg ", '<svg style="display:block;width:100%;height:auto" ', 1)
        page.set_content(f'<!doctype html><html><body style="margin:0">{svg}</body></html>')
        return page.evaluate(MEASURE)
    finally:
        page.close()


def problems(drawn: dict) -> list[str]:
    found = []
    texts = [t for t in drawn["texts"] if not t["inCard"]]
    for t in drawn["texts"]:
        if t["size"] < 12 - 1e-6:
            found.append(f"{t['words']!r} at {t['size']:.1f} px")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if overlap(a["box"], b["box"]):
                found.append(f"{a['words']!r} runs into {b['words']!r}")
        for card in drawn["cards"]:
            if overlap(a["box"], card["box"]):
                found.append(f"{a['words']!r} runs into the card {card['name']}")
        if a["player"] is not None:
            frame = drawn["players"][a["player"]]
            x0, y0, x1, y1 = a["box"]
            if not (frame[0] <= x0 and x1 <= frame[2] and frame[1] <= y0 and y1 <= frame[3]):
                found.append(f"{a['words']!r} leaves the box of player {a['player']}")
    return found


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("ruleset", BOX_GAMES)
def test_a_box_picture_reads_on_a_phone_and_on_a_laptop(browser, ruleset, language):
    states = played_states(ruleset, 4, 3, turns=60, every=30)
    for state in states:
        assert problems(measured(browser, state, "tall", 390, language)) == []
        assert problems(measured(browser, state, "wide", 1280, language)) == []


def test_the_check_sees_a_small_text_and_an_overlap(browser):
    # Its counterpart: a drawing that breaks both rules is caught by both.
    page = browser.new_page(viewport={"width": 390, "height": 400})
    page.set_content(
        '<!doctype html><html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 780 200" style="width:100%">'
        '<g class="card" data-card="O1"><rect x="8" y="8" width="34" height="48"/></g>'
        '<text x="10" y="50" font-size="20">12 cards in hand</text></svg></body></html>')
    drawn = page.evaluate(MEASURE)
    page.close()
    assert problems(drawn) == ["'12 cards in hand' at 10.0 px", "'12 cards in hand' runs into the card O1"]
