"""The contract files (schemas/*.json, openapi.yaml) as the service uses them.

The files ship inside the package as `referee.contract` (see pyproject.toml), so the
service validates against, and serves, exactly the files in the repository. Request
bodies are validated with jsonschema-rs: it checks the same Draft 2020-12 schemas as
the `jsonschema` library (the tests cross-check the two) at a small fraction of the
cost, which matters on a path every move of every client takes.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema_rs

from .schema_words import explain

MAX_ERRORS = 20
MAX_MESSAGE = 400


def contract_dir():
    """The installed contract files, or the repository's own in an editable checkout."""
    try:
        return files("referee.contract")
    except ModuleNotFoundError:  # editable installs do not map the package to the root
        return Path(__file__).resolve().parents[2]


@cache
def schema_names() -> tuple[str, ...]:
    return tuple(
        sorted(p.name for p in (contract_dir() / "schemas").iterdir() if p.name.endswith(".json"))
    )


@cache
def schema_text(name: str) -> str:
    return (contract_dir() / "schemas" / name).read_text(encoding="utf-8")


@cache
def openapi_text() -> str:
    return (contract_dir() / "openapi.yaml").read_text(encoding="utf-8")


@cache
def _registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(name, json.loads(schema_text(name))) for name in schema_names()])


@cache
def validator(name: str):
    """The compiled validator of schemas/`name`, its relative $refs resolved among the files."""
    return jsonschema_rs.validator_for(json.loads(schema_text(name)), registry=_registry())


def json_pointer(path) -> str:
    """RFC 6901 pointer of an instance path: `/state/players/0/hand/3`."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def schema_errors(name: str, instance: Any) -> list[dict[str, str]]:
    """Where and why `instance` fails schemas/`name`; empty when it is valid.

    At most MAX_ERRORS errors, each message at most MAX_MESSAGE characters:
    jsonschema-rs quotes the offending value whole, which may be most of a 1 MiB body,
    and schemas/problem.json bounds what a problem may carry.
    """
    check = validator(name)
    if check.is_valid(instance):
        return []
    found = []
    try:
        for error in check.iter_errors(instance):
            found.append({"pointer": json_pointer(error.instance_path), "message": shorten(explain(error))})
            if len(found) == MAX_ERRORS:
                break
    except ValueError:  # jsonschema-rs gives up on values nested more than 255 levels deep
        pass
    if not found:
        found.append({"pointer": "", "message": "the body is nested too deeply to be checked"})
    found.sort(key=lambda e: e["pointer"])
    return found


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """The message, its middle (usually a quoted value) cut out when it is too long."""
    if len(message) <= limit:
        return message
    keep = (limit - 5) // 2
    return f"{message[:keep]} ... {message[-keep:]}"
