"""MkDocs hook (named in `mkdocs.yml`): the HTTP API reference is written from
`openapi.yaml` while the guide builds, so the page and the contract cannot drift apart.

A page that holds the line `<!-- openapi -->` gets, in its place, every operation of the
contract by tag: its method and path, summary, description, request body and responses,
and the first example of each request. Only PyYAML (MkDocs's own dependency) and the
standard library are used: the build needs none of the service's dependencies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

MARKER = "<!-- openapi -->"
METHODS = ("get", "post", "put", "patch", "delete")
COMPONENTS = "#/components/schemas/"


def on_page_markdown(markdown: str, page, config, files) -> str:
    if MARKER not in markdown:
        return markdown
    contract = Path(config["config_file_path"]).parent / "openapi.yaml"
    return markdown.replace(MARKER, render(yaml.safe_load(contract.read_text(encoding="utf-8"))))


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
