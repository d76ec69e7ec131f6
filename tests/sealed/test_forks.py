"""Forks, as a cheating player plays them: a turn sent, what it turns up read, and
another turn sent on the same token. With the store, the second is 409 TOKEN_SPENT
naming the first's token; without one (the same app under `REFEREE_STORE=none`) the
same second turn is accepted, which shows it is the spend that refuses it.

One test per game where the fork paid: Die höchste Karte (play last into a trick, see
it, replay the lowest winning card), Ratefix (last guess, see the middle, replay the
total), Mogeln 2018 (challenge out of turn, see the cards, throw the answer away),
MASTER (draw to see the pile's top, then place instead), Schwarzer Peter (draw each
index in turn to learn the whole fan).
"""

from __future__ import annotations

from referee import engine
from referee.http import sealed as sealed_http
from support.sealed_games import client, opened, post

STORE = client()
NO_STORE = client("none")


def fork(token, first, second, seat_first, seat_second=None):
    """`first` then `second` on the same token: the second is refused as spent, carrying
    the first's token and turn; without a store it would have been played."""
    seat_second = seat_second or seat_first
    played = post(STORE, "/v1/turns", {"game": token, "seat": seat_first, "turn": first}, 200)
    refused = post(STORE, "/v1/turns", {"game": token, "seat": seat_second, "turn": second}, 409)
    assert refused["code"] == "TOKEN_SPENT"
    assert (refused["game"], refused["turn"]) == (played["game"], played["turn"])
    assert "view" not in refused and "events" not in refused
    post(NO_STORE, "/v1/turns", {"game": token, "seat": seat_second, "turn": second}, 200)
    return played


def test_hoechste_karte_the_last_card_into_a_trick_cannot_be_played_again(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 11)
    game = post(STORE, "/v1/games", {"ruleset": "hoechste-karte", "players": ["Ann", "Ben"], "sealed": True}, 201)
    ann, ben = game["seats"]
    first = post(STORE, "/v1/legal-actions", {"game": game["game"], "seat": ann}, 200)["actions"][0]
    token = post(STORE, "/v1/turns", {"game": game["game"], "seat": ann,
                                      "turn": {"player": 0, "actions": [first]}}, 200)["game"]
    listed = post(STORE, "/v1/legal-actions", {"game": token, "seat": ben}, 200)["actions"]
    played = fork(token, {"player": 1, "actions": [listed[0]]}, {"player": 1, "actions": [listed[1]]}, ben)
    assert [e["type"] for e in played["public"]][0] == "revealed"  # what the cheat wanted to read


def test_ratefix_the_last_guess_cannot_be_made_again_once_the_middle_is_up(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 3)
    game = post(STORE, "/v1/games", {"ruleset": "ratefix", "players": ["Ann", "Ben"], "sealed": True}, 201)
    ann, ben = game["seats"]
    token = game["game"]
    for seat, player in ((ann, 0), (ben, 1)):
        token = post(STORE, "/v1/turns", {"game": token, "seat": seat,
                                          "turn": {"player": player, "actions": [{"type": "put"}]}}, 200)["game"]
    token = post(STORE, "/v1/turns", {"game": token, "seat": ann,
                                      "turn": {"player": 0, "actions": [{"type": "guess", "value": 20}]}}, 200)["game"]
    middle = sum(int(e["card"][1:]) for e in opened(token).state["middle"])
    played = fork(token, {"player": 1, "actions": [{"type": "guess", "value": 0}]},
                  {"player": 1, "actions": [{"type": "guess", "value": middle}]}, ben)
    assert [e for e in played["public"] if e["type"] == "revealed"]  # the middle was turned up


def test_mogeln_2018_a_challenge_out_of_turn_spends_the_token_the_mover_plays_on(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 4)
    game = post(STORE, "/v1/games", {"ruleset": "mogeln", "players": ["Ann", "Ben", "Cleo"], "sealed": True,
                                     "options": {"edition": "2018"}}, 201)
    ann, ben, cleo = game["seats"]
    hand = opened(game["game"]).state["players"][0]["hand"]
    token = post(STORE, "/v1/turns", {"game": game["game"], "seat": ann,
                                      "turn": {"player": 0, "actions": [{"type": "play", "cards": hand[:1]}]}}, 200)["game"]
    bens = post(STORE, "/v1/legal-actions", {"game": token, "seat": ben}, 200)["actions"]
    ben_plays = next(a for a in bens if a["type"] == "play")
    # Cleo challenges out of turn, sees the cards, and would throw the answer away; the
    # token is spent, so Ben's turn on it is refused and he goes on from Cleo's.
    played = fork(token, {"player": 2, "actions": [{"type": "challenge"}]},
                  {"player": 1, "actions": [ben_plays]}, cleo, ben)
    assert played["public"][-1]["type"] == "challenged"


def test_master_a_draw_spends_the_token_a_placement_cannot_follow_on_it(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 42)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)  # the deal is seed and salt together
    game = post(STORE, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
    ann = game["seats"][0]
    listed = post(STORE, "/v1/legal-actions", {"game": game["game"], "seat": ann}, 200)["actions"]
    place = next(a for a in listed if a["type"] == "place"
                 and post(STORE, "/v1/legal-actions", {"game": game["game"], "seat": ann, "actions": [a]}, 200)["complete"])
    played = fork(game["game"], {"player": 0, "actions": [{"type": "draw"}]}, {"player": 0, "actions": [place]}, ann)
    assert played["events"][0]["type"] == "drew" and played["events"][0]["card"] is not None


def test_schwarzer_peter_each_draw_index_is_tried_once_only(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 8)
    game = post(STORE, "/v1/games", {"ruleset": "schwarzer-peter", "players": ["Ann", "Ben"], "sealed": True}, 201)
    ann = game["seats"][0]
    fork(game["game"], {"player": 0, "actions": [{"type": "draw", "index": 0}]},
         {"player": 0, "actions": [{"type": "draw", "index": 1}]}, ann)
    for index in range(2, 5):  # and every further index: spent, each time with the same latest
        refused = post(STORE, "/v1/turns", {"game": game["game"], "seat": ann,
                                            "turn": {"player": 0, "actions": [{"type": "draw", "index": index}]}}, 409)
        assert refused["code"] == "TOKEN_SPENT"


#: The salt of the open-turn game's deal (a sealed deal comes from seed and salt together).
SALT = "0123456789abcdef" * 2


def draw_that_fits(ruleset, players):
    """The first seed whose sealed deal (with SALT) has an opener who cannot place and
    then draws a card that fits."""
    for seed in range(5000):
        state = engine.new_game(players, seed=seed, ruleset=ruleset, salt=SALT).state
        if engine.legal_actions(state).actions == [engine.load_actions([{"type": "draw"}], ruleset)[0]]:
            legal, _ = engine.partial_turn(state, engine.load_actions([{"type": "draw"}], ruleset))
            if legal.actions:
                return seed, state.current
    raise AssertionError("no such deal")


def test_within_an_open_turn_each_token_is_spent_once_too(monkeypatch):
    # A junior draw that fits leaves the turn open with a new token (same turn number);
    # the one before it is spent, so the drawer cannot draw again on it for a better card.
    seed, mover = draw_that_fits("junior", ["Ann", "Ben"])
    monkeypatch.setattr(engine, "new_seed", lambda: seed)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = post(STORE, "/v1/games", {"ruleset": "junior", "players": ["Ann", "Ben"], "sealed": True}, 201)
    seat = game["seats"][mover]
    draw = {"player": mover, "actions": [{"type": "draw"}]}
    played = post(STORE, "/v1/turns", {"game": game["game"], "seat": seat, "turn": draw}, 200)
    assert played["open"] and played["turn"] == 0  # the turn goes on
    again = post(STORE, "/v1/turns", {"game": game["game"], "seat": seat, "turn": draw}, 409)
    assert (again["game"], again["turn"]) == (played["game"], played["turn"])
    ended = post(STORE, "/v1/turns", {"game": played["game"], "seat": seat,
                                      "turn": {"player": mover, "actions": []}}, 200)
    twice = post(STORE, "/v1/turns", {"game": played["game"], "seat": seat,
                                      "turn": {"player": mover, "actions": []}}, 409)
    assert (twice["game"], twice["turn"], ended["turn"]) == (ended["game"], 1, 1)
