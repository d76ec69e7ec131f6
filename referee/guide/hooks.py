"""MkDocs hook (named in `mkdocs.yml`): pages written from the contract while the guide
builds, so that they and the contract cannot drift apart.

- A page that holds the line `<!-- openapi -->` gets, in its place, every operation of
  the contract by tag: its method and path, summary, description, request body and
  responses, and the first example of each request.
- A page that holds the line `<!-- changelog -->` gets the repository's `CHANGELOG.md`
  below its title, its links made relative to the guide's reference pages.
- A page that holds the line `<!-- rule-codes -->` gets the table of every rule code
  with its title, from the rule catalogue (`referee/core/codes.py`, which imports the
  standard library alone and is read here as a file, not through the package).

Only PyYAML (MkDocs's own dependency) and the standard library are used: the build needs
none of the service's dependencies.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import yaml

MARKER = "<!-- openapi -->"
RULE_CODES = "<!-- rule-codes -->"
CHANGELOG = "<!-- changelog -->"
METHODS = ("get", "post", "put", "patch", "delete")
COMPONENTS = "#/components/schemas/"


def on_page_markdown(markdown: str, page, config, files) -> str:
    root = Path(config["config_file_path"]).parent
    if RULE_CODES in markdown:
        markdown = markdown.replace(RULE_CODES, rule_code_table(root))
    if CHANGELOG in markdown:
        markdown = markdown.replace(CHANGELOG, changelog(root))
    if MARKER not in markdown:
        return markdown
    contract = root / "openapi.yaml"
    return markdown.replace(MARKER, render(yaml.safe_load(contract.read_text(encoding="utf-8"))))


def changelog(root: Path) -> str:
    """CHANGELOG.md without its title, for docs/reference/changelog.md: its links to the
    guide's pages (`docs/...`) made relative to that page."""
    text = (root / "CHANGELOG.md").read_text(encoding="utf-8").split("\n", 1)[1]
    return text.replace("](docs/reference/", "](").replace("](docs/", "](../")


def rule_code_table(root: Path) -> str:
    """Every rule code of the catalogue with its title, as a Markdown table."""
    spec = importlib.util.spec_from_file_location("_rule_codes", root / "referee" / "core" / "codes.py")
    assert spec is not None and spec.loader is not None
    catalogue = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogue)
    rows = [f"| `{code.value}` | {code.title} |" for code in catalogue.Code]
    return "\n".join(["| code | the rule |", "|---|---|", *rows, ""])


def render(document: dict[str, Any]) -> str:
    """The operations of an OpenAPI document as Markdown, grouped by tag."""
    out: list[str] = []
    for tag in document.get("tags", []):
        out += [f"## {tag['name'].capitalize()}", "", tag.get("description", ""), ""]
        for path, item in document["paths"].items():
            for method in METHODS:
                operation = item.get(method)
                if operation and tag["name"] in operation.get("tags", []):
                    out += _operation(document, method, path, operation)
    return "\n".join(out)


def _operation(document: dict[str, Any], method: str, path: str, operation: dict[str, Any]) -> list[str]:
    out = [f"### `{method.upper()} {path}`", "", f"**{operation.get('summary', '')}** "
           f"(`{operation.get('operationId', '')}`)", "", operation.get("description", "").strip(), ""]
    body = operation.get("requestBody")
    if body:
        content = body["content"]["application/json"]
        out += [f"Request body: {_schema(content['schema'])}.", ""]
        examples = content.get("examples") or {}
        for name, example in list(examples.items())[:1]:
            out += [f'??? example "Example request: {example.get("summary", name)}"', "",
                    "    ```json"]
            out += ["    " + line for line in json.dumps(example["value"], indent=2, ensure_ascii=False).splitlines()]
            out += ["    ```", ""]
    out += ["| status | meaning | body |", "|---|---|---|"]
    for status, response in operation.get("responses", {}).items():
        response = _resolve(document, response)
        kinds = [f"{_schema(media.get('schema', {}))} (`{kind}`)" for kind, media in response.get("content", {}).items()]
        meaning = " ".join(response.get("description", "").split())
        out.append(f"| {status} | {meaning} | {', '.join(kinds) or '—'} |")
    out.append("")
    return out


def _resolve(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _schema(schema: dict[str, Any]) -> str:
    ref = schema.get("$ref", "")
    if ref.startswith(COMPONENTS):
        name = ref[len(COMPONENTS):]
        return f"`{name}`"
    return f"`{schema.get('type', 'any')}`"
