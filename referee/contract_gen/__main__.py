"""`python -m referee.contract_gen --write | --check`: see the package's docstring."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import REPOSITORY, generated, stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m referee.contract_gen",
                                     description="Write schemas/ and openapi.yaml from the games' declarations.")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="rewrite the generated files")
    action.add_argument("--check", action="store_true", help="exit 1 if a generated file is out of date")
    # An installed package does not sit in the repository: name the checkout to work on.
    parser.add_argument("--root", type=Path, default=REPOSITORY, help="the repository's root")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale(args.root)
        for path in out_of_date:
            print(f"{path.relative_to(args.root)} is out of date: run python -m referee.contract_gen --write",
                  file=sys.stderr)
        return 1 if out_of_date else 0
    for path, text in generated(args.root).items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
