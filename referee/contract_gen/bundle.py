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

That section of `openapi.yaml` is written with the schema files, never by hand
(`python -m referee.contract_gen --write`, the package's docstring), and
`tests/http/test_contract_generated.py` fails when it differs from the files. Everything
above it (paths, responses, examples) is written by hand and refers to the schemas as
`#/components/schemas/<Name>`.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

#: The line after which openapi.yaml is generated; it ends the file.
MARKER = "  # components/schemas: written by `python -m referee.contract_gen --write` from schemas/*.json; do not edit.\n"
COMPONENTS = "#/components/schemas/"


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
            elif key in ("discriminator", "x-ruleset-of"):
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

