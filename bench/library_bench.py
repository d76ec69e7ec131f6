"""Why each library sits where it does on the request path: each choice beside the named one.

On the benchmark's body (bench/positions.py: a 2-player mid-game state and a bridge turn):

- request validation: jsonschema-rs (what the service uses) against jsonschema, the
  reference Python implementation, on the same Draft 2020-12 schema files;
- the state between JSON data and engine objects: the engine's own codec
  (State.from_dict + to_dict) against marshmallow, with a marshmallow schema of the
  state written here for the comparison only;
- JSON text: orjson against the standard library's json.

    python bench/library_bench.py [--quick]
"""

from __future__ import annotations

import json

import _common
import orjson
from _common import header, measure
from jsonschema import Draft202012Validator
from marshmallow import Schema, fields
from positions import typical_turn
from referencing import Registry, Resource

from referee import engine
from referee.http.contract import schema_names, schema_text, validator

REQUEST_SCHEMA = "turn-request.json"


class HandOrCount(fields.Field):
    """A list of cards, or {"count": n}: the two shapes a hand or pile takes."""

    def _deserialize(self, value, attr, data, **kwargs):
        return dict(value) if isinstance(value, dict) else list(value)

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class PlayerSchema(Schema):
    name = fields.String(required=True)
    hand = HandOrCount(required=True)
    bridges = fields.Integer(required=True, strict=True)
    bonus = fields.Integer(required=True, strict=True)


class RowSchema(Schema):
    color = fields.String(required=True)
    cards = fields.List(fields.Integer(strict=True), required=True)
    jokers = fields.List(fields.Integer(strict=True), required=True)


class TableBridgeSchema(Schema):
    from_ = fields.String(required=True, data_key="from")
    to = fields.String(required=True)


class StateSchema(Schema):
    ruleset = fields.String(required=True)
    players = fields.List(fields.Nested(PlayerSchema), required=True)
    current = fields.Integer(required=True, strict=True)
    rows = fields.List(fields.Nested(RowSchema), required=True)
    bridges = fields.List(fields.Nested(TableBridgeSchema), required=True)
    pile = HandOrCount(required=True)
    passes = fields.Integer(required=True, strict=True)


def python_validator() -> Draft202012Validator:
    registry = Registry().with_resources(
        (name, Resource.from_contents(json.loads(schema_text(name)))) for name in schema_names()
    )
    return Draft202012Validator(json.loads(schema_text(REQUEST_SCHEMA)), registry=registry)


def run(quick: bool) -> None:
    number, runs = (50, 3) if quick else (1000, 7)
    state, turn = typical_turn()
    body = {"state": state, "turn": turn}
    raw = orjson.dumps(body)
    print(_common.machine())
    print(f"body: {len(raw)} bytes (compact JSON)")

    header("request validation, the same schema files")
    rust, python = validator(REQUEST_SCHEMA), python_validator()
    assert rust.is_valid(body) and python.is_valid(body)
    print(measure("jsonschema-rs is_valid (used)", lambda: rust.is_valid(body), number, runs).line())
    print(measure("jsonschema is_valid", lambda: python.is_valid(body), max(5, number // 20), runs).line())

    header("state: JSON data -> objects -> JSON data")
    marshmallow_state = StateSchema()
    print(measure("engine codec from_dict + to_dict (used)",
                  lambda: engine.load_state(state).to_dict(), number, runs).line())
    print(measure("marshmallow load + dump",
                  lambda: marshmallow_state.dump(marshmallow_state.load(state)), max(5, number // 10), runs).line())

    header("JSON text: parse and write the body")
    print(measure("orjson loads + dumps (used)", lambda: orjson.dumps(orjson.loads(raw)), number, runs).line())
    print(measure("json loads + dumps", lambda: json.dumps(json.loads(raw)), number, runs).line())


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
