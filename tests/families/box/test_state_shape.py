"""A box game's state is written once: its dataclass fields, each with its wire kind, make
its reader and `to_dict`; the JSON Schema in `schemas/state.json` says the same, member by
member, in the same order, down to each member's bounds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee import engine
from referee.families.box.ruleset import BoxRuleset
from referee.families.box.state import HEAD, NAME_SCHEMA, SEAT_SCHEMA, SEATS_SCHEMA, BoxState, wire_schema

SCHEMA = json.loads((Path(__file__).parents[3] / "schemas" / "state.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
BOX = [name for name, rules in engine.RULESETS.items() if rules.family == "box"]


def resolved(schema: Any) -> Any:
    """The schema with this file's `$ref`s replaced by what they name, and without the
    texts for people (`title`, `description`)."""
    if isinstance(schema, list):
        return [resolved(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return resolved(DEFS[ref.removeprefix("#/$defs/")])
    return {key: resolved(value) for key, value in schema.items() if key not in ("title", "description")}


def state_def(ruleset: str) -> dict[str, Any]:
    return DEFS[SCHEMA["discriminator"]["mapping"][ruleset].removeprefix("#/$defs/")]


def state_type(ruleset: str) -> type[BoxState]:
    return engine.RULESETS[ruleset].state_type  # type: ignore[attr-defined]


def test_every_game_of_the_box_in_the_registry_is_checked_here():
    assert BOX == [rules.name for rules in engine.RULESETS.values() if isinstance(rules, BoxRuleset)]
    assert len(BOX) >= 8


@pytest.mark.parametrize("ruleset", BOX)
def test_the_schema_lists_the_state_members_in_the_order_of_the_fields(ruleset):
    schema = state_def(ruleset)
    members = [*HEAD, *wire_schema(state_type(ruleset))]
    assert list(schema["properties"]) == members
    assert schema["required"] == members
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("ruleset", BOX)
def test_each_state_member_has_the_schema_of_its_kind(ruleset):
    properties = state_def(ruleset)["properties"]
    assert properties["ruleset"]["const"] == ruleset == state_type(ruleset).ruleset
    assert resolved(properties["current"]) == SEAT_SCHEMA
    assert resolved(properties["waiting"]) == SEATS_SCHEMA
    for name, schema in wire_schema(state_type(ruleset)).items():
        assert resolved(properties[name]) == resolved(schema), name


@pytest.mark.parametrize("ruleset", BOX)
def test_the_schema_of_the_options_names_the_options_the_game_takes(ruleset):
    options = resolved(state_def(ruleset)["properties"]["options"])
    assert list(options["properties"]) == [o.name for o in state_type(ruleset).OPTIONS]


@pytest.mark.parametrize("ruleset", BOX)
def test_a_player_has_the_members_and_schemas_of_the_player_fields(ruleset):
    player = state_def(ruleset)["properties"]["players"]["items"]
    schema = DEFS[player["$ref"].removeprefix("#/$defs/")]
    fields = wire_schema(state_type(ruleset).PLAYER)
    assert list(schema["properties"]) == ["name", *fields]
    assert resolved(schema["properties"]["name"]) == resolved(NAME_SCHEMA)
    for name, kind in fields.items():
        assert resolved(schema["properties"][name]) == resolved(kind), name


@pytest.mark.parametrize("ruleset", BOX)
def test_a_player_member_left_out_while_it_is_none_is_the_only_one_not_required(ruleset):
    player_type = state_type(ruleset).PLAYER
    player = DEFS[state_def(ruleset)["properties"]["players"]["items"]["$ref"].removeprefix("#/$defs/")]
    assert player["required"] == ["name", *(name for name in wire_schema(player_type) if name not in player_type.OPTIONAL)]


def test_schnipp_schnapp_players_keep_won_only_with_together():
    snapper = state_type("schnipp-schnapp")
    assert snapper.PLAYER.OPTIONAL == {"won"}
    assert snapper.player_members({"together": False}).allowed == {"name", "stack", "open", "quartets"}
    assert snapper.player_members({"together": True}).required == {"name", "stack", "open", "quartets", "won"}
