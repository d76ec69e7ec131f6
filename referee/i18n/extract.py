"""The catalogue templates (`locales/<domain>.pot`), written the same way every time, and
Babel extractors for the texts no `_()` call marks, named in babel.cfg.

`python -m referee.i18n.extract` (from the repository's root) writes both templates from
the sources: sorted by message, without locations or a dated header, so the templates
change only when a text does (`tests/i18n/test_templates.py` holds the committed ones to
it). Then `referee.i18n.update` appends their new messages to the catalogues (see `referee.i18n`).

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
import sys
import tomllib
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import write_po

from .message import EXTRACT_KEYWORDS

#: The repository's root, where `babel.cfg` and `babel-pages.cfg` say what each domain reads.
ROOT = Path(__file__).resolve().parents[2]
#: Each domain's Babel configuration, relative to the root.
CONFIGS = {"messages": "babel.cfg", "pages": "babel-pages.cfg"}


def template_path(domain: str, root: Path = ROOT) -> Path:
    return root / "referee" / "i18n" / "locales" / f"{domain}.pot"


def template(domain: str, root: Path = ROOT) -> bytes:
    """The `.pot` of `domain` as extracted from the sources under `root`: every message
    once, sorted, with the extractors' comments for translators, and no header, no
    locations and no date, which would change with every run."""
    with open(root / CONFIGS[domain], encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(domain=domain, charset="utf-8")
    keywords = {**DEFAULT_KEYWORDS, **EXTRACT_KEYWORDS}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, keywords=keywords):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    written = BytesIO()
    write_po(written, catalog, omit_header=True, no_location=True, sort_output=True)
    return written.getvalue()


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    """Write both templates of the sources under `root`; with `--check`, only say which
    differ (exit status 1)."""
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    stale = []
    for domain in CONFIGS:
        fresh, path = template(domain, root), template_path(domain, root)
        if path.read_bytes() != fresh:
            stale.append(path)
            if not check:
                path.write_bytes(fresh)
    for path in stale:
        print(f"{path}: {'differs from the sources' if check else 'written'}")
    return 1 if check and stale else 0


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


if __name__ == "__main__":
    raise SystemExit(main())
