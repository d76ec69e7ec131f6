"""Every Zweikampf code beside its legal counterpart, in the check order of
docs/games/index.md: the state, GAME_OVER, NOT_YOUR_TURN, TURN_SHAPE, then the reveal's draw codes
(DRAW_CARD_REQUIRED, DRAW_MISMATCH, CARD_UNAVAILABLE)."""

from __future__ import annotations

from referee import engine
from support.box_tables import reveal, zweikampf
from support.judge import outcome, refusal


def test_a_reveal_from_a_known_stack_needs_no_card_and_may_name_its_top():
    state = zweikampf(stacks=[["O9"], ["Y5"]])
    assert outcome(state, reveal(), player=1)[1] == [{"type": "revealed", "player": 1, "card": "Y5"}]
    assert outcome(state, reveal("Y5"), player=1)[1] == [{"type": "revealed", "player": 1, "card": "Y5"}]


def test_a_wrong_card_named_against_a_known_stack_is_draw_mismatch():
    state = zweikampf(stacks=[["O9"], ["Y5"]])
    assert refusal(state, reveal("Y6"), player=1) == ("DRAW_MISMATCH", 0)
    # even a card listed elsewhere: a known pile is checked only against its top
    assert refusal(state, reveal("O9"), player=1) == ("DRAW_MISMATCH", 0)


def test_a_hidden_stack_must_name_the_card_turned_up():
    state = zweikampf(stacks=[["O9"], ["Y5"]], hide=[1])
    assert refusal(state, reveal(), player=1) == ("DRAW_CARD_REQUIRED", 0)
    after, events = outcome(state, reveal("Y5"), player=1)
    assert events == [{"type": "revealed", "player": 1, "card": "Y5"}]
    assert after["players"][1]["stack"] == {"count": 19}
    assert after["battle"] == [{"player": 1, "card": "Y5"}]


def test_a_card_listed_elsewhere_or_not_of_the_game_is_card_unavailable():
    state = zweikampf(stacks=[["O9"], ["Y5"]], hide=[1])
    assert refusal(state, reveal("O9"), player=1) == ("CARD_UNAVAILABLE", 0)  # in the other stack
    assert refusal(state, reveal("G9"), player=1) == ("CARD_UNAVAILABLE", 0)  # green is not played
    assert refusal(state, reveal("R9"), player=1) == ("CARD_UNAVAILABLE", 0)  # the other edition


def test_a_player_the_step_does_not_wait_for_is_not_your_turn():
    state = zweikampf(stacks=[["O9"], ["Y5"]], battle=[(1, "Y20")])
    assert state["waiting"] == [0]
    assert refusal(state, reveal(), player=1) == ("NOT_YOUR_TURN", None)
    assert refusal(state, reveal(), player=2) == ("NOT_YOUR_TURN", None)
    assert outcome(state, reveal(), player=0)[1][0] == {"type": "revealed", "player": 0, "card": "O9"}


def test_a_turn_of_another_shape_is_turn_shape():
    state = zweikampf(stacks=[["O9"], ["Y5"]])
    assert refusal(state, player=0) == ("TURN_SHAPE", None)
    assert refusal(state, reveal(), reveal(), player=0) == ("TURN_SHAPE", 1)
    assert refusal(state, {"type": "place", "card": "O9"}, player=0) == ("TURN_SHAPE", 0)
    assert refusal(state, {"type": "play", "card": "O9"}, player=0) == ("TURN_SHAPE", 0)


def test_turn_shape_comes_before_the_cards_and_not_your_turn_before_the_shape():
    state = zweikampf(stacks=[["O9"], ["Y5"]], battle=[(1, "Y20")])
    assert refusal(state, reveal("Y1"), reveal(), player=0) == ("TURN_SHAPE", 1)
    assert refusal(state, reveal(), reveal(), player=1) == ("NOT_YOUR_TURN", None)


def test_a_finished_game_refuses_every_turn_with_game_over():
    state = zweikampf(stacks=[[], []], won=[[f"O{v}" for v in range(1, 21)] + [f"Y{v}" for v in range(1, 11)],
                                            [f"Y{v}" for v in range(11, 21)]], fill=False)
    assert state["waiting"] == []
    assert refusal(state, reveal(), player=0) == ("GAME_OVER", None)
    assert refusal(state, player=5) == ("GAME_OVER", None)


def test_a_view_shows_no_stack_but_the_won_piles_and_the_battle_and_is_itself_a_state():
    state = zweikampf(stacks=[["O9"], ["Y5"]], won=[["O1", "Y1"], []], battle=[(1, "Y20")])
    view = engine.view(engine.load_state(state), 0).to_dict()
    assert [p["stack"] for p in view["players"]] == [{"count": 19}, {"count": 18}]
    assert view["players"][0]["won"] == ["O1", "Y1"] and view["battle"] == [{"player": 1, "card": "Y20"}]
    assert engine.view(engine.load_state(state), None).to_dict() == view
    assert refusal(view, reveal(), player=0) == ("DRAW_CARD_REQUIRED", 0)
    assert outcome(view, reveal("O9"), player=0)[1][-1] == {"type": "won", "player": 1, "cards": 2, "from": "battle"}
