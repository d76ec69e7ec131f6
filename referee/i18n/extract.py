"""A Babel extractor for the rule catalogue, named in babel.cfg.

The catalogue (`referee/core/codes.py`) declares each code as a tuple of its value,
title and rule text; no `_()` call marks them. This extractor reads that file's syntax
tree (it imports nothing) and hands every title and rule text to `pybabel extract`,
with the code as a comment for translators, so the catalogue stays the one source.
"""

from __future__ import annotations

import ast
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
