"""The bundled contract: `schemas/*.json` written into `openapi.yaml`'s `components/schemas`.

The schema files are the source: one file per request, answer or shared shape, each
with its parts under `$defs`, referring to each other by file name (`"card.json"`,
`"state.json#/$defs/ClassicOptions"`). Generators want one document without external
references, so `openapi.yaml` carries every schema again under `components/schemas`:

- a file becomes the component named after it in PascalCase (`turn-request.json` is
  `TurnRequest`), and each of its `$defs` the component of the same name (the names
  are unique across the files, so `state.json#/$defs/MasterState` is `MasterState`);
- every `$ref` and discriminator mapping is rewritten to `#/components/schemas/<Name>`;
- `$schema`, `$id` and `$defs` are dropped (OpenAPI 3.1's schemas are JSON Schema
  2020-12 already), and so is a component's `title`: generators name a model after its
  title when it has one ("MASTER state" would make `MASTERState`, and two "Classic
  options" would collide), and after its component name otherwise (`MasterState`).

That section of `openapi.yaml` is written by this module, never by hand:

    python -m referee.http.bundle          # rewrite it after changing schemas/
    python -m referee.http.bundle --check  # exit 1 if it is out of date

and `tests/http/test_contract_bundle.py` fails when it differs from the files.
Everything above it (paths, responses, examples) is written by hand and refers to the
schemas as `#/components/schemas/<Name>`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

#: The line after which openapi.yaml is generated; it ends the file.
MARKER = "  # components/schemas: written by `python -m referee.http.bundle` from schemas/*.json; do not edit.\n"
COMPONENTS = "#/components/schemas/"
REPOSITORY = Path(__file__).resolve().parents[2]


def component_name(file_name: str) -> str:
    """`turn-request.json` -> `TurnRequest`."""
    return "".join(part.capitalize() for part in file_name.removesuffix(".json").split("-"))


def component_ref(ref: str, here: str) -> str:
    """A file-relative `$ref` as a reference into components/schemas."""
    file, _, fragment = ref.partition("#")
    if not fragment:
        return COMPONENTS + component_name(file)
    match = re.fullmatch(r"/\$defs/([A-Za-z0-9]+)", fragment)
    if not match:
        raise ValueError(f"{here}: cannot bundle the reference {ref!r}")
    return COMPONENTS + match.group(1)


def _rewrite(node: Any, here: str) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("$schema", "$id", "$defs"):
                continue
            if key == "$ref":
                out[key] = component_ref(value, here)
            elif key == "discriminator":
                out[key] = {**value, "mapping": {k: component_ref(v, here) for k, v in value["mapping"].items()}}
            else:
                out[key] = _rewrite(value, here)
        return out
    if isinstance(node, list):
        return [_rewrite(item, here) for item in node]
    return node


def components(schemas: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """components/schemas made from the schema files (name -> parsed JSON), by name."""
    found: dict[str, Any] = {}
    origin: dict[str, str] = {}

    def add(name: str, schema: Any, where: str) -> None:
        if name in found:
            raise ValueError(f"the schema name {name} is used twice: {origin[name]} and {where}")
        found[name] = {k: v for k, v in _rewrite(schema, where.partition("#")[0]).items() if k != "title"}
        origin[name] = where

    for file_name in sorted(schemas):
        document = schemas[file_name]
        add(component_name(file_name), document, file_name)
        for name, part in document.get("$defs", {}).items():
            add(name, part, f"{file_name}#/$defs/{name}")
    return dict(sorted(found.items()))


def read_schema_files(directory: Path) -> dict[str, dict[str, Any]]:
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(directory.glob("*.json"))}


def render(head: str, schemas: dict[str, dict[str, Any]]) -> str:
    """openapi.yaml's text: the hand-written head, the marker, the generated section."""
    section = yaml.safe_dump({"schemas": components(schemas)}, sort_keys=False, allow_unicode=True,
                             width=100, default_flow_style=None)
    return head + MARKER + "".join("  " + line if line.strip() else line for line in section.splitlines(True))


def split(text: str) -> tuple[str, str]:
    """(the hand-written head, the generated section) of openapi.yaml's text."""
    if MARKER not in text:
        raise ValueError("openapi.yaml has no generated components/schemas section (the marker line is missing)")
    head, _, section = text.partition(MARKER)
    return head, section


def bundled(root: Path = REPOSITORY) -> str:
    """What openapi.yaml should say, given schemas/ and the head of openapi.yaml."""
    head, _ = split((root / "openapi.yaml").read_text(encoding="utf-8"))
    return render(head, read_schema_files(root / "schemas"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if openapi.yaml is out of date")
    # An installed package does not sit in the repository: name the checkout to work on.
    parser.add_argument("--root", type=Path, default=REPOSITORY,
                        help="the repository's root (default: the checkout this module is in)")
    args = parser.parse_args(argv)
    path = args.root / "openapi.yaml"
    wanted = bundled(args.root)
    if args.check:
        if path.read_text(encoding="utf-8") != wanted:
            print("openapi.yaml is out of date: run python -m referee.http.bundle", file=sys.stderr)
            return 1
        return 0
    path.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
