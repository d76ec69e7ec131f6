"""The v1 endpoints: parse and validate, call the engine, serialize. Nothing else.

Rule violations and malformed input propagate as exceptions to the handlers in
`problems.py`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app

from .. import engine
from ..advice import refusals as advice
from ..core.codes import Code
from ..core.errors import MalformedInput, Violation
from ..pictures import mark_names, picture
from .bodies import json_body, json_response
from .language import translator
from .problems import Problem, malformed_detail
from . import sealed
from .serializers import new_game_schema, rule_schema, rulesets_schema

api = Blueprint("api", __name__, url_prefix="/v1")


@api.post("/games")
def new_game():
    request = new_game_schema.load(json_body("new-game-request.json"))
    salt = request["salt"]
    sealed.refuse_invite(request)
    if request["sealed"]:
        sealed.refuse_seed_and_hidden(request)
        sealed.admit_new_game()
        salt = sealed.deal_salt()
    game = engine.new_game(
        request["players"],
        seed=request["seed"],
        first=request["first"],
        hidden=request["hidden"],
        ruleset=request["ruleset"],
        options=engine.with_rows(request["options"], request["rows"]),
        salt=salt,
    )
    if request["sealed"]:  # the seed and salt stay inside the token until the game is over
        return json_response(sealed.new_game(game.state, game.seed, salt, invite=request["invite"]), 201)
    answer = {"state": game.state.to_dict(), "seed": game.seed, "redeals": game.redeals}
    if salt is not None:
        answer["salt"] = salt
    return json_response(answer, 201)


class located:
    """Answer the engine's MalformedInput as a SCHEMA_VIOLATION at `pointer`.

    What the schemas let through and the engine still refuses (a card of the other
    edition, say) is malformed too, and the problem says where: at the part being read,
    or, given that part's `actions`, at the card the engine names. (A class rather than
    a generator: it is entered three times on every turn's path.)
    """

    __slots__ = ("pointer", "actions")

    def __init__(self, pointer: str, actions: list[Any] | None = None):
        self.pointer = pointer
        self.actions = actions

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, traceback: Any) -> bool:
        if kind is None or not issubclass(kind, MalformedInput):
            return False
        detail = malformed_detail(exc)
        where = self.pointer
        for index, action in enumerate(self.actions or ()):
            card = action.get("card") if isinstance(action, dict) else None
            if isinstance(card, str) and detail.startswith(f"{card} "):
                where = f"{self.pointer}/{index}/card"
                break
        raise Problem("SCHEMA_VIOLATION", detail, errors=[{"pointer": where, "message": detail}]) from None


@api.post("/seats")
def seats():
    """An invited sealed game's seat, claimed once with its invitation."""
    return json_response(sealed.claim_seat(json_body("seat-request.json")))


@api.post("/turns")
def turns():
    body = json_body("turn-request.json")
    if "game" in body:
        with located("/turn/actions", body["turn"]["actions"]):
            return json_response(sealed.turn(body, advised))
    return json_response(turn_answer(body))


def turn_answer(body: dict[str, Any], refused=None) -> dict[str, Any]:
    """The answer to a plain (unsealed) turn request whose body passed its schema.

    Raises a Problem for what the engine finds malformed, and for a refused turn what
    `refused` makes of the Violation (`advised` by default); the short way
    (shortcut.py) passes its own, which gives up before any advice is computed.
    """
    with located("/state"):
        state = engine.load_state(body["state"])
    with located("/turn/actions", body["turn"]["actions"]):
        turn = engine.load_turn(body["turn"], ruleset=state.ruleset)
    try:
        with located("/turn/actions", body["turn"]["actions"]):
            result = engine.apply(state, turn)
    except Violation as violation:
        raise (refused or advised)(violation, state, turn.actions, turn.player) from None
    return {"state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked}


def advised(refused: Violation, state, actions, player: int | None = None) -> Violation:
    """The refusal with what would have worked: the legal actions (for `player`, by
    default the one to move) after the longest accepted prefix, and a hint. A failure
    here must not turn a refusal into a 500: it is logged as an error and the refusal
    goes out without them (the test suite fails any test during which the service logs
    an error, so the net is never relied on)."""
    try:
        refused.legal = advice.legal_after(state, actions, refused, player)
        refused.hint = advice.hint(state, actions, refused, refused.legal)
    except Exception:  # a bug in the advice, not in the refusal
        current_app.logger.exception("no advice for %s", refused.code)
    return refused


@api.post("/legal-actions")
def legal_actions():
    body = json_body("legal-actions-request.json")
    if "game" in body:
        with located("/actions", body.get("actions", [])):
            return json_response(sealed.legal_actions(body, advised))
    return json_response(legal_actions_answer(body))


def legal_actions_answer(body: dict[str, Any], refused=None) -> dict[str, Any]:
    """The answer to a plain legal-actions request whose body passed its schema; raises
    as `turn_answer` does."""
    with located("/state"):
        state = engine.load_state(body["state"])
    with located("/actions", body.get("actions", [])):
        prefix = engine.load_actions(body.get("actions", []), ruleset=state.ruleset)
    with located("/player"):
        player = engine.find_ruleset(state.ruleset).lister(state, body.get("player"))
    with located("/actions", body.get("actions", [])):
        try:
            answer = engine.legal_actions(state, prefix, player)
        except Violation as violation:  # a prefix that already breaks a rule: its problem, advised
            raise (refused or advised)(violation, state, prefix, player) from None
    return answer.to_dict()


@api.post("/replays")
def replays():
    body = json_body("replay-request.json")
    with located("/state"):
        state = engine.load_state(body["state"])
    turns = []
    for index, turn in enumerate(body["turns"]):
        with located(f"/turns/{index}/actions", turn["actions"]):
            turns.append(engine.load_turn(turn, ruleset=state.ruleset))
    try:
        with located("/turns"):
            result = engine.replay(state, turns)
    except Violation as refused:
        if refused.turn is None or refused.action is None:
            raise
        before = engine.replay(state, turns[: refused.turn]).state if refused.turn else state
        turn = turns[refused.turn]
        raise advised(refused, before, turn.actions, turn.player) from None
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
    if "game" in body:
        return json_response(sealed.scores(body))
    with located("/state"):
        state = engine.load_state(body["state"])
    return json_response(engine.scores(state))


@api.post("/views")
def views():
    body = json_body("view-request.json")
    if "game" in body:
        return json_response(sealed.view(body))
    with located("/state"):
        state = engine.load_state(body["state"])
    with located("/player"):
        view = engine.view(state, body["player"])
    return json_response({"view": view.to_dict(), "last": None})  # a state sent whole carries no history


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
    with located("/state"):
        state = engine.load_state(body["state"])
    engine.check_state(state)
    with located("/turn", body.get("turn", [])):
        engine.load_actions(body.get("turn", []), ruleset=state.ruleset)  # the turn's cards are this game's
    wire = state.to_dict()
    names = mark_names(wire)
    # A game on rows names its slots; the other games of the box the cards and places drawn.
    what = "a slot of this game" if "rows" in wire else "a card or place drawn in this picture"
    for field in ("mark", "highlight"):
        for index, name in enumerate(body.get(field, [])):
            if name not in names:
                raise Problem(
                    "SCHEMA_VIOLATION",
                    f"{name} is not {what} ({state.ruleset}).",
                    errors=[{"pointer": f"/{field}/{index}", "message": f"{name} is not {what}"}],
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
