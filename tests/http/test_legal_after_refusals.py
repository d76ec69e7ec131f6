"""`legal` on every refusal of a random turn with a mistake (openapi.yaml, "What would have
worked"), checked against `POST /v1/legal-actions` itself.

Positions of MASTER, the classic game (any options) and the junior game, with turns
that are legal ones with a deliberate mistake (`referee.testing.arbitrary_turns`: an
action added, dropped, repeated, moved or replaced, a bridge to a far row, a swap alone,
a draw or pass mixed in, ...). Every refusal that names an action must carry `legal`,
and it must be exactly what `/v1/legal-actions` answers for the longest prefix of the
turn it accepts, among the prefixes no longer than the one openapi.yaml names for the code:
the actions before the offending one; for `BRIDGE_NOT_FOLLOWED` and the end-of-turn
checks, up to the whole list. A shorter prefix is the answer where an action before the
reported one breaks a rule as well (a turn's shape is checked before its actions).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from referee import testing
from referee.http import create_app
from support.actions import bridge, draw, place
from support.master_tables import table

#: The codes whose accepted prefix may run past the offending action (openapi.yaml): the bridge
#: not followed by its card, and the checks made when the turn ends.
UP_TO_THE_WHOLE_TURN = {"BRIDGE_NOT_FOLLOWED", "SWAP_WITHOUT_PLAY", "DRAW_INCOMPLETE", "MUST_PLACE_DRAWN"}
TURNS_PER_POSITION = 25


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def post(client, path, body):
    return client.post(path, data=json.dumps(body), content_type="application/json")


def expected_legal(client, state, actions, code, index):
    """`/v1/legal-actions`' answer for the longest prefix it accepts, or None if it
    accepts none."""
    longest = len(actions) if code in UP_TO_THE_WHOLE_TURN else index
    for length in range(longest, -1, -1):
        listed = post(client, "/v1/legal-actions", {"state": state, "actions": actions[:length]})
        if listed.status_code == 200:
            return listed.json["actions"]
        assert listed.status_code == 422, listed.json
    return None


def positions_with_turns(ruleset):
    return testing.states(ruleset=ruleset, hidden=None).flatmap(
        lambda state: st.tuples(
            st.just(state),
            st.lists(testing.arbitrary_turns(state), min_size=TURNS_PER_POSITION, max_size=TURNS_PER_POSITION),
        )
    )


def check_every_refusal(client, state, turns):
    for turn in turns:
        answer = post(client, "/v1/turns", {"state": state, "turn": turn})
        if answer.status_code != 422 or answer.json.get("action") is None:
            continue
        note(f"turn {turn['actions']} refused as {answer.json['code']} at {answer.json['action']}")
        expected = expected_legal(client, state, turn["actions"], answer.json["code"], answer.json["action"])
        assert expected is not None
        assert answer.json.get("legal") == expected


@given(positions_with_turns("master"))
def test_every_refused_master_turn_carries_the_legal_actions_after_its_accepted_prefix(client, case):
    check_every_refusal(client, *case)


@given(positions_with_turns("classic"))
def test_every_refused_classic_turn_carries_the_legal_actions_after_its_accepted_prefix(client, case):
    check_every_refusal(client, *case)


@given(positions_with_turns("junior"))
def test_every_refused_junior_turn_carries_the_legal_actions_after_its_accepted_prefix(client, case):
    check_every_refusal(client, *case)


def test_a_bridge_without_bridge_cards_then_a_draw_gets_the_legal_actions_of_the_empty_prefix(client):
    # The turn: the shape check refuses the draw (TURN_MIXED at 1), but the prefix
    # before it is refused too (NO_BRIDGE_LEFT), so `legal` is what the turn start allows.
    state = table(rows={"Y": "6-11"}, hands=[["B1", "R1"], ["R2"]], bridges_left={0: 0})
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [
        bridge("Y6", "R6"), draw()]}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "TURN_MIXED", 1)
    assert refused.json["legal"] == [{"type": "draw"}]
    assert post(client, "/v1/legal-actions", {"state": state, "actions": [bridge("Y6", "R6")]}).json["code"] == "NO_BRIDGE_LEFT"


def test_a_card_not_held_before_a_draw_gets_the_legal_actions_before_that_card(client):
    state = table(hands=[["B10", "B9", "R1"], ["R2"]])
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [
        place("B10"), place("R5"), draw()]}})
    assert (refused.json["code"], refused.json["action"]) == ("TURN_MIXED", 2)
    assert refused.json["legal"] == [{"type": "place", "card": "B9"}]
