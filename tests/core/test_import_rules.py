"""The package's import rules, read from the source with `ast` (each package's `__init__`
says them in words): the engine packages import no web code, `master` and `rowgames` do
not import each other, and `core` imports neither."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
WEB_LIBRARIES = {"flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs", "orjson",
                 "gunicorn", "yaml", "swagger_ui"}
FORBIDDEN = {
    "core": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.http",
                             "referee.engine", "referee.cli"},
    "master": WEB_LIBRARIES | {"referee.rowgames", "referee.http", "referee.engine", "referee.cli"},
    "rowgames": WEB_LIBRARIES | {"referee.master", "referee.http", "referee.engine", "referee.cli"},
    # The drawing reads a state's wire form only, so that it never depends on an engine.
    "pictures": WEB_LIBRARIES | {"referee.core", "referee.master", "referee.rowgames", "referee.http",
                                 "referee.engine", "referee.cli"},
}


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved to `referee.…` names."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def breaks(module: str, forbidden: set[str]) -> bool:
    return any(module == f or module.startswith(f + ".") for f in forbidden)


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_an_engine_package_imports_only_what_its_docstring_allows(package):
    offenders = {
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in sorted((PACKAGE / package).rglob("*.py"))
        for module in imported_modules(path)
        if breaks(module, FORBIDDEN[package])
    }
    assert offenders == set()


def test_the_engine_face_imports_no_web_code():
    offenders = {m for m in imported_modules(PACKAGE / "engine.py")
                 if breaks(m, WEB_LIBRARIES | {"referee.http", "referee.cli"})}
    assert offenders == set()


def test_the_rule_reader_resolves_relative_imports():
    # The check above is only as good as this reading of `from ..core.cards import JOKER`.
    modules = imported_modules(PACKAGE / "master" / "turn.py")
    assert {"referee.core.cards", "referee.master.facts"} <= modules
    assert breaks("referee.rowgames.turn", FORBIDDEN["master"])
