"""The box games' part of the contract, written from each game's declarations.

A box game declares its state and its players (`families.box.state`: each wired field
with its kind, its words and, for a pile, how it lies), its options (`Option`, with the
schema of its value) and its action kinds (`families.box.actions.ActionKind`, with their
members). From those come, for the game whose ruleset is `zweikampf` (prefix
`Zweikampf`):

- in `state.json`: `ZweikampfState`, `ZweikampfPlayer`, `ZweikampfOptions`;
- in `action.json`: one schema per kind, named for the game (`ZweikampfRevealAction`:
  two games may both have a `reveal`), and `ZweikampfAction`, what a turn of the game may
  send (any object with a type, checked against its kind where the game has it);
- in `turn.json`: `ZweikampfTurn`;
- the places of the piles the picture of a box game draws (`picture-request.json`).
"""

from __future__ import annotations

from typing import Any

from ..families.box.state import HEAD, NAME_SCHEMA, BoxState, wire_schema

Schema = dict[str, Any]


def prefix(ruleset: str) -> str:
    """`hoechste-karte` -> `HoechsteKarte`: the start of the names of a ruleset's schemas."""
    return "".join(word.capitalize() for word in ruleset.split("-"))


def game_title(state: type[BoxState]) -> str:
    return state.TITLE.removesuffix(" state")


def _ref(name: str, file: str = "") -> Schema:
    return {"$ref": f"{file}#/$defs/{name}"}


def in_file(schema: Any, file: str) -> Any:
    """`schema`, written for `state.json`, as another file refers to it: every `#/$defs/...`
    reference made `state.json#/$defs/...`."""
    if isinstance(schema, list):
        return [in_file(item, file) for item in schema]
    if not isinstance(schema, dict):
        return schema
    return {key: (file + value if key == "$ref" and value.startswith("#") else in_file(value, file))
            for key, value in schema.items()}


def seated(least: int, most: int) -> str:
    """What the contract says of a state's players, who are `least` to `most`."""
    how_many = "The two players" if least == most == 2 else f"The players, {least} to {most},"
    return f"{how_many} in seating order; other counts are refused by the referee, not by this schema."


def _optional_player_members(state: type[BoxState]) -> Schema:
    """The players' optional members, required with the option that brings them and
    absent without it, as the referee reads the players (`BoxState.player_members`)."""
    option, optional = state.PLAYER_OPTIONAL_WITH, sorted(state.PLAYER.OPTIONAL)
    if option is None or not optional:
        return {}
    return {
        "if": {"properties": {"options": {"properties": {option: {"const": True}}, "required": [option]}}},
        "then": {"properties": {"players": {"items": {"required": optional}}}},
        "else": {"properties": {"players": {"items": {"properties": {name: False for name in optional}}}}},
    }


def state_defs(ruleset: str, rules: Any) -> dict[str, Schema]:
    """The `$defs` of `state.json` for one box game: its state, its player, its options."""
    state: type[BoxState] = rules.state_type
    name, player = prefix(ruleset), state.PLAYER
    members = [*HEAD, *wire_schema(state)]
    own = {def_name: schema for cls in (state, player) for _, kind in cls.WIRE for def_name, schema in kind.defs.items()}
    return {
        f"{name}State": {
            "title": state.TITLE,
            "description": state.ABOUT,
            "type": "object",
            "properties": {
                "ruleset": {"description": "The rules this game follows.", "type": "string", "const": ruleset},
                "options": _ref(f"{name}Options"),
                "players": {"description": seated(rules.min_players, rules.max_players), "type": "array",
                            "minItems": 0, "maxItems": 16,
                            "items": _ref(f"{name}Player")},
                "current": _ref("BoxCurrent"),
                "waiting": _ref("Waiting"),
                **wire_schema(state),
            },
            "required": members,
            "additionalProperties": False,
            **_optional_player_members(state),
        },
        f"{name}Player": {
            "title": player.TITLE,
            "description": player.ABOUT,
            "type": "object",
            "properties": {"name": NAME_SCHEMA, **wire_schema(player)},
            "required": ["name", *(n for n in wire_schema(player) if n not in player.OPTIONAL)],
            "additionalProperties": False,
        },
        f"{name}Options": {
            "title": f"{game_title(state)} options",
            "description": "The options of the game; in a state each may be left out (its default), and the "
                           "referee's answers give them all.",
            "type": "object",
            "properties": {o.name: {"description": o.description, **o.schema} for o in state.OPTIONS},
            "additionalProperties": False,
        },
        **own,
    }


def action_defs(ruleset: str, state: type[BoxState], reader: Any) -> dict[str, Schema]:
    """The `$defs` of `action.json` for one box game: each kind it declares, and the
    choice of kind a turn of the game may send."""
    name = prefix(ruleset)
    kinds = list(reader.declared.values())
    defs = {f"{name}{prefix(kind.type)}Action": kind.schema() for kind in kinds}
    choice: list[Schema] = [_ref("AnyBoxAction")]
    for kind in kinds:
        listed = _ref(f"{name}{prefix(kind.type)}Action")
        # What a listing may leave open, a turn must give (a Ratefix guess's value).
        then = {"allOf": [listed, {"required": list(kind.open_values)}]} if kind.open_values else listed
        choice.append({"if": {"properties": {"type": {"const": kind.type}}, "required": ["type"]}, "then": then})
    words = ", ".join(kind.type for kind in kinds[:-1]) + (" or " if len(kinds) > 1 else "") + kinds[-1].type
    defs[f"{name}Action"] = {
        "title": f"{game_title(state)} action",
        "description": f"One step of a turn of {game_title(state)}: {words}; any other kind is refused by the "
                       "referee with TURN_SHAPE.",
        "allOf": choice,
    }
    return defs


def turn_def(ruleset: str, state: type[BoxState], reader: Any) -> dict[str, Schema]:
    """The `$defs` of `turn.json` for one box game: its turn."""
    name = prefix(ruleset)
    return {f"{name}Turn": {
        "title": f"{game_title(state)} turn",
        "description": reader.turn_about,
        "type": "object",
        "properties": {
            "player": _ref("TurnPlayer"),
            "actions": {"type": "array", "minItems": 0, "maxItems": reader.most,
                        "items": _ref(f"{name}Action", "action.json")},
        },
        "required": ["player", "actions"],
        "additionalProperties": False,
    }}


def places_pattern(states: list[type[BoxState]]) -> str:
    """The places a box game's picture may mark, as a pattern: every pile the games
    declare, a player's as `/players/1/hand`, one of a row of piles or of the entries or
    records on the table as `/display/0`, `/battle/1`, and a pile of the table alone as
    `/pile`."""
    alone, numbered, players = set(), set(), set()
    for state in states:
        for pile in state.PILES:
            if pile.owner == "player":
                players.add(pile.name)
            elif pile.shape == "pile":
                alone.add(pile.name)
            else:
                numbered.add(pile.name)
    return (f"^/({'|'.join(sorted(alone))}|({'|'.join(sorted(numbered))})/[0-9]{{1,2}}"
            f"|players/[0-9]/({'|'.join(sorted(players))}))$")
