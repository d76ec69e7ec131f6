"""The printed rules' situations (docs/games/zweikampf.md), as named cases: a battle
taken by the higher card, a tie resolved by the next cards, a tie when the stacks run
out, and `until_all` turning the won pile over."""

from __future__ import annotations

from support.box_tables import reveal, zweikampf
from support.judge import after, outcome

from referee import engine


def both(state):
    """Both players turn up, player 0 first; the state and the second turn's events."""
    state = after(state, reveal(), player=0)
    return outcome(state, reveal(), player=1)


def test_the_higher_card_takes_the_battle_onto_its_won_pile_in_battle_order():
    state, events = both(zweikampf(stacks=[["O9"], ["Y5"]]))
    assert events == [{"type": "revealed", "player": 1, "card": "Y5"},
                      {"type": "won", "player": 0, "cards": 2, "from": "battle"}]
    assert state["players"][0]["won"] == ["Y5", "O9"]  # each card on top, in battle order
    assert state["battle"] == [] and state["waiting"] == [0, 1] and state["current"] is None


def test_a_tie_is_fought_on_and_resolved_by_the_next_cards():
    state, events = both(zweikampf(stacks=[["O9", "O2"], ["Y9", "Y3"]]))
    assert events == [{"type": "revealed", "player": 1, "card": "Y9"}]
    assert state["battle"] == [{"player": 0, "card": "O9"}, {"player": 1, "card": "Y9"}]
    assert state["waiting"] == [0, 1]
    state, events = both(state)
    assert events[-1] == {"type": "won", "player": 1, "cards": 4, "from": "battle"}
    assert state["players"][1]["won"] == ["Y3", "O2", "Y9", "O9"]


def test_a_battle_still_tied_when_the_stacks_run_out_leaves_the_game():
    won0 = [f"O{v}" for v in range(1, 20)] + ["Y1"]
    won1 = [f"Y{v}" for v in range(2, 20)]
    state, events = both(zweikampf(stacks=[["O20"], ["Y20"]], won=[won0, won1], fill=False))
    assert events == [
        {"type": "revealed", "player": 1, "card": "Y20"},
        {"type": "out", "cards": 2, "from": "battle"},
        {"type": "game_over", "scores": [{"player": 0, "cards": 20}, {"player": 1, "cards": 18}],
         "winners": [0]},
    ]
    assert state["out"] == 2 and state["waiting"] == [] and state["battle"] == []


def test_the_last_battle_won_ends_the_game_with_the_scores_and_equal_counts_share_the_win():
    won0 = [f"O{v}" for v in range(1, 20)] + ["Y1"]
    won1 = [f"Y{v}" for v in range(2, 19)] + ["Y20"]
    state, events = both(zweikampf(stacks=[["O20"], ["Y19"]], won=[won0, won1], fill=False))
    assert events[1:] == [
        {"type": "won", "player": 0, "cards": 2, "from": "battle"},
        {"type": "game_over", "scores": [{"player": 0, "cards": 22}, {"player": 1, "cards": 18}],
         "winners": [0]},
    ]
    state = zweikampf(stacks=[["O20", "O19"], ["Y20", "Y19"]],
                      won=[[f"O{v}" for v in range(1, 19)], [f"Y{v}" for v in range(1, 19)]], fill=False)
    assert engine.scores(engine.load_state(state))["winners"] == [0, 1]


def test_until_all_turns_the_won_pile_over_when_the_stack_is_empty():
    state = zweikampf(stacks=[[], [f"Y{v}" for v in range(1, 21)]],
                      won=[[f"O{v}" for v in range(1, 19)], ["O19", "O20"]], until_all=True, fill=False)
    result, events = outcome(state, reveal(), player=0)
    # the won pile turned over: its bottom card (O18) comes up first
    assert events == [{"type": "revealed", "player": 0, "card": "O18"}]
    assert result["players"][0]["won"] == []
    assert result["players"][0]["stack"] == [f"O{v}" for v in range(17, 0, -1)]


def test_until_all_ends_when_a_player_who_must_turn_up_holds_nothing_and_the_other_wins():
    state = zweikampf(stacks=[["O2"], ["Y9"] + [f"Y{v}" for v in range(10, 21)] + ["O1"]],
                      won=[[], [f"O{v}" for v in range(3, 21)] + [f"Y{v}" for v in range(1, 9)]],
                      until_all=True, fill=False)
    state = after(state, reveal(), player=0)
    state, events = outcome(state, reveal(), player=1)
    assert events[-2:] == [{"type": "won", "player": 1, "cards": 2, "from": "battle"},
                           {"type": "game_over", "scores": [{"player": 0, "cards": 0}, {"player": 1, "cards": 40}],
                            "winners": [1]}]
    assert engine.scores(engine.load_state(state))["finished"] is True


def test_until_all_a_tie_with_nothing_left_on_one_side_goes_to_the_other():
    state = zweikampf(stacks=[["O9"], ["Y9", "Y1", "Y2"]],
                      won=[[], [f"O{v}" for v in range(1, 9)] + [f"O{v}" for v in range(10, 21)]
                           + [f"Y{v}" for v in range(3, 9)] + [f"Y{v}" for v in range(10, 21)]],
                      until_all=True, fill=False)
    state = after(state, reveal(), player=0)
    state, events = outcome(state, reveal(), player=1)
    assert events[1] == {"type": "won", "player": 1, "cards": 2, "from": "battle"}
    assert state["waiting"] == [] and state["players"][1]["stack"] == ["Y1", "Y2"]
