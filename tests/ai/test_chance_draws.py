"""Blind draws as OpenSpiel chance nodes (`referee.ai.draws`): the cards a draw may turn up
with their chances, the chosen card turned up, a card someone has seen drawn where it
lies, and the unseen cards kept through a resampled world."""

from __future__ import annotations

import random

import pyspiel

from referee import engine
from referee.ai import draws
from referee.ai import openspiel_game as elfer
from referee.ai.table import Table

# Junior, deal 7: player_0 may only draw (entry 44); the pile, top first.
JUNIOR_PILE = ["B3", "G6", "B9", "Y8", "O2", "G3", "B5", "O9", "G5", "B10", "Y6", "O4", "B8",
               "O8", "Y9", "O3", "G2", "Y4", "B7", "Y10", "G10", "O6", "O5", "G9", "Y2", "G4"]
DRAW = 44


def junior():
    state = pyspiel.load_game(elfer.game_name("junior")).new_initial_state()
    state.apply_action(7)
    assert state.table.state.to_dict()["pile"] == JUNIOR_PILE
    assert state.legal_actions() == [DRAW]
    return state


def test_a_draw_is_a_chance_node_over_the_pile_each_card_alike():
    state = junior()
    state.apply_action(DRAW)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    names = [state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) for outcome, _ in outcomes]
    assert names == ["draw O2", "draw O3", "draw O4", "draw O5", "draw O6", "draw O8", "draw O9",
                     "draw Y2", "draw Y4", "draw Y6", "draw Y8", "draw Y9", "draw Y10",
                     "draw G2", "draw G3", "draw G4", "draw G5", "draw G6", "draw G9", "draw G10",
                     "draw B3", "draw B5", "draw B7", "draw B8", "draw B9", "draw B10"]
    assert [p for _, p in outcomes] == [1 / 26] * 26
    assert [outcome for outcome, _ in outcomes][:3] == [2, 3, 4]  # O2, O3, O4 in draws.CARDS


def test_the_chosen_card_is_turned_up_from_the_top_of_the_pile():
    state = junior()
    state.apply_action(DRAW)
    state.apply_action(draws.CARD_INDEX["G4"])
    # G4 cannot be placed: the turn is over and player_1 moves.
    assert not state.is_chance_node() and state.current_player() == 1
    after = state.table.state.to_dict()
    assert after["players"][0]["hand"] == ["O7", "Y3", "G8", "B4", "B6", "G4"]
    # The card chance chose was put on top before the draw: the old top lies in its place.
    assert after["pile"] == [*JUNIOR_PILE[1:-1], "B3"]
    assert "G4" not in state.fresh and "B3" in state.fresh
    # The engine's answer for the deal with G4 on top and the draw naming it.
    dealt = engine.new_game(["player_0", "player_1"], seed=7, ruleset="junior").state.to_dict()
    dealt["pile"] = ["G4", *JUNIOR_PILE[1:-1], "B3"]
    turn = engine.load_turn({"player": 0, "actions": [{"type": "draw", "card": "G4"}]}, "junior")
    assert engine.apply(engine.load_state(dealt), turn).state.to_dict() == after


def test_a_card_someone_has_seen_is_drawn_where_it_lies():
    for seen in ("G6", "B3"):  # G6 seen: B3 is a run of one; B3 seen: the top is known
        state = junior()
        state.fresh = state.fresh - {seen}
        state.apply_action(DRAW)
        assert not state.is_chance_node()
        after = state.table.state.to_dict()
        assert after["players"][0]["hand"] == ["O7", "Y3", "G8", "B4", "B6", "B3"]
        assert after["pile"] == JUNIOR_PILE[1:]


def test_a_zweikampf_reveal_is_a_chance_node_over_the_own_stack():
    state = pyspiel.load_game(elfer.game_name("zweikampf")).new_initial_state()
    state.apply_action(7)
    state.apply_action(0)  # player_0 reveals
    assert state.is_chance_node()
    assert [draws.CARDS[outcome] for outcome, _ in state.chance_outcomes()] == [
        "O3", "O4", "O6", "O8", "O9", "O10", "O13", "O16", "O18",
        "Y3", "Y4", "Y8", "Y9", "Y10", "Y11", "Y14", "Y15", "Y18", "Y19", "Y20"]
    assert {p for _, p in state.chance_outcomes()} == {0.05}
    state.apply_action(draws.CARD_INDEX["Y20"])
    assert state.table.state.to_dict()["battle"] == [{"player": 0, "card": "Y20"}]


def test_a_card_not_in_the_run_is_refused():
    state = junior()
    state.apply_action(DRAW)
    try:
        state.apply_action(draws.CARD_INDEX["O7"])  # in player_0's hand
    except ValueError as error:
        assert "O7 is not a card this draw can turn up" in str(error)
    else:
        raise AssertionError("a card outside the run was drawn")


def test_a_resampled_world_keeps_its_unseen_cards_in_the_pile():
    state = junior()
    world = state.resample_from_infostate(1, random.Random(3).random)
    pile = world.table.state.to_dict()["pile"]
    assert pile != JUNIOR_PILE  # player_1 cannot see the pile nor player_0's hand
    assert set(pile) <= world.fresh
    assert not world.fresh & set(world.table.state.to_dict()["players"][0]["hand"])


def test_a_ratefix_put_face_down_is_a_chance_node_too():
    state = pyspiel.load_game(elfer.game_name("ratefix")).new_initial_state()
    state.apply_action(7)
    stack = ["G17", "B19", "B8", "B14", "G8", "Y3", "G3", "G10", "O16", "Y10", "O11", "Y1", "B15", "Y13",
             "Y5", "O17", "Y9", "B20", "G4", "B6"]
    assert state.table.state.to_dict()["players"][0]["stack"] == stack
    state.apply_action(0)  # player_0 puts its top card face down: no event names it
    assert sorted(draws.CARDS[outcome] for outcome, _ in state.chance_outcomes()) == sorted(stack)
    state.apply_action(draws.CARD_INDEX["B6"])
    after = state.table.state.to_dict()
    assert after["players"][0]["stack"] == [*stack[1:-1], "G17"]
    assert after["middle"] == [{"player": 0, "card": "B6"}]


def test_a_flip_from_an_empty_stack_is_a_chance_node_over_the_open_pile_shuffled_anew():
    dealt = engine.new_game(["player_0", "player_1"], seed=5, ruleset="schnipp-schnapp").state.to_dict()
    own = dealt["players"][0]
    # player_0's stack is empty and three cards lie on its open pile; the rest in the middle.
    own["open"], dealt["middle"], own["stack"] = own["stack"][:3], own["stack"][3:], []
    assert own["open"] == ["Y13", "B8", "G20"]
    state = pyspiel.load_game(elfer.game_name("schnipp-schnapp")).new_initial_state()
    state.apply_action(5)
    state.table = Table(engine.load_state(dealt))
    state.fresh = draws.unseen_at_deal(state.table.state)
    state.apply_action(0)  # flip: the open pile is turned over, shuffled, its top turned up
    assert state.is_chance_node()
    assert [(draws.CARDS[outcome], p) for outcome, p in state.chance_outcomes()] == [
        ("Y13", 1 / 3), ("G20", 1 / 3), ("B8", 1 / 3)]
    state.apply_action(draws.CARD_INDEX["G20"])
    after = state.table.state.to_dict()["players"][0]
    assert after["open"] == ["G20"] and sorted(after["stack"]) == ["B8", "Y13"]
    # The order the shuffle gave the stack is nobody's: its next flip is a chance node too.
    assert {"B8", "Y13"} <= state.fresh and "G20" not in state.fresh


def test_a_schwarzer_peter_draw_is_a_chance_node_over_the_fan_each_card_alike():
    # Deal 7, two players: player_0 draws blind from player_1's fan of seven cards.
    game = pyspiel.load_game(elfer.game_name("schwarzer-peter"))
    for pick in ("Y11", "Y20", "O13"):
        state = game.new_initial_state()
        state.apply_action(7)
        fan = ["O13", "O16", "Y11", "Y20", "Y19", "Y14", "Y15"]
        assert state.table.state.to_dict()["players"][1]["hand"] == fan
        state.apply_action(state.legal_actions()[0])  # draw
        assert state.is_chance_node()
        assert [(draws.CARDS[o], p) for o, p in state.chance_outcomes()] == [
            (card, 1 / 7) for card in ("O13", "O16", "Y11", "Y14", "Y15", "Y19", "Y20")]
        state.apply_action(draws.CARD_INDEX[pick])
        assert state.table.game.turn_events[-1] == {"type": "drew", "player": 0, "from": 1, "card": pick}
        # Its twin lies in player_0's hand: the pair of its value is what the turn may do now.
        assert state.legal_actions() == [int(pick[1:])]
