"""Schemathesis hooks: real games in the requests it generates as valid, for what JSON Schema cannot say.

    SCHEMATHESIS_HOOKS=tests/http/schemathesis_hooks.py st run http://127.0.0.1:8000/openapi.yaml ...

The request schemas say every shape the referee checks as a schema (400
`SCHEMA_VIOLATION`): fields, types, lengths, patterns, the choice of state, turn and
action by ruleset. Two things a valid request needs are not shapes, and the contract
gives them codes of their own on purpose:

- a state that can happen (docs/games/master.md and each game's page, `INVALID_STATE`,
  422): each card once, the game's 2 to 6 players, a player to move among them, the
  cards adding up to the deck. Uniqueness across zones and counts across fields are
  beyond JSON Schema, and a wrong player count must stay a 422, not become a 400;
- a game token the referee sealed itself and a seat key or invitation it made for that
  game (400 `TOKEN_INVALID`, 403 `SEAT_INVALID`): no pattern tells a genuine token from
  a forged one;

and a legal turn is what the referee exists to decide (422 with the broken rule).
Schemathesis's generator knows none of this, so nearly every state it makes is
impossible and every token forged, and its warning "schema validation mismatch" says
that an operation refused all its valid data.

`before_call` puts real data in a request schemathesis made as valid data (positive mode)
and that its request schema accepts, keeping its ruleset and the rest of its fields: a
state reached by random legal play from a seeded deal (`position`), and in a sealed
request a game the referee under test deals and seals (`SealedGames`). The turn, the
actions of a prefix or the turns of a replay become legal ones (`legal_turn`). A
documented example (the examples phase) whose state can happen is sent as it is, and
requests made as invalid data (negative mode) are sent as generated: the refusals of
impossible states, forged tokens and illegal turns are exercised there and by
`test_schema_fuzz.py`, `test_sealed*.py` and the rules tests, with their expected codes.
Each choice is drawn from the generated body's digest, so a run with the same seed sends
the same requests. Schemathesis checks the changed request again against its schema, and
the answers are checked as before.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import schemathesis
from schemathesis import GenerationMode

from referee import engine
from referee.core.errors import MalformedInput, RefereeError, Violation

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
#: At most this many random turns are played from a deal to reach a position.
MAX_TURNS = 20
#: The operations whose bodies hold a state or a sealed game.
GAME_PATHS = ("/v1/turns", "/v1/legal-actions", "/v1/replays", "/v1/scores", "/v1/views", "/v1/seats",
              "/v1/pictures")


def rng_for(body: Any) -> random.Random:
    """A random source drawn from the generated body, so that the same body is changed alike."""
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def random_turn(state: Any, rng: random.Random, player: int) -> list[dict[str, Any]]:
    """A random legal turn of `player` as JSON, chosen action by action among the legal
    continuations. A listed action that leaves a choice open (a Ratefix guess names no
    value) gets one."""
    prefix: list[dict[str, Any]] = []
    for _ in range(200):
        listed = engine.legal_actions(state, engine.load_actions(prefix, state.ruleset), player)
        if not listed.actions or (prefix and listed.complete and rng.random() < 0.5):
            break
        action = rng.choice(listed.actions).to_dict()
        if action == {"type": "guess"}:
            action["value"] = rng.randrange(14)
        prefix.append(action)
    return prefix


def mover(state: Any, rng: random.Random) -> int | None:
    """A player who may act now: the player to move, or one of those waiting."""
    if state.current is not None:
        return state.current
    waiting = getattr(state, "waiting", ())
    return rng.choice(waiting) if waiting else None


def legal_turn(state: Any, rng: random.Random) -> dict[str, Any] | None:
    """A legal turn as JSON, or None when nobody can move or none was found."""
    player = mover(state, rng)
    if player is None or state.is_over:
        return None
    try:
        turn = {"player": player, "actions": random_turn(state, rng, player)}
        engine.apply(state, engine.load_turn(turn, state.ruleset))
    except (Violation, MalformedInput):  # a listed draw that must name its card, and the like
        return None
    return turn if turn["actions"] else None


def position(ruleset: str, rng: random.Random) -> Any:
    """A state of `ruleset` reached by random legal play from a seeded deal."""
    n = rng.choice(engine.find_ruleset(ruleset).seats(None))
    state = engine.new_game(list(NAMES[:n]), seed=rng.randrange(2**32), ruleset=ruleset).state
    for _ in range(rng.randrange(MAX_TURNS)):
        turn = legal_turn(state, rng)
        if turn is None:
            break
        state = engine.apply(state, engine.load_turn(turn, ruleset)).state
    return state


def legal_turns(state: Any, rng: random.Random, most: int) -> list[dict[str, Any]]:
    """Up to `most` legal turns played one after the other from `state`."""
    turns = []
    for _ in range(most):
        turn = legal_turn(state, rng)
        if turn is None:
            break
        turns.append(turn)
        state = engine.apply(state, engine.load_turn(turn, state.ruleset)).state
    return turns


def playable(ruleset: str, rng: random.Random, tries: int = 5) -> tuple[Any, dict[str, Any] | None]:
    """A real position of `ruleset` and a legal turn in it (a few positions are tried
    before giving up on the turn: a game may be over, or a draw need a card named)."""
    for _ in range(tries):
        state = position(ruleset, rng)
        turn = legal_turn(state, rng)
        if turn is not None:
            break
    return state, turn


def plain(path: str, body: dict[str, Any], rng: random.Random) -> None:
    """Make the state of a plain request a real position of its ruleset, and its turn,
    prefix or turns legal."""
    state, turn = playable(body["state"]["ruleset"], rng)
    body["state"] = state.to_dict()
    n = len(state.players)
    if body.get("player") is not None:  # a view's or a prefix's player: one who exists
        body["player"] %= n
    if turn is None:
        return
    if path == "/v1/legal-actions":
        body["actions"] = turn["actions"][:rng.randrange(len(turn["actions"]) + 1)]
        if state.current is None:  # several act at once: say whose actions these are
            body["player"] = turn["player"]
        else:
            body.pop("player", None)
    elif path == "/v1/turns":
        body["turn"] = turn
    elif path == "/v1/replays":
        body["turns"] = legal_turns(state, rng, min(len(body.get("turns", [])), 4))


class SealedGames:
    """Sealed games dealt by the referee under test, through schemathesis's own transport
    (HTTP, or the app in-process), so their tokens and keys are genuine."""

    def __init__(self, schema: Any) -> None:
        self.schema = schema

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.schema[path]["POST"].Case(body=body, media_type="application/json").call()
        if response.status_code >= 300:
            raise RuntimeError(f"POST {path} answered {response.status_code}: {response.text[:300]}")
        return response.json()

    def deal(self, rng: random.Random, *, invite: bool = False) -> dict[str, Any]:
        ruleset = rng.choice(list(engine.RULESETS))
        n = rng.choice(engine.find_ruleset(ruleset).seats(None))
        return self.post("/v1/games", {"ruleset": ruleset, "players": list(NAMES[:n]), "sealed": True,
                                       **({"invite": True} if invite else {})})


def sealed(path: str, body: dict[str, Any], rng: random.Random, games: SealedGames) -> None:
    """Make the token, seat key or invitation of a sealed request the referee's own."""
    if path == "/v1/seats":
        game = games.deal(rng, invite=True)
        body["game"], body["invitation"] = game["game"], rng.choice(game["invitations"])
        return
    game = games.deal(rng)
    body["game"] = game["game"]
    if "seat" not in body:
        return
    seat = rng.randrange(len(game["seats"]))
    body["seat"] = game["seats"][seat]
    if path == "/v1/legal-actions":
        body["actions"] = []
    elif path == "/v1/turns":
        # The player to move and the first action the referee lists for them: a turn
        # that may stay open (a draw) is legal as a start.
        view = games.post("/v1/views", {"game": game["game"], "seat": game["seats"][seat]})["view"]
        current = view.get("current")
        if current is None:
            return
        body["seat"] = game["seats"][current]
        listed = games.post("/v1/legal-actions", {"game": game["game"], "seat": body["seat"]})
        body["turn"] = {"player": current, "actions": listed["actions"][:1]}


def is_possible(state: Any) -> bool:
    """Whether the referee takes `state` as a state that can happen."""
    try:
        engine.check_state(engine.load_state(state))
    except RefereeError:
        return False
    return True


def is_valid_data(case: Any) -> bool:
    """Generated as valid data (positive mode; schemathesis makes it valid against the
    request schema) of a known ruleset. The requests the hooks send themselves have no
    generation data, and are left alone."""
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE or not isinstance(case.body, dict):
        return False
    state = case.body.get("state")
    return state is None or (isinstance(state, dict) and state.get("ruleset") in engine.RULESETS)


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    path = case.operation.path
    if case.method.upper() != "POST" or path not in GAME_PATHS or not is_valid_data(case):
        return
    body = case.body
    rng = rng_for(body)
    if case.meta.phase.name == "examples" and "state" in body and is_possible(body["state"]):
        return
    if "state" in body:
        plain(path, body, rng)
    elif "game" in body:
        sealed(path, body, rng, SealedGames(case.operation.schema))
