"""Babel extractors for the texts no `_()` call marks, named in babel.cfg.

- The rule catalogue (`referee/core/codes.py`) declares each code as a tuple of its
  value, title and rule text. `extract_rule_catalogue` reads that file's syntax tree (it
  imports nothing) and hands every title and rule text to `pybabel extract`, with the
  code as a comment for translators, so the catalogue stays the one source.
- A game's words are its folder's `texts.toml` (`referee/core/texts.py`).
  `extract_game_texts` hands every text but the description (English, for the contract)
  to `pybabel extract`, with its key as a comment.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from typing import Any


def extract_rule_catalogue(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ClassDef) and node.name == "Code"):
            continue
        for statement in node.body:
            if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple)):
                continue
            parts = statement.value.elts
            if len(parts) != 3 or not all(isinstance(p, ast.Constant) for p in parts):
                continue
            code, title, description = (p.value for p in parts)
            yield parts[1].lineno, "gettext", title, [f"title of rule {code}"]
            yield parts[2].lineno, "gettext", description, [f"rule text of {code}"]


def extract_game_texts(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    source = fileobj.read().decode("utf-8")
    data = tomllib.loads(source)
    lines = source.splitlines()

    def line_of(key: str) -> int:
        """The line a key starts on (the catalogues keep no locations; this is for
        `pybabel extract` with locations on)."""
        return next((n for n, line in enumerate(lines, 1) if line.startswith(f"{key} =")), 1)

    for key in ("title", "summary", "turn_shape"):
        if key in data:
            yield line_of(key), "gettext", data[key], [f"game text: {key}"]
    for reading in data.get("readings", ()):
        yield line_of("readings"), "gettext", reading, ["game text: a reading"]
    for code, hint in data.get("hints", {}).items():
        yield line_of(code), "gettext", hint, [f"game text: the hint for {code}"]
