"""The action and observation encodings of every ruleset, as the tables of the "Game AI"
guide (docs/howto/game-ai.md), written from the code so that they cannot drift:

    python -m referee.ai.tables docs/howto/game-ai.md

rewrites the part of the page between its two markers; `tests/ai/test_tables.py` fails
while the page differs. The tables are for each ruleset's default options and fewest
seats (other options and seats change the counts, not the rules of the encoding).
"""

from __future__ import annotations

import json
import re
import sys
from itertools import groupby
from pathlib import Path

from .. import engine
from .observe import Layout
from .table import Table

BEGIN = "<!-- encodings: written by python -m referee.ai.tables -->"
END = "<!-- encodings: end -->"

#: What a feature of each kind holds (its name's ending, as `observe` names them).
KINDS = (
    ("#size", "how many cards lie there (a count where the seat cannot see them)"),
    ("#len", "how many entries the list has"),
    ("#null", "1 where the member is null"),
    (":", "how many of that card lie there, where the seat sees them"),
    ("=", "1 where the list holds that value, or the member is that word"),
)


def seats(name: str) -> int:
    return max(2, engine.RULESETS[name].min_players)


def action_rows(name: str) -> list[str]:
    """The action space of a ruleset: runs of entries of one shape."""
    entries = Table.new(name, seats(name), 0).space.entries
    rows = []
    index = 0
    for (kind, members), run in groupby(entries, key=lambda e: (e["type"], tuple(sorted(e)))):
        run = list(run)
        first, last = index, index + len(run) - 1
        where = f"{first}" if first == last else f"{first}–{last}"
        example = _wire(run[0]) if len(run) == 1 else f"{_wire(run[0])} … {_wire(run[-1])}"
        rows.append(f"| {where} | {example} |")
        index += len(run)
    rows.append(f"| {len(entries)} | `{{\"type\": \"wait\"}}` (PettingZoo only) |")
    return rows


def _wire(entry: dict) -> str:
    return "`" + json.dumps(entry) + "`"


def _pattern(name: str) -> str:
    """A feature's name with its record index, card and value made placeholders."""
    name = re.sub(r"\[(\d+)\]", r"[i]", name)
    name = re.sub(r":[A-Z]\d*$", ":<card>", name)
    name = re.sub(r"=(.*)$", "=<v>", name)
    return name


def observation_rows(name: str) -> list[str]:
    """The observation of a ruleset: its features by pattern (a record index as `[i]`, a
    card as `<card>`, a value or word as `<v>`), with how many there are and where the
    first lies (`layout.index` has every feature's place)."""
    layout = Layout.of(name, seats(name))
    found: dict[str, list[int]] = {}
    for index, feature in enumerate(layout.names):
        found.setdefault(_pattern(feature), []).append(index)
    return [f"| `{pattern}` | {len(places)} | {places[0]} | {_meaning(pattern)} |"
            for pattern, places in found.items()]


def _meaning(pattern: str) -> str:
    if pattern.startswith("me="):
        return "1 at the observing seat"
    if pattern.startswith("taken="):
        return "1 for each entry taken in the turn being built"
    if pattern.startswith("turned up:"):
        return "the cards the turn being built turned up"
    for ending, meaning in KINDS:
        if ending in pattern:
            return meaning
    return "the number (true: 1, false: 0)"


def tables() -> str:
    """The generated part of the page."""
    lines = [BEGIN, ""]
    for name in engine.RULESETS:
        rules = engine.RULESETS[name]
        layout = Layout.of(name, seats(name))
        size = len(Table.new(name, seats(name), 0).space) + 1
        lines += [
            f"### {rules.title} (`{name}`)",
            "",
            f"{seats(name)} seats, default options: {size} actions, {layout.size} observation features.",
            "",
            "| action | entries (wire form) |",
            "|---|---|",
            *action_rows(name),
            "",
            "| feature | how many | first at | what it holds |",
            "|---|---|---|---|",
            *observation_rows(name),
            "",
        ]
    return "\n".join(lines + [END])


def rewrite(page: Path) -> None:
    text = page.read_text()
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    page.write_text(head + tables() + tail)


if __name__ == "__main__":
    rewrite(Path(sys.argv[1]))
