"""The short way (referee/http/shortcut.py) answers exactly as Flask does.

Two apps with the same keys, one with the short way and one without (`SHORT_WAY: False`),
get the same requests through their WSGI interface; status, header list and body bytes
must be equal (for an accepted sealed turn, the new token by what it holds). A spy on the Flask views says which way each request took on the first
app, so the comparison cannot pass by the short way never being used.
"""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, event, given, settings

from referee import engine
from referee.conformance.cases import cases
from referee.http import create_app
from referee.sealed.sealing import Sealer, new_key
from referee.sealed.store import Latest
from referee.sealed.tokens import identity, issued_at

KEY = new_key()
VIEWS = ("api.turns", "api.legal_actions")


def make_app(**config):
    app = create_app({"TESTING": True, "SEAL_KEYS": [KEY], **config})
    app.flask_calls = []  # the views Flask ran, in order

    for name in VIEWS:
        view = app.view_functions[name]

        def spy(view=view, name=name):
            app.flask_calls.append(name)
            return view()

        app.view_functions[name] = spy
    return app


SHORT = make_app()
FLASK = make_app(SHORT_WAY=False)


def exchange(app, path: str, body: bytes, content_type: str = "application/json",
             headers: dict[str, str] | None = None, length: str | None = None,
             method: str = "POST") -> tuple[str, list[tuple[str, str]], bytes]:
    """One request through `app`'s WSGI interface: status, header list, body."""
    environ = {
        "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": "",
        "SERVER_NAME": "localhost", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1",
        "CONTENT_TYPE": content_type, "CONTENT_LENGTH": str(len(body)) if length is None else length,
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(body),
        "wsgi.errors": io.StringIO(), "wsgi.multithread": False, "wsgi.multiprocess": False,
        "wsgi.run_once": False, "HTTP_X_REQUEST_ID": "same-id",
    }
    for name, value in (headers or {}).items():
        environ["HTTP_" + name.upper().replace("-", "_")] = value
    answered = []
    out = b"".join(app(environ, lambda status, header_list, exc_info=None: answered.append((status, header_list))))
    status, header_list = answered[0]
    return status, list(header_list), out


def both(path: str, body: bytes, **kwargs) -> tuple[str, list[tuple[str, str]], bytes, list[str]]:
    """The answer of both apps, checked equal; with the views Flask ran on the short app."""
    SHORT.flask_calls.clear()
    short = exchange(SHORT, path, body, **kwargs)
    flask = exchange(FLASK, path, body, **kwargs)
    assert short == flask
    return (*short, list(SHORT.flask_calls))


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=cases(("turns", "legal-actions"), tuple(engine.RULESETS), seed=20))
def test_every_kind_of_request_gets_the_same_answer_either_way(case):
    path = f"/v1/{case.endpoint}"
    status, _, _, flask_ran = both(path, orjson.dumps(case.body))
    event(f"{case.endpoint} {status[:3]}{' sealed' if 'game' in case.body else ''}")
    view = "api.turns" if case.endpoint == "turns" else "api.legal_actions"
    # A plain success never reaches Flask's view; anything else goes to Flask, once.
    assert flask_ran == ([] if status == "200 OK" and "game" not in case.body else [view])


def _turn_request() -> dict:
    game = engine.new_game(["Ada", "Ben"], seed=7)
    listed = engine.legal_actions(game.state)
    return {"state": game.state.to_dict(),
            "turn": {"player": listed.player, "actions": [listed.actions[0].to_dict()]}}


TURN = _turn_request()
PLAIN = orjson.dumps(TURN)


def test_an_accepted_turn_goes_the_short_way_with_every_header_flask_gives():
    status, headers, body, flask_ran = both("/v1/turns", PLAIN, headers={"Accept-Language": "de"})
    assert (status, flask_ran) == ("200 OK", [])
    assert [name for name, _ in headers] == ["Content-Type", "Content-Length", "X-Request-ID",
                                              "Content-Language", "Vary"]
    assert dict(headers)["Content-Language"] == "de" and dict(headers)["X-Request-ID"] == "same-id"
    assert json.loads(body)["state"]["current"] == 1


def test_a_legal_actions_listing_goes_the_short_way():
    request = orjson.dumps({"state": TURN["state"], "actions": TURN["turn"]["actions"]})
    status, _, body, flask_ran = both("/v1/legal-actions", request)
    assert (status, flask_ran) == ("200 OK", [])
    assert json.loads(body)["complete"] is True


def test_whole_floats_are_read_as_integers_the_short_way_too():
    spelled = PLAIN.replace(b'"current":0', b'"current":0.0')
    assert spelled != PLAIN
    status, _, body, flask_ran = both("/v1/turns", spelled)
    assert (status, flask_ran) == ("200 OK", [])
    assert body == exchange(FLASK, "/v1/turns", PLAIN)[2]


@pytest.mark.parametrize("why, path, body, kwargs", [
    ("a browser's request needs CORS headers", "/v1/turns", PLAIN, {"headers": {"Origin": "https://table.example"}}),
    ("a charset is Flask's to judge", "/v1/turns", PLAIN, {"content_type": "application/json; charset=utf-8"}),
    ("a refused turn is advised", "/v1/turns",
     orjson.dumps({**TURN, "turn": {"player": 1, "actions": [{"type": "draw"}]}}), {}),
    ("malformed JSON", "/v1/turns", PLAIN[:-1], {}),
    ("a key named twice", "/v1/turns", PLAIN[:-1] + b',"turn":{"player":0,"actions":[]}}', {}),
    ("a body of the wrong shape", "/v1/turns", b'{"state":{}}', {}),
    ("a body shorter than its Content-Length", "/v1/turns", PLAIN, {"length": str(len(PLAIN) + 5)}),
    ("a Content-Length that is no number", "/v1/turns", PLAIN, {"length": "12a"}),
    ("a path with a trailing slash", "/v1/turns/", PLAIN, {}),
])
def test_anything_but_a_plain_success_is_flasks_to_answer(why, path, body, kwargs):
    SHORT.flask_calls.clear()
    short = exchange(SHORT, path, body, **kwargs)
    flask = exchange(FLASK, path, body, **kwargs)
    assert short == flask, why
    assert short[0] != "200 OK" or path.endswith("/") or "headers" in kwargs or "content_type" in kwargs
    if path == "/v1/turns" and kwargs.get("length") != "12a":
        assert SHORT.flask_calls == ["api.turns"], why


def sealed_apps() -> tuple:
    """An app with the short way and one without, each with a store of its own (each
    spends the same tokens), under the same keys."""
    folder = Path(tempfile.mkdtemp(prefix="elfer-shortcut-"))
    return make_app(STORE=str(folder / "short.sqlite3")), make_app(SHORT_WAY=False, STORE=str(folder / "flask.sqlite3"))


def in_step(app, own: str, token: str) -> None:
    """`app`'s store takes `token` (the other app's, of the same contents) as its game's
    latest in place of `own`, the token it answered itself: a store plays only a game's
    latest token, and the two apps' games go on from the same one."""
    sealed = Sealer([KEY]).open(token)
    app.extensions["sealed"].store.spend(sealed.game, identity(own), Latest(token, sealed.turn), issued_at(own), own)


def same_sealed_answer(short: tuple, flask: tuple) -> dict:
    """The two apps' answers to the same sealed request are the same: status, headers
    (Content-Length too: a token's length depends on public facts only) and body, the
    new token compared by what it holds (each sealing draws a fresh IV and time)."""
    assert short[:2] == flask[:2]
    mine, theirs = json.loads(short[2]), json.loads(flask[2])
    if short[0] == "200 OK":
        token = mine.pop("game")
        assert Sealer([KEY]).open(token) == Sealer([KEY]).open(theirs.pop("game"))
        mine["game"] = token
    else:
        assert short[2] == flask[2]
    assert {k: v for k, v in mine.items() if k != "game"} == {k: v for k, v in theirs.items() if k != "game"}
    return mine


def seat_to_move(client, token: str, seats: list[str]) -> tuple[int, list[dict]]:
    """The seat that may act now, and what it may do first."""
    for index, key in enumerate(seats):
        listed = client.post("/v1/legal-actions", json={"game": token, "seat": key}).get_json()
        if listed["actions"]:
            return index, listed["actions"]
    raise AssertionError("no seat may act")


@pytest.mark.parametrize("ruleset", list(engine.RULESETS))
def test_a_sealed_turn_goes_the_short_way_when_accepted_and_answers_as_flask_does(ruleset):
    short, flask = sealed_apps()
    client = flask.test_client()
    rules = engine.find_ruleset(ruleset)
    players = ["Ada", "Ben", "Cleo"][:min(3, rules.max_players)]  # three where the game allows, else two
    game = client.post("/v1/games", json={"players": players, "sealed": True, "ruleset": ruleset}).get_json()
    token, ways = game["game"], []
    for number in range(8):
        seat, actions = seat_to_move(client, token, game["seats"])
        # Every other turn draws where a draw is offered: the turns left open after one too.
        draws = [a for a in actions if a["type"] == "draw"]
        action = draws[0] if draws and number % 2 else actions[0]
        body = orjson.dumps({"game": token, "seat": game["seats"][seat], "turn": {"player": seat, "actions": [action]}})
        short.flask_calls.clear()
        flask_answer = exchange(flask, "/v1/turns", body)
        answer = same_sealed_answer(exchange(short, "/v1/turns", body), flask_answer)
        ways.append(("short" if short.flask_calls == [] else "flask", "game" in answer and "view" in answer))
        if "view" in answer:  # else a refusal (a turn of one action may be too short): Flask's
            token = answer["game"]
            in_step(flask, json.loads(flask_answer[2])["game"], token)
    # Each accepted turn went the short way, each refused one to Flask.
    assert ways and all(way == ("short" if accepted else "flask") for way, accepted in ways)
    assert ("short", True) in ways


def test_a_refused_sealed_turn_is_flasks_to_answer_byte_for_byte():
    short, flask = sealed_apps()
    game = flask.test_client().post("/v1/games", json={"players": ["Ada", "Ben"], "sealed": True}).get_json()
    seat, actions = seat_to_move(flask.test_client(), game["game"], game["seats"])
    request = {"game": game["game"], "seat": game["seats"][seat], "turn": {"player": seat, "actions": [actions[0]]}}
    other = 1 - seat
    refused = {
        "a changed token": {**request, "game": game["game"][:-8] + ("A" if game["game"][-8] != "A" else "B") + game["game"][-7:]},
        # The short way leaves the token's pattern to the sealer; Flask's check refuses it.
        "a token outside the pattern": {**request, "game": "+" + game["game"][1:]},
        "another game's seat key": {**request, "seat": "0" * 64},
        "the other seat's turn": {**request, "seat": game["seats"][other], "turn": {"player": other, "actions": [actions[0]]}},
        "a card named in a draw": {**request, "turn": {"player": seat, "actions": [{"type": "draw", "card": "R1"}]}},
        "a rule broken": {**request, "turn": {"player": seat, "actions": [{"type": "pass"}]}},
    }
    for why, body in refused.items():
        short.flask_calls.clear()
        raw = orjson.dumps(body)
        answered = exchange(short, "/v1/turns", raw, headers={"Accept-Language": "fr"})
        assert answered == exchange(flask, "/v1/turns", raw, headers={"Accept-Language": "fr"}), why
        assert answered[0] != "200 OK" and short.flask_calls == ["api.turns"], why
        if why == "a token outside the pattern":
            assert json.loads(answered[2])["code"] == "SCHEMA_VIOLATION"


def test_a_spent_sealed_token_is_flasks_to_answer_with_the_latest_token():
    short = make_app()  # SHORT and FLASK share the tests' store: a token spent on one is spent on both
    game = FLASK.test_client().post("/v1/games", json={"players": ["Ada", "Ben"], "sealed": True}).get_json()
    seat, actions = seat_to_move(FLASK.test_client(), game["game"], game["seats"])
    raw = orjson.dumps({"game": game["game"], "seat": game["seats"][seat], "turn": {"player": seat, "actions": [actions[0]]}})
    first = exchange(short, "/v1/turns", raw)
    assert first[0] == "200 OK" and short.flask_calls == []
    again = exchange(short, "/v1/turns", raw)
    assert again == exchange(FLASK, "/v1/turns", raw)
    assert again[0] == "409 CONFLICT" and short.flask_calls == ["api.turns"]
    problem = json.loads(again[2])
    assert (problem["code"], problem["game"], problem["turn"]) == ("TOKEN_SPENT", json.loads(first[2])["game"], 1)


def test_with_origins_narrowed_every_answer_goes_through_flask_and_varies_by_origin():
    app = make_app(CORS_ORIGINS=["https://table.example"])
    status, headers, _ = exchange(app, "/v1/turns", PLAIN)
    assert status == "200 OK" and app.flask_calls == ["api.turns"]
    assert dict(headers)["Vary"] == "Origin, Accept-Language"


def test_the_access_log_has_the_short_ways_answers(caplog):
    import logging

    app = make_app(ACCESS_LOG="json")
    logger = logging.getLogger("referee.access")
    logger.addHandler(caplog.handler)
    try:
        exchange(app, "/v1/turns", PLAIN)
    finally:
        logger.removeHandler(caplog.handler)
    (line,) = [json.loads(r.getMessage()) for r in caplog.records if r.name == "referee.access"]
    assert app.flask_calls == []
    assert (line["method"], line["path"], line["status"], line["request_id"]) == ("POST", "/v1/turns", 200, "same-id")
