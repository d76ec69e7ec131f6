"""Out-of-turn steps and plays of several cards in the game-AI table (docs/howto/game-ai.md):
a Mogeln play picked card by card, the decision steps of the seats that may challenge a
Mogeln play or call between Schnipp Schnapp flips, each answer the dict engine's."""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from referee import engine
from referee.ai import openspiel_game as elfer
from referee.ai import pettingzoo_env as pz
from referee.ai.table import Table

RNG = random.Random(0)  # no blind choice is made in these games' steps

# Mogeln with 3 seats (2018): challenge 0, accept 1, a play of each card 2-81 (O1..O20,
# Y1..Y20, G1..G20, B1..B20), end turn 82, decline 83; PettingZoo's wait 84.
CHALLENGE, END, DECLINE, WAIT = 0, 82, 83, 84
Y1, B1, O3 = 22, 62, 4


def applied(state, player, actions):
    turn = engine.load_turn({"player": player, "actions": actions}, state.ruleset)
    return engine.apply(state, turn).state.to_dict()


def test_the_mogeln_space_has_a_play_of_each_card_end_turn_and_decline():
    table = Table.new("mogeln", 3, 5)
    assert table.space.entries[CHALLENGE] == {"type": "challenge"}
    assert table.space.entries[Y1] == {"type": "play", "cards": ["Y1"]}
    assert table.space.entries[B1] == {"type": "play", "cards": ["B1"]}
    assert table.space.entries[O3] == {"type": "play", "cards": ["O3"]}
    assert table.space.entries[END] == {"type": "end turn"}
    assert table.space.entries[DECLINE] == {"type": "decline"}
    assert len(table.space) == 84


def test_a_two_card_mogeln_play_through_the_env_is_the_engines_answer():
    game = pz.env("mogeln", 3)
    game.reset(seed=5)
    dealt = game._table.state
    assert dealt.to_dict()["players"][0]["hand"] == [
        "G9", "Y5", "Y1", "B1", "O3", "O7", "G1", "Y4", "Y3", "B6", "G7", "B7"]
    game.step(Y1)  # player_0 picks Y1
    mask = game.observe("player_0")["action_mask"]
    # The other eleven cards of the hand, and "end turn" to lay Y1 alone.
    assert np.flatnonzero(mask).tolist() == [4, 8, 24, 25, 26, 42, 48, 50, 62, 67, 68, END]
    assert game._table.state == dealt  # nothing is laid before "end turn"
    game.step(WAIT)
    game.step(WAIT)
    game.step(B1)
    assert B1 not in np.flatnonzero(game.observe("player_0")["action_mask"]).tolist()
    game.step(WAIT)
    game.step(WAIT)
    game.step(END)
    assert game._table.state.to_dict() == applied(dealt, 0, [{"type": "play", "cards": ["Y1", "B1"]}])
    assert game._table.state.to_dict()["stack"] == [{"player": 0, "cards": ["Y1", "B1"], "claim": 1}]


def test_a_one_card_mogeln_play_is_a_pick_then_end_turn():
    table = Table.new("mogeln", 3, 5)
    dealt = table.state
    table.act(O3, RNG)
    assert table.acting == 0 and table.state == dealt
    table.act(END, RNG)
    assert table.state.to_dict() == applied(dealt, 0, [{"type": "play", "cards": ["O3"]}])
    assert table.turns == 1


def played(seed=5):
    table = Table.new("mogeln", 3, seed)
    table.act(Y1, RNG)
    table.act(B1, RNG)
    table.act(END, RNG)
    return table


def test_after_a_mogeln_play_the_seat_left_of_the_mover_may_challenge_or_decline():
    table = played()
    # player_1 moves next (it challenges in its own turn); player_2 gets a decision step;
    # player_0 made the play and may not challenge it.
    assert table.state.to_dict()["current"] == 1
    assert table.acting == 2 and table.deciding_now
    assert table.legal() == [CHALLENGE, DECLINE]
    assert table.legal(1) == [] and table.legal(0) == []


def test_the_challenge_step_in_pettingzoo_and_openspiel():
    game = pz.env("mogeln", 3)
    game.reset(seed=5)
    game._table = played()
    assert np.flatnonzero(game.observe("player_2")["action_mask"]).tolist() == [CHALLENGE, DECLINE]
    assert np.flatnonzero(game.observe("player_1")["action_mask"]).tolist() == [WAIT]
    assert np.flatnonzero(game.observe("player_0")["action_mask"]).tolist() == [WAIT]
    state = pyspiel.load_game(elfer.game_name("mogeln"), {"players": 3}).new_initial_state()
    state.apply_action(5)
    for action in (Y1, B1, END):
        state.apply_action(action)
    assert state.current_player() == 2
    assert state.legal_actions() == [CHALLENGE, DECLINE]
    assert state.action_to_string(DECLINE) == '{"type": "decline"}'


def test_a_challenge_taken_in_a_decision_step_is_the_engines_out_of_turn_turn():
    table = played()
    before = table.state
    table.act(CHALLENGE, RNG)
    # Two cards claimed as a 1: a false play, so its maker takes the stack back.
    assert table.state.to_dict() == applied(before, 2, [{"type": "challenge"}])
    assert table.state.to_dict()["players"][0]["hand"][-2:] == ["Y1", "B1"]
    assert table.acting == 1 and not table.deciding_now
    assert CHALLENGE not in table.legal()  # the stack is empty


def test_declining_hands_the_challenge_to_the_seat_to_move():
    table = played()
    before = table.state
    table.act(DECLINE, RNG)
    assert table.state == before and table.turns == 1
    assert table.acting == 1 and not table.deciding_now
    assert table.legal()[:1] == [CHALLENGE]
    assert DECLINE not in table.legal()


def test_the_original_edition_has_no_decision_step_nor_decline():
    table = Table.new("mogeln", 3, 5, {"edition": "original"})
    assert table.space.decline is None and len(table.space) == 83
    assert table.space.entries[-1] == {"type": "end turn"}
    table.act(Y1, RNG)  # the original's cards are R, Y, G, B: Y1 is entry 22 too
    table.act(END, RNG)
    assert table.acting == 1 and not table.deciding_now


# Schnipp Schnapp: flip 0, schnapp 1, schnipp 2, end turn 3, decline 4.
FLIP, SCHNAPP, SCHNIPP, SS_DECLINE = 0, 1, 2, 4


def test_after_a_flip_each_other_seat_gets_a_call_step_from_the_flippers_left():
    table = Table.new("schnipp-schnapp", 3, 5)
    assert table.space.entries == [{"type": "flip"}, {"type": "call", "word": "schnapp"},
                                   {"type": "call", "word": "schnipp"}, {"type": "end turn"}, {"type": "decline"}]
    assert table.legal() == [FLIP]
    table.act(FLIP, RNG)
    # player_1 moves next (it may call in its own turn); player_2, then player_0, may call.
    assert table.state.to_dict()["current"] == 1
    assert table.acting == 2 and table.legal() == [SCHNAPP, SCHNIPP, SS_DECLINE]
    table.act(SS_DECLINE, RNG)
    assert table.acting == 0 and table.legal() == [SCHNAPP, SCHNIPP, SS_DECLINE]
    table.act(SS_DECLINE, RNG)
    assert table.acting == 1 and not table.deciding_now
    assert table.legal() == [FLIP, SCHNAPP, SCHNIPP]


def test_a_call_in_a_decision_step_is_the_engines_out_of_turn_call():
    table = Table.new("schnipp-schnapp", 3, 5)
    table.act(FLIP, RNG)
    before = table.state
    table.act(SCHNAPP, RNG)  # nothing matches: a mistake, player_2's open pile is empty
    assert table.state.to_dict() == applied(before, 2, [{"type": "call", "word": "schnapp"}])
    # A mistake by another seat leaves the flip to be called: player_0 still gets its step.
    assert table.acting == 0 and table.legal() == [SCHNAPP, SCHNIPP, SS_DECLINE]


def test_an_out_player_gets_a_step_to_call_schnipp_only():
    dealt = engine.new_game(["player_0", "player_1", "player_2"], seed=5, ruleset="schnipp-schnapp").state.to_dict()
    out = dealt["players"][2]
    dealt["middle"], out["stack"] = out["stack"], []  # player_2 holds no cards: it is out
    table = Table(engine.load_state(dealt))
    table.act(FLIP, RNG)
    assert table.acting == 2 and table.legal() == [SCHNIPP, SS_DECLINE]
    table.act(SS_DECLINE, RNG)
    assert table.acting == 0 and table.legal() == [SCHNAPP, SCHNIPP, SS_DECLINE]


def test_with_together_calls_come_after_the_rounds_last_flip():
    table = Table.new("schnipp-schnapp", 2, 5, {"together": True})
    assert table.waiting == (0, 1) and table.legal() == [FLIP]
    table.act(FLIP, RNG)  # mid-round: nothing to call, no decision step
    assert table.acting == 1 and table.legal() == [FLIP] and not table.deciding_now
    table.act(FLIP, RNG)  # the round's last flip: Y13 and B20 may be called
    assert [p["open"] for p in table.state.to_dict()["players"]] == [["Y13"], ["B20"]]
    # player_0 flips first in the next round (it may call in its own turn); player_1 decides.
    assert table.acting == 1 and table.legal() == [SCHNAPP, SCHNIPP, SS_DECLINE]
    table.act(SS_DECLINE, RNG)
    assert table.acting == 0 and table.legal() == [FLIP, SCHNAPP, SCHNIPP]
