"""The table page's choice of game comes from the registry: every game under its title in
the reader's language, in the registry's order (the row games, then the box's other games
in their group), and the list of box games whose controls modules the page's script loads
by name (`box/games.js`). The browser tests (test_box_games.py, test_box_family.py) play
each box game through those modules.
"""

from __future__ import annotations

import json
import re

import pytest

from referee import engine
from referee.http import create_app

from support.doc_examples import ROOT

CONTROLS = ROOT / "referee" / "pages" / "static" / "js" / "box" / "games"
OPTION = re.compile(r'<option value="([a-z-]+)">([^<]*)</option>')


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def choice(html: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The games offered before the box's group and in it."""
    select = html[html.index('<select name="ruleset">'):]
    select = select[:select.index("</select>")]
    before, group = select.split("<optgroup", 1)
    return OPTION.findall(before), OPTION.findall(group)


def box_games(html: str) -> list[str]:
    listed = re.search(r'<script type="application/json" id="box-games">(.*?)</script>', html)
    assert listed is not None
    return json.loads(listed.group(1))


def test_every_registered_game_is_offered_in_the_registrys_order_under_its_title(client):
    rows, box = choice(client.get("/table?lang=en").get_data(as_text=True))
    assert rows == [("master", "Elfer raus! MASTER"), ("classic", "Classic Elfer raus! (80 cards)"),
                    ("junior", "Elfer raus! junior (44 cards)")]
    assert box[:2] == [("zweikampf", "Zweikampf (two players, 40 cards)"),
                       ("farben-sammeln", "Farben sammeln (2 to 6 players, 80 cards)")]
    assert [name for name, _ in rows + box] == list(engine.RULESETS)
    assert [title for _, title in rows + box] == [rules.title for rules in engine.RULESETS.values()]


@pytest.mark.parametrize(("language", "zweikampf", "classic"), [
    ("de", "Zweikampf (zwei Spieler, 40 Karten)", "Elfer raus! klassisch (80 Karten)"),
    ("fr", "Zweikampf (deux joueurs, 40 cartes)", None),
    ("it", "Zweikampf (due giocatori, 40 carte)", None),
])
def test_the_titles_are_in_the_readers_language(client, language, zweikampf, classic):
    rows, box = choice(client.get(f"/table?lang={language}").get_data(as_text=True))
    assert box[0] == ("zweikampf", zweikampf)
    if classic:
        assert rows[1] == ("classic", classic)


def test_the_page_lists_the_box_games_whose_controls_its_script_loads_and_each_module_is_there(client):
    html = client.get("/table").get_data(as_text=True)
    listed = box_games(html)
    assert listed == [name for name, rules in engine.RULESETS.items() if rules.family == "box"]
    assert listed[0] == "zweikampf" and "master" not in listed
    assert [name for name in listed if not (CONTROLS / f"{name}.js").is_file()] == []
    # games.js names no game: it imports games/<name>.js for each name the page lists.
    script = (CONTROLS.parent / "games.js").read_text(encoding="utf-8")
    assert "import(`./games/${name}.js`)" in script
    assert not any(name in script for name in engine.RULESETS)
