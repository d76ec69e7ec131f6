"""Whole games of "Die höchste Karte gewinnt" played at random from seeded deals (2 to 4
players, both editions), known and through each player's view: after every turn every
card is there once (in a hand, the trick, or the won, set-aside and out piles, each a
list of the cards turned up), the legal actions agree with what
the referee accepts, and the last play of a trick seen through a view is CARDS_HIDDEN."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from referee import engine
from support.box_tables import play


def judge(state, player, action):
    loaded = engine.load_state(state)
    return engine.apply(loaded, engine.load_turn({"player": player, "actions": [action]}, "hoechste-karte"))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), edition=st.sampled_from(["2018", "original"]),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(players, edition, seed, data):
    names = ["Ada", "Ben", "Cleo", "Dan"][:players]
    state = engine.new_game(names, seed=seed, ruleset="hoechste-karte", options={"edition": edition}).state.to_dict()
    for _ in range(11 * players):
        loaded = engine.load_state(state)
        assert not loaded.is_over
        player = data.draw(st.sampled_from(state["waiting"]), label="who plays")
        listed = engine.legal_actions(loaded, (), player).to_dict()["actions"]
        assert listed == [{"type": "play", "card": c} for c in state["players"][player]["hand"]]
        for other in range(players):
            if other not in state["waiting"]:
                assert engine.legal_actions(loaded, (), other).to_dict()["actions"] == []
        action = data.draw(st.sampled_from(listed), label="card")
        view = engine.view(loaded, player).to_dict()
        result = judge(state, player, action)
        if len(state["waiting"]) == 1 and players > 1:
            try:
                judge(view, player, action)
            except engine.Violation as refused:
                assert (refused.code, refused.action) == ("CARDS_HIDDEN", None)
            else:
                raise AssertionError("a view's last play of a trick was judged")
        else:
            assert judge(view, player, action).state.to_dict() == engine.view(result.state, player).to_dict()
        state = result.state.to_dict()
        listed_cards = [c for p in state["players"] for c in p["hand"] + p["won"]] + [
            e["card"] for e in state["trick"]] + state["set_aside"] + state["out"]
        assert len(set(listed_cards)) == len(listed_cards) == 11 * players
        trick = [e["card"] for e in result.events if e["type"] == "revealed"]
        if trick:  # the trick went onto one pile, the card played last on top, under what was set aside
            moved = [e for e in result.events if e["type"] in ("won", "set_aside", "out")]
            pile = state["players"][moved[0]["player"]]["won"] if moved[0]["type"] == "won" else state[moved[0]["type"]]
            aside = sum(e["cards"] for e in moved[1:])
            assert pile[aside:aside + len(trick)] == trick[::-1]
    final = engine.load_state(state)
    assert final.is_over and state["waiting"] == [] and state["set_aside"] == []
    scores = engine.scores(final)
    assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"]}
    assert sum(s["cards"] for s in scores["scores"]) + len(state["out"]) == 11 * players
    assert [s["cards"] for s in scores["scores"]] == [len(p["won"]) for p in state["players"]]
    try:
        judge(state, 0, play("O1"))
    except engine.Violation as refused:
        assert refused.code == "GAME_OVER"
