"""The generated schemas accept and refuse the same documents as the hand-written ones did.

`frozen_schemas/` holds the request and shared schemas as they were written by hand,
before `referee.contract_gen` wrote them from the games' declarations (the others are
unchanged and read from `schemas/`). Hypothesis sends both the same documents, checked
with the `jsonschema` library: bodies that schemathesis makes from the new contract,
valid and not, and real positions of every box game with a turn of any game's actions,
its members dropped, changed or added. Two differences are meant: a picture may mark
Schwarzer Peter's card set aside (`/aside`), a pile the picture now draws; and a
Schnipp Schnapp player's `won` is required with `together` and refused without it, as
the referee reads the players (the hand-written schema left both to the referee). The won,
set-aside and out piles of Die höchste Karte and Ratefix, which became piles of cards
(`ShownPile`), are frozen as they are now, and so are the places `/set_aside` and `/out`
a picture of Die höchste Karte draws.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from schemathesis import GenerationMode

from referee import engine
from support.box_games import played_states

ROOT = Path(__file__).resolve().parents[2]
FROZEN = Path(__file__).resolve().parent / "frozen_schemas"
REQUESTS = {"/v1/turns": "turn-request.json", "/v1/legal-actions": "legal-actions-request.json",
            "/v1/replays": "replay-request.json", "/v1/games": "new-game-request.json",
            "/v1/pictures": "picture-request.json"}
# Twice the profile's examples (24 in CI's profile, 400 with HYPOTHESIS_PROFILE=thorough):
# the comparison is as wide as the rest of the suite's search.
SAME = settings(max_examples=2 * settings.default.max_examples, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                       HealthCheck.data_too_large])
#: The rulesets the frozen schemas know: a game added since has no hand-written schema to
#: compare with, so documents naming it are left out of the comparison.
FROZEN_RULESETS = json.loads((FROZEN / "ruleset-name.json").read_text(encoding="utf-8"))["$defs"]["KnownRulesetName"]["enum"]
NEWER = [name for name in engine.RULESETS if name not in FROZEN_RULESETS]
BOX = [name for name, rules in engine.RULESETS.items() if rules.family == "box" and name in FROZEN_RULESETS]


def schema_files(directory: Path) -> dict[str, Any]:
    return {path.name: json.loads(path.read_text(encoding="utf-8")) for path in directory.glob("*.json")}


@cache
def validators(old: bool) -> dict[str, Draft202012Validator]:
    files = schema_files(ROOT / "schemas") | (schema_files(FROZEN) if old else {})
    registry = Registry().with_resources((name, Resource.from_contents(schema)) for name, schema in files.items())
    return {name: Draft202012Validator(schema, registry=registry) for name, schema in files.items()}


def names_a_newer_ruleset(document: Any) -> bool:
    """Whether the document names a ruleset the frozen schemas do not know."""
    text = json.dumps(document)
    return any(f'"{name}"' in text for name in NEWER)


def same_verdict(name: str, document: Any) -> None:
    old, new = validators(True)[name].is_valid(document), validators(False)[name].is_valid(document)
    assert old == new, f"{name}: the hand-written schema says {old}, the generated one {new}"


def test_the_frozen_schemas_are_the_ones_the_generator_replaced():
    generated = {path.name for path in (ROOT / "referee" / "contract_gen" / "sources").glob("*.json")}
    assert {path.name for path in FROZEN.glob("*.json")} == generated


# -- bodies schemathesis makes from the new contract ------------------------------------------

def known_to_the_frozen(node: Any) -> Any:
    """The contract without what names a newer ruleset: its name in an enum, and a branch
    of a choice (`allOf`, `anyOf`, `oneOf`) that holds its name as a `const`, so that the
    bodies made from it are of the rulesets the frozen schemas know (and the contract stays
    one schemathesis can make bodies of: each ruleset adds a branch to a new game's)."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key in ("allOf", "anyOf", "oneOf") and isinstance(value, list):
                value = [item for item in value if not names_a_newer_ruleset(item)]
            elif key == "enum" and isinstance(value, list):
                value = [item for item in value if item not in NEWER]
            out[key] = known_to_the_frozen(value)
        return out
    if isinstance(node, list):
        return [known_to_the_frozen(item) for item in node]
    return node


OPERATIONS = schemathesis.openapi.from_dict(
    known_to_the_frozen(yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))))


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("path", sorted(REQUESTS))
def test_bodies_made_from_the_contract_get_the_same_verdict(path, mode):
    @SAME
    @given(OPERATIONS[path]["POST"].as_strategy(mode))
    def check(case):
        if isinstance(case.body, (bytes, bytearray)) or not isinstance(case.body, (dict, list, str, int, float)):
            return  # not a JSON document (a negative case may send raw bytes)
        if not (path == "/v1/pictures" and "/aside" in json.dumps(case.body)) and not names_a_newer_ruleset(case.body):
            same_verdict(REQUESTS[path], case.body)
    check()


# -- real positions with turns of every kind --------------------------------------------------

@cache
def positions() -> list[dict]:
    return [state for ruleset in BOX for state in played_states(ruleset, 3, seed=5, turns=60, every=20)]


@cache
def every_kind() -> list[dict]:
    """One action of each kind of every box game, as the referee lists it, and one with
    every member each kind declares (values from the listing where there is one)."""
    found: dict[str, dict] = {}
    for state in positions():
        loaded = engine.load_state(state)
        for player in range(len(state["players"])):
            for action in engine.legal_actions(loaded, (), player).to_dict()["actions"]:
                found.setdefault(json.dumps(action, sort_keys=True), action)
    return list(found.values())


CHANGES = st.sampled_from(["keep", "drop", "add", "retype", "null", "big", "string"])
MEMBERS = ["card", "cards", "count", "value", "to", "from", "index", "word", "with", "at", "type", "claim"]
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 1001), st.sampled_from(
    ["O5", "Y20", "R1", "J", "pile", "middle", "own", "schnapp", "schnipp", "", "x"]),
    st.lists(st.sampled_from(["O5", "Y7", "G3"]), max_size=3), st.lists(st.integers(-1, 7), max_size=3))


@st.composite
def changed_action(draw) -> dict:
    action = dict(draw(st.sampled_from(every_kind())))
    change = draw(CHANGES)
    if change == "drop" and len(action) > 1:
        action.pop(draw(st.sampled_from(sorted(set(action) - {"type"}) or ["type"])))
    elif change == "add":
        action[draw(st.sampled_from(MEMBERS))] = draw(VALUES)
    elif change == "retype":
        action["type"] = draw(st.sampled_from(sorted({a["type"] for a in every_kind()} | {"place", "pass", "zap"})))
    elif change in ("null", "big", "string"):
        member = draw(st.sampled_from(sorted(action)))
        action[member] = {"null": None, "big": 100_000, "string": "O5"}[change]
    return action


@SAME
@given(state_index=st.integers(0, 10_000), actions=st.lists(changed_action(), max_size=4),
       player=st.integers(-1, 16), seed=st.integers(0, 100))
def test_real_states_with_turns_of_any_game_get_the_same_verdict(state_index, actions, player, seed):
    state = positions()[state_index % len(positions())]
    same_verdict("turn-request.json", {"state": state, "turn": {"player": player, "actions": actions}})
    same_verdict("legal-actions-request.json", {"state": state, "actions": actions})
    same_verdict("replay-request.json", {"state": state, "turns": [{"player": player, "actions": actions}]})
    same_verdict("picture-request.json", {"state": state, "turn": actions})
    for action in actions:
        same_verdict("action.json", action)
    rng = random.Random(seed)
    same_verdict("new-game-request.json", {
        "ruleset": state["ruleset"], "players": ["Ada", "Ben", "Cleo", "Dan", "Eve"][:rng.randint(1, 5)],
        "options": rng.choice([{}, state["options"], {"edition": "original"}, {"until_all": True},
                               {"cards_each": 12}, {"short": True}, {"together": True}, {"colors": ["O", "G"]},
                               {"start": "ends"}]),
        **rng.choice([{}, {"first": rng.randint(0, 5)}, {"rows": ["R", "Y", "G", "B"]}])})


@SAME
@given(state_index=st.integers(0, 10_000), member=st.sampled_from(["stack", "hand", "won", "open", "middle", "out",
                                                                   "battle", "trick", "guesses", "winner", "zz"]),
       value=VALUES)
def test_real_states_changed_get_the_same_verdict(state_index, member, value):
    state = json.loads(json.dumps(positions()[state_index % len(positions())]))
    if member in state or member == "zz":
        state[member] = value
    else:
        state["players"][0][member] = value
    if (state["ruleset"], member) == ("schnipp-schnapp", "won") and not state["options"].get("together"):
        # Meant: `won` without together is refused by the schema now, as by the referee.
        assert not validators(False)["state.json"].is_valid(state)
        return
    same_verdict("state.json", state)
    same_verdict("view-request.json", {"state": state})


@pytest.mark.parametrize("mark", ["/pile", "/middle", "/display/3", "/battle/1", "/trick/0", "/stack/12",
                                  "/players/1/hand", "/players/0/won", "/battle", "/trick", "/players/1/pairs",
                                  "/players/10/hand", "/display"])
def test_a_mark_is_refused_or_accepted_as_before(mark):
    state = positions()[0]
    same_verdict("picture-request.json", {"state": state, "mark": [mark]})


def test_schnipp_schnapp_won_is_now_required_with_together_and_refused_without():
    together = next(s for s in positions() if s["ruleset"] == "schnipp-schnapp")
    state = {**together, "options": {**together["options"], "together": True}}
    without_won = {**state, "players": [{k: v for k, v in p.items() if k != "won"} for p in state["players"]]}
    alone = {**state, "options": {**state["options"], "together": False},
             "players": [{**p, "won": 0} for p in without_won["players"]]}
    for document in (without_won, alone):
        assert validators(True)["state.json"].is_valid(document)
        assert not validators(False)["state.json"].is_valid(document)


def test_the_card_set_aside_may_now_be_marked():
    state = next(s for s in positions() if s["ruleset"] == "schwarzer-peter")
    body = {"state": state, "mark": ["/aside"]}
    assert not validators(True)["picture-request.json"].is_valid(body)
    assert validators(False)["picture-request.json"].is_valid(body)
