"""marshmallow schemas for the bodies off the hot path: the new-game request and the rules.

The state, turn and events travel on every request and are converted by the engine's
own codec (marshmallow costs milliseconds on a full state; the README has the figures).
These two are small and rarely asked for, so marshmallow's declarations serve them.
"""

from __future__ import annotations

from marshmallow import Schema, fields


#: JSON Schema takes 5.0 for an integer; like the engine's codec, the referee wants 5.
WHOLE = "Not a valid integer: write it without a fraction or exponent (5, not 5.0)."


class NewGameSchema(Schema):
    """`POST /v1/games`: every field but `players` has a default."""

    ruleset = fields.String(load_default="master")
    players = fields.List(fields.String(), required=True)
    seed = fields.Integer(load_default=None, strict=True, error_messages={"invalid": WHOLE})
    first = fields.Integer(load_default=0, strict=True, error_messages={"invalid": WHOLE})
    rows = fields.List(fields.String(), load_default=None)
    hidden = fields.Boolean(load_default=False)


class RuleSchema(Schema):
    """One entry of the rule catalogue."""

    code = fields.Function(lambda rule: rule.value)
    title = fields.String()
    description = fields.String()


new_game_schema = NewGameSchema()
rule_schema = RuleSchema()
rules_schema = RuleSchema(many=True)
