"""The project's own rules reference: the documents in docs/rules and the /rules pages,
both built from the rule catalogue, in four languages, linked from / and /docs."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from referee.core.codes import Code
from referee.http import create_app
from referee.i18n import LANGUAGES
from referee.advice.reference import markdown

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_documents_are_what_the_catalogue_writes(language):
    committed = (ROOT / "docs" / "rules" / f"RULES.{language}.md").read_text(encoding="utf-8")
    assert committed == markdown(language), "run: python -m referee.advice.reference docs/rules"


@pytest.mark.parametrize(
    ("language", "title", "not_adjacent"),
    [
        ("en", "The rules as the referee applies them", "The card must touch the layout"),
        ("de", "Die Regeln, wie der Schiedsrichter sie anwendet", "Die Karte muss anschließen"),
        ("fr", "Les règles telles que l'arbitre les applique", "La carte doit toucher les cartes posées"),
        ("it", "Le regole come le applica l'arbitro", "La carta deve attaccarsi a quelle sul tavolo"),
    ],
)
def test_the_rules_page_lists_every_check_in_the_language(client, language, title, not_adjacent):
    page = client.get("/rules", headers={"Accept-Language": language})
    assert page.status_code == 200
    assert page.headers["Content-Language"] == language
    html = page.get_data(as_text=True)
    assert f"<h1>{title}</h1>" in html.replace("&#39;", "'")
    assert not_adjacent in html.replace("&#39;", "'")
    listed = set(re.findall(r'data-code="([A-Z_]+)"', html))
    assert listed == {code.value for code in Code}


def test_the_rules_page_is_linked_from_home_and_docs(client):
    assert 'href="/rules?lang=de"' in client.get("/?lang=de").get_data(as_text=True)
    assert 'href="/rules"' in client.get("/docs").get_data(as_text=True)


def test_nothing_in_the_project_points_outside_it():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    outside = [name for name in tracked
               if not name.startswith("tests/") and (ROOT / name).is_file()
               and "../shared" in (ROOT / name).read_text(encoding="utf-8", errors="ignore")]
    assert outside == []
