"""The compact board (`master/board.py`, `steps.py`, `game.py`) against the dict engine.

The reference is the dict engine's step loop, `Ruleset.apply` and `Ruleset.legal_actions`
(`master/turn.py`, `legal.py`). Random games are played through it, through a `Game` and
through `engine.apply` / `engine.legal_actions` (which take the compact path for a known
hand) side by side, the same random choices made on each: after every action the legal
next actions (as lists, in order) and whether the turn is complete; after every turn the
events and the whole state, also from a loaded copy of the state (which gets the impossible-state
check). Beside each legal turn, mistaken turns built from it (an action dropped, replaced
or added, actions of every kind aimed anywhere, the wrong player) go to all of them, and
the answers must be the same: the same events and state, or the same Violation (code,
index, message).

A few dozen games run in the normal suite (a few seconds); the slow test plays two
thousand.
"""

from __future__ import annotations

import os

import random

import pytest

from referee import engine
from referee.core.actions import Bridge, Draw, Pass, Place, Swap, Turn
from referee.core.cards import Slot
from referee.core.errors import MalformedInput, Violation
from referee.core.ruleset import Ruleset
from referee.games.master.game import Game

#: The dict engine's MASTER, whose step loop is the reference.
MASTER = engine.find_ruleset("master")

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
SLOTS = [Slot(c, v) for c in "RYGB" for v in range(1, 22)]


def answer(play, *args):
    """What a call answers: ("ok", events) or ("refused", code, index, message)."""
    try:
        return ("ok", play(*args))
    except Violation as violation:
        return ("refused", violation.code, violation.action, violation.detail)
    except MalformedInput as problem:
        return ("malformed", str(problem))


def mistaken(turn: Turn, state, rng: random.Random) -> list[Turn]:
    """Turns built from a legal one with one thing changed."""
    hand = [c for c in state.players[state.current].hand if c != "J"] or ["R1"]
    actions = list(turn.actions)

    def any_action():
        slot, other = rng.choice(SLOTS), rng.choice(SLOTS)
        return rng.choice([
            Place(card := rng.choice(hand), Slot(card[0], int(card[1:]))),
            Place("J", slot),
            Bridge(slot, Slot(other.color, slot.value)),
            Bridge(slot, other),
            Swap(slot),
            Draw(),
            Draw(rng.choice(hand + ["J"])),
            Pass(),
        ])

    variants = [Turn((turn.player + 1) % len(state.players), turn.actions)]
    if len(actions) > 1:
        i = rng.randrange(len(actions))
        variants.append(Turn(turn.player, tuple(actions[:i] + actions[i + 1:])))
    i = rng.randrange(len(actions))
    variants.append(Turn(turn.player, tuple(actions[:i] + [any_action()] + actions[i + 1:])))
    variants.append(Turn(turn.player, tuple(actions + [any_action()])))
    variants.append(Turn(turn.player, tuple([any_action()] + actions)))
    variants.append(Turn(turn.player, ()))
    return variants


def hide_the_others(data: dict) -> dict:
    """The state as the player to move sees it at a table: the other hands as counts."""
    for i, player in enumerate(data["players"]):
        if i != data["current"]:
            player["hand"] = {"count": len(player["hand"])}
    return data


def play_side_by_side(seed: int) -> int:
    """One random game through both paths; returns the number of turns."""
    rng = random.Random(seed)
    players = 2 + seed % 5
    state = engine.new_game(NAMES[:players], seed=seed).state
    game = Game(state)
    turns = 0
    while not state.is_over:
        prefix: list = []
        loaded = engine.load_state(state.to_dict())
        partly = engine.load_state(hide_the_others(state.to_dict()))
        while True:
            listed = Ruleset.legal_actions(MASTER, state, prefix)
            assert game.legal_actions() == listed.actions, (seed, prefix)
            assert game.turn_complete == listed.complete, (seed, prefix)
            for judged in (state, loaded, partly):
                fast = engine.legal_actions(judged, prefix)
                assert (fast.player, fast.actions, fast.complete) == (
                    listed.player, listed.actions, listed.complete), (seed, prefix)
            if not listed.actions or (listed.complete and rng.random() < 0.5):
                break
            action = rng.choice(listed.actions)
            prefix.append(action)
            game.take(action)
        turn = Turn(state.current, tuple(prefix))
        for wrong in mistaken(turn, state, rng):
            other = game.copy()
            other.abandon_turn()
            expected = answer(lambda t: Ruleset.apply(MASTER, state, t).events, wrong)
            assert answer(other.play, wrong) == expected, (seed, wrong)
            assert answer(lambda t: engine.apply(loaded, t).events, wrong) == expected, (seed, wrong)
            assert answer(lambda t: engine.apply(partly, t).events, wrong) == answer(
                lambda t: Ruleset.apply(MASTER, partly, t).events, wrong), (seed, wrong)
            if expected[0] == "ok":
                assert other.state == Ruleset.apply(MASTER, state, wrong).state, (seed, wrong)
                assert engine.apply(loaded, wrong).state == other.state, (seed, wrong)
            else:
                assert other.state == state, "a refused turn changes nothing"
            prefix_answer = answer(lambda a: Ruleset.legal_actions(MASTER, state, a).actions, wrong.actions)
            assert answer(lambda a: engine.legal_actions(loaded, a).actions, wrong.actions) == prefix_answer
        result = Ruleset.apply(MASTER, state, turn)
        assert game.end_turn() == result.events, (seed, turn)
        fast = engine.apply(loaded, turn)
        assert (fast.state, fast.events, fast.unchecked) == (result.state, result.events, result.unchecked)
        state = result.state
        assert game.state == state and game.state.to_dict() == state.to_dict(), (seed, turn)
        assert game.is_over == state.is_over
        turns += 1
    assert game.scores() == engine.scores(state)
    return turns


def test_random_games_get_the_same_answers_from_the_board_and_the_dict_engine():
    assert sum(play_side_by_side(seed) for seed in range(8)) == 622


#: Games the slow differential test plays: thousands under HYPOTHESIS_PROFILE=thorough
#: (about 25 minutes on the project's 2-core machine), a CI-sized slice otherwise, so
#: the whole suite stays well under ten minutes.
SIDE_BY_SIDE_GAMES = 2000 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 64


@pytest.mark.slow
def test_many_random_games_get_the_same_answers():
    for seed in range(8, 8 + SIDE_BY_SIDE_GAMES):
        play_side_by_side(seed)


def test_an_illegal_action_is_refused_with_the_engines_violation_and_changes_nothing():
    game = Game.new(["Timo", "Vera"], seed=42)
    with pytest.raises(Violation) as refused:
        game.take(Place("R9", Slot("R", 9)))
    assert (refused.value.code, refused.value.action) == ("NOT_ADJACENT", 0)
    assert refused.value.detail == ("The red 9 touches nothing: neither the red 8's slot nor the "
                                    "red 10's slot is occupied, and no bridge leads to this slot.")
    assert game.taken == () and game.legal_actions() == engine.legal_actions(game.state).actions


def test_a_number_card_placed_in_another_slot_is_malformed():
    game = Game.new(["Timo", "Vera"], seed=42)
    with pytest.raises(MalformedInput, match="own slot"):
        game.play([Place("Y12", Slot("G", 12))])


def test_play_accepts_a_turn_or_the_movers_actions_and_answers_with_the_events():
    game = Game.new(["Timo", "Vera"], seed=42)
    copy = game.copy()
    turn = engine.load_turn({"player": 0, "actions": [
        {"type": "place", "card": "J", "at": "R10"}, {"type": "place", "card": "R9"},
        {"type": "place", "card": "G12"}, {"type": "place", "card": "B12"}]})
    assert game.play(turn) == [] and copy.play(list(turn.actions)) == []
    assert game.state == copy.state
    assert game.state.to_dict()["rows"][0] == {"color": "R", "cards": [9, 11], "jokers": [10]}
    assert (game.current, len(game.hand(0)), game.pile_size) == (1, 16, 44)


def test_complete_turns_are_the_turns_referee_count_counts():
    game = Game.new(["Timo", "Vera"], seed=42)
    turns = game.complete_turns()
    assert len(turns) == len(set(turns)) == 5211
    assert (Draw(),) in turns
    for actions in turns[:: 97]:
        engine.apply(game.state, Turn(0, actions))


def test_a_game_with_hidden_cards_stays_with_the_dict_engine():
    state = engine.new_game(["Timo", "Vera"], seed=42, hidden=True).state
    with pytest.raises(MalformedInput, match="every hand and the pile known"):
        Game(state)
