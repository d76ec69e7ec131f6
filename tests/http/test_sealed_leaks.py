"""Nothing leaks from a sealed game: whole sealed games of every ruleset,
played through the HTTP API seat by seat, every answer searched.

Hypothesis draws the deal's seed and every choice: which seat asks, and whether it
plays a legal turn (built action by action from `/v1/legal-actions`), a turn with a
card it does not hold, a draw among other actions, or a turn for another player. After
each answer to a seat:

- the body names no card that seat cannot see at that moment (the other hands and the
  pile of the whole state, which the test opens with the app's own key), and its
  view's hidden zones are counts of the right length;
- events name a drawn card to the drawer alone, and `public` names none;
- a refused turn's problem equals, field for field, what the same turn gets on that
  seat's plain view (`POST /v1/views`, then `POST /v1/turns` with the state);
- after an accepted turn every seat's view carries it in `last`, its spectator's events,
  and shows the cards a won pile took.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import Phase, given, settings, strategies as st

from referee import engine
from referee.http import create_app
from referee.http.sealed import sealer
from referee.http import sealed as sealed_http
from referee.sealed.sealing import new_key
from referee.testing.boxplay import with_open_values
from support.contract_check import assert_matches_contract

CARD = re.compile(r"[A-Z][0-9]{1,2}")
#: Members that name slots (a joker's `at`, a bridge's ends), which are named like cards.
SLOTS = {"at", "from", "to"}


def make_client():
    app = create_app({"TESTING": True, "SEAL_KEYS": [new_key()]})
    return app, app.test_client()


APP, CLIENT = make_client()
#: The salt a sealed game draws where a test fixes its seed (a deal comes from both).
SALT = "5a17" * 8


def post(path, body):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert_matches_contract(response, path, "POST")
    assert response.status_code != 500, response.json
    return response


def sealed_game(ruleset, names, seed, **request):
    """`POST /v1/games` for a sealed game of `ruleset` dealt from `seed` and `SALT` (the
    seed and salt a sealed game would draw), `request` the rest of its body; the answer's
    JSON, the game made (201)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "new_seed", lambda: seed)
        patch.setattr(sealed_http, "deal_salt", lambda: SALT)
        created = post("/v1/games", {"ruleset": ruleset, "players": names, "sealed": True, **request})
    assert created.status_code == 201
    return created.json


def whole(token):
    """The sealed contents, opened with the app's own key (what no client can do)."""
    with APP.app_context():
        return sealer().open(token)


def unseen(sealed, seat):
    """The number cards `seat` cannot see: the other hands and the pile, except the cards
    of the open turn that this seat drew."""
    state = sealed.state
    hidden = set(state["pile"])
    for index, player in enumerate(state["players"]):
        if index != seat:
            hidden |= set(player["hand"])
    if state["current"] == seat:
        hidden -= {a.get("card") for a in sealed.open}
    return hidden - {"J"}


def cards_named(body, key=None):
    """Every card name a JSON body holds outside the members that name slots."""
    if isinstance(body, dict):
        return {card for k, value in body.items() if k not in SLOTS for card in cards_named(value, k)}
    if isinstance(body, list):
        return {card for value in body for card in cards_named(value, key)}
    if isinstance(body, str) and CARD.fullmatch(body):
        return {body}
    return set()


def assert_nothing_unseen(body, sealed, seat):
    assert cards_named(body) & unseen(sealed, seat) == set(), body


def assert_view_hides(view, sealed, seat):
    full = sealed.state
    for index, (seen, real) in enumerate(zip(view["players"], full["players"])):
        if seat is not None and index == seat:
            assert seen["hand"] == real["hand"]
        else:
            assert seen["hand"] == {"count": len(real["hand"])}
    assert view["pile"] == {"count": len(full["pile"])}


def from_the_pile(event):
    """A drawn card comes face down from the pile (not from a face-up display stack)."""
    return event.get("from", "pile") == "pile"


def assert_events_hide(events, public, seat, face_down=from_the_pile):
    for mine, everyone in zip(events, public, strict=True):
        if mine["type"] == "drew" and face_down(mine):
            assert everyone["card"] is None
            if mine["player"] != seat:
                assert mine["card"] is None
            else:
                assert mine["card"] is not None
        else:
            assert mine == everyone


def plain_refusal(game, seat, turn):
    """What the same turn gets on the seat's plain view, the open turn's actions first."""
    sealed = whole(game)
    view = post("/v1/views", {"state": sealed.state, "player": seat}).json["view"]
    actions = list(sealed.open) + turn["actions"]
    return post("/v1/turns", {"state": view, "turn": {"player": turn["player"], "actions": actions}})


class Table:
    """One sealed game under way, from the players' side: the token and the seat keys;
    `hidden(sealed, seat)` is what the seat may not see, `check_view` checks a view."""

    def __init__(self, created, hidden=unseen, check_view=assert_view_hides, face_down=from_the_pile):
        self.game = created["game"]
        self.seats = created["seats"]
        self.turn = 0
        self.hidden = hidden
        self.check_view = check_view
        self.face_down = face_down

    def ask(self, path, seat, **body):
        response = post(path, {"game": self.game, "seat": self.seats[seat], **body})
        shown = response.json
        if path == "/v1/views" and response.status_code == 200:
            # `last` repeats a turn's public events, which name only what everyone saw
            # then (a card taken from a face-up display stack may lie in a hand by now).
            self.assert_public(shown["last"])
            shown = {k: v for k, v in shown.items() if k != "last"}
        self.assert_nothing_unseen(shown, whole(self.game), seat)
        return response

    def assert_public(self, last):
        """The last turn's events name no card drawn face down."""
        for event in [] if last is None else last["public"]:
            if event["type"] == "drew" and self.face_down(event):
                assert event["card"] is None, last

    def assert_nothing_unseen(self, body, sealed, seat):
        assert cards_named(body) & self.hidden(sealed, seat) == set(), body

    def assert_every_seat_sees_the_turn(self, mover, answer):
        """After a turn, every seat's view carries it in `last` as a spectator saw it (so a
        trick or middle turned up by another's turn is learnt), and a won pile that took
        cards shows them to everyone (each view searched as `ask` searches it)."""
        turned_up = [e["card"] for e in answer["public"] if e["type"] == "revealed"]
        takers = [e["player"] for e in answer["public"] if e["type"] == "won" and isinstance(e["player"], int)]
        for seat in range(len(self.seats)):
            seen = self.ask("/v1/views", seat).json
            assert seen["turn"] == answer["turn"]
            assert seen["last"] == {"turn": answer["turn"], "player": mover, "public": answer["public"]}
            for taker in takers:
                won = seen["view"]["players"][taker].get("won")
                if isinstance(won, list) and turned_up:
                    assert set(turned_up) <= set(won), (turned_up, won)

    def play(self, seat, turn):
        before = whole(self.game)
        response = post("/v1/turns", {"game": self.game, "seat": self.seats[seat], "turn": turn})
        if response.status_code == 200:
            answer = response.json
            after = whole(answer["game"])
            # The answer may name what the turn turned up for all to see: judged after it.
            self.assert_nothing_unseen(answer, after, seat)
            self.check_view(answer["view"], after if not after.open else before, seat)
            assert_events_hide(answer["events"], answer["public"], seat, self.face_down)
            assert answer["turn"] >= self.turn and answer["previous"] is not None
            self.game, self.turn = answer["game"], answer["turn"]
            if not answer["open"]:
                self.assert_every_seat_sees_the_turn(seat, answer)
            return answer
        self.assert_nothing_unseen(response.json, before, seat)
        if response.status_code == 422 and response.json["code"] != "NOT_YOUR_TURN":
            plain = plain_refusal(self.game, seat, turn)
            assert response.json == plain.json
        return None


def legal_turn(table, seat, data):
    """Build a legal turn from the seat's legal actions, Hypothesis choosing each one;
    a draw is sent at once (its card is not known before), and the turn goes on while
    the answer leaves it open."""
    prefix = []
    while True:
        listed = table.ask("/v1/legal-actions", seat, actions=prefix).json
        assert listed["player"] == seat
        options = listed["actions"]
        if listed["complete"] and (not options or data.draw(st.booleans(), label="stop")):
            return table.play(seat, {"player": seat, "actions": prefix})
        if not options:
            return None
        action = data.draw(st.sampled_from(options), label="action")
        if action["type"] == "draw":
            answer = table.play(seat, {"player": seat, "actions": prefix + [action]})
            assert answer is not None
            if not answer["open"]:
                return answer
            prefix = []
        else:
            prefix.append(action)


def wrong_turn(table, seat, data, players):
    """A turn the referee mostly refuses, of one of the kinds a client may send."""
    sealed = whole(table.game)
    hand = sealed.state["players"][seat]["hand"]
    kind = data.draw(st.sampled_from(["card_not_held", "draw_then_place", "other_player", "pass"]))
    if kind == "card_not_held":
        card = data.draw(st.sampled_from(sorted(unseen(sealed, seat)) or ["B1"]), label="not held")
        turn = {"player": seat, "actions": [{"type": "place", "card": card}]}
    elif kind == "draw_then_place" and hand:
        turn = {"player": seat, "actions": [{"type": "draw"}, {"type": "place", "card": hand[0]}]}
    elif kind == "other_player":
        turn = {"player": (seat + 1) % players, "actions": [{"type": "pass"}]}
    else:
        turn = {"player": seat, "actions": [{"type": "pass"}]}
    table.play(seat, turn)  # mostly refused; a pass may be legal, and is then played

RULESETS = {"master": {}, "classic": {"options": {"edition": "2018"}}, "junior": {}}


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
# Shrinking a whole game through HTTP takes many minutes; a failure prints its draws.
@settings(max_examples=4, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1), players=st.integers(2, 4))
def test_a_whole_sealed_game_tells_each_seat_only_what_it_may_see(ruleset, data, seed, players):
    table = Table(sealed_game(ruleset, [f"P{i}" for i in range(players)], seed, **RULESETS[ruleset]))
    plain = engine.new_game([f"P{i}" for i in range(players)], salt=SALT, seed=seed, ruleset=ruleset,
                            options=RULESETS[ruleset].get("options")).state.to_dict()
    assert whole(table.game).state == plain  # the sealed deal is the plain seeded deal
    for _ in range(400):
        sealed = whole(table.game)
        if engine.load_state(sealed.state).is_over:
            break
        mover = sealed.state["current"]
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        view = table.ask("/v1/views", watcher).json
        assert_view_hides(view["view"], sealed, watcher)
        if data.draw(st.integers(0, 5), label="wrong?") == 0:
            wrong_turn(table, data.draw(st.sampled_from([mover, watcher]), label="who"), data, players)
        legal_turn(table, mover, data)
    scores = post("/v1/scores", {"game": table.game}).json
    assert scores["finished"], "the game is played to its end"
    assert scores["seed"] == seed and len(scores["salt"]) == 32



# -- the games of the box that can be sealed ---------------------------------------------------
# What a seat may not see, written from the game pages (docs/games) rather than taken from
# the engine's views: in Zweikampf every stack is face down, its owner's too (zweikampf.md);
# in Die höchste Karte gewinnt the others' hands, and the cards the others played into the
# open trick, face down until everyone has played (hoechste-karte.md).


def zweikampf_unseen(sealed, seat):
    return {card for player in sealed.state["players"] for card in player["stack"]}


def zweikampf_view_hides(view, sealed, seat):
    assert [p["stack"] for p in view["players"]] == [{"count": len(p["stack"])} for p in sealed.state["players"]]
    assert [p["won"] for p in view["players"]] == [p["won"] for p in sealed.state["players"]]


def hoechste_unseen(sealed, seat):
    state = sealed.state
    others = {card for i, p in enumerate(state["players"]) if i != seat for card in p["hand"]}
    return others | {e["card"] for e in state["trick"] if e["player"] != seat}


def hoechste_view_hides(view, sealed, seat):
    for index, (seen, real) in enumerate(zip(view["players"], sealed.state["players"])):
        assert seen["hand"] == (real["hand"] if index == seat else {"count": len(real["hand"])})
    assert view["trick"] == [e if e["player"] == seat else {"player": e["player"], "card": None}
                             for e in sealed.state["trick"]]
    # The won, set-aside and out piles lie face up: every seat sees their cards.
    assert [p["won"] for p in view["players"]] == [p["won"] for p in sealed.state["players"]]
    assert (view["set_aside"], view["out"]) == (sealed.state["set_aside"], sealed.state["out"])


def ratefix_unseen(sealed, seat):
    """Every stack face down, its owner's too; in the middle each card but the seat's own
    until the last guess turns them up (docs/games/ratefix.md)."""
    state = sealed.state
    return ({card for player in state["players"] for card in player["stack"]}
            | {e["card"] for e in state["middle"] if e["player"] != seat})


def ratefix_view_hides(view, sealed, seat):
    assert [p["stack"] for p in view["players"]] == [{"count": len(p["stack"])} for p in sealed.state["players"]]
    assert view["middle"] == [e if e["player"] == seat else {"player": e["player"], "card": None}
                              for e in sealed.state["middle"]]
    assert [p["won"] for p in view["players"]] == [p["won"] for p in sealed.state["players"]]


BOX = {"zweikampf": (2, zweikampf_unseen, zweikampf_view_hides),
       "hoechste-karte": (4, hoechste_unseen, hoechste_view_hides),
       "ratefix": (4, ratefix_unseen, ratefix_view_hides)}


def movers(state):
    return [state["current"]] if state["current"] is not None else list(state["waiting"])


@pytest.mark.parametrize("ruleset", sorted(BOX))
@settings(max_examples=4, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1))
def test_a_whole_sealed_box_game_tells_each_seat_only_what_it_may_see(ruleset, data, seed):
    most, hidden, check_view = BOX[ruleset]
    players = data.draw(st.integers(2, most), label="players")
    names = [f"P{i}" for i in range(players)]
    created = sealed_game(ruleset, names, seed)
    table = Table(created, hidden, check_view)
    assert whole(table.game).state == engine.new_game(names, salt=SALT, seed=seed, ruleset=ruleset).state.to_dict()
    for _ in range(400):
        sealed = whole(table.game)
        if engine.load_state(sealed.state).is_over:
            break
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        check_view(table.ask("/v1/views", watcher).json["view"], sealed, watcher)
        waiting = movers(sealed.state)
        listed = table.ask("/v1/legal-actions", watcher).json
        assert (listed["actions"] != []) == (watcher in waiting)
        seat = data.draw(st.sampled_from(waiting), label="seat")
        others = [p for p in waiting if p != seat]
        mistake = data.draw(st.integers(0, 5), label="mistake?") == 0
        if mistake and others:  # a turn for another player who may act now: never played
            refused = table.ask("/v1/turns", seat, turn={"player": others[0], "actions": [{"type": "reveal"}]})
            assert (refused.status_code, refused.json["code"]) == (422, "NOT_YOUR_TURN")
        if mistake and ruleset == "hoechste-karte" and hidden(sealed, seat):
            card = data.draw(st.sampled_from(sorted(hidden(sealed, seat))), label="not held")
            assert table.play(seat, {"player": seat, "actions": [{"type": "play", "card": card}]}) is None
        if mistake and ruleset == "zweikampf":  # the seat names the card it would turn up
            named = table.ask("/v1/turns", seat, turn={"player": seat, "actions": [{"type": "reveal", "card": "O1"}]})
            assert (named.status_code, named.json["errors"][0]["pointer"]) == (400, "/turn/actions/0/card")
        actions = table.ask("/v1/legal-actions", seat).json["actions"]
        action = data.draw(st.sampled_from(actions), label="action")
        if action["type"] == "guess":  # listed without its value (any whole number)
            action = {**action, "value": data.draw(st.integers(0, 80), label="guess")}
        assert table.play(seat, {"player": seat, "actions": [action]}) is not None
    scores = post("/v1/scores", {"game": table.game}).json
    assert scores["finished"], "the game is played to its end"
    assert scores["seed"] == seed


# -- box games whose turns go on after a card turned up -----------------------------------------
# Farben sammeln: the pile face down and the others' hands (farben-sammeln.md); a card the mover
# took from the pile is theirs to see. Überall anschließen: every stack face down, its
# owner's too (ueberall-anschliessen.md); a card turned up lies face up for all.


def others_hands_and(zone, sealed, seat):
    """The others' hands and the face-down `zone` of the state; a card the seat took in
    the open turn is theirs to see."""
    state = sealed.state
    hidden = set(state[zone]) | {c for i, p in enumerate(state["players"]) if i != seat for c in p["hand"]}
    if state["current"] == seat:
        hidden -= {a.get("card") for a in sealed.open}
    return hidden


def own_hand_only(view, sealed, seat):
    """Check that the view shows the seat its own hand and the others' as counts; the
    players' (view, sealed state) entries side by side."""
    pairs = list(zip(view["players"], sealed.state["players"]))
    for index, (seen, real) in enumerate(pairs):
        assert seen["hand"] == (real["hand"] if index == seat else {"count": len(real["hand"])})
    return pairs


def farben_unseen(sealed, seat):
    return others_hands_and("pile", sealed, seat)


def farben_view_hides(view, sealed, seat):
    own_hand_only(view, sealed, seat)
    assert view["pile"] == {"count": len(sealed.state["pile"])}
    assert view["display"] == sealed.state["display"]


def ueberall_unseen(sealed, seat):
    stacks = {c for p in sealed.state["players"] for c in p["stack"]}
    return stacks - {a.get("card") for a in sealed.open}


def ueberall_view_hides(view, sealed, seat):
    assert [p["stack"] for p in view["players"]] == [{"count": len(p["stack"])} for p in sealed.state["players"]]
    assert [p["open"] for p in view["players"]] == [p["open"] for p in sealed.state["players"]]
    assert view["middle"] == sealed.state["middle"]


def peter_unseen(sealed, seat):
    """The others' hands and the card set aside (docs/games/schwarzer-peter.md)."""
    return others_hands_and("aside", sealed, seat)


def peter_view_hides(view, sealed, seat):
    for seen, real in own_hand_only(view, sealed, seat):
        assert seen["pairs"] == real["pairs"]
    assert view["aside"] == {"count": len(sealed.state["aside"])}


OPEN_TURNS = {"farben-sammeln": (farben_unseen, farben_view_hides, lambda a: a == {"type": "take", "from": "pile"}),
              "ueberall-anschliessen": (ueberall_unseen, ueberall_view_hides, lambda a: a["type"] == "reveal"),
              "schwarzer-peter": (peter_unseen, peter_view_hides, lambda a: a["type"] == "draw")}


def box_turn(table, seat, data, turns_up):
    """A legal turn built from the seat's legal actions; an action that turns up a card is
    sent at once, and the turn goes on from the referee's open turn."""
    prefix = []
    while True:
        listed = table.ask("/v1/legal-actions", seat, actions=prefix).json
        options = listed["actions"]
        if listed["complete"] and (not options or data.draw(st.integers(0, 3), label="stop") == 0):
            return table.play(seat, {"player": seat, "actions": prefix})
        action = data.draw(st.sampled_from(options), label="action")
        if turns_up(action):
            answer = table.play(seat, {"player": seat, "actions": prefix + [action]})
            assert answer is not None
            if not answer["open"]:
                return answer
            turned = [a for a in answer["open"] if turns_up({k: v for k, v in a.items() if k != "card"})]
            assert turned and all(a.get("card") for a in turned)  # the mover sees what they turned up
            prefix = []
        else:
            prefix.append(action)


@pytest.mark.parametrize("ruleset", sorted(OPEN_TURNS))
@settings(max_examples=3, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1), players=st.integers(2, 4))
def test_a_sealed_box_game_with_open_turns_tells_each_seat_only_what_it_may_see(ruleset, data, seed, players):
    hidden, check_view, turns_up = OPEN_TURNS[ruleset]
    # A Schwarzer Peter card is drawn from a hand held face down; a Farben sammeln card
    # from the pile (a display stack's lies face up).
    face_down = (lambda event: True) if ruleset == "schwarzer-peter" else from_the_pile
    names = [f"P{i}" for i in range(players)]
    created = sealed_game(ruleset, names, seed)
    table = Table(created, hidden, check_view, face_down)
    for _ in range(60):  # a few dozen turns: these games run for hundreds
        sealed = whole(table.game)
        if engine.load_state(sealed.state).is_over:
            break
        mover = sealed.state["current"]
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        check_view(table.ask("/v1/views", watcher).json["view"], sealed, watcher)
        if data.draw(st.integers(0, 5), label="mistake?") == 0:
            other = (mover + 1) % players
            refused = table.ask("/v1/turns", other, turn={"player": mover, "actions": [{"type": "close"}]})
            assert (refused.status_code, refused.json["code"]) == (422, "NOT_YOUR_TURN")
            table.play(mover, {"player": mover, "actions": [{"type": "close"}]})  # mostly refused, compared
        box_turn(table, mover, data, turns_up)


# -- Mogeln: plays face down, challenges from anyone (2018) ------------------------------------
def assert_every_view_carries_the_last_turn(game, seats, mover, answer):
    """Every seat's view after the turn carries it in `last`, as a spectator saw it."""
    for seat in seats:
        seen = post("/v1/views", {"game": game, "seat": seat}).json
        assert seen["last"] == {"turn": answer["turn"], "player": mover, "public": answer["public"]}


# What a seat may not see (docs/games/mogeln.md): the other hands, and the other players'
# plays on the stack until a challenge turns the top one up for everyone (its cards then go
# to a hand, but the answer that turned them up may name them).


def mogeln_unseen(state, seat):
    hidden = {c for i, p in enumerate(state["players"]) if i != seat for c in p["hand"]}
    return hidden | {c for play in state["stack"] if play["player"] != seat for c in play["cards"]}


def mogeln_view_hides(view, state, seat):
    for index, (seen, real) in enumerate(zip(view["players"], state["players"])):
        assert seen["hand"] == (real["hand"] if index == seat else {"count": len(real["hand"])})
    assert view["stack"] == [play if play["player"] == seat else {**play, "cards": {"count": len(play["cards"])}}
                             for play in state["stack"]]


@settings(max_examples=4, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1), players=st.integers(3, 5))
def test_a_whole_sealed_mogeln_game_tells_each_seat_only_what_it_may_see(data, seed, players):
    names = [f"P{i}" for i in range(players)]
    created = sealed_game("mogeln", names, seed)
    game, seats = created["game"], created["seats"]
    for _ in range(300):
        state = whole(game).state
        if state["winner"] is not None:
            break
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        body = {"game": game, "seat": seats[watcher]}
        view = post("/v1/views", body).json["view"]
        mogeln_view_hides(view, state, watcher)
        listed = post("/v1/legal-actions", body).json
        assert cards_named(listed) & mogeln_unseen(state, watcher) == set(), listed
        may_challenge = bool(state["stack"]) and state["stack"][0]["player"] != watcher
        if watcher != state["current"]:
            assert listed["actions"] == ([{"type": "challenge"}] if may_challenge else [])
        if may_challenge and data.draw(st.integers(0, 3), label="probe?") == 0:  # naming cards would probe
            probe = post("/v1/turns", {**body, "turn": {"player": watcher, "actions": [
                {"type": "challenge", "cards": ["O1"]}]}})
            assert (probe.status_code, probe.json["errors"][0]["pointer"]) == (400, "/turn/actions/0/cards")
        seat = watcher if listed["actions"] and data.draw(st.booleans(), label="watcher acts?") else state["current"]
        actions = post("/v1/legal-actions", {"game": game, "seat": seats[seat]}).json["actions"]
        action = data.draw(st.sampled_from(actions), label="action")
        turn = {"player": seat, "actions": [action]}
        if data.draw(st.integers(0, 5), label="cheat?") == 0 and len(state["players"][seat]["hand"]) > 1 \
                and action["type"] == "play":
            turn["actions"] = [{"type": "play", "cards": state["players"][seat]["hand"][:2]}]  # the secret double
        answer = post("/v1/turns", {"game": game, "seat": seats[seat], "turn": turn})
        if answer.status_code != 200:  # a play after the stack's last value, or the like: refused as on the view
            assert answer.status_code == 422
            continue
        after = whole(answer.json["game"]).state
        revealed = {e["card"] for e in answer.json["public"] if e["type"] == "revealed"}
        assert cards_named(answer.json) & (mogeln_unseen(after, seat) - revealed) == set(), answer.json
        assert answer.json["events"] == answer.json["public"]  # nothing in Mogeln is shown to one seat alone
        mogeln_view_hides(answer.json["view"], after, seat)
        game = answer.json["game"]
        assert_every_view_carries_the_last_turn(game, seats, seat, answer.json)
    scores = post("/v1/scores", {"game": game}).json
    assert scores["finished"] == (whole(game).state["winner"] is not None)


# -- Schnipp Schnapp: every stack face down, calls from anyone ---------------------------------
# What a seat may not see (docs/games/schnipp-schnapp.md): any stack, its own too; open
# piles, the middle and the quartets lie face up. A stack that took its open pile turned
# over is shuffled by the referee, who keeps the order; the state's view counts it.


def schnapp_unseen(state):
    return {card for player in state["players"] for card in player["stack"]}


def schnapp_view_hides(view, state):
    assert [p["stack"] for p in view["players"]] == [{"count": len(p["stack"])} for p in state["players"]]
    assert [(p["open"], p["quartets"]) for p in view["players"]] == [(p["open"], p["quartets"]) for p in state["players"]]
    assert view["middle"] == state["middle"]


@settings(max_examples=3, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1), players=st.integers(2, 3), together=st.booleans())
def test_a_whole_sealed_schnipp_schnapp_game_tells_each_seat_only_what_it_may_see(data, seed, players, together):
    names = [f"P{i}" for i in range(players)]
    created = sealed_game("schnipp-schnapp", names, seed, options={"together": together})
    game, seats = created["game"], created["seats"]
    for _ in range(400):
        state = whole(game).state
        if engine.load_state(state).is_over:
            break
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        body = {"game": game, "seat": seats[watcher]}
        schnapp_view_hides(post("/v1/views", body).json["view"], state)
        listed = post("/v1/legal-actions", body).json
        assert cards_named(listed) & schnapp_unseen(state) == set(), listed
        choices = [(p, a) for p in range(players)
                   for a in post("/v1/legal-actions", {"game": game, "seat": seats[p]}).json["actions"]]
        seat, action = data.draw(st.sampled_from(choices), label="turn")
        if action["type"] == "flip" and data.draw(st.integers(0, 9), label="name it?") == 0:
            named = post("/v1/turns", {"game": game, "seat": seats[seat], "turn": {
                "player": seat, "actions": [{"type": "flip", "card": "O1"}]}})
            assert (named.status_code, named.json["errors"][0]["pointer"]) == (400, "/turn/actions/0/card")
        if action["type"] == "call":  # the same call for another seat too is refused, and spends nothing
            together_with = {**action, "with": [(seat + 1) % players]}
            refused = post("/v1/turns", {"game": game, "seat": seats[seat],
                                         "turn": {"player": seat, "actions": [together_with]}})
            assert (refused.status_code, refused.json["code"], refused.json["action"]) == (422, "NOT_YOUR_TURN", 0)
        stack = state["players"][seat]["stack"]
        answer = post("/v1/turns", {"game": game, "seat": seats[seat], "turn": {"player": seat, "actions": [action]}})
        assert answer.status_code == 200, answer.json
        after = whole(answer.json["game"]).state
        if action["type"] == "flip":
            card = answer.json["public"][0]["card"]
            assert card == after["players"][seat]["open"][0]  # turned up for all to see
            assert card in (state["players"][seat]["open"] if stack == [] else stack[:1])  # from that stack
        assert cards_named(answer.json) & schnapp_unseen(after) == set(), answer.json
        assert answer.json["events"] == answer.json["public"]
        schnapp_view_hides(answer.json["view"], after)
        game = answer.json["game"]
        assert_every_view_carries_the_last_turn(game, seats, seat, answer.json)


# -- every ruleset, from the registry --------------------------------------------------------
# The tests above write what a seat may not see from each game's page. This one takes it
# from the engine's own view, so it runs for every ruleset the registry holds, a new one
# too: no answer to a seat names a card of the whole state that the seat's view of it
# does not show (less the cards of the open turn, whose policy the tests above check).


def viewed_unseen(sealed, seat):
    state = sealed.state
    seen = cards_named(engine.view(engine.load_state(state), seat).to_dict())
    return cards_named(state) - seen - {a.get("card") for a in sealed.open}


def viewed_view_hides(view, sealed, seat):
    if not sealed.open:
        assert view == engine.view(engine.load_state(sealed.state), seat).to_dict()


class ViewedTable(Table):
    """A sealed game checked against the engine's views alone: what a seat may not see
    is what its view of the whole state does not show; an answer may name what its
    `public` events show everyone (a challenged play turned up), and the seat's events
    differ from the public ones only in naming a card to the player it went to."""

    def __init__(self, created):
        super().__init__(created, viewed_unseen, viewed_view_hides)

    def play(self, seat, turn):
        before = whole(self.game)
        response = post("/v1/turns", {"game": self.game, "seat": self.seats[seat], "turn": turn})
        if response.status_code != 200:
            self.assert_nothing_unseen(response.json, before, seat)
            if response.status_code == 422 and response.json["code"] != "NOT_YOUR_TURN":
                assert response.json == plain_refusal(self.game, seat, turn).json
            return None
        answer = response.json
        after = whole(answer["game"])
        shown = cards_named(answer["public"])
        assert cards_named(answer) & (viewed_unseen(after, seat) - shown) == set(), answer
        for mine, everyone in zip(answer["events"], answer["public"], strict=True):
            if mine != everyone:
                assert {**mine, "card": None} == everyone and mine["player"] == seat, (mine, everyone)
        viewed_view_hides(answer["view"], after, seat)
        self.game = answer["game"]
        return answer


def any_turn(table, seat, data):
    """A legal turn of the seat, one listed action at a time: each is sent as the turn so
    far, and kept as the prefix where the referee refuses it as not yet a whole turn
    (the refusal compared with the plain game's); an answer that leaves the turn open
    (a card turned up) goes on from there."""
    rng = random.Random(data.draw(st.integers(0, 2**32), label="values"))
    prefix = []
    for _ in range(12):
        listed = table.ask("/v1/legal-actions", seat, actions=prefix).json
        if not listed.get("actions"):
            return table.play(seat, {"player": seat, "actions": prefix}) if listed.get("complete") else None
        ruleset = whole(table.game).state["ruleset"]
        action = with_open_values(ruleset, data.draw(st.sampled_from(listed["actions"]), label="action"), rng)
        answer = table.play(seat, {"player": seat, "actions": prefix + [action]})
        if answer is None:
            prefix.append(action)
        elif not answer["open"]:
            return answer
        else:
            prefix = []
    return None


@pytest.mark.parametrize("ruleset", list(engine.RULESETS))
@settings(max_examples=2, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data(), seed=st.integers(0, 2**53 - 1))
def test_every_ruleset_dealt_sealed_tells_each_seat_only_what_its_view_shows(ruleset, data, seed):
    rules = engine.find_ruleset(ruleset)
    players = data.draw(st.integers(rules.min_players, min(rules.max_players, 4)), label="players")
    names = [f"P{i}" for i in range(players)]
    created = sealed_game(ruleset, names, seed)
    table = ViewedTable(created)
    played = 0
    for _ in range(25):
        sealed = whole(table.game)
        if engine.load_state(sealed.state).is_over:
            break
        watcher = data.draw(st.integers(0, players - 1), label="watcher")
        viewed_view_hides(table.ask("/v1/views", watcher).json["view"], sealed, watcher)
        may_act = [seat for seat in range(players) if table.ask("/v1/legal-actions", seat).json["actions"]]
        assert may_act, sealed.state
        played += any_turn(table, data.draw(st.sampled_from(may_act), label="seat"), data) is not None
    assert played, "whole turns were played"
