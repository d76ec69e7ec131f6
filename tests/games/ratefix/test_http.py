"""Ratefix and Schwarzer Peter through the HTTP contract: a new game, turns, the
rulesets listing, the picture, and bad input answered as a problem (never a 500), with a
hint in every language for each refusal with an action index."""

from __future__ import annotations

import pytest

from referee.http import create_app
from support import box_tables as box
from support.contract_check import assert_matches_contract

PETER = box.peter([["O3", "Y1"], ["Y3", "O5"], ["Y5"]], aside=["O1"])


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def post(client, path, body, language="en"):
    return client.post(path, json=body, headers={"Accept-Language": language})


def test_a_ratefix_game_through_the_endpoints(client):
    game = post(client, "/v1/games", {"ruleset": "ratefix", "players": ["Ada", "Ben", "Cleo"], "seed": 3})
    assert_matches_contract(game, "/v1/games", "POST")
    state = game.json["state"]
    assert (state["options"], state["waiting"], state["leader"], state["out"]) == (
        {"edition": "2018", "cards_each": 13}, [0, 1, 2], 0, 41)
    for player in (2, 0, 1):
        answer = post(client, "/v1/turns", {"state": state, "turn": {"player": player, "actions": [box.put()]}})
        assert_matches_contract(answer, "/v1/turns", "POST")
        state = answer.json["state"]
    assert state["current"] == 0
    listed = post(client, "/v1/legal-actions", {"state": state})
    assert listed.json == {"player": 0, "actions": [{"type": "guess"}], "complete": False}
    scores = post(client, "/v1/scores", {"state": state})
    assert_matches_contract(scores, "/v1/scores", "POST")
    assert scores.json["scores"] == [{"player": i, "cards": 0} for i in range(3)]


def test_a_schwarzer_peter_game_through_the_endpoints(client):
    game = post(client, "/v1/games", {"ruleset": "schwarzer-peter", "players": ["Ada", "Ben"], "seed": 3,
                                      "options": {"short": True}})
    assert_matches_contract(game, "/v1/games", "POST")
    answer = post(client, "/v1/turns", {"state": PETER, "turn": {"player": 0, "actions": [box.draw("Y3"), box.pair(3)]}})
    assert_matches_contract(answer, "/v1/turns", "POST")
    assert answer.json["events"] == [{"type": "drew", "player": 0, "from": 1, "card": "Y3"},
                                     {"type": "pair", "player": 0, "value": 3}]
    last = post(client, "/v1/turns", {"state": box.peter([["O9"], ["Y1", "Y9"]], aside=["O1"]),
                                      "turn": {"player": 0, "actions": [box.draw(index=1), box.pair(9)]}})
    assert_matches_contract(last, "/v1/turns", "POST")
    assert last.json["events"][-1] == {"type": "game_over", "scores": [{"player": 0, "lost": False},
                                                                       {"player": 1, "lost": True}], "winners": [0]}


def test_the_rulesets_listing_names_the_options_and_codes(client):
    listed = {r["name"]: r for r in client.get("/v1/rulesets").json}
    ratefix, peter = listed["ratefix"], listed["schwarzer-peter"]
    assert [(o["name"], o["default"]) for o in ratefix["options"]] == [("edition", "2018"), ("cards_each", 20)]
    assert ratefix["options"][1]["values"] == list(range(1, 41))
    assert ratefix["codes"] == ["INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "TURN_SHAPE", "DRAW_CARD_REQUIRED",
                                "DRAW_MISMATCH", "CARD_UNAVAILABLE", "CARDS_HIDDEN"]
    assert [(o["name"], o["default"]) for o in peter["options"]] == [
        ("edition", "2018"), ("colors", ["O", "Y"]), ("short", False)]
    assert peter["codes"] == ["INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "TURN_SHAPE", "CARD_NOT_IN_HAND",
                              "DRAW_CARD_REQUIRED", "DRAW_MISMATCH", "CARD_UNAVAILABLE", "PAIR_NOT_LAID"]


@pytest.mark.parametrize(("state", "action", "pointer"), [
    (box.ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")]), box.guess(3.5), "/turn/actions/0/value"),
    (box.ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")]), box.guess(-1), "/turn/actions/0/value"),
    (box.ratefix(stacks=[[], []], middle=[(0, "O9"), (1, "Y5")]), box.guess("7"), "/turn/actions/0/value"),
    (PETER, box.draw(index=-1), "/turn/actions/0/index"),
    (PETER, box.pair(21), "/turn/actions/0/value"),
])
def test_a_malformed_action_is_a_schema_violation(client, state, action, pointer):
    answer = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [action]}})
    assert (answer.status_code, answer.json["code"]) == (400, "SCHEMA_VIOLATION")
    assert pointer in [e["pointer"] for e in answer.json["errors"]]


def test_malformed_options_are_a_schema_violation_and_too_many_cards_an_impossible_state(client):
    bad = post(client, "/v1/games", {"ruleset": "ratefix", "players": ["A", "B"], "options": {"cards_each": 0}})
    assert (bad.status_code, bad.json["code"]) == (400, "SCHEMA_VIOLATION")
    wrong = post(client, "/v1/games", {"ruleset": "ratefix", "players": ["A", "B"], "options": {"short": True}})
    assert (wrong.status_code, wrong.json["code"]) == (400, "SCHEMA_VIOLATION")
    many = post(client, "/v1/games", {"ruleset": "ratefix", "players": ["A", "B", "C"], "options": {"cards_each": 27}})
    assert (many.status_code, many.json["code"]) == (422, "INVALID_STATE")
    assert_matches_contract(many, "/v1/games", "POST")  # the contract lists the 422


# (state, player, actions, code, action index, hint in en, de, fr, it)
REFUSALS = [
    (box.ratefix(stacks=[["O9"], ["Y9"]]), 1, [box.guess(12)], "TURN_SHAPE", 0, [
        "A Ratefix turn is one put while cards go into the middle, then one guess each, in turn.",
        "Ein Zug bei Ratefix ist ein Ablegen, solange Karten in die Mitte kommen, danach ein Tipp für jeden, reihum.",
        "Un tour de Ratefix est une pose tant que des cartes vont au milieu, puis une estimation chacun, à tour de rôle.",
        "Un turno di Ratefix è una posa finché le carte vanno al centro, poi una stima ciascuno, a turno."]),
    (box.ratefix(stacks=[["O9"], ["Y9"]], hide=[1]), 1, [box.put("O9")], "CARD_UNAVAILABLE", 0, [
        "Name a card of this game that is not already listed in the state.", None, None, None]),
    (PETER, 0, [box.draw("Y5")], "CARD_NOT_IN_HAND", 0, [
        "Draw one of the yellow 3 or the orange 5, or give its index in that hand.",
        "Zieht die gelbe 3 oder die orange 5 oder gebt die Position der Karte in dieser Hand an.", None, None]),
    (PETER, 0, [box.draw(index=9)], "CARD_NOT_IN_HAND", 0, [
        "Draw one of the yellow 3 or the orange 5, or give its index in that hand.", None, None, None]),
    (PETER, 0, [{"type": "reveal"}], "TURN_SHAPE", 0, [
        "A Schwarzer Peter turn is one draw, then the pair it makes, if any.", None, None, None]),
    (PETER, 0, [box.draw("Y3")], "PAIR_NOT_LAID", 0, [
        "Lay the pair of 3s.", "Legt das Paar der 3 ab.", "Posez la paire de 3.", "Calate la coppia di 3."]),
    (PETER, 0, [box.draw("O5"), box.pair(5)], "CARD_NOT_IN_HAND", 1, [
        "No pair can be laid now: end the turn after the draw.", None, None, None]),
    (box.peter([["O3", "Y1"], ["Y3", "O5"], ["Y5"]], aside=["O1"], hide=[1]), 0, [box.draw("R5")],
     "CARD_UNAVAILABLE", 0, [
         "Name a card that can be in that hand and is listed nowhere else, or give its index.", None, None, None]),
]


@pytest.mark.parametrize(("state", "player", "actions", "code", "index", "hints"), REFUSALS)
def test_each_refusal_has_its_code_and_a_hint_in_every_language(client, state, player, actions, code, index, hints):
    for language, hint in zip(("en", "de", "fr", "it"), hints):
        answer = post(client, "/v1/turns", {"state": state, "turn": {"player": player, "actions": actions}}, language)
        assert_matches_contract(answer, "/v1/turns", "POST")
        assert (answer.status_code, answer.json["code"], answer.json["action"]) == (422, code, index)
        assert answer.json["hint"] and answer.json["detail"]
        if hint is not None:
            assert answer.json["hint"] == hint
        if language != "en":
            assert answer.json["hint"] != hints[0]


def test_the_pictures_draw_the_middle_the_hands_and_the_card_set_aside(client):
    ratefix = box.ratefix(stacks=[["O9"], ["Y5"]], middle=[(0, "G3")], hide=[1])
    svg = post(client, "/v1/pictures", {"state": ratefix}, "de")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    text = svg.get_data(as_text=True)
    # The middle lies face down until the last guess: the card a state names is a back.
    assert 'class="middle" data-cards="1"' in text and 'data-at="/middle/0"' in text and ">Mitte<" in text
    assert 'data-card="G3"' not in text
    peter = post(client, "/v1/pictures", {"state": PETER}).get_data(as_text=True)
    assert 'data-card="Y3"' in peter and "17 pairs laid" in peter
    assert '<g class="pile aside" data-pile="aside" data-count="1">' in peter and ">Set aside<" in peter
