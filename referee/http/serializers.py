"""marshmallow schemas for the bodies off the hot path: the new-game request, the rules
and the rulesets.

The state, turn and events travel on every request and are converted by the engine's
own codec (marshmallow costs milliseconds on a full state; docs/performance.md has the figures).
These two are small and rarely asked for, so marshmallow's declarations serve them.
"""

from __future__ import annotations

from marshmallow import Schema, fields

from ..engine import DEFAULT_RULESET, rulesets_using


#: JSON Schema takes 5.0 for an integer; like the engine's codec, the referee wants 5.
WHOLE = "Not a valid integer: write it without a fraction or exponent (5, not 5.0)."


class NewGameSchema(Schema):
    """`POST /v1/games`: every field but `players` has a default."""

    ruleset = fields.String(load_default=DEFAULT_RULESET)
    players = fields.List(fields.String(), required=True)
    seed = fields.Integer(load_default=None, strict=True, error_messages={"invalid": WHOLE})
    salt = fields.String(load_default=None)
    first = fields.Integer(load_default=0, strict=True, error_messages={"invalid": WHOLE})
    rows = fields.List(fields.String(), load_default=None)
    hidden = fields.Boolean(load_default=False)
    sealed = fields.Boolean(load_default=False)
    invite = fields.Boolean(load_default=False)
    options = fields.Dict(load_default=None)


class RuleSchema(Schema):
    """One entry of the rule catalogue."""

    code = fields.Function(lambda rule: rule.value)
    title = fields.String()
    description = fields.String()
    rulesets = fields.Function(rulesets_using)


class OptionSchema(Schema):
    """One option of a ruleset's new games; the ruleset holds it as a dict."""

    name = fields.String()
    values = fields.Raw()
    default = fields.Raw()
    description = fields.String()


class RulesetSchema(Schema):
    """One entry of `GET /v1/rulesets`; its codes in the ruleset's own order, the order
    in which its referee checks them."""

    name = fields.String()
    title = fields.String()
    description = fields.String()
    options = fields.List(fields.Nested(OptionSchema))
    codes = fields.Function(lambda ruleset: [code.value for code in ruleset.codes])
    # Every ruleset is dealt sealed: its turns, views and events carry a sealed game.
    sealable = fields.Function(lambda ruleset: True)


new_game_schema = NewGameSchema()
rule_schema = RuleSchema()
rules_schema = RuleSchema(many=True)
rulesets_schema = RulesetSchema(many=True)
