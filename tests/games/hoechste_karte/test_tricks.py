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
    assert after["players"][1]["won"] == ["Y7", "O3"] and after["trick"] == [] and after["waiting"] == [0, 1]


def test_a_tied_trick_is_set_aside_and_carried_to_the_next_winner():
    state = hoechste(hands=[O, Y, [f"G{v}" for v in range(1, 12)]])
    for player, card in ((0, "O9"), (1, "Y9")):
        state, _ = outcome(state, play(card), player=player)
    state, events = outcome(state, play("G2"), player=2)
    assert events[-1] == {"type": "set_aside", "cards": 3, "from": "trick"}
    assert state["set_aside"] == ["G2", "Y9", "O9"]
    for player, card in ((2, "G5"), (0, "O1")):
        state, _ = outcome(state, play(card), player=player)
    state, events = outcome(state, play("Y2"), player=1)
    assert events[-2:] == [{"type": "won", "player": 2, "cards": 3, "from": "trick"},
                           {"type": "won", "player": 2, "cards": 3, "from": "set_aside"}]
    # The trick goes onto the won pile first, the card played last on top; the set-aside cards on top of it.
    assert state["players"][2]["won"] == ["G2", "Y9", "O9", "Y2", "O1", "G5"] and state["set_aside"] == []


def test_a_tie_in_the_last_trick_sends_it_and_the_set_aside_cards_out_of_the_game():
    state = hoechste(hands=[["O11"], ["Y11"]], won=[O[:5] + Y[:5], O[5:9] + Y[5:9]], set_aside=["Y10", "O10"])
    state, _ = outcome(state, play("O11"), player=0)
    state, events = outcome(state, play("Y11"), player=1)
    assert events[2:] == [
        {"type": "out", "cards": 2, "from": "trick"},
        {"type": "out", "cards": 2, "from": "set_aside"},
        {"type": "game_over", "scores": [{"player": 0, "cards": 10}, {"player": 1, "cards": 8}], "winners": [0]},
    ]
    assert state["out"] == ["Y10", "O10", "Y11", "O11"] and state["set_aside"] == []
    assert state["waiting"] == [] and state["current"] is None
    assert refusal(state, play("O1"), player=0) == ("GAME_OVER", None)


def test_a_record_written_with_numbers_is_read_as_counts_and_answered_with_counts():
    state = hoechste(hands=[["O11"], ["Y11"]], won=[10, 8], set_aside=2)
    state, _ = outcome(state, play("O11"), player=0)
    state, events = outcome(state, play("Y11"), player=1)
    assert events[-1] == {"type": "game_over", "scores": [{"player": 0, "cards": 10}, {"player": 1, "cards": 8}],
                          "winners": [0]}
    assert [p["won"] for p in state["players"]] == [{"count": 10}, {"count": 8}]
    assert state["set_aside"] == {"count": 0} and state["out"] == {"count": 4}  # a count stays a count


def test_a_count_pile_that_takes_a_known_trick_stays_a_count_and_a_list_that_takes_a_count_becomes_one():
    state = hoechste(hands=[O[4:], Y[4:]], won=[4, ["Y2", "O2"]], set_aside=["Y1", "O1"])
    state, _ = outcome(state, play("O9"), player=0)
    state, _ = outcome(state, play("Y5"), player=1)
    assert state["players"][0]["won"] == {"count": 8} and state["set_aside"] == []
    assert state["players"][1]["won"] == ["Y2", "O2"]
    state = hoechste(hands=[O[4:], Y[4:]], won=[["O1", "Y1", "O2", "Y2"], ["Y3", "O3"]], set_aside=2)
    state, _ = outcome(state, play("O5"), player=0)
    state, _ = outcome(state, play("Y9"), player=1)
    assert state["players"][1]["won"] == {"count": 6} and state["set_aside"] == {"count": 0}
    assert state["players"][0]["won"] == ["O1", "Y1", "O2", "Y2"]


def test_a_card_already_turned_up_is_card_unavailable_beside_one_not_yet_played():
    """A card lies face up once its trick is settled: naming it again from a hidden hand
    is refused, whichever pile it lies in; a card of a count pile cannot be checked."""
    hidden = hoechste(hands=[O[2:], Y[2:]], won=[[], ["Y1", "O1"]], set_aside=["Y2", "O2"], hide=[0, 1])
    assert refusal(hidden, play("O1"), player=0) == ("CARD_UNAVAILABLE", 0)  # in Ben's won pile
    assert refusal(hidden, play("O2"), player=0) == ("CARD_UNAVAILABLE", 0)  # set aside
    assert refusal(hidden, play("Y1"), player=0) == ("CARD_NOT_IN_HAND", 0)  # not Ada's colour: checked first
    assert outcome(hidden, play("O3"), player=0)[0]["trick"] == [{"player": 0, "card": "O3"}]
    end = hoechste(hands=[["O11"], ["Y11"]], won=[O[:5] + Y[:5], O[5:9] + Y[5:9]], out=[],
                   set_aside=["Y10", "O10"], hide=[0, 1])
    assert refusal(end, play("O10"), player=0) == ("CARD_UNAVAILABLE", 0)
    counted = hoechste(hands=[O[2:], Y[2:]], won=[[], 2], set_aside=["Y2", "O2"], hide=[0, 1])
    assert outcome(counted, play("O1"), player=0)[0]["trick"] == [{"player": 0, "card": "O1"}]
    assert refusal(counted, play("O2"), player=0) == ("CARD_UNAVAILABLE", 0)


def test_a_card_named_in_trick_one_and_again_in_trick_four_is_refused():
    """A family recording hidden hands names Ada's orange 11 twice: the second time the
    card lies in her won pile."""
    state = hoechste(hide=[0, 1])
    for trick in (("O11", "Y3"), ("O1", "Y4"), ("O2", "Y5")):
        for player, card in enumerate(trick):
            state, _ = outcome(state, play(card), player=player)
    assert [p["won"] for p in state["players"]] == [["Y3", "O11"], ["Y5", "O2", "Y4", "O1"]]
    assert refusal(state, play("O11"), player=0) == ("CARD_UNAVAILABLE", 0)
    assert refusal(state, play("O1"), player=0) == ("CARD_UNAVAILABLE", 0)
    assert outcome(state, play("O3"), player=0)[0]["trick"] == [{"player": 0, "card": "O3"}]


@pytest.mark.parametrize(("state", "reason"), [
    (hoechste(hands=[O[1:], Y]), "the cards listed and counted add up to 21, but this game has 22 cards"),
    (hoechste(hands=[O[1:] + ["Y1"], Y[1:]], won=[0, 0], out=0), None),
    (hoechste(hands=[O[1:], Y[3:]], won=[2, 2]), "the hands hold 10, 8 cards (with their cards in the trick); they are always of equal size"),
    (hoechste(hands=[O[3:], Y[3:]], won=[3, 3]), "/players/0/won holds 3 cards, not a whole number of tricks of 2"),
    (hoechste(hands=[O[1:], Y[1:]], out=2), "cards are out of the game before its end"),
    (hoechste(hands=[O, Y, O]), None),
    (hoechste(hands=[O[1:], Y[1:]], trick=[(0, "O1"), (1, "Y1")]), "every player has played to the open trick, so it would have been taken"),
    (hoechste(hands=[O, Y], players=2, waiting=[0]), "waiting leaves out Ben, who has still to act"),
    (hoechste(hands=[O[1:], Y[1:]], won=[["O1", "Y1"], []], set_aside=["Y1", "O1"]),
     "the yellow 1 is listed twice, in /players/0/won and in /set_aside"),
    (hoechste(hands=[O[1:], Y[1:]], won=[["O1", "G1"], []]), "the green 1 in /players/0/won is not a card of this game"),
    (hoechste(hands=[O[1:], Y[1:]], won=[[], ["O12", "Y1"]]), "the orange 12 in /players/1/won is not a card of this game"),
    (hoechste(hands=[O[1:], Y[1:]], won=[["O1"], ["Y1"]]), "/players/0/won holds 1 cards, not a whole number of tricks of 2"),
    (hoechste(hands=[O[1:], Y[1:]], out=["O1", "Y1"]), "cards are out of the game before its end"),
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
