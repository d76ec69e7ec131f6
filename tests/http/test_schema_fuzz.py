"""Hypothesis over the JSON Schemas: whatever the schemas accept, the referee answers sanely.

Bodies come from two sources, both sent through the app in-process:

- the request schemas themselves (schemathesis's JSON Schema generator, see below):
  arbitrary bodies the contract accepts. Nearly all of their states are impossible,
  so they probe the codec and the section-11 checks;
- composite strategies: real positions of every ruleset (seeded deals played forward by
  random legal turns, with hands and pile shown or hidden) with arbitrary schema-valid turns, action
  prefixes and replays, or with one random change to a legal turn. These reach the
  turn checks and give the 200s something to prove.

The properties: the answer is 200 (201 for a deal), 400 or 422, never a 5xx; it keeps
the contract (status, media type, body schema, checked with the `jsonschema` library);
and a state the referee answers with passes the impossible-state checks (`INVALID_STATE`
of each game's page), with the material of the game conserved.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
import schemathesis
from jsonschema import Draft202012Validator
from schemathesis import GenerationMode

from support.contract_check import assert_matches_contract, registry
from referee import engine
from referee.core.errors import Violation
from referee.http import create_app

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
FUZZ = settings(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
MORE = settings(FUZZ, max_examples=4 * settings.default.max_examples)

app = create_app({"TESTING": True})


# -- bodies the schemas accept ------------------------------------------------------------------

# hypothesis-jsonschema (0.23.1, its latest) does not run on the hypothesis this project
# installs (it calls conjecture internals that hypothesis has since changed), so the
# schema-driven bodies come from schemathesis's own JSON Schema generator, through its
# public `as_strategy`; openapi.yaml's $refs name the very files in schemas/.
OPERATIONS = schemathesis.openapi.from_path(ROOT / "openapi.yaml")


@cache
def request_validator(name: str) -> Draft202012Validator:
    schema = json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry())


def bodies(path: str, schema: str) -> st.SearchStrategy:
    """Bodies of `POST path` that schemas/`schema` accepts (checked with `jsonschema`)."""
    cases = OPERATIONS[path]["POST"].as_strategy(GenerationMode.POSITIVE)
    return cases.map(lambda case: whole(case.body)).filter(request_validator(schema).is_valid)


def whole(value: Any) -> Any:
    """Whole numbers written as integers. JSON Schema takes 6.0 for an integer, the
    referee does not (400, see test_hostile_input.py); as ints, more bodies get past
    the codec to the rules."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [whole(v) for v in value]
    if isinstance(value, dict):
        return {k: whole(v) for k, v in value.items()}
    return value


COLORS = "RYGB"
NUMBER_CARDS = [f"{c}{v}" for c in COLORS for v in range(1, 22)]
#: The classic and junior games' card names: orange too, values up to 20.
ROW_GAME_CARDS = [f"{c}{v}" for c in "ORYGB" for v in range(1, 21)]
number_cards = st.sampled_from(NUMBER_CARDS)
cards = st.one_of(number_cards, st.just("J"))
row_game_cards = st.sampled_from(ROW_GAME_CARDS)

#: One action of any kind, each with exactly its fields (schemas/action.json); places and
#: draws name any ruleset's cards.
actions = st.one_of(
    st.builds(lambda c: {"type": "place", "card": c}, number_cards),
    st.builds(lambda c: {"type": "place", "card": c}, row_game_cards),
    st.builds(lambda c: {"type": "draw", "card": c}, row_game_cards),
    st.builds(lambda at: {"type": "place", "card": "J", "at": at}, number_cards),
    st.builds(lambda f, t: {"type": "bridge", "from": f, "to": t}, number_cards, number_cards),
    st.builds(lambda c: {"type": "swap", "card": c}, number_cards),
    st.just({"type": "draw"}),
    st.builds(lambda c: {"type": "draw", "card": c}, st.one_of(cards, st.none())),
    st.just({"type": "pass"}),
)
turns = st.fixed_dictionaries({"player": st.integers(0, 15), "actions": st.lists(actions, min_size=1, max_size=6)})


# -- positions from real play -----------------------------------------------------------------


def random_turn(state, rnd) -> list[dict[str, Any]]:
    """A random legal turn, chosen action by action among the legal continuations."""
    prefix: list = []
    while True:
        options = engine.legal_actions(state, prefix)
        if options.complete and (not options.actions or rnd.random() < 0.4):
            return [a.to_dict() for a in prefix]
        if not options.actions:  # cannot happen for a game in progress; be safe
            return [a.to_dict() for a in prefix]
        action = rnd.choice(options.actions)
        if action.to_dict() == {"type": "draw"} and state.ruleset == "master":
            return [named_draw(state, rnd)]
        if action.to_dict() == {"type": "draw"}:
            # The classic and junior games may draw on: name the card where it must be
            # named, then go on choosing.
            named = _next_draw(state, prefix, rnd)
            if named is None:
                return [a.to_dict() for a in prefix]
            prefix.append(named)
            continue
        prefix.append(action)


def _next_draw(state, prefix: list, rnd):
    """A draw of a classic or junior draw sequence, naming a card where it must."""
    names = list(state.variant.slots)
    for card in [None, *rnd.sample(names, len(names))]:
        action = engine.load_actions([{"type": "draw"} if card is None else {"type": "draw", "card": card}], state.ruleset)[0]
        try:
            engine.legal_actions(state, [*prefix, action])
            return action
        except Violation:
            continue
    return None  # pragma: no cover


def named_draw(state, rnd) -> dict[str, Any]:
    """A draw the referee accepts: from a hidden pile into a known hand it must name a card
    that is not visible elsewhere (legal-actions lists the draw without one)."""
    draw = {"type": "draw"}
    candidates = [None, *rnd.sample(NUMBER_CARDS + ["J"], len(NUMBER_CARDS) + 1)]
    for card in candidates:
        if card is not None:
            draw = {"type": "draw", "card": card}
        turn = {"player": state.current, "actions": [draw]}
        try:
            engine.apply(state, engine.load_turn(turn))
            return draw
        except Violation:
            continue
    raise AssertionError("no card can be drawn")  # pragma: no cover


@st.composite
def positions(draw) -> dict[str, Any]:
    """A state reached by random legal play, as JSON; sometimes with hands or pile hidden."""
    rnd = draw(st.randoms(use_true_random=False))
    ruleset = draw(st.sampled_from(["master", "master", "classic", "junior"]))
    options = None
    if ruleset == "classic":
        options = {
            "edition": draw(st.sampled_from(["2018", "original"])),
            "start": draw(st.sampled_from(["eleven", "ends", "ten-to-twelve", "any"])),
            "without_blue": draw(st.booleans()),
        }
    n = 2 if options and options["without_blue"] else draw(st.integers(2, 6))
    state, _, _ = engine.new_game(
        list(NAMES[:n]), seed=draw(st.integers(0, 2**32)), first=draw(st.integers(0, n - 1)),
        ruleset=ruleset, options=options,
    )
    for _ in range(draw(st.integers(0, 25))):
        if state.is_over:
            break
        turn = {"player": state.current, "actions": random_turn(state, rnd)}
        state = engine.apply(state, engine.load_turn(turn, state.ruleset)).state
    data = state.to_dict()
    if draw(st.booleans()) and draw(st.booleans()):
        for player in data["players"]:
            if draw(st.booleans()):
                player["hand"] = {"count": len(player["hand"])}
        if draw(st.booleans()):
            data["pile"] = {"count": len(data["pile"])}
    return data


@st.composite
def legal_turns(draw, data: dict[str, Any]) -> dict[str, Any]:
    state = engine.load_state(data)
    rnd = draw(st.randoms(use_true_random=False))
    return {"player": state.current, "actions": random_turn(state, rnd)}


@st.composite
def mutated(draw, turn: dict[str, Any], n_players: int) -> dict[str, Any]:
    """One random change to a legal turn: the kind of slip a person typing a game makes."""
    turn = copy.deepcopy(turn)
    steps = turn["actions"]
    action = draw(actions)
    how = draw(st.sampled_from(["player", "insert", "replace", "drop", "duplicate", "reverse"]))
    if how == "player":
        turn["player"] = draw(st.integers(0, n_players))
    elif how == "insert":
        steps.insert(draw(st.integers(0, len(steps))), action)
    elif how == "replace" and steps:
        steps[draw(st.integers(0, len(steps) - 1))] = action
    elif how == "drop" and len(steps) > 1:
        del steps[draw(st.integers(0, len(steps) - 1))]
    elif how == "duplicate" and steps:
        i = draw(st.integers(0, len(steps) - 1))
        steps.insert(i, copy.deepcopy(steps[i]))
    else:
        steps.reverse()
    return turn


# -- the properties ---------------------------------------------------------------------------


def post(path: str, body: Any):
    response = app.test_client().post(path, data=orjson.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201, 400, 422), response.data[:500]
    assert_matches_contract(response, path)
    event(f"{path} {response.status_code} {response.json.get('code', '')}")
    return response


def assert_possible(before: dict[str, Any] | None, after: dict[str, Any]) -> None:
    """The state passes the impossible-state checks (docs/games/master.md, `INVALID_STATE`;
    docs/games/classic.md's for a classic or junior state), and a MASTER turn kept the
    game's material."""
    state = engine.load_state(after)
    try:
        engine.check_state(state)
    except Violation as v:  # pragma: no cover - the failure message is the point
        pytest.fail(f"the referee answered with an impossible state: {v.reason or v.detail}")
    if before is not None and state.ruleset == "master":
        assert len(after["players"]) == len(before["players"])
        assert [p["name"] for p in after["players"]] == [p["name"] for p in before["players"]]
        assert sum(p["bridges"] for p in after["players"]) + len(after["bridges"]) == sum(
            p["bridges"] for p in before["players"]
        ) + len(before["bridges"])


@FUZZ
@given(body=bodies("/v1/turns", "turn-request.json"))
def test_any_schema_valid_turn_request(body):
    response = post("/v1/turns", body)
    if response.status_code == 200:
        assert_possible(body["state"], response.json["state"])


@FUZZ
@given(body=bodies("/v1/legal-actions", "legal-actions-request.json"))
def test_any_schema_valid_legal_actions_request(body):
    post("/v1/legal-actions", body)


@FUZZ
@given(body=bodies("/v1/replays", "replay-request.json"))
def test_any_schema_valid_replay_request(body):
    response = post("/v1/replays", body)
    if response.status_code == 200:
        assert_possible(None, response.json["state"])


@FUZZ
@given(body=bodies("/v1/scores", "scores-request.json"))
def test_any_schema_valid_scores_request(body):
    post("/v1/scores", body)


@FUZZ
@given(body=bodies("/v1/games", "new-game-request.json"))
def test_any_schema_valid_new_game_request(body):
    response = post("/v1/games", body)
    if response.status_code == 201 and not body.get("sealed"):  # a sealed game answers a token
        assert_possible(None, response.json["state"])


@MORE
@given(data=st.data(), state=positions())
def test_real_positions_with_arbitrary_turns(data, state):
    turn = data.draw(turns, label="turn")
    if data.draw(st.booleans(), label="the player to move"):
        turn["player"] = state["current"]
    response = post("/v1/turns", {"state": state, "turn": turn})
    if response.status_code == 200:
        assert_possible(state, response.json["state"])


@MORE
@given(data=st.data(), state=positions())
def test_real_positions_with_mistyped_legal_turns(data, state):
    if engine.load_state(state).is_over:
        return
    legal = data.draw(legal_turns(state), label="legal turn")
    response = post("/v1/turns", {"state": state, "turn": legal})
    assert response.status_code == 200, response.json
    assert_possible(state, response.json["state"])
    turn = data.draw(mutated(legal, len(state["players"])), label="mistyped turn")
    note(f"mistyped: {turn}")
    response = post("/v1/turns", {"state": state, "turn": turn})
    if response.status_code == 200:
        assert_possible(state, response.json["state"])
        # The referee must agree with itself: every step of an accepted turn is listed by
        # legal-actions after the steps before it, and the whole turn is complete.
        for i, action in enumerate(turn["actions"]):
            listed = post("/v1/legal-actions", {"state": state, "actions": turn["actions"][:i]}).json
            assert action in listed["actions"] or _named_draw(action, listed["actions"]), (i, action)
        assert post("/v1/legal-actions", {"state": state, "actions": turn["actions"]}).json["complete"]


def _named_draw(action: dict[str, Any], listed: list[dict[str, Any]]) -> bool:
    """legal-actions lists a draw without its card; a turn may name it."""
    return action["type"] == "draw" and {"type": "draw"} in listed


@FUZZ
@given(data=st.data(), state=positions())
def test_real_positions_with_arbitrary_prefixes_and_replays(data, state):
    prefix = data.draw(st.lists(actions, max_size=5), label="prefix")
    post("/v1/legal-actions", {"state": state, "actions": prefix})
    played = data.draw(st.lists(turns, max_size=3), label="turns")
    response = post("/v1/replays", {"state": state, "turns": played})
    if response.status_code == 200:
        assert_possible(None, response.json["state"])
    post("/v1/scores", {"state": state})
