"""The contract written from the games' declarations: `schemas/*.json` and `openapi.yaml`.

`schemas/` and `openapi.yaml` are committed files that clients read. What in them is a
game's, and what depends on which games there are, comes from the registry
(`referee.engine.RULESETS`) and the games' declarations, never from a hand-edited list:

- the choice of state, turn and action by ruleset (`state.json`, `turn.json`,
  `action.json`), the known ruleset names, a new game's options and players by ruleset
  (`new-game-request.json`: a `oneOf` of one branch per ruleset, each holding its
  `ruleset` as a `const`, whose `x-chosen-by` names that member; the service checks it
  as "if ruleset is this one, then this branch", `referee.http.contract`);
- a request that reads its turn or actions by the rules of its state's ruleset
  (`turn-request.json`, `legal-actions-request.json`, `replay-request.json`) is a choice
  of one request per ruleset, each its own schema (`ZweikampfTurnRequest`: a
  `ZweikampfState` and a `ZweikampfTurn`): a `oneOf` whose `x-ruleset-of` names the
  member holding the state and maps each ruleset to its branch, as a `discriminator`
  maps a member's values (the service checks it as "if the state's ruleset is this one,
  then this branch", `referee.http.contract`);
- for every box game, its state, players, options, actions and turn (`box.py`), and the
  places of the piles its picture draws;
- the bundle of all the schema files in `openapi.yaml` (`bundle.py`).

The rest is written by hand: the schema files this package does not write are their own
source, and for those it writes, the hand-written part is in `sources/<file>` here. A
source marks where a generated part goes with `{"x-generated": "<what>"}`: as a value, it
is replaced by the part; as a member of an object among others, the part's members take
its place; as an item of a list, the part's items do. A request read by ruleset is
written once, as it is for any ruleset, with `"x-per-ruleset"`: the members whose schema
depends on the ruleset, `{}` standing for the ruleset's prefix
(`{"turn": {"$ref": "turn.json#/$defs/{}Turn"}}`); its branches go where the file's
`$defs` say `"x-generated": "the plain requests of each ruleset"`.

    python -m referee.contract_gen --write   # rewrite schemas/ and openapi.yaml
    python -m referee.contract_gen --check   # exit 1 if they differ from what is generated

`tests/http/test_contract_generated.py` fails when they differ. No Flask here: the
generator reads only the engine's registry and the files.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import engine
from . import box
from .bundle import component_name, render, split

REPOSITORY = Path(__file__).resolve().parents[2]
SOURCES = Path(__file__).resolve().parent / "sources"
MARK = "x-generated"
Schema = dict[str, Any]


def _box_games() -> list[tuple[str, Any]]:
    return [(name, rules) for name, rules in engine.RULESETS.items() if rules.family == "box"]


def _by_ruleset(member: str, schema: Callable[[str], Schema]) -> list[Schema]:
    """One `if` the state's ruleset is this one, `then` `member` is `schema(prefix)`, for
    every ruleset."""
    return [{"if": {"properties": {"state": {"properties": {"ruleset": {"const": name}}, "required": ["ruleset"]}},
                    "required": ["state"]},
             "then": {"properties": {member: schema(box.prefix(name))}}}
            for name in engine.RULESETS]


def _state_choice() -> Schema:
    refs = {name: f"#/$defs/{box.prefix(name)}State" for name in engine.RULESETS}
    return {"oneOf": [{"$ref": ref} for ref in refs.values()],
            "discriminator": {"propertyName": "ruleset", "mapping": refs}}


def _box_states() -> Schema:
    return {name: schema for ruleset, rules in _box_games()
            for name, schema in box.state_defs(ruleset, rules).items()}


def _box_actions() -> Schema:
    return {name: schema for ruleset, rules in _box_games()
            for name, schema in box.action_defs(ruleset, rules.state_type, rules.reader).items()}


def _every_box_action() -> list[Schema]:
    """Every kind of every box game, as the referee lists them (`legal-actions-response`)."""
    return [{"$ref": f"#/$defs/{box.prefix(ruleset)}{box.prefix(kind)}Action"}
            for ruleset, rules in _box_games() for kind in rules.reader.declared]


def _box_turns() -> Schema:
    return {name: schema for ruleset, rules in _box_games()
            for name, schema in box.turn_def(ruleset, rules.state_type, rules.reader).items()}


def _box_options() -> Schema:
    """Every option a box game takes, as a new game's `options` may name it (each game's
    own are checked by ruleset below)."""
    options: Schema = {}
    for _, rules in _box_games():
        for option in rules.state_type.OPTIONS:
            options.setdefault(option.name, box.in_file({"description": option.description, **option.schema},
                                                        "state.json"))
    return options


#: A member a branch of a choice refuses: `{"not": {}}` (no value) rather than `false`,
#: as client generators read a branch's `properties` and want a schema object there
#: (openapi-python-client refuses a boolean one; openapi-typescript types it `unknown`,
#: which the request's own member narrows to its type).
REFUSED: Schema = {"not": {}}


def _new_box_games() -> list[Schema]:
    """Per box game, its branch of a new game's choice by ruleset: its options, no rows,
    and at most as many players as it seats.

    One branch per ruleset in a single `oneOf` (not one `if`/`then` per ruleset in an
    `allOf`): a body generator such as hypothesis-jsonschema reads each `if`/`then` as a
    choice of two and an `allOf` of them as every combination, 2**rulesets of them,
    while a `oneOf` is one choice whatever the number of games."""
    request = json.loads((SOURCES / "new-game-request.json").read_text(encoding="utf-8"))
    players = {key: value for key, value in request["properties"]["players"].items() if key != "description"}
    parts = []
    for ruleset, rules in _box_games():
        branch: Schema = {"ruleset": {"const": ruleset},
                          "options": {"$ref": f"state.json#/$defs/{box.prefix(ruleset)}Options"}, "rows": REFUSED}
        if rules.max_players < 6:
            # The request's own `players`, fewer of them: typed as a whole for the clients
            # generated from the branch, which read it as the member's type.
            branch["players"] = {**players, "maxItems": rules.max_players}
        parts.append({"properties": branch, "required": ["ruleset"]})
    return parts


#: What each mark in the sources stands for.
PARTS: dict[str, Callable[[], Any]] = {
    "the choice of state by ruleset": _state_choice,
    "the states of the box games": _box_states,
    "every action of the box games": _every_box_action,
    "the actions of the box games": _box_actions,
    "every turn by ruleset": lambda: [{"$ref": f"#/$defs/{box.prefix(name)}Turn"} for name in engine.RULESETS],
    "the turns of the box games": _box_turns,
    "the turn by the state's ruleset": lambda: _by_ruleset("turn", lambda p: {"$ref": f"turn.json#/$defs/{p}Turn"}),
    "the actions by the state's ruleset": lambda: _by_ruleset(
        "actions", lambda p: {"items": {"$ref": f"action.json#/$defs/{p}Action"}}),
    "the turns by the state's ruleset": lambda: _by_ruleset(
        "turns", lambda p: {"items": {"$ref": f"turn.json#/$defs/{p}Turn"}}),
    "the names of the rulesets": lambda: list(engine.RULESETS),
    "the places of the box games' piles": lambda: box.places_pattern([r.state_type for _, r in _box_games()]),
    "every box game's options": _box_options,
    "the options and players by box game": _new_box_games,
}


PER_RULESET = "x-per-ruleset"
#: The member of a request that holds its state.
STATE = "state"
#: What stays with the choice, not with each branch.
OF_THE_CHOICE = ("$schema", "$id", "title", "description", "$defs")


def _with_prefix(node: Any, name: str) -> Any:
    if isinstance(node, dict):
        return {key: _with_prefix(value, name) for key, value in node.items()}
    if isinstance(node, list):
        return [_with_prefix(item, name) for item in node]
    return node.replace("{}", name) if isinstance(node, str) else node


def per_ruleset(schema: Schema, base: str) -> tuple[Schema, dict[str, Schema]]:
    """A request written once with `x-per-ruleset` (named `base`, as `TurnRequest`), as
    the choice of one request per ruleset, and those requests by name."""
    varying = schema[PER_RULESET]
    shared = {key: value for key, value in schema.items() if key != PER_RULESET}
    branches, mapping = {}, {}
    for ruleset in engine.RULESETS:
        name = box.prefix(ruleset)
        properties = {member: ({**value, **_with_prefix(varying[member], name)} if member in varying else value)
                      for member, value in shared["properties"].items()}
        properties[STATE] = {"$ref": f"state.json#/$defs/{name}State"}
        branches[f"{name}{base}"] = {
            "title": f"{shared['title']}: {ruleset}",
            **{key: value for key, value in shared.items() if key not in OF_THE_CHOICE},
            "properties": properties,
        }
        mapping[ruleset] = f"#/$defs/{name}{base}"
    choice = {key: shared[key] for key in OF_THE_CHOICE if key in shared and key != "$defs"}
    choice.update({"oneOf": [{"$ref": ref} for ref in mapping.values()],
                   "x-ruleset-of": {"propertyName": STATE, "mapping": mapping}})
    return choice, branches


def filled(node: Any, parts: dict[str, Callable[[], Any]] = PARTS) -> Any:
    """A source with every mark replaced by its generated part."""
    if isinstance(node, list):
        items: list[Any] = []
        for item in node:
            if isinstance(item, dict) and set(item) == {MARK}:
                items.extend(parts[item[MARK]]())
            else:
                items.append(filled(item, parts))
        return items
    if not isinstance(node, dict):
        return node
    if set(node) == {MARK}:
        return parts[node[MARK]]()
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == MARK:
            out.update(parts[value]())
        else:
            out[key] = filled(value, parts)
    return out


def filled_file(file_name: str, source: Schema) -> Schema:
    """A schema file from its source: the requests read by ruleset made choices, then
    every mark filled."""
    branches: dict[str, Schema] = {}
    if PER_RULESET in source:
        source, branches = per_ruleset(source, component_name(file_name))
        source = {**source, "$defs": {MARK: "the plain requests of each ruleset"}}
    else:
        defs = dict(source.get("$defs", {}))
        for name, schema in defs.items():
            if isinstance(schema, dict) and PER_RULESET in schema:
                defs[name], more = per_ruleset(schema, name.removeprefix("Plain"))
                branches.update(more)
        source = {**source, "$defs": defs} if defs else source
    return filled(source, {**PARTS, "the plain requests of each ruleset": lambda: branches})


def schema_text(document: Schema) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def generated(root: Path = REPOSITORY) -> dict[Path, str]:
    """Every file this package writes (path -> text): the schema files it has sources
    for, and `openapi.yaml` bundled from all the schema files as they will be."""
    files = {root / "schemas" / source.name:
             schema_text(filled_file(source.name, json.loads(source.read_text(encoding="utf-8"))))
             for source in sorted(SOURCES.glob("*.json"))}
    schemas = {path.name: json.loads(path.read_text(encoding="utf-8"))
               for path in sorted((root / "schemas").glob("*.json"))}
    schemas.update({path.name: json.loads(text) for path, text in files.items()})
    head, _ = split((root / "openapi.yaml").read_text(encoding="utf-8"))
    files[root / "openapi.yaml"] = render(head, schemas)
    return files


def stale(root: Path = REPOSITORY) -> list[Path]:
    """The files that differ from what the declarations generate."""
    return [path for path, text in generated(root).items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]
