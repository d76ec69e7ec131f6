"""MkDocs hook (named in `mkdocs.yml`): the games' pages in `nav`, from the registry.

`nav` in `mkdocs.yml` holds the games' section with its first page alone
(`games/index.md`); this hook puts after it the page of every game in the registry
(`GAMES` in `referee/games/__init__.py`), in the registry's order: `games/<name>.md`
under the game's title (the `title` of its folder's `texts.toml`, without the
parenthesis that says its players and cards, which its page says). A new game's page is
in the guide with no line in `mkdocs.yml`. The games' overview page links them too: its
lines `<!-- games: rows -->` and `<!-- games: box -->` become the list of that family's
pages (a game is of the box family when its ruleset builds on `families.box`).

The registry is read as a file, not imported (its imports `from .<folder>.ruleset
import <Class>` and the classes listed in `GAMES = Registry([...])`), like `hooks.py`
reads the rule catalogue: the build needs none of the service's dependencies.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

#: The page after which the games' pages come, in the section that lists it.
INDEX = "games/index.md"


def on_config(config: Any) -> Any:
    root = Path(config["config_file_path"]).parent
    section = games_section(config["nav"] or [])
    listed = {page for entry in section if isinstance(entry, dict) for page in entry.values()}
    entries = [{title: f"games/{name}.md"} for name, title in games(root)]
    twice = sorted(page for entry in entries for page in entry.values() if page in listed)
    if twice:
        # One place says which games there are: a page listed by hand would come twice.
        raise PluginError(f"mkdocs.yml lists {', '.join(twice)} in nav; the registry puts every game's page there")
    at = section.index(INDEX) + 1
    section[at:at] = entries
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri != INDEX:
        return markdown
    root = Path(config["config_file_path"]).parent
    for family in ("rows", "box"):
        marker = f"<!-- games: {family} -->"
        links = ", ".join(f"[{title}]({name}.md)" for name, title in games(root, family))
        markdown = markdown.replace(marker, f"Pages: {links}.")
    return markdown


def games_section(nav: list) -> list:
    """The list in `nav` that holds the games' first page."""
    if INDEX in nav:
        return nav
    for entry in nav:
        for value in entry.values() if isinstance(entry, dict) else ():
            if isinstance(value, list):
                try:
                    return games_section(value)
                except LookupError:
                    pass
    raise LookupError(f"nav in mkdocs.yml has no {INDEX} to put the games' pages after")


def games(root: Path, family: str | None = None) -> list[tuple[str, str]]:
    """Every game of the registry at `root` (of `family`, "rows" or "box", when given), in
    its order: its name and its title for nav."""
    games_dir = root / "referee" / "games"
    folders = registry_folders((games_dir / "__init__.py").read_text(encoding="utf-8"))
    out = []
    for folder in folders:
        if family and f"families.{family}." not in (games_dir / folder / "ruleset.py").read_text(encoding="utf-8"):
            continue
        texts = tomllib.loads((games_dir / folder / "texts.toml").read_text(encoding="utf-8"))
        out.append((folder.replace("_", "-"), texts["title"].split(" (")[0]))
    return out


def registry_folders(source: str) -> list[str]:
    """The folders of the rulesets listed in `GAMES = Registry([...])`, in their order."""
    tree = ast.parse(source)
    folder_of = {alias.asname or alias.name: node.module.split(".")[0]
                 for node in tree.body
                 if isinstance(node, ast.ImportFrom) and node.level == 1 and (node.module or "").endswith(".ruleset")
                 for alias in node.names}
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        if isinstance(target, ast.Name) and target.id == "GAMES":
            listed = node.value.args[0].elts  # type: ignore[union-attr]
            return [folder_of[call.func.id] for call in listed]
    raise LookupError("the registry has no GAMES = Registry([...])")
