"""One list, for every game the registry holds, of each piece it still lacks outside its
folder: what a new game's author reads to know what is left to write.

The pieces: the table page's controls module (`referee/pages/static/js/box/games/<name>.js`,
the games of the box, which the page loads by the ruleset's name), the game's page
(`docs/games/<name>.md`) with an example of every code the ruleset reports, its texts
(`texts.toml`) translated in every language, and a picture of every pile its state holds.
Every other file reads the registry (the engine, the web layer, the table page's choice
of game, the guide's nav, the tests over every game).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from referee import engine
from referee.families.box.ruleset import BoxRuleset
from referee.i18n import LANGUAGES
from referee.i18n.catalogues import po_path
from referee.pictures import mark_names
from referee.testing.boxplay import box_turn

ROOT = Path(__file__).resolve().parents[2]
CONTROLS = ROOT / "referee" / "pages" / "static" / "js" / "box" / "games"
PAGES = ROOT / "docs" / "games"
EXAMPLE = re.compile(r"<!-- example: ([A-Za-z_]+) -->")
#: The schemas of a state's members that hold cards: a pile face down or up, a battle,
#: trick or middle of entries, and a game's own records of cards (a Mogeln play).
CARD_SCHEMAS = ("ClassicCards", "FaceUpPile", "TableEntries", "MogelnPlay")


def translated(language: str) -> dict[str, str]:
    with po_path(language, "messages").open("rb") as po:
        return {m.id: m.string for m in read_po(po, locale=language) if isinstance(m.id, str) and m.id}


def text_ids(rules) -> list[str]:
    texts = rules.texts
    return [t for t in (texts.title, texts.summary, texts.turn_shape, *texts.readings, *texts.hints.values()) if t]


def lacks(name: str) -> list[str]:
    """What the game `name` lacks outside its folder, each in a line its author can act on."""
    rules = engine.find_ruleset(name)
    missing = []
    if isinstance(rules, BoxRuleset) and not (CONTROLS / f"{name}.js").is_file():
        missing.append(f"the table controls module {CONTROLS.relative_to(ROOT)}/{name}.js")
    page = PAGES / f"{name}.md"
    if not page.is_file():
        missing.append(f"its page docs/games/{name}.md")
    else:
        shown = set(EXAMPLE.findall(page.read_text(encoding="utf-8")))
        missing += [f"an example of {code.value} on docs/games/{name}.md"
                    for code in rules.codes if code.value not in shown]
    for language in LANGUAGES:
        if language == "en":
            continue
        catalogue = translated(language)
        missing += [f"the {language} translation of {text!r}" for text in text_ids(rules) if not catalogue.get(text)]
    return missing


def pile_pointers(state: dict, rules: BoxRuleset) -> set[str]:
    """The JSON Pointers of every pile the state holds, read from the members its state
    and player classes declare with a kind that holds cards."""
    holds_cards = lambda kind: any(name in str(kind.schema) for name in CARD_SCHEMAS)  # noqa: E731
    table = {f"/{name}" for name, kind in rules.state_type.WIRE if holds_cards(kind)}
    players = {f"/players/{i}/{name}" for i in range(len(state["players"]))
               for name, kind in rules.state_type.PLAYER.WIRE if holds_cards(kind)}
    return table | players


def undrawn_piles(name: str) -> set[str]:
    """The piles of a game of the box that its picture never draws in the first turns of
    a seeded game (a pile drawn in parts, the display's stacks, counts as drawn)."""
    rules = engine.find_ruleset(name)
    state = engine.new_game(["Ann", "Ben", "Cleo"][:min(3, rules.max_players)], seed=5, ruleset=name).state.to_dict()
    rng, drawn = random.Random(1), set()
    for _ in range(30):
        drawn |= {a for a in mark_names(state) if a.startswith("/")}
        turn = box_turn(state, rng)
        if turn is None:
            break
        state = engine.apply(engine.load_state(state), engine.load_turn(turn, name)).state.to_dict()
    return {pile for pile in pile_pointers(state, rules)
            if not any(at == pile or at.startswith(pile + "/") for at in drawn)}


def test_every_game_in_the_registry_has_every_piece_outside_its_folder():
    missing = {name: lacks(name) for name in engine.RULESETS}
    assert {name: pieces for name, pieces in missing.items() if pieces} == {}


BOX = [name for name, rules in engine.RULESETS.items() if isinstance(rules, BoxRuleset)]
#: A pile the picture does not draw yet; the test fails once it does, to be taken off.
@pytest.mark.parametrize("name", BOX)
def test_the_picture_of_every_game_of_the_box_draws_every_pile(name):
    assert undrawn_piles(name) == set()


def test_a_game_without_its_pieces_is_told_each_one(monkeypatch, tmp_path):
    """The list names each piece: a game whose page, controls and texts are missing (its
    choice on the table page and its place in the guide's nav come from the registry)."""
    rules = engine.find_ruleset("zweikampf")
    monkeypatch.setattr(type(rules), "name", "neunter")
    monkeypatch.setitem(engine.RULESETS._by_name, "neunter", rules)
    monkeypatch.setattr(type(rules), "texts", rules.texts.__class__(
        title="Neunter", description="A ninth game.", summary="Not translated anywhere."))
    found = lacks("neunter")
    assert found[:2] == ["the table controls module referee/pages/static/js/box/games/neunter.js",
                         "its page docs/games/neunter.md"]
    assert "the de translation of 'Not translated anywhere.'" in found
    assert "the it translation of 'Neunter'" in found
