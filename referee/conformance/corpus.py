"""The golden corpus: plain JSON cases that any language's test runner can replay.

    referee conformance export DIR

writes DIR/manifest.json and one JSON file per group of cases (format `FORMAT`, described
in DIR/FORMAT.md and in docs/howto/conformance.md). Every case is one HTTP request and the answer the
referee gives it, reduced to what the contract fixes:

    {"id": "codes/master/CARD_LIMIT", "description": "...", "endpoint": "/v1/turns",
     "request": {...}, "expected": {"status": 422, "code": "CARD_LIMIT", "action": 4}}

    {"id": "games/junior/turn-3", ..., "expected": {"status": 200, "body": {...},
     "unordered": ["unchecked"]}}

Groups: the printed rulebook's examples (`rulebook.json`), one scenario per rule code of
each ruleset and per kind of impossible state (`codes-<ruleset>.json`; for the other games in
the box, one per rule code and an accepted turn, `boxcodes`), the printed rules' own
situations in the games of the box (`situations-<ruleset>.json`, `boxsituations`), and whole games of
every ruleset and option combination with every turn's answer, then the whole game as
one replay and its scores (`game-<kind>.json`; for the other games in the box, each
edition and yes/no option, and a turn after the end).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from .. import engine
from ..testing import play as plays
from .boxcodes import find_box_code_cases
from .boxsituations import situation_cases
from ..testing.boxplay import BoxKind, box_kinds, box_turn
from ..testing.decks import game_kinds
from .answers import PATHS, Answer, comparable, expected
from .scenarios import (
    IMPOSSIBLE_KINDS,
    position_situation_cases,
    find_code_cases,
    find_impossible_cases,
    rulebook_cases,
)

FORMAT = "elfer-referee-corpus/1"
#: The members of a 200 answer that are sets: compared without regard to order.
UNORDERED = {"/v1/turns": ["unchecked"], "/v1/legal-actions": ["actions"], "/v1/scores": ["winners"],
             "/v1/replays": []}

FORMAT_TEXT = f"""# The referee's golden corpus ({FORMAT})

Every `*.json` file here except `manifest.json` is `{{"format": "{FORMAT}", "cases": [...]}}`.
A case is one HTTP request and the answer a conforming service gives:

- `id`, `description`: what the case is.
- `endpoint`: the path to POST to (`/v1/turns`, `/v1/legal-actions`, `/v1/replays`,
  `/v1/scores`), with the body `request` as `application/json`.
- `expected.status`: the HTTP status of the answer (200 or 422).
- For 422: `expected.code` and `expected.action` (and for a replay `expected.turn`) must
  equal the problem document's members of the same name. Wording (`title`, `detail`,
  `reason`, `hint`) is not compared.
- For 200: every member of `expected.body` must equal the answer's member of the same name
  (JSON equality: key order never matters); the members named in `expected.unordered`
  are lists compared as multisets (order free). Members the answer has beyond those are
  not compared.

Cases of one file are independent: each request carries its whole state.
"""


def case(identifier: str, description: str, endpoint: str, request: dict[str, Any]) -> dict[str, Any]:
    """A case with the referee's answer as its expectation."""
    name = next(k for k, v in PATHS.items() if v == endpoint)
    answer = expected(name, request)
    return {"id": identifier, "description": description, "endpoint": endpoint, "request": request,
            "expected": expectation(name, answer)}


def expectation(name: str, answer: Answer) -> dict[str, Any]:
    if answer.status != 200:
        fields = comparable(name, answer)
        return {k: v for k, v in fields.items()}
    body = {k: v for k, v in answer.body.items()}
    if name == "legal-actions":
        body = {"player": body["player"], "actions": body["actions"], "complete": body["complete"]}
    return {"status": 200, "body": body, "unordered": UNORDERED[PATHS[name]]}


def game_cases(kind, seed: int) -> list[dict[str, Any]]:
    """A whole game of random legal play: every turn, then the replay and the scores."""
    players = 2 if kind.max_players == 2 else 3
    return whole_game_cases(kind, seed, players, plays.legal_turn)


def box_game_cases(kind: BoxKind, seed: int) -> list[dict[str, Any]]:
    """The same for a game of the box: a player who may act (the one to move, or one a
    simultaneous step waits for) plays each turn; once it is over, one more turn is
    GAME_OVER."""
    out = whole_game_cases(kind, seed, kind.players, box_turn)
    last = out[-1]["request"]["state"]
    if engine.load_state(last).is_over:
        first_turn = out[0]["request"]["turn"]
        out.append(case(f"games/{kind}/after-the-end", f"a turn after the end of the game of {kind}",
                        "/v1/turns", {"state": last, "turn": first_turn}))
    return out


def whole_game_cases(kind, seed: int, players: int, next_turn) -> list[dict[str, Any]]:
    rng = random.Random(f"corpus-game:{kind}:{seed}")
    names = ["Ada", "Ben", "Cleo"][:players]
    state = engine.new_game(names, seed=seed, ruleset=kind.ruleset, options=kind.options).state.to_dict()
    start = state
    out, turns = [], []
    for number in range(400):
        turn = next_turn(state, rng)
        if turn is None:
            break
        request = {"state": state, "turn": turn}
        out.append(case(f"games/{kind}/turn-{number}", f"turn {number} of a game of {kind}",
                        "/v1/turns", request))
        turns.append(turn)
        state = out[-1]["expected"]["body"]["state"]
    out.append(case(f"games/{kind}/replay", f"the whole game of {kind} as one replay", "/v1/replays",
                    {"state": start, "turns": turns}))
    out.append(case(f"games/{kind}/scores", f"the scores at the end of the game of {kind}", "/v1/scores",
                    {"state": state}))
    return out


def export(directory: Path, seed: int = 0) -> int:
    """Write the corpus into `directory`; the number of files written."""
    directory.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[dict[str, Any]]] = {"rulebook": rulebook_cases(case)}
    for ruleset in sorted(engine.ROW_GAMES):
        groups[f"codes-{ruleset}"] = (find_code_cases(case, ruleset, seed)
                                      + find_impossible_cases(case, ruleset, seed))
    for ruleset in sorted(engine.ROW_GAMES):
        groups[f"codes-{ruleset}"] += position_situation_cases(case, ruleset, seed)
    for name, ruleset in engine.RULESETS.items():
        if ruleset.family == "box":
            groups[f"codes-{name}"] = find_box_code_cases(case, name, seed)
            groups[f"situations-{name}"] = situation_cases(case, name, seed)
    for kind in game_kinds():
        groups[f"game-{kind}"] = game_cases(kind, seed)
    for box_kind in box_kinds():
        groups[f"game-{box_kind}"] = box_game_cases(box_kind, seed)
    for name, cases in groups.items():
        (directory / f"{name}.json").write_text(
            json.dumps({"format": FORMAT, "cases": cases}, indent=1) + "\n", encoding="utf-8")
    manifest = {"format": FORMAT, "files": {f"{name}.json": len(cases) for name, cases in groups.items()},
                "cases": sum(len(c) for c in groups.values()),
                "impossible_state_kinds": list(IMPOSSIBLE_KINDS)}
    (directory / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    (directory / "FORMAT.md").write_text(FORMAT_TEXT, encoding="utf-8")
    return len(groups) + 2


# -- replaying a corpus -------------------------------------------------------------------


def mismatch(case: dict[str, Any], status: int, body: Any) -> str | None:
    """Why an answer does not meet a case's expectation, or None when it does."""
    wanted = case["expected"]
    if status != wanted["status"]:
        return f"status {status}, expected {wanted['status']}"
    body = body if isinstance(body, dict) else {}
    if status != 200:
        for key in ("code", "action", "turn"):
            if key in wanted and body.get(key) != wanted[key]:
                return f"{key} {body.get(key)!r}, expected {wanted[key]!r}"
        return None
    for key, value in wanted["body"].items():
        got = body.get(key)
        if key in wanted["unordered"] and isinstance(got, list):
            same = sorted(map(_text, got)) == sorted(map(_text, value))
        else:
            same = got == value
        if not same:
            return f"{key} differs"
    return None


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def replay_corpus(directory: Path, post) -> list[tuple[str, str]]:
    """Send every case of the corpus with `post(endpoint, request) -> (status, body)`; the
    (id, reason) of each case whose answer does not meet its expectation."""
    failures = []
    for path in sorted(directory.glob("*.json")):
        if path.name == "manifest.json":
            continue
        for item in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            status, body = post(item["endpoint"], item["request"])
            reason = mismatch(item, status, body)
            if reason:
                failures.append((item["id"], reason))
    return failures
