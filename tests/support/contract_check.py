"""Checks a response against what openapi.yaml promises for it, with the `jsonschema` library.

The service validates requests with jsonschema-rs against schemas/*.json; responses are
checked here with the reference Python implementation against the bundled schemas of
openapi.yaml (components/schemas), so both the files and the bundle are exercised.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parents[2]


@cache
def openapi() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


@cache
def registry() -> Registry:
    resources = []
    for path in sorted((ROOT / "schemas").glob("*.json")):
        resources.append((path.name, Resource.from_contents(json.loads(path.read_text()))))
    return Registry().with_resources(resources)


def schema_validator(name: str) -> Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / name).read_text())
    return Draft202012Validator(schema, registry=registry())


OPENAPI_URI = "urn:elfer-referee:openapi"


@cache
def bundle_registry() -> Registry:
    return Registry().with_resource(OPENAPI_URI, Resource.from_contents(openapi(), DRAFT202012))


def component_validator(name: str) -> Draft202012Validator:
    """A validator of openapi.yaml's components/schemas/`name`."""
    return Draft202012Validator({"$ref": f"{OPENAPI_URI}#/components/schemas/{name}"}, registry=bundle_registry())


def response_schema_name(path: str, method: str, status: int) -> str | None:
    """The component openapi.yaml names for this response's schema, or None (not JSON)."""
    operation = openapi()["paths"][path][method.lower()]
    responses = operation["responses"]
    response = responses.get(str(status)) or responses.get("default")
    assert response is not None, f"openapi.yaml has no {status} response for {method} {path}"
    if "$ref" in response:
        ref = response["$ref"].split("/")[-1]
        response = openapi()["components"]["responses"][ref]
    content = response.get("content", {})
    for media in ("application/json", "application/problem+json"):
        if media in content:
            return content[media]["schema"]["$ref"].split("/")[-1]
    return None


def assert_matches_contract(response, path: str, method: str = "POST") -> None:
    """The body validates against the schema openapi.yaml gives for its status."""
    name = response_schema_name(path, method, response.status_code)
    if name is None:
        return
    body = json.loads(response.data)
    errors = sorted(component_validator(name).iter_errors(body), key=lambda e: list(e.path))
    assert not errors, f"{method} {path} {response.status_code} breaks {name}: {errors[0].message}"
    expected = "application/problem+json" if response.status_code >= 400 else "application/json"
    assert response.mimetype == expected


def post_checked(client, path: str, body, language: str = "en"):
    """POST `body` as JSON to the Flask test `client` in `language`, the answer held to
    the contract (`assert_matches_contract`) before it is returned."""
    response = client.post(path, data=json.dumps(body), content_type="application/json",
                           headers={"Accept-Language": language})
    assert_matches_contract(response, path, "POST")
    return response
