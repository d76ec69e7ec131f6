"""Farben sammeln over HTTP: every endpoint answers within its contract, bad input is a
problem (never a 500), and the guide's example answers as printed."""

from __future__ import annotations

import pytest
from support.contract_check import post_checked as post
from support.farben_tables import close, discard, farben, take

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()
ORANGE = [f"O{v}" for v in range(1, 10)]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = post(client, "/v1/games", {"ruleset": "farben-sammeln", "players": ["Ada", "Ben"], "seed": 7}).json
    assert printed({"hand": game["state"]["players"][0]["hand"], "display": game["state"]["display"]}) in DOCS
    turn = {"player": 0, "actions": [take(2), discard("G4", 2)]}
    done = post(client, "/v1/turns", {"state": game["state"], "turn": turn}).json
    assert printed({"display": done["state"]["display"], "events": done["events"]}) in DOCS
    wrong = {"player": 0, "actions": [take(2), discard("G4", 0)]}
    refused = post(client, "/v1/turns", {"state": game["state"], "turn": wrong}).json
    assert printed({k: refused[k] for k in ("code", "action", "hint")}) in DOCS
    scores = post(client, "/v1/scores", {"state": done["state"]}).json
    assert printed({"scores": scores["scores"], "winners": scores["winners"], "loser": scores["loser"]}) in DOCS


def test_a_whole_turn_legal_actions_scores_replays_views_and_a_picture(client):
    state = farben(hands=[ORANGE[:8] + ["Y1"], []], pile=["O10"], hide=[1])
    legal = post(client, "/v1/legal-actions", {"state": state, "actions": [take("pile")]}).json
    assert legal["player"] == 0 and {"type": "discard", "card": "Y1", "to": 3} in legal["actions"]
    turn = {"player": 0, "actions": [take("pile"), discard("Y1", 0), close()]}
    done = post(client, "/v1/turns", {"state": state, "turn": turn}).json
    assert done["state"]["closed"] == 0 and done["events"][-1]["type"] == "game_over"
    assert done["events"][-1]["loser"] is None  # Ben's hand is hidden
    replay = post(client, "/v1/replays", {"state": state, "turns": [turn]})
    assert replay.status_code == 200 and replay.json["state"] == done["state"]
    scores = post(client, "/v1/scores", {"state": done["state"]}).json
    assert scores["finished"] is True and scores["scores"][0] == {"player": 0, "score": 46, "color": "O"}
    view = post(client, "/v1/views", {"state": state, "player": 1}).json["view"]
    assert view["players"][0]["hand"] == {"count": 9} and view["pile"] == {"count": len(state["pile"])}
    assert view["display"] == state["display"]
    picture = post(client, "/v1/pictures", {"state": state})
    assert picture.status_code == 200 and picture.mimetype == "image/svg+xml"
    svg = picture.get_data(as_text=True)
    assert 'data-pile="display-3"' in svg and 'data-pile="pile"' in svg and 'data-card="O1"' in svg


def test_a_finished_round_refuses_with_game_over(client):
    state = farben(hands=[ORANGE, []], closed=0)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [take("pile"), discard("Y1", 0)]}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "GAME_OVER", None)


@pytest.mark.parametrize("actions", [
    [take("pile"), discard("O1", 7)],  # display stack 7 does not exist
    [take(4), discard("O1", 0)],
    [take("deck"), discard("O1", 0)],
    [take("pile"), {"type": "discard", "card": "O1"}],
    [take("pile"), discard("O1", 0), {"type": "close", "card": "O1"}],
    [take("pile"), discard("O1", -1)],
])
def test_bad_input_is_a_schema_violation(client, actions):
    state = farben(hands=[ORANGE, []])
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": actions}})
    assert (refused.status_code, refused.json["code"]) == (400, "SCHEMA_VIOLATION")


def test_the_rulesets_and_rules_list_the_game_with_its_option_and_codes(client):
    listing = client.get("/v1/rulesets").json
    farben_listing = next(r for r in listing if r["name"] == "farben-sammeln")
    assert [o["name"] for o in farben_listing["options"]] == ["edition"]
    assert farben_listing["codes"] == ["INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "TURN_SHAPE", "PILE_EMPTY",
                                       "DRAW_CARD_REQUIRED", "DRAW_MISMATCH", "CARD_UNAVAILABLE", "CARD_NOT_IN_HAND",
                                       "SPACE_NOT_FILLED", "CLOSE_NOT_ALLOWED"]
    rule = client.get("/v1/rules/SPACE_NOT_FILLED").json
    assert rule["rulesets"] == ["farben-sammeln"]
    page = client.get("/rules", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Farben sammeln (2 bis 6 Spieler, 80 Karten)" in page


def test_a_new_game_with_an_option_it_does_not_take_is_a_schema_violation(client):
    refused = post(client, "/v1/games", {"ruleset": "farben-sammeln", "players": ["A", "B"],
                                         "options": {"colors": ["O", "Y"]}})
    assert (refused.status_code, refused.json["code"]) == (400, "SCHEMA_VIOLATION")
    refused = post(client, "/v1/games", {"ruleset": "farben-sammeln", "players": list("ABCDEFG")})
    assert refused.status_code == 400


@pytest.mark.parametrize(("language", "hint"), [
    ("en", "Discard onto display stack 3, the place your take emptied."),
    ("de", "Lege auf Auslagestapel 3 ab, den Platz, den dein Nehmen geleert hat."),
    ("fr", "Défausse sur la pile exposée 3, la place que ta prise a vidée."),
    ("it", "Scarta sulla pila in mostra 3, il posto che la tua presa ha svuotato."),
])
def test_the_hint_speaks_every_language(client, language, hint):
    state = farben(hands=[ORANGE, []], display=[["G1"], ["G2"], ["B7"], ["G4"]])
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [take(2), discard("O1", 0)]}},
                   language=language)
    assert (refused.json["code"], refused.json["hint"]) == ("SPACE_NOT_FILLED", hint)
