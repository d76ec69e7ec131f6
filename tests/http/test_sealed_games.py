"""Sealed games over HTTP: the answers, and every way a token or seat is bad.

Tampering: bit flips sampled over the whole token, truncation, a 10 MB token, a token
under an unknown or retired key, another game's token with this game's seat key, a
seat key of another player or game, JSON where a token belongs, a sealed game with a
seed. Each gets its problem (TOKEN_INVALID, SEAT_INVALID, SCHEMA_VIOLATION, 413), never
a 500, and no part of the sealed state.
"""

from __future__ import annotations

import base64
import hashlib
import json

import pytest
from hypothesis import given, strategies as st

from referee import engine
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.sealed.sealing import Sealer, commitment, new_key
from support.contract_check import assert_matches_contract

KEY, OLD_KEY = new_key(), new_key()
#: The salt a sealed game draws where a test fixes its seed (a deal comes from both).
SALT = "5a17" * 8


def client_with(*keys):
    return create_app({"TESTING": True, "SEAL_KEYS": list(keys)}).test_client()


CLIENT = client_with(KEY)
#: The same key without a store: a token plays again (REFEREE_STORE=none), so the tests
#: can show what the same token does twice.
NO_STORE = create_app({"TESTING": True, "SEAL_KEYS": [KEY], "STORE": "none"}).test_client()


def post(client, path, body, status=None):
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert_matches_contract(response, path, "POST")
    if status is not None:
        assert response.status_code == status, response.json
    return response


def sealed_game(client=CLIENT, **extra):
    return post(client, "/v1/games", {"players": ["Ann", "Ben", "Cleo"], "sealed": True, **extra}, 201).json


def assert_refused(response, status, code):
    assert response.status_code == status, response.json
    assert response.json["code"] == code
    text = json.dumps(response.json)
    for secret in ("hand", "pile", "seed", "salt", "Traceback"):
        assert secret not in text


# -- the answers ---------------------------------------------------------------------------


def test_a_sealed_game_starts_with_a_token_turn_0_a_commitment_and_a_seat_per_player():
    game = sealed_game()
    assert set(game) == {"game", "turn", "previous", "commitment", "seats"}
    assert game["turn"] == 0 and game["previous"] is None
    assert len(game["seats"]) == 3 and len(set(game["seats"])) == 3
    assert len(game["commitment"]) == 64 and int(game["commitment"], 16) >= 0


def test_a_sealed_game_with_a_seed_or_hidden_is_a_schema_violation():
    for extra, pointer in (({"seed": 42}, "/seed"), ({"hidden": True}, "/hidden")):
        response = post(CLIENT, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True, **extra}, 400)
        assert response.json["code"] == "SCHEMA_VIOLATION"
        assert response.json["errors"][0]["pointer"] == pointer


def test_every_ruleset_says_it_is_dealt_sealed_and_is():
    listed = CLIENT.get("/v1/rulesets").json
    assert {r["name"]: r["sealable"] for r in listed} == {name: True for name in engine.RULESETS}
    for name, rules in engine.RULESETS.items():
        players = ["Ann", "Ben", "Cleo"][:max(2, rules.min_players)]
        dealt = post(CLIENT, "/v1/games", {"ruleset": name, "players": players, "sealed": True}, 201)
        assert set(dealt.json) >= {"game", "commitment", "seats"}, name


def test_a_sealed_farben_sammeln_take_from_the_pile_ends_the_request_and_the_turn_goes_on():
    game = post(CLIENT, "/v1/games", {"ruleset": "farben-sammeln", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    ann, ben = game["seats"]
    taken = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                       "turn": {"player": 0, "actions": [{"type": "take", "from": "pile"}]}}, 200).json
    card = taken["open"][0]["card"]
    assert taken["turn"] == 0 and taken["open"] == [{"type": "take", "from": "pile", "card": card}]
    assert taken["public"] == [{"type": "drew", "player": 0, "from": "pile", "card": None}]
    seen_by_ben = post(CLIENT, "/v1/views", {"game": taken["game"], "seat": ben}, 200).json
    assert seen_by_ben["open"] == [{"type": "take", "from": "pile"}] and f"\"{card}\"" not in json.dumps(seen_by_ben)
    listed = post(CLIENT, "/v1/legal-actions", {"game": taken["game"], "seat": ann}, 200).json
    assert {"type": "discard", "card": card, "to": 0} in listed["actions"]
    done = post(CLIENT, "/v1/turns", {"game": taken["game"], "seat": ann,
                                      "turn": {"player": 0, "actions": [{"type": "discard", "card": card, "to": 0}]}}, 200).json
    assert done["turn"] == 1 and done["open"] == [] and done["view"]["display"][0][0] == card


def test_a_sealed_hoechste_karte_trick_stays_face_down_until_both_have_played():
    game = post(CLIENT, "/v1/games", {"ruleset": "hoechste-karte", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    ann, ben = game["seats"]
    both = [post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": seat}, 200).json for seat in (ann, ben)]
    assert [listed["player"] for listed in both] == [0, 1]  # both may play at once
    assert [len(listed["actions"]) for listed in both] == [11, 11]
    played = both[0]["actions"][0]
    first = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                       "turn": {"player": 0, "actions": [played]}}, 200).json
    assert first["view"]["trick"] == [{"player": 0, "card": played["card"]}]
    seen_by_ben = post(CLIENT, "/v1/views", {"game": first["game"], "seat": ben}, 200).json
    assert seen_by_ben["view"]["trick"] == [{"player": 0, "card": None}]
    assert f"\"{played['card']}\"" not in json.dumps(seen_by_ben)  # quoted: O2 is not O20
    again = post(CLIENT, "/v1/turns", {"game": first["game"], "seat": ann,
                                       "turn": {"player": 0, "actions": [both[0]["actions"][1]]}}, 422).json
    assert again["code"] == "NOT_YOUR_TURN"
    answer = post(CLIENT, "/v1/turns", {"game": first["game"], "seat": ben,
                                        "turn": {"player": 1, "actions": [both[1]["actions"][0]]}}, 200).json
    revealed = [e for e in answer["public"] if e["type"] == "revealed"]
    assert [e["card"] for e in revealed] == [played["card"], both[1]["actions"][0]["card"]]


def test_a_sealed_zweikampf_seat_turns_up_its_own_card_only_and_never_names_it():
    game = post(CLIENT, "/v1/games", {"ruleset": "zweikampf", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    ann, ben = game["seats"]
    for_ben = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                         "turn": {"player": 1, "actions": [{"type": "reveal"}]}}, 422).json
    assert for_ben["code"] == "NOT_YOUR_TURN"
    assert for_ben["detail"] == "This seat plays for Ann only, not for Ben."
    named = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                       "turn": {"player": 0, "actions": [{"type": "reveal", "card": "O1"}]}}, 400).json
    assert named["errors"][0]["pointer"] == "/turn/actions/0/card"
    answer = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                        "turn": {"player": 0, "actions": [{"type": "reveal"}]}}, 200).json
    assert answer["view"]["players"][0]["stack"] == {"count": 19}
    assert [e["type"] for e in answer["public"]] == ["revealed"]


def opened(token):
    """The sealed contents, opened with the test's key (what no client can do)."""
    return Sealer([KEY]).open(token)


def test_a_sealed_schwarzer_peter_draw_takes_a_place_in_the_fan_at_random_from_the_seed(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 8)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = post(CLIENT, "/v1/games", {"ruleset": "schwarzer-peter", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    ann, _ = game["seats"]
    fan = opened(game["game"]).state["players"][1]["hand"]
    listed = post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": ann}, 200).json
    assert listed["actions"] == [{"type": "draw"}]  # Ben's hand is face down to Ann
    named = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann,
                                       "turn": {"player": 0, "actions": [{"type": "draw", "card": fan[0]}]}}, 400).json
    assert named["errors"][0]["pointer"] == "/turn/actions/0/card"
    body = {"game": game["game"], "seat": ann, "turn": {"player": 0, "actions": [{"type": "draw"}]}}
    answers = [post(CLIENT, "/v1/turns", body, 200).json, post(NO_STORE, "/v1/turns", body, 200).json]
    spent = post(CLIENT, "/v1/turns", body, 409).json  # under a store the token is played once
    assert (spent["code"], spent["game"], spent["turn"]) == ("TOKEN_SPENT", answers[0]["game"], answers[0]["turn"])
    drawn = [a["events"][0]["card"] for a in answers]
    assert drawn[0] == drawn[1] and drawn[0] in fan  # the same token draws the same place again
    assert answers[0]["public"][0] == {"type": "drew", "player": 0, "from": 1, "card": None}


def test_a_sealed_ratefix_last_guess_is_listed_and_turns_the_middle_up_for_everyone(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 3)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = post(CLIENT, "/v1/games", {"ruleset": "ratefix", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    ann, ben = game["seats"]
    token = game["game"]
    for seat, player in ((ann, 0), (ben, 1)):
        token = post(CLIENT, "/v1/turns", {"game": token, "seat": seat,
                                           "turn": {"player": player, "actions": [{"type": "put"}]}}, 200).json["game"]
    middle = [e["card"] for e in opened(token).state["middle"]]
    token = post(CLIENT, "/v1/turns", {"game": token, "seat": ann,
                                       "turn": {"player": 0, "actions": [{"type": "guess", "value": 20}]}}, 200).json["game"]
    seen = post(CLIENT, "/v1/views", {"game": token, "seat": ben}, 200).json["view"]
    assert seen["middle"] == [{"player": 0, "card": None}, {"player": 1, "card": middle[1]}]
    listed = post(CLIENT, "/v1/legal-actions", {"game": token, "seat": ben}, 200).json
    assert listed["actions"] == [{"type": "guess"}]  # on Ben's view it would be CARDS_HIDDEN
    last = post(CLIENT, "/v1/turns", {"game": token, "seat": ben,
                                      "turn": {"player": 1, "actions": [{"type": "guess", "value": 21}]}}, 200).json
    assert [e["card"] for e in last["public"] if e["type"] == "revealed"] == middle


def test_a_sealed_mogeln_challenge_comes_from_any_seat_in_2018_and_names_no_cards(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 4)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    for edition in ("2018", "original"):
        game = post(CLIENT, "/v1/games", {"ruleset": "mogeln", "players": ["Ann", "Ben", "Cleo"], "sealed": True,
                                          "options": {"edition": edition}}, 201).json
        ann, _, cleo = game["seats"]
        hand = opened(game["game"]).state["players"][0]["hand"]
        played = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": ann, "turn": {
            "player": 0, "actions": [{"type": "play", "cards": hand[:2]}]}}, 200).json  # two cards as one
        seen = post(CLIENT, "/v1/views", {"game": played["game"], "seat": cleo}, 200).json["view"]
        assert seen["stack"] == [{"player": 0, "cards": {"count": 2}, "claim": 1}]
        challenge = {"player": 2, "actions": [{"type": "challenge"}]}
        if edition == "original":  # only the player to move challenges
            refused = post(CLIENT, "/v1/turns", {"game": played["game"], "seat": cleo, "turn": challenge}, 422).json
            assert refused["code"] == "NOT_YOUR_TURN"
            continue
        named = post(CLIENT, "/v1/turns", {"game": played["game"], "seat": cleo, "turn": {
            "player": 2, "actions": [{"type": "challenge", "cards": hand[:2]}]}}, 400).json
        assert named["errors"][0]["pointer"] == "/turn/actions/0/cards"
        caught = post(CLIENT, "/v1/turns", {"game": played["game"], "seat": cleo, "turn": challenge}, 200).json
        assert caught["public"][-1] == {"type": "challenged", "challenger": 2, "player": 0, "honest": False,
                                        "cards": hand[:2], "taker": 0}
        assert caught["view"]["players"][0]["hand"] == {"count": len(hand)}  # Ann took her cards back


def test_a_sealed_schnipp_schnapp_stack_turned_over_is_shuffled_by_the_referee_and_kept(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 5)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = post(CLIENT, "/v1/games", {"ruleset": "schnipp-schnapp", "players": ["Ann", "Ben"], "sealed": True}, 201).json
    token, seats = game["game"], game["seats"]
    for _ in range(400):  # the player to move flips, or calls what must be called first
        state = opened(token).state
        mover = state["current"]
        listed = post(CLIENT, "/v1/legal-actions", {"game": token, "seat": seats[mover]}, 200).json["actions"]
        action = listed[0]  # the flip where it is allowed, else Schnapp
        if action == {"type": "flip"} and state["players"][mover]["stack"] == []:
            break
        token = post(CLIENT, "/v1/turns", {"game": token, "seat": seats[mover],
                                           "turn": {"player": mover, "actions": [action]}}, 200).json["game"]
    else:
        raise AssertionError("no stack ran out in 400 turns")
    old_open = state["players"][mover]["open"]
    turn = {"player": mover, "actions": [{"type": "flip"}]}
    body = {"game": token, "seat": seats[mover], "turn": turn}
    answers = [post(CLIENT, "/v1/turns", body, 200).json, post(NO_STORE, "/v1/turns", body, 200).json]
    card = answers[0]["public"][0]["card"]
    assert card in old_open and answers[1]["public"][0]["card"] == card  # the same token shuffles alike
    kept = opened(answers[0]["game"]).state["players"][mover]
    assert sorted(kept["stack"] + kept["open"]) == sorted(old_open) and kept["open"] == [card]
    assert answers[0]["view"]["players"][mover]["stack"] == {"count": len(old_open) - 1}


def test_each_seat_sees_its_own_hand_and_counts_of_the_rest():
    game = sealed_game()
    views = [post(CLIENT, "/v1/views", {"game": game["game"], "seat": seat}, 200).json for seat in game["seats"]]
    for index, answer in enumerate(views):
        assert answer["turn"] == 0 and answer["previous"] is None and answer["open"] == []
        hands = [p["hand"] for p in answer["view"]["players"]]
        assert isinstance(hands[index], list) and len(hands[index]) == 20
        assert [h for i, h in enumerate(hands) if i != index] == [{"count": 20}, {"count": 20}]
        assert answer["view"]["pile"] == {"count": 24}


def test_a_draw_names_the_card_to_the_drawer_alone_and_counts_the_turn():
    game = sealed_game()
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    answer = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": game["seats"][0], "turn": turn}, 200).json
    assert answer["turn"] == 1
    assert answer["previous"] == hashlib.sha256(base64.urlsafe_b64decode(game["game"])).hexdigest()
    [drew] = answer["events"]
    assert drew["type"] == "drew" and drew["player"] == 0 and drew["card"] in answer["view"]["players"][0]["hand"]
    assert answer["public"] == [{"type": "drew", "player": 0, "card": None}]
    assert answer["view"]["current"] == 1 and answer["open"] == []
    ben = post(CLIENT, "/v1/views", {"game": answer["game"], "seat": game["seats"][1]}, 200).json
    assert ben["turn"] == 1 and ben["view"]["players"][0]["hand"] == {"count": 21}


def test_a_turn_for_another_player_is_not_your_turn():
    game = sealed_game()
    for seat, player in ((1, 0), (0, 1), (1, 1)):
        turn = {"player": player, "actions": [{"type": "draw"}]}
        response = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": game["seats"][seat], "turn": turn}, 422)
        assert response.json["code"] == "NOT_YOUR_TURN"


def test_a_draw_that_names_a_card_or_is_followed_by_more_is_a_schema_violation():
    game = sealed_game()
    seat = game["seats"][0]
    named = {"player": 0, "actions": [{"type": "draw", "card": "R5"}]}
    response = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": seat, "turn": named}, 400)
    assert response.json["errors"][0]["pointer"] == "/turn/actions/0/card"
    followed = {"player": 0, "actions": [{"type": "draw"}, {"type": "pass"}]}
    response = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": seat, "turn": followed}, 400)
    assert response.json["errors"][0]["pointer"] == "/turn/actions/1"
    asked = post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": seat, "actions": [{"type": "draw"}]}, 400)
    assert asked.json["errors"][0]["pointer"] == "/actions/0"


def test_legal_actions_are_the_seats_own_and_none_out_of_turn():
    game = sealed_game()
    mine = post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": game["seats"][0]}, 200).json
    assert mine["player"] == 0 and {"type": "draw"} in mine["actions"] and mine["turn"] == 0
    theirs = post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": game["seats"][2]}, 200).json
    assert (theirs["player"], theirs["actions"], theirs["complete"]) == (2, [], False)


def test_scores_stay_a_spectators_until_the_end():
    game = sealed_game()
    scores = post(CLIENT, "/v1/scores", {"game": game["game"]}, 200).json
    assert scores["finished"] is False and scores["winners"] is None
    assert [s["total"] for s in scores["scores"]] == [None, None, None]
    assert "seed" not in scores and "salt" not in scores


def draw_that_fits(ruleset, players):
    """The first seed whose opener cannot place and then draws a card that fits."""
    for seed in range(5000):
        state = engine.new_game(players, salt=SALT, seed=seed, ruleset=ruleset).state
        if engine.legal_actions(state).actions == [engine.load_actions([{"type": "draw"}], ruleset)[0]]:
            legal, _ = engine.partial_turn(state, engine.load_actions([{"type": "draw"}], ruleset))
            if legal.actions:
                return seed
    raise AssertionError("no such deal")


def test_a_junior_turn_stays_open_after_a_draw_that_may_be_placed(monkeypatch):
    # Junior lets a fitting drawn card be placed or kept: the turn stays open until the
    # drawer says, with the card seen.
    monkeypatch.setattr(engine, "new_seed", lambda: draw_that_fits("junior", ["Ann", "Ben", "Cleo"]))
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = sealed_game(ruleset="junior")
    mover = post(CLIENT, "/v1/views", {"game": game["game"], "seat": game["seats"][0]}, 200).json["view"]["current"]
    seat = game["seats"][mover]
    turn = {"player": mover, "actions": [{"type": "draw"}]}
    answer = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": seat, "turn": turn}, 200).json
    card = answer["open"][0]["card"]
    assert answer["open"] == [{"type": "draw", "card": card}]
    assert answer["turn"] == 0 and answer["events"] == [{"type": "drew", "player": mover, "card": card}]
    assert answer["public"] == [{"type": "drew", "player": mover, "card": None}]
    other = game["seats"][(mover + 1) % 3]
    seen = post(CLIENT, "/v1/views", {"game": answer["game"], "seat": other}, 200).json
    assert seen["open"] == [{"type": "draw"}]
    listed = post(CLIENT, "/v1/legal-actions", {"game": answer["game"], "seat": seat}, 200).json
    assert listed["actions"] == [{"type": "place", "card": card}] and listed["complete"] is True
    ended = post(CLIENT, "/v1/turns", {"game": answer["game"], "seat": seat,
                                        "turn": {"player": mover, "actions": []}}, 200).json
    assert ended["turn"] == 1 and ended["open"] == [] and card in ended["view"]["players"][mover]["hand"]
    place = {"game": answer["game"], "seat": seat, "turn": {"player": mover, "actions": [{"type": "place", "card": card}]}}
    assert post(CLIENT, "/v1/turns", place, 409).json["game"] == ended["game"]  # the open turn's token is spent
    placed = post(NO_STORE, "/v1/turns", place, 200).json
    assert placed["turn"] == 1 and card not in placed["view"]["players"][mover]["hand"]


def test_an_empty_turn_with_nothing_open_is_a_schema_violation():
    game = sealed_game()
    turn = {"player": 0, "actions": []}
    response = post(CLIENT, "/v1/turns", {"game": game["game"], "seat": game["seats"][0], "turn": turn}, 400)
    assert response.json["code"] == "SCHEMA_VIOLATION"


def test_the_sealed_deal_is_the_plain_deal_of_the_seed_revealed_at_the_end(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 12345)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = sealed_game()
    plain = engine.new_game(["Ann", "Ben", "Cleo"], salt=SALT, seed=12345).state.to_dict()
    view = post(CLIENT, "/v1/views", {"game": game["game"], "seat": game["seats"][1]}, 200).json["view"]
    assert view["players"][1]["hand"] == plain["players"][1]["hand"]


# -- tampering ---------------------------------------------------------------------------------


@given(st.data())
def test_a_token_changed_in_any_bit_is_token_invalid(data):
    game = sealed_game()
    raw = bytearray(base64.urlsafe_b64decode(game["game"]))
    bit = data.draw(st.integers(0, len(raw) * 8 - 1), label="bit")
    raw[bit // 8] ^= 1 << (bit % 8)
    token = base64.urlsafe_b64encode(bytes(raw)).decode()
    for path, body in (("/v1/views", {"game": token, "seat": game["seats"][0]}), ("/v1/scores", {"game": token})):
        assert_refused(post(CLIENT, path, body), 400, "TOKEN_INVALID")


@given(st.data())
def test_a_truncated_token_is_token_invalid_or_a_schema_violation(data):
    game = sealed_game()
    cut = data.draw(st.integers(1, len(game["game"]) - 1), label="length")
    response = post(CLIENT, "/v1/views", {"game": game["game"][:cut], "seat": game["seats"][0]})
    assert response.status_code == 400 and response.json["code"] in ("TOKEN_INVALID", "SCHEMA_VIOLATION")
    assert "hand" not in json.dumps(response.json)


def test_a_token_of_10_mb_is_413_and_one_over_the_token_limit_a_schema_violation():
    game = sealed_game()
    huge = post(CLIENT, "/v1/views", {"game": "A" * 10_000_000, "seat": game["seats"][0]})
    assert_refused(huge, 413, "PAYLOAD_TOO_LARGE")
    long = post(CLIENT, "/v1/views", {"game": "A" * 20_000, "seat": game["seats"][0]})
    assert_refused(long, 400, "SCHEMA_VIOLATION")


@pytest.mark.parametrize("token", [{"ruleset": "master"}, ["gAAAA"], 42, None, "not a token", "gAAAAA=="])
def test_anything_but_a_token_where_one_belongs_is_refused(token):
    response = post(CLIENT, "/v1/scores", {"game": token})
    assert response.status_code == 400 and response.json["code"] in ("SCHEMA_VIOLATION", "TOKEN_INVALID")
    if not isinstance(token, str):
        assert response.json["code"] == "SCHEMA_VIOLATION"
        assert response.json["errors"][0]["pointer"] == "/game"


def test_a_state_beside_a_token_is_a_schema_violation():
    game = sealed_game()
    state = engine.new_game(["Ann", "Ben"], seed=1).state.to_dict()
    response = post(CLIENT, "/v1/scores", {"game": game["game"], "state": state})
    assert_refused(response, 400, "SCHEMA_VIOLATION")


def test_a_token_under_an_unknown_key_is_token_invalid():
    game = sealed_game(client_with(new_key()))
    assert_refused(post(CLIENT, "/v1/scores", {"game": game["game"]}), 400, "TOKEN_INVALID")


def test_rotation_the_old_key_second_still_opens_and_a_retired_one_does_not():
    old = sealed_game(client_with(OLD_KEY))
    rotated = client_with(KEY, OLD_KEY)
    seen = post(rotated, "/v1/views", {"game": old["game"], "seat": old["seats"][1]}, 200).json
    assert isinstance(seen["view"]["players"][1]["hand"], list)
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    played = post(rotated, "/v1/turns", {"game": old["game"], "seat": old["seats"][0], "turn": turn}, 200).json
    # The new token is sealed with the first key; the seats stay those of the old key,
    # so a key is retired once the games begun under it are over.
    assert Sealer([KEY]).open(played["game"]).turn == 1
    post(rotated, "/v1/views", {"game": played["game"], "seat": old["seats"][1]}, 200)
    retired = client_with(KEY)
    assert_refused(post(retired, "/v1/views", {"game": old["game"], "seat": old["seats"][1]}), 400, "TOKEN_INVALID")


def test_a_seat_key_of_another_game_or_player_is_seat_invalid():
    first, second = sealed_game(), sealed_game()
    # Another game's token with this game's seat key:
    assert_refused(post(CLIENT, "/v1/views", {"game": second["game"], "seat": first["seats"][0]}), 403, "SEAT_INVALID")
    # A seat key altered by one digit:
    changed = first["seats"][0][:-1] + ("0" if first["seats"][0][-1] != "0" else "1")
    assert_refused(post(CLIENT, "/v1/views", {"game": first["game"], "seat": changed}), 403, "SEAT_INVALID")
    # Another player's seat key plays as that player only: never for the mover.
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    response = post(CLIENT, "/v1/turns", {"game": first["game"], "seat": first["seats"][1], "turn": turn}, 422)
    assert response.json["code"] == "NOT_YOUR_TURN"


def test_seat_keys_are_replayed_across_games_in_vain():
    games = [sealed_game() for _ in range(3)]
    for game in games:
        for other in games:
            if other is game:
                continue
            for seat in other["seats"]:
                response = post(CLIENT, "/v1/legal-actions", {"game": game["game"], "seat": seat})
                assert_refused(response, 403, "SEAT_INVALID")


def test_token_invalid_and_seat_invalid_speak_the_requested_language():
    game = sealed_game()
    response = CLIENT.post("/v1/scores", data=json.dumps({"game": "gAAAAA" + "A" * 100}),
                           content_type="application/json", headers={"Accept-Language": "de"})
    assert response.json["detail"].startswith("Das Spiel-Token lässt sich nicht öffnen")
    response = CLIENT.post("/v1/views", data=json.dumps({"game": game["game"], "seat": "0" * 64}),
                           content_type="application/json", headers={"Accept-Language": "fr"})
    assert response.json["title"] == "Interdit" and response.json["code"] == "SEAT_INVALID"


def test_the_commitment_is_the_hash_of_seed_and_salt():
    assert commitment(42, "0" * 32) == hashlib.sha256(b"42:" + b"0" * 32).hexdigest()
