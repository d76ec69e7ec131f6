"""openapi.yaml is one document every generator reads, and it cannot drift from schemas/.

The schema files are the source; `python -m referee.contract_gen --write` writes them
into openapi.yaml's components/schemas (referee/contract_gen/bundle.py), and
test_contract_generated.py holds the two to each other. These tests hold both to the
shapes code generators understand: a `oneOf` with a
discriminator for every choice of kind, no boolean schemas where a member's type goes,
an `items` schema for every array, one name per schema.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
import yaml

from referee.contract_gen import bundle
from referee.http.contract import openapi_json, openapi_text

ROOT = Path(__file__).resolve().parents[2]


def document() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{path}/{index}")


def test_every_schema_file_and_every_def_is_a_component_of_its_own_name():
    components = document()["components"]["schemas"]
    files = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (ROOT / "schemas").glob("*.json")}
    expected = {bundle.component_name(name) for name in files}
    expected |= {name for schema in files.values() for name in schema.get("$defs", {})}
    assert set(components) == expected
    assert {"MasterState", "ClassicState", "JuniorState", "PlaceAction", "Problem", "TurnRequest"} <= expected


def test_the_document_has_no_external_reference_and_no_leftover_of_the_files():
    text = json.dumps(document())
    for _, node in walk(document()):
        if "$ref" in node:
            assert node["$ref"].startswith("#/"), node["$ref"]
    for keyword in ('"$id"', '"$defs"', '"$schema"'):
        assert keyword not in text


def test_every_choice_of_kind_is_a_discriminated_one_of_whose_branches_name_their_value():
    components = document()["components"]["schemas"]
    discriminated = {}
    for name, schema in components.items():
        if "discriminator" in schema:
            member = schema["discriminator"]["propertyName"]
            for value, ref in schema["discriminator"]["mapping"].items():
                branch = components[ref.removeprefix("#/components/schemas/")]
                assert branch["properties"][member]["const"] == value
                assert member in branch["required"]
                assert {"$ref": ref} in schema["oneOf"]
            discriminated[name] = member
    # A box game's actions are its own (RatefixGuessAction), chosen by the state's ruleset.
    assert discriminated == {"State": "ruleset", "MasterAction": "type", "ClassicAction": "type",
                             "JuniorAction": "type", "Event": "type"}


def test_no_boolean_schema_describes_a_member_and_every_array_has_items():
    # Generators read `properties` and `items`; they pass over `if`/`then`/`else`, which
    # only refine what a request may hold (`"options": false` where a ruleset has none).
    for path, node in walk(document()["components"]["schemas"]):
        if any(f"/{word}/" in path + "/" for word in ("if", "then", "else")):
            continue
        for member, schema in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else ():
            assert isinstance(schema, dict), f"{path}/properties/{member} is {schema!r}"
        if node.get("type") == "array" or "array" in (node.get("type") or []):
            assert isinstance(node.get("items"), dict), f"{path}: an array without items"


def test_the_ruleset_name_is_open_to_new_rulesets_for_readers():
    components = document()["components"]["schemas"]
    assert components["RulesetName"]["anyOf"][1]["type"] == "string"
    assert components["Rule"]["properties"]["rulesets"]["items"] == {"$ref": "#/components/schemas/RulesetName"}


def test_the_rule_code_is_open_to_new_codes_for_readers():
    components = document()["components"]["schemas"]
    assert components["RuleCode"]["anyOf"] == [
        {"$ref": "#/components/schemas/KnownRuleCode"},
        {"type": "string", "maxLength": 64, "pattern": "^[A-Z][A-Z0-9_]*$"},
    ]
    assert components["Rule"]["properties"]["code"] == {"$ref": "#/components/schemas/RuleCode"}


def test_the_document_declares_no_security_a_server_and_a_licence():
    head = document()
    assert head["security"] == []
    assert head["servers"] == [{"url": "/", "description": "The referee that serves this document."}]
    assert head["info"]["license"] == {"name": "MIT", "identifier": "MIT"}


def test_the_licence_is_the_projects_mit_licence():
    # One licence: the package's metadata (PEP 639), the LICENSE file it names, and the
    # contract's `info.license` above.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert (project["license"], project["license-files"]) == ("MIT", ["LICENSE"])
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")


def test_the_json_document_is_the_yaml_document():
    assert json.loads(openapi_json()) == yaml.safe_load(openapi_text())


def problem_example(response: str, name: str) -> dict:
    content = document()["components"]["responses"][response]["content"]["application/problem+json"]
    return content["examples"][name]["value"]


@pytest.mark.logs_service_errors  # the 500 of a view that raises
def test_the_documented_http_problems_are_what_the_service_answers(service_errors):
    from referee.http import create_app

    app = create_app({"TESTING": True})

    @app.get("/broken")
    def broken():
        raise RuntimeError("a bug")

    client = app.test_client()
    turn = document()["paths"]["/v1/turns"]["post"]["requestBody"]["content"]["application/json"]
    body = turn["examples"]["hiddenTable"]["value"]
    body["turn"]["actions"] = [{"type": "place", "card": "R22"}]
    asked = {
        ("BadRequest", "schemaViolation"): client.post("/v1/turns", json=body),
        ("BadRequest", "malformedJson"): client.post("/v1/turns", data=b'{"state": ', content_type="application/json"),
        ("PayloadTooLarge", "payloadTooLarge"): client.post(
            "/v1/turns", data=b" " * (1024 * 1024 + 1), content_type="application/json"),
        ("UnsupportedMediaType", "textPlain"): client.post("/v1/turns", data=b"{}", content_type="text/plain"),
        ("NotFound", "notFound"): client.get("/v1/nothing"),
        ("MethodNotAllowed", "methodNotAllowed"): client.delete("/v1/turns"),
        ("Internal", "internal"): client.get("/broken"),
    }
    for (response, name), answer in asked.items():
        assert answer.json == problem_example(response, name), (response, name)
        assert answer.mimetype == "application/problem+json"
    assert [record.getMessage() for record in service_errors.records] == ["unhandled error"]
