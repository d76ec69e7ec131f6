"""Whole Mogeln games played at random from seeded deals (3 to 6 players, both editions),
on the known deal and alongside on the same deal dealt hidden: after every turn every card
is there once (out counted), the hidden game keeps the same counts, claims and events,
and the legal actions agree with what the referee accepts and refuses."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from referee.core.errors import Violation
from support.box_tables import challenge, lay
from referee.engine import find_ruleset
from support.box_judge import judge, listed, refused

MOGELN = find_ruleset("mogeln")

NAMES = ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]
TOP = {3: 9, 4: 10, 5: 15, 6: 15}
#: A game of random plays and challenges may go round for long; this many turns are played.
TURNS = 250


def hidden_form(action, truth):
    """The action as sent on the hidden deal: a play by its count, a challenge naming the
    top play's cards as the known game has them."""
    if action["type"] == "play":
        return lay(count=len(action["cards"]))
    if action["type"] == "challenge":
        return challenge(*truth["stack"][0]["cards"])
    return action


def check_listing(state, player, edition):
    """What is listed for `player` is accepted, and the kinds left out are refused."""
    answer = listed(state, player)
    kinds = {a["type"] for a in answer["actions"]}
    for action in answer["actions"]:
        judge(state, player, action)
    if player == state["current"]:
        if "accept" not in kinds:
            assert refused(state, player, {"type": "accept"}) == ("ACCEPT_NOT_ALLOWED", 0)
        if "challenge" not in kinds:
            assert refused(state, player, challenge())[0] == "NOTHING_TO_CHALLENGE"
        if not any(a["type"] == "play" for a in answer["actions"]):
            card = state["players"][player]["hand"][0]
            assert refused(state, player, lay(card)) == ("RESOLVE_FIRST", 0)
    else:
        may = edition == "2018" and state["stack"] and state["stack"][0]["player"] != player
        assert answer == {"player": player, "actions": [challenge()] if may else [], "complete": False}


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 6), edition=st.sampled_from(["2018", "original"]),
       seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_keep_every_card_and_agree_with_the_legal_actions(players, edition, seed, data):
    names = NAMES[:players]
    size = 4 * TOP[players]
    state = MOGELN.deal(names, seed, 0, False, {"edition": edition})[0].to_dict()
    hidden = MOGELN.deal(names, seed, 0, True, {"edition": edition})[0].to_dict()
    for _ in range(TURNS):
        if state["winner"] is not None:
            break
        mover = state["current"]
        check_listing(state, mover, edition)
        other = (mover + data.draw(st.integers(1, players - 1), label="other")) % players
        check_listing(state, other, edition)
        options = listed(state, mover)["actions"]
        wants_challenge = data.draw(st.integers(0, 7), label="challenge?") == 7
        if edition == "2018" and state["stack"] and state["stack"][0]["player"] != other and wants_challenge \
                and data.draw(st.booleans(), label="out of turn"):
            player, actions = other, [challenge()]
        else:
            player, actions = mover, []
            if options and options[0]["type"] == "challenge" and (wants_challenge or len(options) == 1):
                actions.append(challenge())
            elif any(a["type"] == "accept" for a in options):
                actions.append({"type": "accept"})
            if not actions or actions == [challenge()] and data.draw(st.booleans(), label="play after"):
                then = listed(state, player, *actions)["actions"]
                if then:
                    hand = state["players"][player]["hand"]
                    cheat = len(hand) > 1 and data.draw(st.integers(0, 5), label="cheat") == 5
                    actions.append(lay(*hand[:2]) if cheat else data.draw(st.sampled_from(then), label="card"))
        try:
            result = judge(state, player, *actions)
        except Violation:
            # a challenge found honest on a going out ends the game: the play after it is refused
            assert actions[-1]["type"] == "play" and len(actions) == 2
            assert refused(state, player, *actions) == ("ACTION_AFTER_GAME_END", 1)
            actions = actions[:1]
            result = judge(state, player, *actions)
        shadow = judge(hidden, player, *[hidden_form(a, state) for a in actions])
        assert shadow.events == result.events
        state, hidden = result.state.to_dict(), shadow.state.to_dict()
        cards = [c for p in state["players"] for c in p["hand"]] + [c for play in state["stack"] for c in play["cards"]]
        assert max(Counter(cards).values(), default=1) == 1 and len(cards) + state["out"] == size
        assert [p["hand"]["count"] for p in hidden["players"]] == [len(p["hand"]) for p in state["players"]]
        assert [(p["player"], p["claim"]) for p in hidden["stack"]] == [(p["player"], p["claim"]) for p in state["stack"]]
        assert (hidden["current"], hidden["out"], hidden["winner"]) == (state["current"], state["out"], state["winner"])
    if state["winner"] is not None:
        scores = MOGELN.score(MOGELN.load_state(state))
        assert result.events[-1] == {"type": "game_over", "scores": scores["scores"], "winners": [state["winner"]]}
        assert refused(state, 0, lay("O1")) == ("GAME_OVER", None)


@settings(max_examples=20, deadline=None)
@given(players=st.integers(3, 6), edition=st.sampled_from(["2018", "original"]), seed=st.integers(0, 2**32 - 1))
def test_a_game_without_challenges_ends_when_the_first_player_goes_out(players, edition, seed):
    state = MOGELN.deal(NAMES[:players], seed, 0, False, {"edition": edition})[0].to_dict()
    turns = 0
    while state["winner"] is None:
        options = listed(state)["actions"]
        action = {"type": "accept"} if {"type": "accept"} in options else options[-1]
        state = judge(state, state["current"], action).state.to_dict()
        turns += 1
    first_hand = -(-4 * TOP[players] // players)  # the first player is dealt the most
    assert state["winner"] == 0 and turns == (first_hand - 1) * players + 2  # the last lap, then accept
