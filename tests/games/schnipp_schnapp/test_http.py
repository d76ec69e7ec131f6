"""Schnipp Schnapp over HTTP: the guide's example answers as printed, every endpoint
answers within its contract, and bad input gets its problem, never a 500."""

from __future__ import annotations

import pytest
from support.box_tables import call, flip, schnapp
from support.contract_check import post_checked as post
from support.contract_check import schema_validator
from support.doc_examples import all_pages_text, printed

from referee.http import create_app

DOCS = all_pages_text()
PLAYERS = ["Ada", "Ben", "Cleo"]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = post(client, "/v1/games", {"ruleset": "schnipp-schnapp", "players": PLAYERS, "seed": 15}).json
    three = post(client, "/v1/replays", {"state": game["state"], "turns": [
        {"player": p, "actions": [flip()]} for p in (0, 1, 2)]}).json["state"]
    assert printed({"open": [p["open"] for p in three["players"]], "flipped": three["flipped"],
                    "current": three["current"]}) in DOCS
    refused = post(client, "/v1/turns", {"state": three, "turn": {"player": 0, "actions": [flip()]}}).json
    assert printed({k: refused[k] for k in ("code", "action", "hint")}) in DOCS
    assert printed(post(client, "/v1/legal-actions", {"state": three, "player": 1}).json) in DOCS
    mistake = post(client, "/v1/turns", {"state": three, "turn": {"player": 1, "actions": [call("schnipp")]}}).json
    assert printed({"events": mistake["events"], "middle": mistake["state"]["middle"],
                    "flipped": mistake["state"]["flipped"]}) in DOCS
    won = post(client, "/v1/turns", {"state": mistake["state"], "turn": {"player": 0, "actions": [call("schnipp")]}}).json
    assert printed({"events": won["events"], "stack": len(won["state"]["players"][0]["stack"]),
                    "middle": won["state"]["middle"], "current": won["state"]["current"]}) in DOCS


def test_a_new_game_sets_the_dealt_quartets_aside_and_deals_every_card():
    client = create_app({"TESTING": True}).test_client()
    for seed in range(12):
        state = post(client, "/v1/games", {"ruleset": "schnipp-schnapp", "players": PLAYERS, "seed": seed}).json["state"]
        cards = [c for p in state["players"] for c in p["stack"]]
        quartets = [v for p in state["players"] for v in p["quartets"]]
        assert len(cards) + 4 * len(quartets) == 80 and len(set(cards)) == len(cards)
        for p in state["players"]:
            values = [int(c[1:]) for c in p["stack"]]
            assert all(values.count(v) < 4 for v in values)  # every dealt quartet is set aside
    together = post(client, "/v1/games", {"ruleset": "schnipp-schnapp", "players": PLAYERS, "seed": 1, "hidden": True,
                                          "options": {"together": True}}).json["state"]
    assert together["current"] is None and together["waiting"] == [0, 1, 2]
    assert [p["won"] for p in together["players"]] == [0, 0, 0]
    assert sum(p["stack"]["count"] + 4 * len(p["quartets"]) for p in together["players"]) == 80


def test_scores_views_a_picture_and_the_end(client):
    state = schnapp([["O5"], ["Y5", "B4"], []], stacks=[[], None, []], quartets=[[1, 2], [3], [6]], flipped=[1],
                    current=0)
    view = post(client, "/v1/views", {"state": state, "player": 1}).json["view"]
    assert view["players"][1]["stack"] == {"count": len(state["players"][1]["stack"])}
    assert view["players"][0]["open"] == ["O5"] and view["players"][2]["quartets"] == [6]
    svg = post(client, "/v1/pictures", {"state": state}).get_data(as_text=True)
    assert 'data-card="O5"' in svg and "2 quartets: 1, 2" in svg and 'data-pile="middle"' in svg
    done = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [call("schnapp")]}}).json
    assert done["events"][-1] == {"type": "game_over", "winners": [0], "scores": [
        {"player": 0, "quartets": 2}, {"player": 1, "quartets": 1}, {"player": 2, "quartets": 1}]}
    assert post(client, "/v1/scores", {"state": done["state"]}).json["finished"] is True
    over = post(client, "/v1/turns", {"state": done["state"], "turn": {"player": 2, "actions": [call("schnipp")]}})
    assert (over.status_code, over.json["code"], over.json["action"]) == (422, "GAME_OVER", None)


def test_legal_actions_need_the_player_with_together_and_list_calls_for_anyone(client):
    state = schnapp([["O5"], ["Y5"], ["G9"]], together=True, flipped=[0, 1, 2])
    asked = post(client, "/v1/legal-actions", {"state": state})
    assert (asked.status_code, asked.json["code"]) == (400, "SCHEMA_VIOLATION")
    listed = post(client, "/v1/legal-actions", {"state": state, "player": 2}).json
    assert listed == {"player": 2, "actions": [call("schnapp"), call("schnipp")], "complete": False}


def test_won_is_a_players_member_with_together_only_in_the_schema_as_in_the_referee(client):
    state_schema = schema_validator("state.json")
    together = schnapp([["O5"], ["Y5"], ["G9"]], together=True, flipped=[0, 1, 2])
    alone = schnapp([["O5"], ["Y5"], ["G9"]], flipped=[0], current=1)
    without_won = {**together, "players": [{k: v for k, v in p.items() if k != "won"} for p in together["players"]]}
    with_won = {**alone, "players": [{**p, "won": 0} for p in alone["players"]]}
    for state in (together, alone):
        assert state_schema.is_valid(state)
        assert post(client, "/v1/scores", {"state": state}).status_code == 200
    for state in (without_won, with_won):
        assert not state_schema.is_valid(state)
        refused = post(client, "/v1/scores", {"state": state})
        assert (refused.status_code, refused.json["code"]) == (400, "SCHEMA_VIOLATION")


@pytest.mark.parametrize("action", [
    {"type": "call", "word": "schnupp"}, {"type": "call"}, {"type": "call", "word": "schnapp", "with": [1.5]},
    {"type": "call", "word": "schnapp", "with": 1}, {"type": "flip", "card": "X5"},
    {"type": "flip", "card": "O21"}, {"type": "flip", "word": "schnapp"},
])
def test_bad_input_is_a_schema_violation(client, action):
    state = schnapp([["O5"], ["Y5"], ["G9"]], flipped=[0], current=1)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [action]}})
    assert (refused.status_code, refused.json["code"]) == (400, "SCHEMA_VIOLATION")


def test_another_games_action_or_a_with_naming_the_caller_is_turn_shape(client):
    state = schnapp([["O5"], ["Y5"], ["G9"]], flipped=[0], current=1)
    for action, index in (({"type": "reveal"}, 0), (call("schnapp", 1), 0)):
        refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [action]}})
        assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "TURN_SHAPE", index)


def test_the_rulesets_and_rules_list_the_game_with_its_options_and_codes(client):
    listing = next(r for r in client.get("/v1/rulesets").json if r["name"] == "schnipp-schnapp")
    assert [o["name"] for o in listing["options"]] == ["edition", "together"]
    assert listing["codes"] == ["INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "TURN_SHAPE", "MATCH_NOT_CALLED",
                                "DRAW_CARD_REQUIRED", "DRAW_MISMATCH", "CARD_UNAVAILABLE", "NOTHING_TO_CALL",
                                "CALL_NOT_ALLOWED"]
    assert client.get("/v1/rules/MATCH_NOT_CALLED").json["rulesets"] == ["schnipp-schnapp"]
    page = client.get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Schnipp Schnapp (2 bis 6 Spieler, 80 Karten)" in page


@pytest.mark.parametrize(("language", "hint"), [
    ("en", "Call Schnipp instead: a player without cards may come back only by the middle."),
    ("de", "Rufe stattdessen Schnipp: Wer keine Karten hat, kommt nur über die Mitte zurück."),
    ("fr", "Crie plutôt Schnipp : un joueur sans cartes ne revient que par le milieu."),
    ("it", "Grida invece Schnipp: chi non ha carte rientra solo dal centro."),
])
def test_the_hint_speaks_every_language(client, language, hint):
    state = schnapp([["O5"], ["Y6"], []], middle=["B5"], stacks=[None, None, []], flipped=[0], current=1)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 2, "actions": [call("schnapp")]}},
                   language=language)
    assert (refused.json["code"], refused.json["hint"], refused.json["legal"]) == (
        "CALL_NOT_ALLOWED", hint, [call("schnipp")])
