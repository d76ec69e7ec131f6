"""Whole Ratefix games played at random from seeded deals, for 2 to 4 players, both
editions and any `cards_each`: after every turn the 80 cards are all there once (those
out of the game counted, the won piles listed, each middle on top in the order put), the legal actions agree with who may act and what the
referee accepts, and a stacks-hidden copy of the game, fed the same turns with the cards
named, stays the known game with its stacks as counts. A finished game refuses every
turn with GAME_OVER."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from referee import engine
from support.box_tables import guess, put

GAMES = st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n),
    st.fixed_dictionaries({"edition": st.sampled_from(["2018", "original"])},
                          optional={"cards_each": st.integers(1, 80 // n)}),
))


def judge(state, player, action):
    return engine.apply(engine.load_state(state), engine.load_turn({"player": player, "actions": [action]}, "ratefix"))


def hidden(state):
    return dict(state, players=[dict(p, stack={"count": len(p["stack"])}) for p in state["players"]])


def assert_every_card_once(state):
    cards = [c for p in state["players"] for c in p["stack"] + p["won"]] + [e["card"] for e in state["middle"]]
    edition = {"2018": "OYGB", "original": "RYGB"}[state["options"]["edition"]]
    assert Counter(cards).most_common(1)[0][1] == 1 if cards else True
    assert set(cards) <= {f"{c}{v}" for c in edition for v in range(1, 21)}
    assert len(cards) + state["out"] == 80


def assert_legal_agrees(state):
    loaded = engine.load_state(state)
    for player in range(len(state["players"])):
        listed = engine.legal_actions(loaded, (), player).to_dict()["actions"]
        if player == state["current"]:
            assert listed == [guess()]
        elif player in state["waiting"]:
            assert listed == [put()]
        else:
            assert listed == []


@settings(max_examples=15, deadline=None)
@given(game=GAMES, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(game, seed, data):
    n, options = game
    first = data.draw(st.integers(0, n - 1), label="first")
    state = engine.new_game(["Ada", "Ben", "Cleo", "Dan"][:n], seed=seed, first=first, ruleset="ratefix",
                            options=options).state.to_dict()
    assert state["leader"] == first
    secret = hidden(state)
    result = None
    while not engine.load_state(state).is_over:
        assert_legal_agrees(state)
        if state["current"] is None:
            player = data.draw(st.sampled_from(state["waiting"]), label="who puts")
            result = judge(state, player, put())
            card = result.state.to_dict()["middle"][-1]["card"]
            assert judge(state, player, put(card)).state == result.state
            shadow = judge(secret, player, put(card))
        else:
            player = state["current"]
            action = guess(data.draw(st.integers(0, 90), label="guess"))
            result = judge(state, player, action)
            shadow = judge(secret, player, action)
        assert shadow.events == result.events and shadow.unchecked == result.unchecked == []
        taken = [e for e in result.events if e["type"] == "won"]
        if taken:
            middle = [e["card"] for e in result.events if e["type"] == "revealed"]
            won = result.state.to_dict()["players"][taken[0]["player"]]["won"]
            assert won[:len(middle)] == middle[::-1] and len(won) - len(middle) == len(
                state["players"][taken[0]["player"]]["won"])
        state, secret = result.state.to_dict(), shadow.state.to_dict()
        assert secret == hidden(state)
        assert_every_card_once(state)
    scores = engine.scores(engine.load_state(state))
    assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"]}
    assert sum(s["cards"] for s in scores["scores"]) == n * state["options"]["cards_each"]
    for player in range(n):
        assert engine.legal_actions(engine.load_state(state), (), player).to_dict()["actions"] == []
        try:
            judge(state, player, put())
        except engine.Violation as refused:
            assert (refused.code, refused.action) == ("GAME_OVER", None)
        else:
            raise AssertionError("a finished game accepted a turn")
