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
import orjson
import yaml

from ..i18n import Message, Translator
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
def openapi_json() -> bytes:
    """openapi.yaml as JSON (its YAML anchors resolved), for tools that want JSON."""
    return orjson.dumps(yaml.safe_load(openapi_text()))


#: The schema of a sealed game's token, whose `pattern` a caller may leave to the sealer.
TOKEN_SCHEMA = "game-token.json"


@cache
def _registry(tokens_opened: bool = False) -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(name, _document(name, tokens_opened)) for name in schema_names()])


def _document(name: str, tokens_opened: bool) -> Any:
    """schemas/`name` as it is checked (`for_validation`), without the token's `pattern`
    where `tokens_opened` (see `validator`)."""
    document = for_validation(json.loads(schema_text(name)), name)
    if tokens_opened and name == TOKEN_SCHEMA:
        del document["pattern"]
    return document


def validator(name: str, tokens_opened: bool = False):
    """The compiled validator of schemas/`name`, its relative $refs resolved among the files.

    With `tokens_opened`, a game token's `pattern` is not checked: for a caller that
    opens every token it takes, and hands every request whose token does not open to
    the whole check (the short way, `referee.http.shortcut`). That changes nothing it
    answers: a token the sealer opens is URL-safe base64 as its encoder writes it
    (`referee.sealed.sealing.canonical`), which the pattern admits; and the pattern is
    the costliest part of a sealed turn's check, a regular expression run over some
    2,000 characters."""
    return _compiled(name, tokens_opened)


@cache  # one per schema and way, however the caller passed them
def _compiled(name: str, tokens_opened: bool) -> Any:
    return jsonschema_rs.validator_for(_document(name, tokens_opened), registry=_registry(tokens_opened))


def for_validation(schema: Any, here: str) -> Any:
    """The schema as the service checks bodies against it: the same set of documents.

    A `oneOf` with a `discriminator` (a state by `ruleset`, an action or event by
    `type`) becomes "the discriminator is one of these values, and if it is this one,
    then that branch": a document is valid exactly when it was under the `oneOf`, since
    every branch requires its own constant. The difference is in the work and the
    errors: only the branch the document names is checked (a `oneOf` checks them all,
    and a 100,000-card hand three times over), and an error points into that branch,
    at the member at fault, where a `oneOf` reports the whole value. The members of
    every branch are listed, so a member no branch has is reported at the object too.
    """
    if isinstance(schema, list):
        return [for_validation(item, here) for item in schema]
    if not isinstance(schema, dict):
        return schema
    schema = {key: for_validation(value, here) for key, value in schema.items()}
    if "oneOf" in schema and "x-sealed-when" in schema:
        # A request that is plain or sealed (`x-sealed-when` names the member a sealed
        # one holds): checked as the kind it is, so errors point into that kind.
        plain, sealed = schema.pop("oneOf")
        member = schema.pop("x-sealed-when")
        schema.update({"if": {"type": "object", "required": [member]}, "then": sealed, "else": plain})
    if "oneOf" in schema and "x-ruleset-of" in schema:
        schema = _by_ruleset(schema, here)
    if "oneOf" in schema and "x-chosen-by" in schema:
        schema = _chosen_by(schema)
    if "oneOf" in schema and "discriminator" in schema:
        member = schema["discriminator"]["propertyName"]
        mapping = schema["discriminator"]["mapping"]
        known = {name for branch in schema.pop("oneOf") for name in _members(branch["$ref"], here)}
        schema.update({
            "type": "object",
            "required": [member],
            "properties": {name: {} for name in sorted(known)} | {member: {"enum": list(mapping)}},
            "additionalProperties": False,
            "allOf": [
                {"if": {"properties": {member: {"const": value}}, "required": [member]}, "then": {"$ref": ref}}
                for value, ref in mapping.items()
            ],
        })
    return schema


def _by_ruleset(schema: dict[str, Any], here: str) -> dict[str, Any]:
    """A request chosen by its state's ruleset (`x-ruleset-of`, referee/contract_gen) as
    the service checks it: the state against the whole of `state.json` (its own choice by
    `ruleset`, so that an error points into the state), and "if the state's ruleset is
    this one, then the other members as that ruleset's branch has them" (so that an error
    points at the turn's member at fault). The same documents as the `oneOf`: every branch
    holds the same members, and its state is the state of its ruleset."""
    member = schema["x-ruleset-of"]["propertyName"]
    branches = {value: _resolved(ref, here) for value, ref in schema["x-ruleset-of"]["mapping"].items()}
    first = next(iter(branches.values()))
    state_file = first["properties"][member]["$ref"].partition("#")[0]
    rest = {key: value for key, value in schema.items() if key not in ("oneOf", "x-ruleset-of")}
    return {
        **rest,
        "type": "object",
        "properties": {name: {"$ref": state_file} if name == member else {} for name in first["properties"]},
        "required": first["required"],
        "additionalProperties": False,
        # `ruleset` is the member that names a state's ruleset (state.json's discriminator).
        "allOf": [{"if": {"properties": {member: {"properties": {"ruleset": {"const": value}}, "required": ["ruleset"]}},
                          "required": [member]},
                   "then": {"properties": {name: for_validation(part, here)
                                           for name, part in branch["properties"].items() if name != member}}}
                  for value, branch in branches.items()],
    }


def _chosen_by(schema: dict[str, Any]) -> dict[str, Any]:
    """A `oneOf` whose branches each hold the member `x-chosen-by` names as a `const` (a
    new game's options and players by `ruleset`, referee/contract_gen) as the service
    checks it: "if the member is this branch's value, then the rest of the branch". The
    same documents as the `oneOf`, since the values are distinct and a branch that does
    not require the member (MASTER's, the default) is the one an absent member chooses;
    an error then points at the member at fault in the branch meant, where a `oneOf`
    reports the whole body."""
    member = schema["x-chosen-by"]
    rest = {key: value for key, value in schema.items() if key not in ("oneOf", "x-chosen-by")}
    clauses = []
    for branch in schema["oneOf"]:
        required = branch.get("required", [])
        when = {"properties": {member: branch["properties"][member]}}
        then = {key: value for key, value in branch.items() if key not in ("properties", "required")}
        # A member the branch refuses is written `{"not": {}}` for client generators; as
        # `false` the error says that the member is not allowed here.
        then["properties"] = {name: False if part == {"not": {}} else part
                              for name, part in branch["properties"].items() if name != member}
        if member in required:
            when["required"] = [member]
        if [name for name in required if name != member]:
            then["required"] = [name for name in required if name != member]
        clauses.append({"if": when, "then": then})
    return {**rest, "allOf": [*rest.get("allOf", []), *clauses]}


def _resolved(ref: str, here: str) -> Any:
    """The schema at `ref` (in the file `here` unless it names one)."""
    file, _, fragment = ref.partition("#")
    document = json.loads(schema_text(file or here))
    for token in fragment.strip("/").split("/") if fragment else ():
        document = document[token]
    return document


def _members(ref: str, here: str) -> list[str]:
    """The member names of the branch at `ref` (in the file `here` unless it names one)."""
    return list(_resolved(ref, here).get("properties", {}))


def json_pointer(path) -> str:
    """RFC 6901 pointer of an instance path: `/state/players/0/hand/3`."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def schema_errors(name: str, instance: Any, language: str = "en", tokens_opened: bool = False) -> list[dict[str, str]]:
    """Where and why `instance` fails schemas/`name`, said in `language`; empty when it
    is valid (a game token's pattern left out where `tokens_opened`: `validator`).

    At most MAX_ERRORS errors, each message at most MAX_MESSAGE characters:
    jsonschema-rs quotes the offending value whole, which may be most of a 1 MiB body,
    and schemas/problem.json bounds what a problem may carry.
    """
    check = validator(name, tokens_opened)
    if check.is_valid(instance):
        return []
    texts = Translator(language)
    reports: list[tuple[str, list[tuple[str, str]]]] = []
    try:
        for error in check.iter_errors(instance):
            reports.append((combinator_pointer(error), json_pointer(error.instance_path), refined(error)))
            if len(reports) >= MAX_ERRORS:
                break
    except ValueError:  # jsonschema-rs gives up on values nested more than 255 levels deep
        pass
    found: list[dict[str, str]] = []
    for union_at, _, pairs in reports:
        # A request's `turn` is a union of every ruleset's turn (for readers), and its
        # `if`/`then` says which one the state's ruleset wants: when that one reports
        # inside the union's value, the union's own guesses are noise.
        if union_at is not None and any(
            _within(at, union_at) and (other_union is None or at != union_at)
            for other_union, at, _ in reports
        ):
            continue
        for pointer, message in pairs:
            words = message.words(texts) if isinstance(message, Message) else message
            entry = {"pointer": pointer, "message": shorten(words)}
            if entry not in found:
                found.append(entry)
    if not found:
        found.append({"pointer": "", "message": Message("the body is nested too deeply to be checked").words(texts)})
    found.sort(key=lambda e: e["pointer"])
    return found[:MAX_ERRORS]


#: The error kinds that say a value is of another kind than a `oneOf`/`anyOf` branch
#: describes: the wrong JSON type, or another value of the discriminator.
_OTHER_KIND = ("Type", "Constant", "Enum")


def _within(pointer: str, parent: str) -> bool:
    return pointer == parent or pointer.startswith(parent + "/")


def combinator_pointer(error) -> str | None:
    """The pointer of a failed `oneOf`/`anyOf`, or None for any other error."""
    if type(error.kind).__name__ in ("OneOfNotValid", "AnyOf"):
        return json_pointer(error.instance_path)
    return None


def refined(error) -> list[tuple[str, Message | str]]:
    """(pointer, message) pairs for one validation error, looking into `oneOf`/`anyOf`.

    A state, action or event is a `oneOf` chosen by its discriminator (`ruleset`,
    `type`), and a hand is a list or a count. A validator reports a value that fits no
    branch at the value itself ("not valid under any of the schemas"); the client wants
    to hear what is wrong inside the branch that was meant. A branch was not meant when
    it failed on the value's JSON type or on a discriminator (a `const` or `enum` of a
    member right below the value). If exactly the remaining branches are left, their
    errors are the answer (looked into in turn); if none is left, the value's kind
    itself is wrong, and the answer is the value's error with the discriminator's.
    """
    pointer = json_pointer(error.instance_path)
    kind = error.kind
    if type(kind).__name__ not in ("OneOfNotValid", "AnyOf") or not getattr(kind, "context", None):
        return [(pointer, explain(error))]
    depth = len(error.instance_path)

    def other_kind(branch_error) -> bool:
        path = branch_error.instance_path
        name = type(branch_error.kind).__name__
        return name in _OTHER_KIND and (len(path) == depth or (len(path) == depth + 1 and name != "Type"))

    meant = [branch for branch in kind.context if not any(other_kind(e) for e in branch)]
    if meant:
        return [pair for branch in meant for e in branch for pair in refined(e)]
    answer = [(pointer, explain(error))]
    wanted: dict[str, list[str]] = {}
    for branch in kind.context:
        for e in branch:
            if len(e.instance_path) == depth + 1 and type(e.kind).__name__ == "Constant":
                wanted.setdefault(json_pointer(e.instance_path), []).append(json.dumps(e.kind.expected_value))
    for member, values in wanted.items():
        answer.append((member, Message("expected one of {values}", values=", ".join(dict.fromkeys(values)))))
    return answer


def shorten(message: str, limit: int = MAX_MESSAGE) -> str:
    """The message, its middle (usually a quoted value) cut out when it is too long."""
    if len(message) <= limit:
        return message
    keep = (limit - 5) // 2
    return f"{message[:keep]} ... {message[-keep:]}"
