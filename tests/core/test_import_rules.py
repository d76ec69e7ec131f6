"""The package's import rules, read from the source with `ast` (each package's `__init__`
says them in words): the engine packages import no web code, `master` and `rowgames` do
not import each other, and `core` imports neither. And no module imports, however
indirectly, a module that imports it (imports made only for type checking count too):
the rule reads one way, so each module can be read and changed knowing only what it
imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
WEB_LIBRARIES = {"flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs", "orjson",
                 "gunicorn", "yaml", "swagger_ui"}
FORBIDDEN = {
    "core": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.boxgames", "referee.zweikampf", "referee.http",
                             "referee.ratefix", "referee.schwarzer_peter", "referee.engine", "referee.cli"},
    "master": WEB_LIBRARIES | {"referee.rowgames", "referee.http", "referee.engine", "referee.cli"},
    "rowgames": WEB_LIBRARIES | {"referee.master", "referee.http", "referee.engine", "referee.cli"},
    # The box games' shared core, and each box game, import no other game.
    "boxgames": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf",
                                 "referee.hoechste_karte", "referee.ratefix", "referee.schwarzer_peter", "referee.http", "referee.engine", "referee.cli"},
    "zweikampf": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.hoechste_karte",
                                  "referee.http", "referee.engine", "referee.cli"},
    "farben_sammeln": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf",
                                       "referee.ueberall_anschliessen", "referee.http", "referee.engine", "referee.cli"},
    "ueberall_anschliessen": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf",
                                              "referee.farben_sammeln", "referee.http", "referee.engine", "referee.cli"},
    "hoechste_karte": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf",
                                       "referee.farben_sammeln", "referee.ueberall_anschliessen",
                                       "referee.http", "referee.engine", "referee.cli"},
    "ratefix": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf", "referee.schwarzer_peter",
                                "referee.http", "referee.engine", "referee.cli"},
    "schwarzer_peter": WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf", "referee.ratefix",
                                        "referee.http", "referee.engine", "referee.cli"},
    # The drawing reads a state's wire form only, so that it never depends on an engine.
    "pictures": WEB_LIBRARIES | {"referee.core", "referee.master", "referee.rowgames", "referee.http",
                                 "referee.engine", "referee.cli"},
}
FORBIDDEN["mogeln"] = WEB_LIBRARIES | {"referee.master", "referee.rowgames", "referee.zweikampf",
                                      "referee.farben_sammeln", "referee.ueberall_anschliessen",
                                      "referee.hoechste_karte", "referee.http", "referee.engine", "referee.cli"}
FORBIDDEN["boxgames"] |= {"referee.farben_sammeln", "referee.ueberall_anschliessen", "referee.mogeln"}
for game in ("zweikampf", "farben_sammeln", "ueberall_anschliessen", "hoechste_karte"):
    FORBIDDEN[game] |= {"referee.mogeln"}


def import_statements(path: Path, root: Path = PACKAGE.parent) -> list[tuple[str, list[str]]]:
    """Each import of a file (also under `if TYPE_CHECKING:`) as the module it names and
    the names it takes from it (none for `import x`), relative imports resolved to
    dotted names from `root` (`referee.…`)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((module, [alias.name for alias in node.names]))
    return found


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, and every `module.name` it takes from one."""
    found: set[str] = set()
    for module, names in import_statements(path):
        found.add(module)
        found.update(f"{module}.{name}" for name in names)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports.

    `from . import play` leads to the module `play`, not to the package: the package's
    `__init__` is loaded first in any case, and is not what the import asks for.
    """
    root = package.parent
    paths = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        targets: set[str] = set()
        for module, names in import_statements(path, root):
            submodules = {f"{module}.{n}" for n in names if f"{module}.{n}" in paths}
            targets |= submodules
            if len(submodules) < len(names) or not names:
                targets.add(module)
        graph[name] = {m for m in targets if m in paths and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others
    (the strongly connected components larger than one module), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


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


def test_no_module_imports_a_module_that_imports_it():
    assert circles(import_graph(PACKAGE)) == []


def test_the_rules_turns_are_listed_by_their_legal_modules_not_the_other_way_round():
    graph = import_graph(PACKAGE)
    assert "referee.master.turn" in graph["referee.master.legal"]
    assert "referee.master.legal" not in graph["referee.master.turn"]
    assert "referee.rowgames.turn" in graph["referee.rowgames.legal"]
    assert "referee.rowgames.legal" not in graph["referee.rowgames.turn"]
    assert "referee.rowgames.variant" in graph["referee.rowgames.state"]
    assert "referee.rowgames.state" not in graph["referee.rowgames.variant"]


def test_a_circle_through_a_type_checking_import_is_found(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text('"""A package."""\n')
    (package / "turn.py").write_text("from .legal import next_actions\n")
    (package / "legal.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .turn import Turn\n"
    )
    (package / "deal.py").write_text("from . import turn\n")
    assert circles(import_graph(package)) == [["game.legal", "game.turn"]]


def test_a_circle_through_several_modules_is_one_group():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
