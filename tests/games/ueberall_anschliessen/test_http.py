"""Überall anschließen over HTTP: every endpoint answers within its contract, bad input is a
problem (never a 500), and the guide's example answers as printed."""

from __future__ import annotations

import pytest
from support.contract_check import post_checked as post
from support.ueberall_tables import place, reveal, run, stopp, ueberall

from referee.http import create_app
from support.doc_examples import all_pages_text, printed

DOCS = all_pages_text()


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_the_readme_example_answers_as_printed(client):
    game = post(client, "/v1/games", {"ruleset": "ueberall-anschliessen", "players": ["Ada", "Ben"], "seed": 9}).json
    first = post(client, "/v1/turns", {"state": game["state"], "turn": {
        "player": 0, "actions": [reveal(), place("middle")]}}).json
    assert printed({"middle": first["state"]["middle"], "current": first["state"]["current"],
                    "events": first["events"]}) in DOCS
    state = first["state"]
    assert printed(post(client, "/v1/legal-actions", {"state": state, "actions": [reveal()]}).json) in DOCS
    second = post(client, "/v1/turns", {"state": state, "turn": {
        "player": 1, "actions": [reveal(), place("middle"), reveal(), place("own")]}}).json
    assert printed({"middle": second["state"]["middle"], "open": [p["open"] for p in second["state"]["players"]],
                    "events": second["events"]}) in DOCS
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 1, "actions": [reveal(), place("own")]}}).json
    assert printed({k: refused[k] for k in ("code", "action", "hint")}) in DOCS
    caught = post(client, "/v1/turns", {"state": state, "turn": {
        "player": 1, "actions": [reveal(), place("own"), stopp()]}}).json
    assert printed({"stacks": [len(p["stack"]) for p in caught["state"]["players"]], "events": caught["events"]}) in DOCS


def test_scores_replays_views_and_a_picture(client):
    state = ueberall(stacks=[["O12"], ["G7"], []], opens=[[], ["B3"], []], middle=run("O11", 11), fill_to=[1],
                     finished=[2])
    turn = {"player": 0, "actions": [reveal(), place("middle")]}
    done = post(client, "/v1/turns", {"state": state, "turn": turn}).json
    assert done["events"][-1] == {"type": "finished", "player": 0, "place": 2}
    assert post(client, "/v1/replays", {"state": state, "turns": [turn]}).json["state"] == done["state"]
    scores = post(client, "/v1/scores", {"state": done["state"]}).json
    assert scores == {"finished": False, "winners": [2], "scores": [
        {"player": 0, "place": 2}, {"player": 1, "place": None}, {"player": 2, "place": 1}]}
    view = post(client, "/v1/views", {"state": state, "player": 0}).json["view"]
    assert view["players"][0]["stack"] == {"count": 1} and view["players"][1]["open"] == ["B3"]
    picture = post(client, "/v1/pictures", {"state": state})
    svg = picture.get_data(as_text=True)
    assert picture.status_code == 200 and 'data-pile="middle"' in svg and 'data-card="B3"' in svg


def test_a_finished_game_refuses_with_game_over(client):
    middle = [f"{'OYGB'[k // 20]}{(19 - k) % 20 + 1}" for k in range(80)]
    state = ueberall(stacks=[[], []], middle=middle, current=None, finished=[1, 0], fill=False)
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [reveal(), place("own")]}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "GAME_OVER", None)


def test_a_stopp_with_no_mistake_before_it_is_its_code_not_a_500(client):
    state = ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=run("B4", 4))
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [
        reveal(), place("own"), stopp()]}})
    assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "STOPP_WITHOUT_MISTAKE", 2)
    alone = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [stopp()]}})
    assert (alone.status_code, alone.json["code"], alone.json["action"]) == (422, "TURN_SHAPE", 0)


@pytest.mark.parametrize("action", [
    {"type": "place", "to": "left"}, {"type": "place", "to": 16}, {"type": "place"},
    {"type": "stopp", "card": "O7"}, {"type": "place", "to": "middle", "card": "O7"},
])
def test_bad_input_is_a_schema_violation(client, action):
    state = ueberall(stacks=[["O7", "Y9"], ["G11"]], middle=run("B4", 4))
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [reveal(), action]}})
    assert (refused.status_code, refused.json["code"]) == (400, "SCHEMA_VIOLATION")


def test_the_rulesets_list_the_game_with_its_option_and_codes(client):
    listing = next(r for r in client.get("/v1/rulesets").json if r["name"] == "ueberall-anschliessen")
    assert [o["name"] for o in listing["options"]] == ["edition"]
    assert listing["codes"] == ["INVALID_STATE", "GAME_OVER", "NOT_YOUR_TURN", "TURN_SHAPE", "ACTION_AFTER_GAME_END",
                                "TURN_ENDED", "DRAW_CARD_REQUIRED", "DRAW_MISMATCH", "CARD_UNAVAILABLE",
                                "NOT_NEXT_HIGHER", "MIDDLE_FIRST", "FIT_OVERLOOKED", "STOPP_WITHOUT_MISTAKE",
                                "TURN_INCOMPLETE"]
    assert client.get("/v1/rules/FIT_OVERLOOKED").json["rulesets"] == ["ueberall-anschliessen"]


@pytest.mark.parametrize(("language", "hint"), [
    ("en", "Put the card on the open pile of Ben."),
    ("de", "Lege die Karte auf den offenen Stapel von Ben."),
    ("fr", "Pose la carte sur la pile visible de Ben."),
    ("it", "Metti la carta sulla pila scoperta di Ben."),
])
def test_the_hint_speaks_every_language(client, language, hint):
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B7", 7))
    refused = post(client, "/v1/turns", {"state": state, "turn": {"player": 0, "actions": [reveal(), place("middle")]}},
                   language=language)
    assert (refused.json["code"], refused.json["hint"]) == ("NOT_NEXT_HIGHER", hint)


def test_legal_actions_takes_a_prefix_as_long_as_the_longest_turn(client):
    # A table recording a long run (hidden stacks): forty cards into the middle in one turn
    # are eighty actions, and the referee still says what may follow them.
    game = post(client, "/v1/games", {"ruleset": "ueberall-anschliessen", "players": ["Ada", "Ben"], "hidden": True}).json
    state = post(client, "/v1/turns", {"state": game["state"], "turn": {
        "player": 0, "actions": [reveal("O1"), place("middle")]}}).json["state"]
    cards = [f"O{v}" for v in range(2, 21)] + [f"Y{v}" for v in range(1, 21)]
    prefix = [action for card in cards for action in (reveal(card), place("middle"))]
    assert len(prefix) == 78
    answer = post(client, "/v1/legal-actions", {"state": state, "actions": prefix})
    assert answer.status_code == 200
    assert answer.json == {"player": 1, "actions": [{"type": "reveal"}], "complete": False}
    too_long = post(client, "/v1/legal-actions", {"state": state, "actions": prefix * 3})
    assert too_long.status_code == 400 and too_long.json["code"] == "SCHEMA_VIOLATION"
