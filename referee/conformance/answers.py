"""The referee's answers computed in process, and any answer reduced to what the contract
fixes, so that two engines can be compared field by field.

What is compared (openapi.yaml): for a legal turn the new state, the events in order and the
`unchecked` codes as a set; for legal-actions the player, `complete` and the actions as
a set (each listed once); for a replay the state, the number of turns, each turn's events
and unchecked codes; for scores `finished`, the per-player scores and the winners as a set;
for a refusal the status, the code, the action index (and in a replay the turn index).
What is not: wording (`title`, `detail`, `reason`, `hint`), the `legal` list of a
problem, fields the contract does not name, key order, and the order of sets.
"""

from __future__ import annotations

import json
from typing import Any

from .. import engine

ENDPOINTS = ("turns", "legal-actions", "replays", "scores")
PATHS = {name: f"/v1/{name}" for name in ENDPOINTS}
#: The request schema of each endpoint (schemas/).
REQUEST_SCHEMAS = {
    "turns": "turn-request.json",
    "legal-actions": "legal-actions-request.json",
    "replays": "replay-request.json",
    "scores": "scores-request.json",
}


class Answer(dict):
    """An HTTP answer as data: `{"status": ..., "body": ...}`."""

    @property
    def status(self) -> int:
        return self["status"]

    @property
    def body(self) -> Any:
        return self["body"]


def expected(endpoint: str, body: dict[str, Any]) -> Answer:
    """What the referee answers to `body` at `endpoint`, computed with `referee.engine`."""
    try:
        return Answer(status=200, body=_answer(endpoint, body))
    except engine.Violation as violation:
        problem = {
            "type": f"/v1/rules/{violation.code.value}",
            "status": 422,
            "code": violation.code.value,
            "action": violation.action,
            "detail": violation.detail,
        }
        if violation.reason is not None:
            problem["reason"] = violation.reason
        if endpoint == "replays":
            problem["turn"] = violation.turn
        return Answer(status=422, body=problem)
    except engine.MalformedInput as exc:
        return Answer(status=400, body={"status": 400, "code": "SCHEMA_VIOLATION", "detail": str(exc)})


def _answer(endpoint: str, body: dict[str, Any]) -> dict[str, Any]:
    state = engine.load_state(body["state"])
    if endpoint == "turns":
        result = engine.apply(state, engine.load_turn(body["turn"], state.ruleset))
        return {"state": result.state.to_dict(), "events": result.events, "unchecked": result.unchecked}
    if endpoint == "legal-actions":
        prefix = engine.load_actions(body.get("actions", []), state.ruleset)
        return engine.legal_actions(state, prefix, body.get("player")).to_dict()
    if endpoint == "replays":
        turns = [engine.load_turn(t, state.ruleset) for t in body["turns"]]
        result = engine.replay(state, turns)
        return {"state": result.state.to_dict(), "turns": len(turns), "events": result.events,
                "unchecked": result.unchecked}
    if endpoint == "scores":
        return engine.scores(state)
    raise ValueError(f"unknown endpoint {endpoint!r}")


def request_size(request: dict[str, Any]) -> int:
    """How big a request is, as JSON: the corpus keeps the smallest that shows a case."""
    return len(json.dumps(request))


def outcome(answer: Answer) -> str:
    """A one-word summary: `accepted`, the rule code of a refusal, or `HTTP <status>`."""
    if answer.status == 200:
        return "accepted"
    body = answer.body if isinstance(answer.body, dict) else {}
    if answer.status == 422 and isinstance(body.get("code"), str):
        return body["code"]
    return f"HTTP {answer.status}"


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _codes(value: Any) -> Any:
    return sorted(value) if isinstance(value, list) and all(isinstance(c, str) for c in value) else value


def _events(events: Any) -> Any:
    """Events in order; a game_over event's winners as a set."""
    if not isinstance(events, list):
        return events
    out = []
    for event in events:
        if isinstance(event, dict) and event.get("type") == "game_over" and isinstance(event.get("winners"), list):
            event = {**event, "winners": sorted(event["winners"], key=_canonical)}
        out.append(event)
    return out


def comparable(endpoint: str, answer: Answer) -> dict[str, Any]:
    """The part of an answer the contract fixes, with sets sorted."""
    body = answer.body if isinstance(answer.body, dict) else {}
    if answer.status == 422:
        fields = {"status": 422, "code": body.get("code"), "action": body.get("action")}
        if endpoint == "replays":
            fields["turn"] = body.get("turn")
        return fields
    if answer.status != 200:
        return {"status": answer.status}
    get = body.get
    if endpoint == "turns":
        return {"status": 200, "state": get("state"), "events": _events(get("events")),
                "unchecked": _codes(get("unchecked"))}
    if endpoint == "legal-actions":
        actions = get("actions")
        if isinstance(actions, list):
            actions = sorted(_canonical(a) for a in actions)
        return {"status": 200, "player": get("player"), "actions": actions, "complete": get("complete")}
    if endpoint == "replays":
        events = get("events")
        unchecked = get("unchecked")
        return {
            "status": 200, "state": get("state"), "turns": get("turns"),
            "events": [_events(e) for e in events] if isinstance(events, list) else events,
            "unchecked": [_codes(u) for u in unchecked] if isinstance(unchecked, list) else unchecked,
        }
    winners = get("winners")
    return {"status": 200, "finished": get("finished"), "scores": get("scores"),
            "winners": sorted(winners, key=_canonical) if isinstance(winners, list) else winners}


def differences(endpoint: str, ours: Answer, theirs: Answer) -> tuple[str, ...]:
    """The names of the compared fields on which the two answers differ."""
    a, b = comparable(endpoint, ours), comparable(endpoint, theirs)
    if a["status"] != b["status"]:
        return ("status",)
    return tuple(sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k)))
