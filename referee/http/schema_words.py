"""SCHEMA_VIOLATION messages in words a client developer understands.

jsonschema-rs reports what failed in the schema's own terms: a regular expression the
value did not match, "False schema does not allow …", the list of an enum. This module
says instead which field is at fault and what was expected there, from the error's kind
and the offending value: `"X1" is not a card: a colour letter and a value ("R7", "B21"),
or "J" for a joker`. A kind it has no words for keeps the library's message.

Each sentence is a `Message`, so that a person reads it in the request's language (a
table page's setup meets these first); the values quoted stay as the client wrote them.
"""

from __future__ import annotations

import json
from typing import Any

from ..i18n import N_, Counted, Message
from ..i18n.terms import Listing

#: What each pattern of schemas/ accepts, in words (the patterns name cards and slots).
PATTERN_WORDS = {
    "^(J|[RYGB]([1-9]|1[0-9]|2[01]))$": N_('a card: a colour letter R, Y, G or B and a value 1 to 21 ("R7", "B21"), or "J" for a joker'),
    "^[RYGB]([1-9]|1[0-9]|2[01])$": N_('a number card or slot: a colour letter R, Y, G or B and a value 1 to 21 ("B9")'),
    "^(J|[RYGB]([1-9]|1[0-9]|2[01])|O([1-9]|1[0-9]|20))$": N_('a card: a colour letter and a value ("R7", "O20"), or "J" for a joker'),
    "^[ORYGB]([1-9]|1[0-9]|20)$": N_('a card of the classic game: a colour letter O, R, Y, G or B and a value 1 to 20 ("O11")'),
    "^[OYGB]([1-9]|1[01])$": N_('a card of the junior game: a colour letter O, Y, G or B and a value 1 to 11 ("G10")'),
    "^[ROYGB]([1-9]|1[0-9]|2[01])$": N_('a slot: a colour letter and a value ("B9")'),
}
TYPE_WORDS = {
    "object": N_("an object"), "array": N_("a list"), "string": N_("a string"), "integer": N_("a whole number"),
    "number": N_("a number"), "boolean": N_("true or false"), "null": "null",
}
MAX_VALUE = 60


def field_name(path: list) -> Message:
    """`the field "card" of action 3` style words for where the error is."""
    if not path:
        return Message("the body")
    last = path[-1]
    if isinstance(last, int):
        if len(path) > 1:
            return Message("item {index} of {field}", index=last, field=_quoted(path[-2]))
        return Message("item {index} of the list", index=last)
    return Message("the field {field}", field=_quoted(last))


def explain(error: Any) -> Message | str:
    """One sentence for one jsonschema-rs error: which field, what was expected (the
    library's own message where this has no words)."""
    kind = error.kind
    path = list(error.instance_path)
    where = field_name(path)
    name = type(kind).__name__
    value = _shown(error.instance)
    if name == "Required":
        return Message("the field {field} is missing", field=_quoted(kind.property))
    if name == "AdditionalProperties":
        fields = ", ".join(_quoted(f) for f in kind.unexpected)
        return Message("unknown field {fields}: this object takes only the fields the contract lists", fields=fields)
    if name == "FalseSchema":
        return Message("{where} is not allowed here", where=where)
    if name == "Pattern":
        expected = PATTERN_WORDS.get(kind.pattern, N_("a name the contract allows"))
        return Message("{value} in {where} is not {expected}", value=value, where=where, expected=Message(expected))
    if name == "Enum":
        options = ", ".join(_shown(o) for o in kind.options)
        return Message("{value} in {where} is not one of {options}", value=value, where=where, options=options)
    if name == "Constant":
        return Message("{where} must be {expected}", where=where, expected=_shown(getattr(kind, "expected_value", None)))
    if name == "Type":
        wanted = [Message(TYPE_WORDS.get(str(t).lower(), str(t))) for t in _types(kind)]
        return Message("{where} must be {wanted}, not {value}", where=where, wanted=Listing(wanted, "or"), value=value)
    if name in ("Minimum", "ExclusiveMinimum"):
        return Message("{where} is {value}, below the smallest allowed value {limit}", where=where, value=value,
                       limit=kind.limit)
    if name in ("Maximum", "ExclusiveMaximum"):
        return Message("{where} is {value}, above the largest allowed value {limit}", where=where, value=value,
                       limit=kind.limit)
    if name == "MinItems":
        return Counted("{where} needs at least {n} item", "{where} needs at least {n} items", kind.limit, where=where)
    if name == "MaxItems":
        return Counted("{where} may hold at most {n} item", "{where} may hold at most {n} items", kind.limit, where=where)
    if name == "MinLength":
        return Counted("{where} needs at least {n} character", "{where} needs at least {n} characters", kind.limit,
                       where=where)
    if name == "MaxLength":
        return Counted("{where} may be at most {n} character long", "{where} may be at most {n} characters long",
                       kind.limit, where=where)
    if name == "UniqueItems":
        return Message("{where} lists an item twice", where=where)
    if name in ("OneOfNotValid", "AnyOf"):
        return Message("{value} in {where} has none of the shapes the contract allows there", value=value, where=where)
    return error.message


def _types(kind: Any) -> list:
    types = getattr(kind, "types", None)
    return list(types) if types is not None else []


def _quoted(name: Any) -> str:
    return json.dumps(name) if isinstance(name, str) else str(name)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= MAX_VALUE else text[: MAX_VALUE - 1] + "…"
