"""Whole Zweikampf games played at random from seeded deals, known and hidden, in every
combination of options: after every turn the 40 cards are all there once (those out of
the game counted), the legal actions agree with what the referee accepts, and a stacks-
hidden copy of the game, fed the same turns with the cards named, stays the known game
with its stacks as counts."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from referee import engine
from support.box_tables import reveal

OPTIONS = st.fixed_dictionaries({
    "edition": st.sampled_from(["2018", "original"]),
    "until_all": st.booleans(),
}).flatmap(lambda o: st.fixed_dictionaries({
    **{k: st.just(v) for k, v in o.items()},
    "colors": st.permutations({"2018": "OYGB", "original": "RYGB"}[o["edition"]]).map(lambda p: list(p[:2])),
}))


def hidden(state):
    return dict(state, players=[dict(p, stack={"count": len(p["stack"])}) for p in state["players"]])


def as_the_table_saw_it(secret, state):
    """The known state with the stacks the hidden copy still holds as counts hidden: a won
    pile turned over (until_all) is known from then on, as docs/games/zweikampf.md says."""
    return dict(state, players=[dict(p, stack=p["stack"] if isinstance(s["stack"], list) else {"count": len(p["stack"])})
                                for p, s in zip(state["players"], secret["players"])])


def judge(state, player, action):
    loaded = engine.load_state(state)
    return engine.apply(loaded, engine.load_turn({"player": player, "actions": [action]}, "zweikampf"))


def assert_every_card_once(state):
    cards = [c for p in state["players"] for c in p["stack"] + p["won"]] + [e["card"] for e in state["battle"]]
    colors = state["options"]["colors"]
    assert Counter(cards).most_common(1)[0][1] == 1
    assert len(cards) + state["out"] == 40
    assert set(cards) <= {f"{c}{v}" for c in colors for v in range(1, 21)}


@settings(max_examples=20, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), first=st.integers(0, 1), data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(options, seed, first, data):
    state = engine.new_game(["Ada", "Ben"], seed=seed, first=first, ruleset="zweikampf", options=options).state.to_dict()
    secret = hidden(state)
    for _ in range(400):
        loaded = engine.load_state(state)
        if loaded.is_over:
            break
        assert state["current"] is None and state["waiting"]
        for player in (0, 1):
            listed = engine.legal_actions(loaded, (), player).to_dict()
            assert listed["actions"] == ([{"type": "reveal"}] if player in state["waiting"] else [])
        player = data.draw(st.sampled_from(state["waiting"]), label="who turns up")
        named = data.draw(st.booleans(), label="name the card")
        result = judge(state, player, reveal())
        card = result.events[0]["card"]
        if named:
            assert judge(state, player, reveal(card)).state == result.state
        shadow = judge(secret, player, reveal(card))
        assert shadow.events == result.events
        state = result.state.to_dict()
        secret = shadow.state.to_dict()
        assert secret == as_the_table_saw_it(secret, state)
        assert_every_card_once(state)
    final = engine.load_state(state)
    if final.is_over:
        scores = engine.scores(final)
        assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"]}
        assert engine.legal_actions(final, (), 0).to_dict() == {"player": 0, "actions": [], "complete": False}
        for player in (0, 1):
            try:
                judge(state, player, reveal())
            except engine.Violation as refused:
                assert refused.code == "GAME_OVER"
            else:
                raise AssertionError("a finished game accepted a turn")
        if not options["until_all"]:
            assert sum(s["cards"] for s in scores["scores"]) + state["out"] == 40
