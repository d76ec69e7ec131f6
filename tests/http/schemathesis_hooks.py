"""Schemathesis hooks: real games in the requests it generates as valid, for what JSON Schema cannot say.

    SCHEMATHESIS_HOOKS=tests/http/schemathesis_hooks.py st run http://127.0.0.1:8000/openapi.yaml ...

The request schemas say the shapes the referee checks as a schema (400
`SCHEMA_VIOLATION`): fields, types, lengths, patterns, the choice of state, turn and
action by ruleset. A few of its 400s hang on the data itself (a picture's marks must
name what that picture draws, a prefix's player must exist). Two things a valid
request needs are not shapes at all, and the contract gives them codes of their own
on purpose:

- a state that can happen (`INVALID_STATE`, 422, each game's page under docs/games/):
  each card once, the game's 2 to 6 players, a player to move among them, the cards
  adding up to the deck. Uniqueness across zones and counts across fields are
  beyond JSON Schema, and a wrong player count must stay a 422, not become a 400;
- a game token the referee sealed itself and a seat key or invitation it made for that
  game (400 `TOKEN_INVALID`, 403 `SEAT_INVALID`): no pattern tells a genuine token from
  a forged one;

and a legal turn is what the referee exists to decide (422 with the broken rule).
Schemathesis's generator knows none of this, so nearly every state it makes is
impossible and every token forged. Its warning
"schema validation mismatch" names an operation for which, in one phase (examples,
coverage or fuzzing), no request made as valid data got a 2xx and the 4xx answers were
not all 401, 403, 404, 409 or 429 (schemathesis 4.32,
`schemathesis/cli/commands/run/warnings.py`).

`before_call` puts real data in a request schemathesis made as valid data (positive
mode), keeping its ruleset and the rest of its fields: a state reached by random legal
play from a seeded deal (`position`), and in a sealed request a game the referee under
test dealt and sealed (`SealedGames`). The turn, the actions of a prefix or the turns of
a replay become legal ones (`legal_turn`), a picture's marks things it draws. A
documented example (the examples phase) whose state can happen is sent as it is, and
requests made as invalid data (negative mode) are sent as generated: the refusals of
impossible states, forged tokens and illegal turns are exercised there and by
`test_schema_fuzz.py`, `test_sealed*.py` and the rules tests, with their expected codes.
Positions and turns are drawn from the generated body's digest, so the same body is
changed alike. Schemathesis checks the changed request again against its schema, and
the answers are checked as before.
"""

from __future__ import annotations

import collections
import hashlib
import json
import random
import re
import threading
import time
from pathlib import Path
from typing import Any

import schemathesis
from schemathesis import GenerationMode

from referee import engine
from referee.core.errors import MalformedInput, RefereeError, Violation
from referee.pictures import mark_names

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
#: At most this many random turns are played from a deal to reach a position.
MAX_TURNS = 20
#: The operations whose bodies hold a state or a sealed game.
GAME_PATHS = ("/v1/turns", "/v1/legal-actions", "/v1/replays", "/v1/scores", "/v1/views", "/v1/seats",
              "/v1/pictures")


#: The spellings of a mark the contract takes: a slot, or a place in a box game's picture.
MARKED = [re.compile(json.loads((ROOT / "schemas" / "picture-request.json").read_text(encoding="utf-8"))
                     ["$defs"][name]["pattern"]) for name in ("Slot", "BoxPlace")]


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
    elif path == "/v1/pictures":
        picture(body, state, turn, rng)


def picture(body: dict[str, Any], state: Any, turn: dict[str, Any], rng: random.Random) -> None:
    """Marks and highlights of what the picture draws (a slot of the game, or a card or
    place shown) in the contract's spelling, and a turn of the game's own actions where
    a picture draws one (the games on rows)."""
    names = sorted(name for name in mark_names(body["state"]) if any(p.fullmatch(name) for p in MARKED))
    for field in ("mark", "highlight"):
        if field in body:
            body[field] = [name if name in names else rng.choice(names) for name in body[field]] if names else []
    if body.get("turn"):
        if "rows" in body["state"]:
            body["turn"] = turn["actions"]
        else:
            del body["turn"]


class SealedGames:
    """Sealed games dealt by the referee under test, through schemathesis's own transport
    (HTTP, or the app in-process), so their tokens and keys are genuine.

    The referee lets one address start `REFEREE_NEW_GAMES_PER_MINUTE` sealed games a
    minute (120 by default), and schemathesis starts some of its own; so the games are
    kept and used again: one per ruleset for the requests that spend no token (views,
    scores, legal actions), one invited game whose seats are claimed again with the same
    `claim` (which answers the same seat key), and a fresh game for a turn (a token is
    played once) while fewer than `FRESH_PER_MINUTE` were dealt in the last minute, else
    a kept one (then 409 `TOKEN_SPENT`, which says nothing of the data)."""

    FRESH_PER_MINUTE = 40

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: dict[str, dict[str, Any]] = {}
        self.invited: dict[str, Any] | None = None
        self.claims: dict[str, str] = {}
        self.fresh: collections.deque[float] = collections.deque()

    @staticmethod
    def post(schema: Any, path: str, body: dict[str, Any], *, refusal: int | None = None) -> dict[str, Any] | None:
        """The answer of `POST path`; None when it is the `refusal` status, an error for any other."""
        response = schema[path]["POST"].Case(body=body, media_type="application/json").call()
        if response.status_code == refusal:
            return None
        if response.status_code >= 300:
            raise RuntimeError(f"POST {path} answered {response.status_code}: {response.text[:300]}")
        return response.json()

    def deal(self, schema: Any, ruleset: str, *, invite: bool = False) -> dict[str, Any]:
        n = min(engine.find_ruleset(ruleset).seats(None))
        return self.post(schema, "/v1/games", {"ruleset": ruleset, "players": list(NAMES[:n]), "sealed": True,
                                               **({"invite": True} if invite else {})})

    def kept_game(self, schema: Any, rng: random.Random) -> dict[str, Any]:
        ruleset = rng.choice(list(engine.RULESETS))
        with self.lock:
            if ruleset not in self.kept:
                self.kept[ruleset] = self.deal(schema, ruleset)
            return self.kept[ruleset]

    def fresh_game(self, schema: Any, rng: random.Random) -> dict[str, Any]:
        with self.lock:
            now = time.monotonic()
            while self.fresh and now - self.fresh[0] > 60:
                self.fresh.popleft()
            if len(self.fresh) >= self.FRESH_PER_MINUTE:
                fresh = None
            else:
                self.fresh.append(now)
                fresh = self.deal(schema, rng.choice(list(engine.RULESETS)))
        return fresh or self.kept_game(schema, rng)

    def seat(self, schema: Any, rng: random.Random, claim: str | None) -> tuple[str, str, str]:
        """A token of the invited game, one of its invitations, and the claim to send with it."""
        with self.lock:
            if self.invited is None:
                self.invited = self.deal(schema, "master", invite=True)
            invitation = rng.choice(self.invited["invitations"])
            claim = self.claims.setdefault(invitation, claim or f"{rng.getrandbits(128):032x}")
            return self.invited["game"], invitation, claim


GAMES = SealedGames()


def sealed(path: str, body: dict[str, Any], rng: random.Random, schema: Any) -> None:
    """Make the token, seat key or invitation of a sealed request the referee's own."""
    if path == "/v1/seats":
        body["game"], body["invitation"], body["claim"] = GAMES.seat(schema, rng, body.get("claim"))
        return
    game = GAMES.fresh_game(schema, rng) if path == "/v1/turns" else GAMES.kept_game(schema, rng)
    body["game"] = game["game"]
    if "seat" not in body:
        return
    body["seat"] = rng.choice(game["seats"])
    if path == "/v1/legal-actions":
        body["actions"] = []
    elif path == "/v1/turns":
        sealed_turn(body, game, rng, schema)


def sealed_turn(body: dict[str, Any], game: dict[str, Any], rng: random.Random, schema: Any) -> None:
    """A legal turn of the player to move (or of one of those waiting), action by action
    among those the referee lists for their seat. An action that turns up a hidden card (a draw, a reveal) ends the
    request: the referee turns it up, and refuses to list what follows it (400)."""
    view = SealedGames.post(schema, "/v1/views", {"game": game["game"], "seat": body["seat"]})["view"]
    player = view.get("current")
    if player is None:  # several act at once, or nobody: one of those waiting
        if not view.get("waiting"):
            return
        player = rng.choice(view["waiting"])
    body["seat"] = game["seats"][player]
    actions: list[dict[str, Any]] = []
    for _ in range(20):
        listed = SealedGames.post(schema, "/v1/legal-actions",
                                  {"game": game["game"], "seat": body["seat"], "actions": actions}, refusal=400)
        if listed is None or not listed["actions"] or (actions and listed["complete"] and rng.random() < 0.5):
            break
        action = rng.choice(listed["actions"])
        if action == {"type": "guess"}:
            action = {**action, "value": rng.randrange(14)}
        actions.append(action)
    body["turn"] = {"player": player, "actions": actions}


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
        sealed(path, body, rng, case.operation.schema)
