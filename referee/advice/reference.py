"""The project's own rules reference, built from the rule catalogue in any language.

One source of truth: every rule's code, title and text come from `core.codes` (through
the `messages` catalogue), the check order from each ruleset's code list, each game's
title, summary and readings from its ruleset (`referee/games/<name>/texts.toml`), and only
the few paragraphs around them live here. The same reference is served as the /rules
page (`http/pages.py`) and written as the Markdown documents in `docs/rules/` by

    python -m referee.advice.reference docs/rules

(a test checks that the committed documents are what this module writes).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ..engine import RULESETS
from ..i18n import LANGUAGES, N_, Translator

TITLE = N_("The rules as the referee applies them")
INTRO = N_(
    "Every rule the referee enforces, the code it reports when a turn breaks it, and the "
    "order in which it checks them: the first check that fails is the one reported. "
    "Actions are counted from 0. Every code is also served as data under /v1/rules."
)
NOTATION_TITLE = N_("Cards and slots")
NOTATION = N_(
    "A card is written as its colour letter and its value: R7 is the red 7, B21 the blue "
    "21, J a joker. A slot, the place of one card in its row, is named like its card. The "
    "colour letters are R red, O orange, Y yellow, G green and B blue."
)
CHECKS_TITLE = N_("The checks, in the order the referee makes them")
#: Each game's page in the documentation (docs/games/<name>.md): its set-up, its turn and
#: a tested request for every code. The documents link the Markdown file; the /rules page
#: links the page where the documentation site serves it.
GAME_PAGE = N_("The game's page, with an example of every code (in English)")
GAME_PAGE_URL = "/guide/games/{name}/"
DECISIONS_TITLE = N_("Where the printed rules leave room")
#: The readings every game shares; each game's own are its ruleset's `readings`.
READINGS = (
    N_("For a hand the referee cannot see, a card is accepted unless it is visible elsewhere; what cannot be checked is listed as unchecked."),
)


def readings() -> list[str]:
    """Every game's readings in the registry's order, each once, then those all share."""
    return list(dict.fromkeys(r for ruleset in RULESETS.values() for r in ruleset.readings)) + list(READINGS)


def reference(language: str) -> dict[str, Any]:
    """The whole reference in `language`, as data for a page or a document."""
    texts = Translator(language)
    return {
        "language": texts.language,
        "title": texts.gettext(TITLE),
        "intro": texts.gettext(INTRO),
        "notation_title": texts.gettext(NOTATION_TITLE),
        "notation": texts.gettext(NOTATION),
        "checks_title": texts.gettext(CHECKS_TITLE),
        "page_text": texts.gettext(GAME_PAGE),
        "rulesets": [
            {
                "name": name,
                "title": texts.gettext(ruleset.title),
                "summary": texts.gettext(ruleset.summary),
                "page": GAME_PAGE_URL.format(name=name),
                "checks": [
                    {"code": code.value, "title": texts.gettext(code.title),
                     "description": texts.gettext(code.description)}
                    for code in ruleset.codes
                ],
            }
            for name, ruleset in RULESETS.items()
        ],
        "decisions_title": texts.gettext(DECISIONS_TITLE),
        "decisions": [texts.gettext(d) for d in readings()],
        "languages": LANGUAGES,
    }


def markdown(language: str) -> str:
    """The reference as a Markdown document."""
    ref = reference(language)
    lines = [f"# {ref['title']}", "", ref["intro"], "",
             "[" + " · ".join(f"{code}" if code == ref["language"] else f"[{code}](RULES.{code}.md)"
                              for code in LANGUAGES) + "]", "",
             f"## {ref['notation_title']}", "", ref["notation"], ""]
    for ruleset in ref["rulesets"]:
        lines += [f"## {ruleset['title']} (`{ruleset['name']}`)", "", ruleset["summary"], "",
                  f"[{ref['page_text']}](../games/{ruleset['name']}.md)", "",
                  f"### {ref['checks_title']}", ""]
        for number, check in enumerate(ruleset["checks"], 1):
            lines.append(f"{number}. **`{check['code']}`** — {check['title']}. {check['description']}")
        lines.append("")
    lines += [f"## {ref['decisions_title']}", ""]
    lines += [f"- {d}" for d in ref["decisions"]]
    return "\n".join(lines) + "\n"


def write(folder: str) -> list[Path]:
    """Write RULES.<lang>.md for every language into `folder`; the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for language in LANGUAGES:
        path = out / f"RULES.{language}.md"
        path.write_text(markdown(language), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "docs/rules"):
        print(path)
