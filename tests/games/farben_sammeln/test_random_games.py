"""Whole Farben sammeln rounds played at random from seeded deals, for every player count and
both editions: every turn is built from /v1/legal-actions' lists, step by step, and the
referee accepts it; after every turn the 80 cards are all there once, and a copy of the
round with every hand and the pile hidden, fed the same turns with the cards named, stays
the known round with those as counts. A player who can close may, and a greedy player
collects one colour, so rounds end; a round nobody closes goes on, so each is cut off
after a bounded number of turns (docs/games/farben-sammeln.md)."""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee import engine

TURNS = 160


def hidden(state):
    return dict(state, players=[dict(p, hand={"count": len(p["hand"])}) for p in state["players"]],
                pile={"count": len(state["pile"])})


def listed(state, prefix, player):
    loaded = engine.load_state(state)
    actions = engine.load_actions(prefix, ruleset="farben-sammeln")
    return engine.legal_actions(loaded, actions, player).to_dict()


def judge(state, player, actions):
    loaded = engine.load_state(state)
    return engine.apply(loaded, engine.load_turn({"player": player, "actions": actions}, "farben-sammeln"))


def assert_every_card_once(state):
    cards = [c for p in state["players"] for c in p["hand"]] + state["pile"] + [c for s in state["display"] for c in s]
    letters = "OYGB" if state["options"]["edition"] == "2018" else "RYGB"
    assert Counter(cards).most_common(1)[0][1] == 1
    assert sorted(cards) == sorted(f"{c}{v}" for c in letters for v in range(1, 21))
    assert len(state["display"]) == 4 and all(state["display"])


def main_colour(hand):
    return Counter(c[0] for c in hand).most_common(1)[0][0]


def choose(data, options, hand, greedy, kind):
    """A greedy player takes their main colour and discards another; else any listed action."""
    if greedy and hand:
        colour = main_colour(hand)
        if kind == "take":
            wanted = [a for a in options if a["from"] != "pile" and a.get("top", "")[:1] == colour]
            if wanted:
                return wanted[0]
        if kind == "discard":
            others = [a for a in options if a["card"][0] != colour]
            if others:
                return data.draw(st.sampled_from(others), label="discard")
    return data.draw(st.sampled_from(options), label=kind)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 6), edition=st.sampled_from(["2018", "original"]), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_random_rounds_keep_every_card_and_agree_with_the_legal_actions(players, edition, seed, data):
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"][:players]
    first = data.draw(st.integers(0, players - 1), label="first")
    state = engine.new_game(names, seed=seed, first=first, ruleset="farben-sammeln",
                            options={"edition": edition}).state.to_dict()
    secret = hidden(state)
    greedy = data.draw(st.booleans(), label="greedy")
    for _ in range(TURNS):
        if state["closed"] is not None:
            break
        player = state["current"]
        hand = state["players"][player]["hand"]
        actions = []
        takes = listed(state, [], player)["actions"]
        for a in takes:  # what lies on top, for the greedy choice
            if a["from"] != "pile":
                a["top"] = state["display"][a["from"]][0]
        chosen = choose(data, takes, hand, greedy, "take")
        chosen.pop("top", None)
        for a in takes:
            a.pop("top", None)
        actions.append(chosen)
        after_take = listed(state, actions, player)
        assert after_take["complete"] is False
        actions.append(choose(data, after_take["actions"], hand, greedy, "discard"))
        ending = listed(state, actions, player)
        assert ending["complete"] is True
        if ending["actions"] and data.draw(st.integers(0, 3), label="close") > 0:
            actions.append({"type": "close"})
            assert listed(state, actions, player) == {"player": player, "actions": [], "complete": True}
        result = judge(state, player, actions)
        taken = result.events[0]["card"]
        named = [dict(actions[0], card=taken)] + actions[1:]
        shadow = judge(secret, player, named)
        assert shadow.events[:1] == result.events[:1]
        assert shadow.unchecked == (["CLOSE_NOT_ALLOWED"] if len(actions) == 3 else [])
        state, secret = result.state.to_dict(), shadow.state.to_dict()
        assert secret == hidden(state)
        assert_every_card_once(state)
    event("closed" if state["closed"] is not None else "cut off")
    if state["closed"] is not None:
        scores = engine.scores(engine.load_state(state))
        assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"],
                                     "loser": scores["loser"]}
        closer = state["players"][state["closed"]]["hand"]
        assert len({c[0] for c in closer}) == 1
        try:
            judge(state, 0, [{"type": "take", "from": "pile"}, {"type": "discard", "card": closer[0], "to": 0}])
        except engine.Violation as refused:
            assert refused.code == "GAME_OVER"
        else:
            raise AssertionError("a closed round accepted a turn")
