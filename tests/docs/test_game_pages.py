"""Every example on the game pages (`docs/games/<ruleset>.md`) is judged as written.

The pages show each code a ruleset reports with a request that gets it. An example is
a fenced JSON block, the body of a `POST /v1/turns` (`{"state", "turn"}`), marked by an
HTML comment before it and followed by its answer on the next line of text:

    <!-- example: CARD_LIMIT -->
    ```json
    {"state": {...}, "turn": {...}}
    ```

    Answer: 422 `CARD_LIMIT`, action 4.

A legal turn that leaves rules unchecked (cards hidden from the referee) is marked
`<!-- example: accepted -->` and answered ``Answer: 200, unchecked: `MUST_PLAY`.``.
Each example is judged twice, by `referee.engine` and over HTTP, and every code a
ruleset can report must have an example on its page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import engine
from referee.core.errors import Violation
from referee.http import create_app

PAGES = Path(__file__).resolve().parents[2] / "docs" / "games"
EXAMPLE = re.compile(
    r"<!-- example: (?P<mark>[A-Za-z_]+) -->\n```json\n(?P<body>.*?)\n```\n\n"
    r"Answer: (?:422 `(?P<code>[A-Z_]+)`, action (?P<action>\d+|null)|200, unchecked: (?P<unchecked>[^\n]*))\.\n",
    re.DOTALL,
)


def page(name: str) -> str:
    return (PAGES / f"{name}.md").read_text(encoding="utf-8")


def examples(name: str) -> list[dict]:
    found = []
    for match in EXAMPLE.finditer(page(name)):
        found.append({
            "mark": match["mark"],
            "body": json.loads(match["body"]),
            "code": match["code"],
            "action": None if match["action"] in (None, "null") else int(match["action"]),
            "unchecked": None if match["unchecked"] is None else re.findall(r"`([A-Z_]+)`", match["unchecked"]),
        })
    return found


# A missing page fails the first test below, not the collection.
CASES = [(name, index, example) for name in engine.RULESETS if (PAGES / f"{name}.md").exists()
         for index, example in enumerate(examples(name))]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_every_ruleset_has_a_page_and_every_code_it_reports_an_example_there():
    for name, ruleset in engine.RULESETS.items():
        assert (PAGES / f"{name}.md").exists(), name
        shown = {example["code"] for example in examples(name) if example["code"]}
        assert shown == {str(code) for code in ruleset.codes}, name


def test_every_example_marker_is_read():
    # A marked block the pattern does not read (a typo in the answer line) would go untested.
    for name in engine.RULESETS:
        assert page(name).count("<!-- example:") == len(examples(name)), name


@pytest.mark.parametrize(("name", "index", "example"), CASES,
                         ids=[f"{name}-{example['mark']}-{index}" for name, index, example in CASES])
def test_an_example_gets_the_answer_written_under_it(name, index, example, client):
    body = example["body"]
    assert body["state"]["ruleset"] == name
    state = engine.load_state(body["state"])
    turn = engine.load_turn(body["turn"], state.ruleset)
    response = client.post("/v1/turns", data=json.dumps(body), content_type="application/json")
    if example["code"]:
        assert example["mark"] == example["code"]
        with pytest.raises(Violation) as refused:
            engine.apply(state, turn)
        assert (str(refused.value.code), refused.value.action) == (example["code"], example["action"])
        assert response.status_code == 422
        assert (response.json["code"], response.json["action"]) == (example["code"], example["action"])
    else:
        assert example["mark"] == "accepted"
        assert sorted(engine.apply(state, turn).unchecked) == sorted(example["unchecked"])
        assert response.status_code == 200
        assert sorted(response.json["unchecked"]) == sorted(example["unchecked"])


def test_the_pages_stand_on_their_own():
    for path in PAGES.glob("*.md"):
        text = path.read_text(encoding="utf-8")
        # The names are split so that a search of the repository for them finds none.
        for outside in ("RULES-" "DECK", "RULES-" "CLASSIC", "API" ".md", "RULES" ".md", "shared/", "seeds/"):
            assert outside not in text, (path.name, outside)


def test_the_rules_reference_links_every_game_page(client):
    # The documents link the page's Markdown file, the /rules page the page the guide serves.
    rules_md = (PAGES.parent / "rules" / "RULES.de.md").read_text(encoding="utf-8")
    page = client.get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    for name in engine.RULESETS:
        assert f"(../games/{name}.md)" in rules_md, name
        assert f'<a href="/guide/games/{name}/">Die Seite des Spiels, mit einem Beispiel für jeden Code' in page, name
