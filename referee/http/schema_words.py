"""SCHEMA_VIOLATION messages in words a client developer understands.

jsonschema-rs reports what failed in the schema's own terms: a regular expression the
value did not match, "False schema does not allow …", the list of an enum. This module
says instead which field is at fault and what was expected there, from the error's kind
and the offending value: `"X1" is not a card: a colour letter and a value ("R7", "B21"),
or "J" for a joker`. A kind it has no words for keeps the library's message.
"""

from __future__ import annotations

import json
from typing import Any

#: What each pattern of schemas/ accepts, in words (the patterns name cards and slots).
PATTERN_WORDS = {
    "^(J|[RYGB]([1-9]|1[0-9]|2[01]))$": 'a card: a colour letter R, Y, G or B and a value 1 to 21 ("R7", "B21"), or "J" for a joker',
    "^[RYGB]([1-9]|1[0-9]|2[01])$": 'a number card or slot: a colour letter R, Y, G or B and a value 1 to 21 ("B9")',
    "^(J|[RYGB]([1-9]|1[0-9]|2[01])|O([1-9]|1[0-9]|20))$": 'a card: a colour letter and a value ("R7", "O20"), or "J" for a joker',
    "^[ORYGB]([1-9]|1[0-9]|20)$": 'a card of the classic game: a colour letter O, R, Y, G or B and a value 1 to 20 ("O11")',
    "^[OYGB]([1-9]|1[01])$": 'a card of the junior game: a colour letter O, Y, G or B and a value 1 to 11 ("G10")',
    "^[ROYGB]([1-9]|1[0-9]|2[01])$": 'a slot: a colour letter and a value ("B9")',
}
TYPE_WORDS = {
    "object": "an object", "array": "a list", "string": "a string", "integer": "a whole number",
    "number": "a number", "boolean": "true or false", "null": "null",
}
MAX_VALUE = 60


def field_name(path: list) -> str:
    """`the field "card" of action 3` style words for where the error is."""
    if not path:
        return "the body"
    last = path[-1]
    if isinstance(last, int):
        return f"item {last} of {_quoted(path[-2]) if len(path) > 1 else 'the list'}"
    return f"the field {_quoted(last)}"


def explain(error: Any) -> str:
    """One sentence for one jsonschema-rs error: which field, what was expected."""
    kind = error.kind
    path = list(error.instance_path)
    where = field_name(path)
    name = type(kind).__name__
    value = _shown(error.instance)
    if name == "Required":
        return f"the field {_quoted(kind.property)} is missing"
    if name == "AdditionalProperties":
        fields = ", ".join(_quoted(f) for f in kind.unexpected)
        return f"unknown field {fields}: this object takes only the fields the contract lists"
    if name == "FalseSchema":
        return f"{where} is not allowed here"
    if name == "Pattern":
        expected = PATTERN_WORDS.get(kind.pattern, "a name the contract allows")
        return f"{value} in {where} is not {expected}"
    if name == "Enum":
        options = ", ".join(_shown(o) for o in kind.options)
        return f"{value} in {where} is not one of {options}"
    if name == "Constant":
        return f"{where} must be {_shown(getattr(kind, 'expected_value', None))}"
    if name == "Type":
        wanted = " or ".join(TYPE_WORDS.get(str(t).lower(), str(t)) for t in _types(kind))
        return f"{where} must be {wanted}, not {value}"
    if name in ("Minimum", "ExclusiveMinimum"):
        return f"{where} is {value}, below the smallest allowed value {kind.limit}"
    if name in ("Maximum", "ExclusiveMaximum"):
        return f"{where} is {value}, above the largest allowed value {kind.limit}"
    if name == "MinItems":
        return f"{where} needs at least {kind.limit} item{'s' if kind.limit != 1 else ''}"
    if name == "MaxItems":
        return f"{where} may hold at most {kind.limit} items"
    if name == "MinLength":
        return f"{where} needs at least {kind.limit} character{'s' if kind.limit != 1 else ''}"
    if name == "MaxLength":
        return f"{where} may be at most {kind.limit} characters long"
    if name == "UniqueItems":
        return f"{where} lists an item twice"
    if name in ("OneOfNotValid", "AnyOf"):
        return f"{value} in {where} has none of the shapes the contract allows there"
    return error.message


def _types(kind: Any) -> list:
    types = getattr(kind, "types", None)
    return list(types) if types is not None else []


def _quoted(name: Any) -> str:
    return json.dumps(name) if isinstance(name, str) else str(name)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 1] + "…"
