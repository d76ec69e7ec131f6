"""`python -m referee.regenerate [--check]`: every file derived from the games, written
again in one command, in the order each needs the one before:

1. the contract, `schemas/` and `openapi.yaml` (`referee.contract_gen`);
2. the catalogue templates, `referee/i18n/locales/*.pot` (`referee.i18n.extract`);
3. the catalogues, each message new in a template appended with an empty translation,
   nothing else rewritten (`referee.i18n.update`);
4. the rules reference, `docs/rules/RULES.<lang>.md` (`referee.advice.reference`);
5. the game-AI tables of `docs/howto/game-ai.md` (`referee.ai.tables`).

With `--check` nothing is written: it names each file that differs from what would be
written and exits 1. After `referee new-game NAME` (docs/contributing.md, "Adding a game")
this is the one command to run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

#: The repository's root, where the package is run from its checkout (an editable install).
ROOT = Path(__file__).resolve().parents[1]


def checkout() -> Path:
    """The repository to write into: the current folder when it is a checkout of this
    project (it holds `openapi.yaml` and `referee/games/`), as when the command is run in
    one with the package installed elsewhere; else the folder the package lies in."""
    here = Path.cwd()
    return here if (here / "openapi.yaml").is_file() and (here / "referee" / "games").is_dir() else ROOT


def contract(root: Path) -> dict[Path, str | bytes]:
    from .contract_gen import generated
    return dict(generated(root))


def templates(root: Path) -> dict[Path, str | bytes]:
    from .i18n.extract import CONFIGS, template, template_path
    return {template_path(domain, root): template(domain, root) for domain in CONFIGS}


def catalogues(root: Path) -> dict[Path, str | bytes]:
    from .i18n.update import fresh
    return dict(fresh(root))


def rules_reference(root: Path) -> dict[Path, str | bytes]:
    from .advice.reference import LANGUAGES, markdown
    return {root / "docs" / "rules" / f"RULES.{language}.md": markdown(language) for language in LANGUAGES}


def ai_tables(root: Path) -> dict[Path, str | bytes]:
    from .ai.tables import BEGIN, END, tables
    page = root / "docs" / "howto" / "game-ai.md"
    head, _, rest = page.read_text(encoding="utf-8").partition(BEGIN)
    _, _, tail = rest.partition(END)
    return {page: head + tables() + tail}


#: Each step's name and what it would write, in order: a later step reads what an earlier
#: one wrote (the catalogues read the templates).
STEPS: tuple[tuple[str, Callable[[Path], dict[Path, str | bytes]]], ...] = (
    ("referee.contract_gen", contract), ("referee.i18n.extract", templates), ("referee.i18n.update", catalogues),
    ("referee.advice.reference", rules_reference), ("referee.ai.tables", ai_tables))


def differs(path: Path, content: str | bytes) -> bool:
    if not path.is_file():
        return True
    return path.read_bytes() != (content if isinstance(content, bytes) else content.encode("utf-8"))


def run(root: Path = ROOT, check: bool = False, out=None) -> list[Path]:
    """Write (or with `check`, only compare) every derived file; the files that differed."""
    out = out or sys.stdout
    changed = []
    for name, step in STEPS:
        for path, content in step(root).items():
            if not differs(path, content):
                continue
            changed.append(path)
            if check:
                print(f"{path.relative_to(root)} is out of date ({name})", file=out)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            if not check:
                print(f"wrote {path.relative_to(root)} ({name})", file=out)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m referee.regenerate",
                                     description="Write every file derived from the games again.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    parser.add_argument("--root", type=Path, default=None,
                        help="the repository's root (default: the current folder when it is a checkout)")
    args = parser.parse_args(argv)
    args.root = args.root or checkout()
    changed = run(args.root, args.check)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
