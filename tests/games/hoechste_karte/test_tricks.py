""""Die höchste Karte gewinnt" (docs/games/hoechste-karte.md): every code beside its legal
counterpart, the printed situations (a tied trick carried to the next winner, a tie in
the last trick), impossible states and views."""

from __future__ import annotations

import pytest

from referee import engine
from support.box_tables import hoechste, play
from support.judge import outcome, refusal, violation

O = [f"O{v}" for v in range(1, 12)]
Y = [f"Y{v}" for v in range(1, 12)]


def test_a_trick_is_played_face_down_and_taken_by_the_one_highest_card():
    state = hoechste()
    after, events = outcome(state, play("O3"), player=0)
    assert events == [] and after["waiting"] == [1]
    assert after["trick"] == [{"player": 0, "card": "O3"}]
    after, events = outcome(after, play("Y7"), player=1)
    assert events == [{"type": "revealed", "player": 0, "card": "O3"},
                      {"type": "revealed", "player": 1, "card": "Y7"},
                      {"type": "won", "player": 1, "cards": 2, "from": "trick"}]
    assert after["players"][1]["won"] == 2 and after["trick"] == [] and after["waiting"] == [0, 1]


def test_a_tied_trick_is_set_aside_and_carried_to_the_next_winner():
    state = hoechste(hands=[O, Y, [f"G{v}" for v in range(1, 12)]])
    for player, card in ((0, "O9"), (1, "Y9")):
        state, _ = outcome(state, play(card), player=player)
    state, events = outcome(state, play("G2"), player=2)
    assert events[-1] == {"type": "set_aside", "cards": 3, "from": "trick"}
    assert state["set_aside"] == 3
    for player, card in ((2, "G5"), (0, "O1")):
        state, _ = outcome(state, play(card), player=player)
    state, events = outcome(state, play("Y2"), player=1)
    assert events[-2:] == [{"type": "won", "player": 2, "cards": 3, "from": "trick"},
                           {"type": "won", "player": 2, "cards": 3, "from": "set_aside"}]
    assert state["players"][2]["won"] == 6 and state["set_aside"] == 0


def test_a_tie_in_the_last_trick_sends_it_and_the_set_aside_cards_out_of_the_game():
    state = hoechste(hands=[["O11"], ["Y11"]], won=[10, 8], set_aside=2)
    state, _ = outcome(state, play("O11"), player=0)
    state, events = outcome(state, play("Y11"), player=1)
    assert events[2:] == [
        {"type": "out", "cards": 2, "from": "trick"},
        {"type": "out", "cards": 2, "from": "set_aside"},
        {"type": "game_over", "scores": [{"player": 0, "cards": 10}, {"player": 1, "cards": 8}], "winners": [0]},
    ]
    assert state["out"] == 4 and state["waiting"] == [] and state["current"] is None
    assert refusal(state, play("O1"), player=0) == ("GAME_OVER", None)


def test_card_not_in_hand_beside_its_legal_counterpart():
    state = hoechste()
    assert refusal(state, play("Y3"), player=0) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(state, play("O12"), player=0) == ("CARD_NOT_IN_HAND", 0)
    assert refusal(state, play(), player=0) == ("CARD_NOT_IN_HAND", 0)  # a known hand names its card
    hidden = hoechste(hide=[0], trick=[(1, "Y4")])
    hidden["trick"] = []
    hidden["waiting"] = [0, 1]
    assert refusal(hidden, play("Y3"), player=0) == ("CARD_NOT_IN_HAND", 0)  # another player's colour
    assert outcome(hidden, play("O3"), player=0)[0]["players"][0]["hand"] == {"count": 10}
    assert outcome(hidden, play(), player=0)[0]["trick"] == [{"player": 0, "card": None}]


def test_the_last_play_of_a_trick_with_a_hidden_card_is_cards_hidden():
    state = hoechste(hands=[O[1:], Y], trick=[(0, None)])
    assert refusal(state, play("Y5"), player=1) == ("CARDS_HIDDEN", None)
    view = hoechste(hands=[O, Y], hide=[1])
    state, _ = outcome(view, play("O4"), player=0)
    assert refusal(state, play(), player=1) == ("CARDS_HIDDEN", None)
    assert outcome(state, play("Y4"), player=1)[1][-1] == {"type": "set_aside", "cards": 2, "from": "trick"}


def test_not_your_turn_and_turn_shape():
    state = hoechste(hands=[O[1:], Y], trick=[(0, "O1")])
    assert refusal(state, play("O2"), player=0) == ("NOT_YOUR_TURN", None)
    assert refusal(state, play("Y2"), play("Y3"), player=1) == ("TURN_SHAPE", 1)
    assert refusal(state, {"type": "reveal"}, player=1) == ("TURN_SHAPE", 0)
    assert refusal(state, player=1) == ("TURN_SHAPE", None)


@pytest.mark.parametrize(("state", "reason"), [
    (hoechste(hands=[O[1:], Y]), "the cards listed and counted add up to 21, but this game has 22 cards"),
    (hoechste(hands=[O[1:] + ["Y1"], Y[1:]], won=[0, 0], out=0), None),
    (hoechste(hands=[O[1:], Y[3:]], won=[2, 2]), "the hands hold 10, 8 cards (with their cards in the trick); they are always of equal size"),
    (hoechste(hands=[O[3:], Y[3:]], won=[3, 3]), "/players/0/won holds 3 cards, not a whole number of tricks of 2"),
    (hoechste(hands=[O[1:], Y[1:]], out=2), "cards are out of the game before its end"),
    (hoechste(hands=[O, Y, O]), None),
    (hoechste(hands=[O[1:], Y[1:]], trick=[(0, "O1"), (1, "Y1")]), "every player has played to the open trick, so it would have been taken"),
    (hoechste(hands=[O, Y], players=2, waiting=[0]), "waiting leaves out Ben, who has still to act"),
])
def test_impossible_states(state, reason):
    found = violation(state, play("O1"), player=0)
    assert found.code == "INVALID_STATE"
    if reason is not None:
        assert found.reason == reason


def test_a_card_of_another_players_colour_cannot_lie_in_a_hand():
    found = violation(hoechste(hands=[O[1:] + ["Y1"], Y[1:] + ["O1"]]), play("O2"), player=0)
    assert found.reason == "the yellow 1 is not of the colour of Ada, so it cannot be in that hand"


def test_views_show_the_own_hand_and_trick_card_only():
    state = engine.load_state(hoechste(hands=[O[1:], Y], trick=[(0, "O1")]))
    ruleset = engine.find_ruleset("hoechste-karte")
    seen = ruleset.view(state, 1).to_dict()
    assert seen["players"][0]["hand"] == {"count": 10} and seen["players"][1]["hand"] == Y
    assert seen["trick"] == [{"player": 0, "card": None}]
    own = ruleset.view(state, 0).to_dict()
    assert own["trick"] == [{"player": 0, "card": "O1"}] and own["players"][1]["hand"] == {"count": 11}
    assert ruleset.view(state, None).to_dict()["trick"] == [{"player": 0, "card": None}]


def test_legal_actions_list_the_known_hand_and_a_hidden_hand_once_without_a_card():
    state = engine.load_state(hoechste(hands=[["O2", "O1"], ["Y1", "Y2"]], won=[10, 8], hide=[1]))
    assert engine.legal_actions(state, (), 0).to_dict()["actions"] == [
        {"type": "play", "card": "O2"}, {"type": "play", "card": "O1"}]
    assert engine.legal_actions(state, (), 1).to_dict()["actions"] == [{"type": "play"}]
