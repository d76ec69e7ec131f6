"""The package's import rules, read from the source with `ast` (`referee/games/__init__.py`
says them in words):

- a game imports its family, `referee.core`, `referee.i18n` and the standard library:
  never another game, the registry, the infrastructure, or any web, schema or serializer
  library;
- a family imports `referee.core` and `referee.i18n` only, and `core` imports `i18n` only;
- the infrastructure (everything else but the registry, `referee/games/__init__.py`)
  never names a game: not in an import, and not by its ruleset's name in a string;
- no module imports, however indirectly, a module that imports it (imports made only for
  type checking count too): the rule reads one way, so each module can be read and
  changed knowing only what it imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.engine import RULESETS

PACKAGE = Path(__file__).resolve().parents[2] / "referee"
WEB_LIBRARIES = {"flask", "werkzeug", "marshmallow", "jsonschema", "jsonschema_rs", "orjson",
                 "gunicorn", "yaml", "swagger_ui"}
GAMES = sorted(path.name for path in (PACKAGE / "games").iterdir() if (path / "__init__.py").exists())
FAMILIES = sorted(path.name for path in (PACKAGE / "families").iterdir() if (path / "__init__.py").exists())
ENGINE_BASE = {"referee.core", "referee.i18n"}


def allowed_for_game(game: str) -> set[str]:
    """What a game's modules may import from the package: its own folder, its family,
    `core` and `i18n`."""
    family = RULESETS.find(game.replace("_", "-")).family
    return ENGINE_BASE | {f"referee.games.{game}", f"referee.families.{family}"}


def package_imports(path: Path) -> set[str]:
    """The modules of `referee` (and the web libraries) a file imports."""
    return {m for m in imported_modules(path)
            if m == "referee" or m.startswith("referee.") or within(m, WEB_LIBRARIES)}


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


def within(module: str, names: set[str]) -> bool:
    """`module` is one of `names` or inside one of them."""
    return any(module == n or module.startswith(n + ".") for n in names)


def offenders(folder: Path, allowed: set[str]) -> set[str]:
    return {
        f"{path.relative_to(PACKAGE.parent)} imports {module}"
        for path in sorted(folder.rglob("*.py"))
        for module in package_imports(path)
        if not within(module, allowed)
    }


def test_the_rules_list_every_game_and_family():
    assert GAMES == sorted(name.replace("-", "_") for name in RULESETS)
    assert FAMILIES == ["box", "rows"]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_its_family_core_and_i18n(game):
    assert offenders(PACKAGE / "games" / game, allowed_for_game(game)) == set()


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_imports_only_core_and_i18n(family):
    assert offenders(PACKAGE / "families" / family, ENGINE_BASE | {f"referee.families.{family}"}) == set()


def test_core_imports_only_i18n():
    assert offenders(PACKAGE / "core", ENGINE_BASE) == set()


def infrastructure() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py")
                  if not path.is_relative_to(PACKAGE / "games") and not path.is_relative_to(PACKAGE / "families"))


def test_the_infrastructure_imports_no_game():
    found = {f"{path.relative_to(PACKAGE.parent)} imports {module}"
             for path in infrastructure() for module in package_imports(path)
             if any(within(module, {f"referee.games.{game}"}) for game in GAMES)}
    assert found == set()


def test_the_infrastructure_names_no_game_in_a_string():
    names = set(RULESETS)
    found = {f"{path.relative_to(PACKAGE.parent)}:{node.lineno} names {node.value!r}"
             for path in infrastructure()
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and node.value in names}
    assert found == set()


def test_the_engine_face_imports_no_web_code():
    found = {m for m in imported_modules(PACKAGE / "engine.py")
             if within(m, WEB_LIBRARIES | {"referee.http", "referee.cli"})}
    assert found == set()


@pytest.mark.parametrize("module", sorted(p.name for p in (PACKAGE / "sealed").glob("*.py")))
def test_sealed_games_import_no_web_code(module):
    # Sealed games are a service the web layer calls (`referee/sealed/service.py`).
    found = {m for m in imported_modules(PACKAGE / "sealed" / module)
             if within(m, {"flask", "werkzeug", "referee.http", "referee.cli"})}
    assert found == set()


def test_the_rule_reader_resolves_relative_imports():
    # The checks above are only as good as this reading of `from ...core.cards import JOKER`.
    modules = imported_modules(PACKAGE / "games" / "master" / "turn.py")
    assert {"referee.core.cards", "referee.games.master.facts"} <= modules
    assert within("referee.families.box.turn", allowed_for_game("zweikampf"))
    assert not within("referee.families.rows.turn", allowed_for_game("zweikampf"))
    assert not within("referee.games.ratefix.turn", allowed_for_game("mogeln"))
    assert not within("referee.engine", allowed_for_game("master"))


def test_no_module_imports_a_module_that_imports_it():
    assert circles(import_graph(PACKAGE)) == []


def test_the_rules_turns_are_listed_by_their_legal_modules_not_the_other_way_round():
    graph = import_graph(PACKAGE)
    assert "referee.games.master.turn" in graph["referee.games.master.legal"]
    assert "referee.games.master.legal" not in graph["referee.games.master.turn"]
    assert "referee.families.rows.turn" in graph["referee.families.rows.legal"]
    assert "referee.families.rows.legal" not in graph["referee.families.rows.turn"]
    assert "referee.families.rows.variant" in graph["referee.families.rows.state"]
    assert "referee.families.rows.state" not in graph["referee.families.rows.variant"]


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
