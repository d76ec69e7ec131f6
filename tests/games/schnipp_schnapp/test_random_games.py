"""Whole Schnipp Schnapp games played at random from seeded deals (2 to 6 players, both
editions, with and without `together`), on the known deal and alongside on the same deal
dealt hidden. Calls come from any player, right or wrong, alone or with others at the same
moment. After every turn every card is there once (quartets counted), the hidden game
keeps the same piles, counts and events, and the legal actions agree with what the
referee accepts and refuses; a game that runs on is cut after a bounded number of turns."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from referee.engine import load_state
from referee.testing.boxplay import completed
from support.box_tables import call, flip
from referee.engine import find_ruleset
from support.box_judge import actions_listed as listed, judge, refused

SCHNAPP = find_ruleset("schnipp-schnapp")

NAMES = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]
#: Calls and flips at random can go round for long; this many turns are played at most.
TURNS = 200


def holds(player) -> bool:
    stack = player["stack"]
    return bool(player["open"]) or (stack["count"] if isinstance(stack, dict) else len(stack)) > 0


def check_cards(state) -> None:
    cards, counted = [], 0
    for p in state["players"]:
        cards += p["open"]
        if isinstance(p["stack"], dict):
            counted += p["stack"]["count"]
        else:
            cards += p["stack"]
    cards += state["middle"]
    quartets = [v for p in state["players"] for v in p["quartets"]]
    assert max(Counter(cards).values(), default=1) == 1 and len(set(quartets)) == len(quartets)
    assert len(cards) + counted + 4 * len(quartets) == 80


def named(state, player, action, pick):
    """A flip as sent: from a counted stack, or an empty one about to take its open pile,
    it names a card that can lie there (the corpus walker's choice, `pick` its seed)."""
    return completed(load_state(state), player, action, random.Random(pick))


def check_listing(state, player) -> list[dict]:
    """Everything listed for `player` is accepted, and what is left out is refused with
    the code that says why."""
    actions = listed(state, player)
    for action in actions:
        judge(state, player, named(state, player, action, 0))
    movers = [state["current"]] if state["current"] is not None else state["waiting"]
    if not state["flipped"]:
        assert refused(state, player, call("schnipp")) == ("NOTHING_TO_CALL", 0)
    elif not holds(state["players"][player]):
        assert call("schnapp") not in actions
        assert refused(state, player, call("schnapp")) == ("CALL_NOT_ALLOWED", 0)
    if player in movers and flip() not in actions:
        assert refused(state, player, flip()) == ("MATCH_NOT_CALLED", 0)
    if player not in movers:
        assert flip() not in actions
        assert refused(state, player, flip()) == ("NOT_YOUR_TURN", None)
    return actions


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), edition=st.sampled_from(["2018", "original"]), together=st.booleans(),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(players, edition, together, seed, data):
    names, options = NAMES[:players], {"edition": edition, "together": together}
    state = SCHNAPP.deal(names, seed, 0, False, options)[0].to_dict()
    hidden = SCHNAPP.deal(names, seed, 0, True, options)[0].to_dict()
    result = None
    for _ in range(TURNS):
        if SCHNAPP.load_state(state).is_over:
            break
        choices = [(p, a) for p in range(players) for a in check_listing(state, p)]
        assert choices, "a game that goes on has someone who may act"
        player, action = data.draw(st.sampled_from(choices), label="turn")
        if action["type"] == "call" and data.draw(st.integers(0, 4), label="with others?") == 4:
            others = [p for p in range(players) if p != player and (action["word"] == "schnipp"
                                                                     or holds(state["players"][p]))]
            if others:
                action = call(action["word"], *data.draw(st.lists(st.sampled_from(others), min_size=1,
                                                                  unique=True), label="with"))
        action = named(state, player, action, data.draw(st.integers(0, 79), label="card"))
        result = judge(state, player, action)
        shown = action
        if action["type"] == "flip":
            shown = flip(result.events[0]["card"])  # the hidden game names the card the known one turned up
        shadow = judge(hidden, player, shown)
        assert shadow.events == result.events
        state, hidden = result.state.to_dict(), shadow.state.to_dict()
        check_cards(state)
        check_cards(hidden)
        for known, counted in zip(state["players"], hidden["players"]):
            size = known["stack"]["count"] if isinstance(known["stack"], dict) else len(known["stack"])
            assert counted["stack"] == {"count": size}
            assert (counted["open"], counted["quartets"], counted.get("won")) == \
                (known["open"], known["quartets"], known.get("won"))
        for field in ("current", "waiting", "middle", "flipped"):
            assert hidden[field] == state[field]
    if SCHNAPP.load_state(state).is_over and result is not None:
        scores = SCHNAPP.score(SCHNAPP.load_state(state))
        assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": scores["winners"]}
        assert refused(state, 0, call("schnipp")) == ("GAME_OVER", None)
        holders = [p for p in state["players"] if holds(p)]
        middle = state["middle"]
        all_four_of_its_top = bool(middle) and sum(c[1:] == middle[0][1:] for c in middle) == 4
        assert not holders or (len(holders) == 1 and (middle == [] or all_four_of_its_top))
