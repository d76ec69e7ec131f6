"""The v1 endpoints: parse and validate, call the engine, serialize. Nothing else.

Rule violations and malformed input propagate as exceptions to the handlers in
`problems.py`.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from .. import advice, engine
from ..core.errors import Violation
from ..core.codes import Code
from ..pictures import picture, slot_names
from .bodies import json_body, json_response
from .language import translator
from .problems import Problem
from .serializers import new_game_schema, rule_schema, rulesets_schema

api = Blueprint("api", __name__, url_prefix="/v1")


@api.post("/games")
def new_game():
    request = new_game_schema.load(json_body("new-game-request.json"))
    game = engine.new_game(
        request["players"],
        seed=request["seed"],
        first=request["first"],
        rows=request["rows"],
        hidden=request["hidden"],
        ruleset=request["ruleset"],
        options=request["options"],
    )
    return json_response(
        {"state": game.state.to_dict(), "seed": game.seed, "redeals": game.redeals}, 201
    )


@api.post("/turns")
def turns():
    body = json_body("turn-request.json")
    state = engine.load_state(body["state"])
    turn = engine.load_turn(body["turn"], ruleset=state.ruleset)
    try:
        result = engine.apply(state, turn)
    except Violation as refused:
        raise advised(refused, state, turn.actions) from None
    return json_response(
        {"state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked}
    )


def advised(refused: Violation, state, actions) -> Violation:
    """The refusal with what would have worked: the legal actions after the longest
    accepted prefix, and a hint. A failure here must not turn a refusal into a 500: it
    is logged and the refusal goes out without them."""
    try:
        refused.legal = advice.legal_after(state, actions, refused)
        refused.hint = advice.hint(state, actions, refused, refused.legal)
    except Exception:  # a bug in the advice, not in the refusal
        current_app.logger.exception("no advice for %s", refused.code)
    return refused


@api.post("/legal-actions")
def legal_actions():
    body = json_body("legal-actions-request.json")
    state = engine.load_state(body["state"])
    prefix = engine.load_actions(body.get("actions", []), ruleset=state.ruleset)
    return json_response(engine.legal_actions(state, prefix).to_dict())


@api.post("/replays")
def replays():
    body = json_body("replay-request.json")
    state = engine.load_state(body["state"])
    turns = [engine.load_turn(t, ruleset=state.ruleset) for t in body["turns"]]
    try:
        result = engine.replay(state, turns)
    except Violation as refused:
        if refused.turn is None or refused.action is None:
            raise
        before = engine.replay(state, turns[: refused.turn]).state if refused.turn else state
        raise advised(refused, before, turns[refused.turn].actions) from None
    return json_response(
        {
            "state": result.state.to_dict(),
            "turns": len(turns),
            "events": result.events,
            "unchecked": result.unchecked,
        }
    )


@api.post("/scores")
def scores():
    body = json_body("scores-request.json")
    return json_response(engine.scores(engine.load_state(body["state"])))


@api.get("/rulesets")
def rulesets():
    return json_response(rulesets_schema.dump(list(engine.RULESETS.values())))


@api.get("/rules")
def rules():
    return json_response([_in_language(rule_schema.dump(code), code) for code in Code])


@api.get("/rules/<code>")
def rule(code: str):
    if code not in Code.__members__:
        raise Problem("NOT_FOUND", f"There is no rule {code!r}; GET /v1/rules lists them all.")
    return json_response(_in_language(rule_schema.dump(Code[code]), Code[code]))


def _in_language(rule: dict, code: Code) -> dict:
    """A catalogue entry with its title and rule text in the request's language."""
    texts = translator()
    rule["title"] = texts.gettext(code.title)
    rule["description"] = texts.gettext(code.description)
    return rule


@api.post("/pictures")
def pictures():
    body = json_body("picture-request.json")
    state = engine.load_state(body["state"])
    engine.check_state(state)
    engine.load_actions(body.get("turn", []), ruleset=state.ruleset)  # the turn's cards are this game's
    wire = state.to_dict()
    slots = set(slot_names(wire))
    for field in ("mark", "highlight"):
        for index, slot in enumerate(body.get(field, [])):
            if slot not in slots:
                raise Problem(
                    "SCHEMA_VIOLATION",
                    f"{slot} is not a slot of this {state.ruleset} game.",
                    errors=[{"pointer": f"/{field}/{index}", "message": f"{slot} is not a slot of this game"}],
                )
    svg = picture(
        wire,
        body.get("mark", ()),
        turn=body.get("turn", ()),
        highlight=body.get("highlight", ()),
        layout=body.get("layout", "wide"),
        texts=translator("pages"),
    )
    return Response(svg, mimetype="image/svg+xml")
