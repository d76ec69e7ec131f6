"""Refusals a seat can bring about: told as the seat's view tells them, and never an ERROR
in the log.

A Schnipp Schnapp flip by a seat not to move was answered with the bare title of
NOT_YOUR_TURN and logged an ERROR each time (265 in one run): anyone could fill the log.
Now whether the seat may act so is asked of its view before any card is turned up, with
the view's detail. And where `legal-actions` lists from the whole state (an action the
view cannot judge, Ratefix's last guess), a refusal of the whole state never goes out.
"""

from __future__ import annotations

import json
import logging

import pytest

from referee import engine
from referee.core.codes import Code
from referee.core.errors import Violation
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.sealed.sealing import Sealer, new_key

KEY = new_key()
CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()
SALT = "c0ffee00" * 4
NAMES = ["Ann", "Ben", "Cleo"]


def post(path, body):
    return CLIENT.post(path, data=json.dumps(body), content_type="application/json")


def errors_logged(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def sealed_game(ruleset, monkeypatch, names=NAMES, **options):
    monkeypatch.setattr(engine, "new_seed", lambda: 11)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    body = {"ruleset": ruleset, "players": names, "sealed": True, **({"options": options} if options else {})}
    answer = post("/v1/games", body)
    assert answer.status_code == 201
    return answer.json


def on_the_view(token, seat, turn):
    """What the same turn gets on the seat's view as a plain state."""
    state = Sealer([KEY]).open(token).state
    view = engine.view(engine.load_state(state), seat).to_dict()
    return post("/v1/turns", {"state": view, "turn": turn}).json


def test_a_flip_by_a_seat_not_to_move_is_not_your_turn_with_the_views_detail_and_logs_no_error(monkeypatch, caplog):
    game = sealed_game("schnipp-schnapp", monkeypatch)
    token, seats = game["game"], game["seats"]
    mover = Sealer([KEY]).open(token).state["current"]
    other = (mover + 1) % 3
    turn = {"player": other, "actions": [{"type": "flip"}]}
    caplog.set_level(logging.INFO)
    for _ in range(30):
        answer = post("/v1/turns", {"game": token, "seat": seats[other], "turn": turn})
        assert answer.status_code == 422
        assert answer.json["code"] == "NOT_YOUR_TURN"
        assert answer.json["detail"] == f"It is {NAMES[mover]}'s turn, not {NAMES[other]}'s."
    assert answer.json["detail"] == on_the_view(token, other, turn)["detail"]
    assert errors_logged(caplog) == []
    # The seat not to move may still call (nothing is flipped: nothing to call).
    call = post("/v1/turns", {"game": token, "seat": seats[other],
                              "turn": {"player": other, "actions": [{"type": "call", "word": "schnapp"}]}})
    assert call.status_code == 422 and call.json["code"] == "NOTHING_TO_CALL"
    # The one to move flips.
    flip = post("/v1/turns", {"game": token, "seat": seats[mover], "turn": {"player": mover, "actions": [{"type": "flip"}]}})
    assert flip.status_code == 200


def test_a_second_flip_in_a_round_played_together_is_not_your_turn_with_the_views_detail(monkeypatch, caplog):
    game = sealed_game("schnipp-schnapp", monkeypatch, together=True)
    token, seats = game["game"], game["seats"]
    turn = {"player": 1, "actions": [{"type": "flip"}]}
    token = post("/v1/turns", {"game": token, "seat": seats[1], "turn": turn}).json["game"]
    caplog.set_level(logging.INFO)
    again = post("/v1/turns", {"game": token, "seat": seats[1], "turn": turn})
    assert again.status_code == 422 and again.json["code"] == "NOT_YOUR_TURN"
    assert again.json["detail"] == "This step does not wait for Ben."
    assert again.json["detail"] == on_the_view(token, 1, turn)["detail"]
    assert errors_logged(caplog) == []


@pytest.mark.parametrize("ruleset", sorted(engine.RULESETS))
def test_no_seat_can_fill_the_log_with_errors(ruleset, monkeypatch, caplog):
    """Every seat sends, as itself and for another, every action the one to move may
    take, each action kind that turns a card up, and a call: answers, never a 500, and
    no ERROR logged."""
    rules = engine.find_ruleset(ruleset)
    names = NAMES[:min(max(len(NAMES), rules.min_players), rules.max_players)]  # three where the game allows
    game = sealed_game(ruleset, monkeypatch, names=names)
    token, seats = game["game"], game["seats"]
    state = Sealer([KEY]).open(token).state
    mover = state["current"] if state["current"] is not None else state["waiting"][0]
    listed = post("/v1/legal-actions", {"game": token, "seat": seats[mover]}).json["actions"]
    # The listed actions last: a legal turn spends the token (a turn after it is 409).
    tried = [{"type": kind} for kind in ("draw", "flip", "reveal", "put")] + [
        {"type": "call", "word": "schnipp"}, {"type": "take", "from": "pile"}] + listed
    caplog.set_level(logging.INFO)
    for action in tried:
        for seat in range(len(names)):
            for player in (seat, (seat + 1) % len(names)):
                answer = post("/v1/turns", {"game": token, "seat": seats[seat],
                                            "turn": {"player": player, "actions": [action]}})
                # 409: a legal turn spent the token, and the next one on it is TOKEN_SPENT.
                assert answer.status_code in (200, 400, 409, 422), answer.json
                if answer.status_code == 422 and player != seat:
                    assert answer.json["code"] == "NOT_YOUR_TURN"
    assert errors_logged(caplog) == []


def test_a_refusal_of_the_whole_state_in_a_listing_never_goes_out(monkeypatch, caplog):
    """Ratefix's last guess is listed from the whole state (the view would refuse it as
    CARDS_HIDDEN). Should the whole state refuse the listing, the seat gets the view's
    empty list, not that refusal (here made to name a hidden card)."""
    game = sealed_game("ratefix", monkeypatch, names=NAMES[:2])
    ann, ben = game["seats"]
    token = game["game"]
    for seat, player in ((ann, 0), (ben, 1)):
        token = post("/v1/turns", {"game": token, "seat": seat, "turn": {"player": player, "actions": [{"type": "put"}]}}).json["game"]
    token = post("/v1/turns", {"game": token, "seat": ann, "turn": {"player": 0, "actions": [{"type": "guess", "value": 20}]}}).json["game"]
    assert post("/v1/legal-actions", {"game": token, "seat": ben}).json["actions"] == [{"type": "guess"}]
    hidden = Sealer([KEY]).open(token).state["middle"][0]["card"]
    listing = engine.legal_actions

    def refusing_the_whole_state(state, prefix=(), player=None):
        if not isinstance(state.middle[0].card if hasattr(state.middle[0], "card") else None, str):
            return listing(state, prefix, player)  # the view: its middle card is hidden
        raise Violation(Code.CARD_NOT_IN_HAND, 0, f"{hidden} lies in the middle")

    monkeypatch.setattr(engine, "legal_actions", refusing_the_whole_state)
    caplog.set_level(logging.INFO)
    answer = post("/v1/legal-actions", {"game": token, "seat": ben})
    assert answer.status_code == 200
    assert answer.json["actions"] == []
    assert hidden not in answer.get_data(as_text=True)
    assert errors_logged(caplog) == []
