"""The guide: `mkdocs build --strict` builds it (every page in the nav, every link and
anchor found), it stands alone offline, the running service serves it at /guide/, and
its references say what the code does (the command line, the HTTP contract).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mkdocs.exceptions import PluginError

from referee import engine
from referee.cli import build_parser
from referee.environment import VARIABLES
from referee.guide import SITE_DIR, games_nav
from referee.guide.hooks import render
from referee.http import create_app
from support.doc_examples import DOCS, ROOT, pages

MKDOCS = Path(sys.executable).parent / "mkdocs"
#: Every game the registry holds has its page.
GAMES = list(engine.RULESETS)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run([str(MKDOCS), "build", "--strict", "--site-dir", str(site)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return site


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.slow
def test_the_strict_build_writes_every_page_of_the_nav(built):
    for page in ["tutorial", "howto/table-page", "howto/sealed-games", "howto/conformance", "howto/bots", "howto/game-ai",
                 "howto/typed-clients", "howto/deployment", "reference/http-api", "reference/cli",
                 "reference/python-api", "performance", "contributing", *(f"games/{g}" for g in GAMES)]:
        assert (built / page / "index.html").is_file(), page


@pytest.mark.slow
def test_the_built_guide_fetches_nothing_from_elsewhere(built):
    # Offline like the table page: no script, style, font or picture from another host.
    outside = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//""", re.I)
    for page in built.rglob("*.html"):
        assert not outside.search(page.read_text(encoding="utf-8")), page.relative_to(built)
    for sheet in built.rglob("*.css"):
        assert "fonts.googleapis" not in sheet.read_text(encoding="utf-8"), sheet.relative_to(built)


@pytest.mark.slow
def test_the_python_reference_is_written_from_the_docstrings(built):
    html = (built / "reference" / "python-api" / "index.html").read_text(encoding="utf-8")
    for name in ("apply", "legal_actions", "new_game", "complete_turns", "play"):
        assert f'id="referee.engine.{name}"' in html or f"game.Game.{name}" in html, name


@pytest.mark.slow
def test_the_http_reference_lists_every_operation_of_the_contract(built):
    html = (built / "reference" / "http-api" / "index.html").read_text(encoding="utf-8")
    contract = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    for path, item in contract["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "operationId" in operation:
                assert f"<code>{method.upper()} {path}</code>" in html, (method, path)
                assert operation["operationId"] in html


def test_the_http_reference_renders_an_operation_its_body_and_its_answers():
    document = {"tags": [{"name": "game", "description": "Games."}], "paths": {"/v1/x": {"post": {
        "operationId": "doX", "tags": ["game"], "summary": "Do x", "description": "Does x.",
        "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/XRequest"}}}},
        "responses": {"200": {"description": "Done.", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/XResponse"}}}},
            "400": {"$ref": "#/components/responses/Bad"}}}}},
        "components": {"responses": {"Bad": {"description": "Malformed.", "content": {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}}
    assert render(document).splitlines() == [
        "## Game", "", "Games.", "",
        "### `POST /v1/x`", "", "**Do x** (`doX`)", "", "Does x.", "",
        "Request body: `XRequest`.", "",
        "| status | meaning | body |", "|---|---|---|",
        "| 200 | Done. | `XResponse` (`application/json`) |",
        "| 400 | Malformed. | `Problem` (`application/problem+json`) |"]


def test_the_command_line_reference_names_every_command_and_option():
    text = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## `referee ([\w-]+)`\n(.*?)(?=^## |\Z)", text, re.M | re.S))
    commands = build_parser()._subparsers._group_actions[0].choices
    assert set(sections) == set(commands)
    for name, command in commands.items():
        for action in command._actions:
            if action.dest == "help":
                continue
            words = action.option_strings or [action.dest]
            assert any(f"`{word}`" in sections[name] for word in words), (name, words)


def test_the_command_line_page_lists_every_environment_variable_and_the_version_flag():
    text = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    for variable in VARIABLES:
        assert f"`{variable.name}`" in text, variable.name
    assert "`referee --version`" in text


def test_the_guide_is_served_at_guide(client):
    if not (SITE_DIR / "index.html").is_file():
        pytest.fail("the guide was not built into the package: pip install . builds it")
    home = client.get("/guide/")
    assert (home.status_code, home.mimetype) == (200, "text/html")
    assert "<title>Elfer raus! referee</title>" in home.get_data(as_text=True)
    tutorial = client.get("/guide/tutorial/")
    assert tutorial.status_code == 200 and "Tutorial: a first game over HTTP" in tutorial.get_data(as_text=True)
    # A page's relative links need its slash.
    assert (client.get("/guide").status_code, client.get("/guide").location) == (308, "/guide/")
    assert client.get("/guide/tutorial").location == "/guide/tutorial/"
    assert client.get("/guide/search/search_index.json").mimetype == "application/json"


def test_the_guide_serves_nothing_outside_it(client):
    for path in ("/guide/nope/", "/guide/../pyproject.toml", "/guide/%2e%2e/setup.py", "/guide/..%2f..%2fREADME.md"):
        answer = client.get(path)
        assert (answer.status_code, answer.mimetype, answer.json["code"]) == (404, "application/problem+json",
                                                                            "NOT_FOUND"), path


def test_the_landing_page_links_the_guide(client):
    html = client.get("/?lang=de").get_data(as_text=True)
    assert '<a href="/guide/" data-link="guide"><strong>Die Anleitung</strong></a>' in html


def test_the_readme_is_one_screenful_and_cites_nothing_outside_the_repository():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 400
    outside = re.compile(r"RULES-DECK|API\.md|RULES\.md|\bissue [0-9]|project's machine|this machine")
    for page in pages():
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            assert not outside.search(line), f"{page.relative_to(ROOT)}:{number}: {line}"


def test_every_game_has_its_page_and_the_registry_puts_it_in_the_nav_under_its_title():
    # nav in mkdocs.yml names no game: the hook reads the registry as a file, in its order.
    assert "games/zweikampf.md" not in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = games_nav.games(ROOT)
    assert [name for name, _ in listed] == GAMES
    for name, title in listed:
        assert engine.RULESETS[name].title.startswith(title) and (DOCS / "games" / f"{name}.md").is_file(), name
    assert listed[:4] == [("master", "Elfer raus! MASTER"), ("classic", "Classic Elfer raus!"),
                          ("junior", "Elfer raus! junior"), ("zweikampf", "Zweikampf")]


def test_the_games_pages_come_after_the_games_index_and_a_page_listed_by_hand_is_refused():
    nav = [{"Home": "index.md"}, {"Games": ["games/index.md", {"Odd": "games/odd.md"}]}, {"Contributing": "c.md"}]
    games_nav.on_config({"config_file_path": str(ROOT / "mkdocs.yml"), "nav": nav})
    section = nav[1]["Games"]
    assert section[:3] == ["games/index.md", {"Elfer raus! MASTER": "games/master.md"},
                           {"Classic Elfer raus!": "games/classic.md"}]
    last, title = games_nav.games(ROOT)[-1]
    assert last == GAMES[-1] and engine.RULESETS[last].title.startswith(title)
    assert section[-2:] == [{title: f"games/{last}.md"}, {"Odd": "games/odd.md"}]
    assert len(section) == 2 + len(GAMES)
    twice = [{"Games": ["games/index.md", {"Mogeln": "games/mogeln.md"}]}]
    with pytest.raises(PluginError, match="lists games/mogeln.md in nav"):
        games_nav.on_config({"config_file_path": str(ROOT / "mkdocs.yml"), "nav": twice})


@pytest.mark.slow
def test_the_built_nav_lists_every_game_under_its_title_in_the_registrys_order(built):
    html = (built / "games" / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<a href="([a-z-]+)/" class="md-nav__link">\s*<span class="md-ellipsis">\s*([^<]*?)\s*</span>', html)
    assert links == [(name, title) for name, title in games_nav.games(ROOT)]
    assert ("ueberall-anschliessen", "Überall anschließen") in links


def test_the_games_overview_links_each_familys_pages_from_the_registry():
    page = type("Page", (), {"file": type("File", (), {"src_uri": "games/index.md"})()})()
    config = {"config_file_path": str(ROOT / "mkdocs.yml")}
    text = games_nav.on_page_markdown("A\n<!-- games: rows -->\nB\n<!-- games: box -->\n", page, config, None)
    assert text.splitlines()[1] == "Pages: [Elfer raus! MASTER](master.md), [Classic Elfer raus!](classic.md), [Elfer raus! junior](junior.md)."
    box = text.splitlines()[3]
    assert box.startswith("Pages: [Zweikampf](zweikampf.md), [Farben sammeln](farben-sammeln.md), ")
    of_the_box = [name for name in GAMES if engine.RULESETS[name].family == "box"]
    assert box.endswith(f"]({of_the_box[-1]}.md).") and box.count("](") == len(of_the_box) >= 8
    assert re.findall(r"\]\(([a-z-]+)\.md\)", box) == of_the_box
    other = type("Page", (), {"file": type("File", (), {"src_uri": "games/master.md"})()})()
    assert games_nav.on_page_markdown("<!-- games: box -->", other, config, None) == "<!-- games: box -->"
