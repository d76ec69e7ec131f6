"""Whole Überall anschließen games played at random from seeded deals, for every player
count and both editions: every turn is built from /v1/legal-actions' lists, step by step,
and the referee accepts it; a placement other than the first listed (where the card must
go) is chosen now and then, and when it overlooks a fit it is recorded with Stopp!. After every turn the 80 cards are all there once, and a copy of the
game with every stack hidden, fed the same turns with the cards named, stays the known
game with its stacks as counts (a stack turned over from an open pile is known again).
Games run to their end (a few hundred turns), and are cut off after a bound in case one
did not (docs/games/ueberall-anschliessen.md)."""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from referee import engine

TURNS = 1500


def hidden(state):
    return dict(state, players=[dict(p, stack={"count": len(p["stack"])}) for p in state["players"]])


def as_the_table_saw_it(secret, state):
    return dict(state, players=[dict(p, stack=p["stack"] if isinstance(s["stack"], list) else {"count": len(p["stack"])})
                                for p, s in zip(state["players"], secret["players"])])


RULES = engine.find_ruleset("ueberall-anschliessen")


def read(actions):
    return engine.load_actions(actions, ruleset="ueberall-anschliessen")


def judge(loaded, player, actions):
    return engine.apply(loaded, engine.load_turn({"player": player, "actions": actions}, "ueberall-anschliessen"))


def assert_every_card_once(state):
    cards = [c for p in state["players"] for c in p["stack"] + p["open"]] + state["middle"]
    letters = "OYGB" if state["options"]["edition"] == "2018" else "RYGB"
    assert Counter(cards).most_common(1)[0][1] == 1
    assert sorted(cards) == sorted(f"{c}{v}" for c in letters for v in range(1, 21))
    assert state["finished"] == [i for i in state["finished"] if not state["players"][i]["stack"]]
    assert sorted(state["finished"]) == [i for i, p in enumerate(state["players"]) if not p["stack"]]


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 6), edition=st.sampled_from(["2018", "original"]), seed=st.integers(0, 2**32 - 1),
       data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(players, edition, seed, data):
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"][:players]
    first = data.draw(st.integers(0, players - 1), label="first")
    state = engine.new_game(names, seed=seed, first=first, ruleset="ueberall-anschliessen",
                            options={"edition": edition}).state.to_dict()
    secret = hidden(state)
    stopps = 0
    for _ in range(TURNS):
        if state["current"] is None:
            break
        loaded = engine.load_state(state)  # the state as a client would send it, checked again
        player = state["current"]
        actions: list[dict] = []
        while True:
            offered = engine.legal_actions(loaded, read(actions), player).to_dict()
            if not offered["actions"]:
                assert offered["complete"]
                break
            choices = offered["actions"]
            if choices[0]["type"] == "place" and len(choices) > 1 and data.draw(st.integers(0, 29), label="err") == 0:
                chosen = data.draw(st.sampled_from(choices[1:]), label="placement")  # may overlook a fit
            else:
                chosen = choices[0]  # the first listed placement is where the card must go
            if chosen["type"] == "reveal":
                assert not offered["complete"]  # a turn that must go on is not complete
            actions.append(chosen)
        result = judge(loaded, player, actions)
        stopps += any(a["type"] == "stopp" for a in actions)
        cards = iter(e["card"] for e in result.events if e["type"] == "revealed")
        named = [dict(a, card=next(cards)) if a["type"] == "reveal" else a for a in actions]
        shadow = judge(engine.load_state(secret), player, named)
        assert shadow.events == result.events
        state, secret = result.state.to_dict(), shadow.state.to_dict()
        assert secret == as_the_table_saw_it(secret, state)
        assert_every_card_once(state)
    event("over" if state["current"] is None else "cut off")
    event("with a Stopp!" if stopps else "without a Stopp!")
    if state["current"] is None:
        scores = engine.scores(engine.load_state(state))
        assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"]}
        assert sorted(s["place"] for s in scores["scores"]) == list(range(1, players + 1))
        try:
            judge(engine.load_state(state), 0, [{"type": "reveal"}, {"type": "place", "to": "own"}])
        except engine.Violation as refused:
            assert refused.code == "GAME_OVER"
        else:
            raise AssertionError("a finished game accepted a turn")
