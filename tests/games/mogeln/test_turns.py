"""Mogeln (docs/games/mogeln.md): the printed situations (an honest and a false
challenge, a double play caught, a completed count set aside, going out and being
challenged, the original's count past the top value dealt) and every code beside its
legal counterpart."""

from __future__ import annotations

import pytest

from referee.core.errors import MalformedInput, Violation
from support.box_tables import challenge, lay, mogeln
from referee.engine import find_ruleset
from support.box_judge import judge, listed, outcome, refused

MOGELN = find_ruleset("mogeln")

# Three players play 1 to 9: Ada, Ben and Cleo.
ADA, BEN, CLEO = ["O1", "O2", "Y5"], ["Y1", "G2", "B3"], ["B1", "G3", "O4"]


def test_a_play_claims_the_next_value_and_the_turn_moves_on():
    after, events = outcome(mogeln([ADA, BEN, CLEO]), 0, lay("O1"))
    assert events == []
    assert after["stack"] == [{"player": 0, "cards": ["O1"], "claim": 1}]
    assert after["players"][0]["hand"] == ["O2", "Y5"] and after["current"] == 1
    after, _ = outcome(after, 1, lay("B3"))
    assert [p["claim"] for p in after["stack"]] == [2, 1] and after["current"] == 2


def test_an_honest_play_challenged_gives_the_challenger_the_whole_stack():
    state = mogeln([ADA[1:], BEN[1:], CLEO], stack=[(1, ["Y1"], 2), (0, ["O1"], 1)], current=2)
    state["stack"][0]["cards"] = ["G2"]  # Ben really laid a 2
    state["players"][1]["hand"] = ["Y1", "B3"]
    after, events = outcome(state, 2, challenge())
    assert events == [
        {"type": "revealed", "player": 1, "card": "G2"},
        {"type": "challenged", "challenger": 2, "player": 1, "honest": True, "cards": ["G2"], "taker": 2},
    ]
    assert after["players"][2]["hand"] == ["B1", "G3", "O4", "G2", "O1"]
    assert after["stack"] == [] and after["current"] == 2  # the challenger stays to move


def test_a_false_play_challenged_goes_back_to_its_maker():
    state = mogeln([ADA[1:], ["G2", "B3"], CLEO], stack=[(1, ["Y1"], 2), (0, ["O1"], 1)])
    after, events = outcome(state, 2, challenge(), lay("B1"))
    assert events[-1] == {"type": "challenged", "challenger": 2, "player": 1, "honest": False,
                          "cards": ["Y1"], "taker": 1}
    assert after["players"][1]["hand"] == ["G2", "B3", "Y1", "O1"]
    assert after["stack"] == [{"player": 2, "cards": ["B1"], "claim": 1}] and after["current"] == 0


def test_a_secret_double_play_passes_unless_it_is_challenged():
    state = mogeln([ADA, BEN, CLEO])
    after, _ = outcome(state, 0, lay("O1", "O2"))
    assert after["stack"] == [{"player": 0, "cards": ["O1", "O2"], "claim": 1}]
    passed, _ = outcome(after, 1, lay("G2"))
    assert passed["stack"][0]["claim"] == 2
    caught, events = outcome(after, 1, challenge("O2", "O1"))  # named in any order
    assert [e for e in events if e["type"] == "revealed"] == [
        {"type": "revealed", "player": 0, "card": "O1"}, {"type": "revealed", "player": 0, "card": "O2"}]
    assert events[-1]["honest"] is False and events[-1]["taker"] == 0
    assert caught["players"][0]["hand"] == ["Y5", "O1", "O2"]  # the play's listed order


def test_a_completed_count_is_set_aside_with_the_next_play():
    stack = [((8 - k) % 3, [f"Y{9 - k}"], 9 - k) for k in range(9)]  # 1 to 9, honest, Ada first
    state = mogeln([["O1", "O2"], ["G2"], ["B3"]], stack=stack, edition="2018")
    assert state["current"] == 0
    after, events = outcome(state, 0, lay("O1"))
    assert events == [{"type": "out", "cards": 9, "from": "stack"}]
    assert after["stack"] == [{"player": 0, "cards": ["O1"], "claim": 1}]
    assert after["out"] == state["out"] + 9


def test_the_completed_stack_can_still_be_challenged_before_the_next_play():
    stack = [((8 - k) % 3, [f"Y{9 - k}"], 9 - k) for k in range(9)]
    after, events = outcome(mogeln([["O1", "O2"], ["G2"], ["B3"]], stack=stack), 0, challenge())
    assert events[-1]["honest"] is True and len(after["players"][0]["hand"]) == 11


def test_the_original_edition_counts_past_the_top_value_dealt_to_20():
    stack = [((8 - k) % 3, [f"Y{9 - k}"], 9 - k) for k in range(9)]
    state = mogeln([["R1", "R2"], ["G2"], ["B3"]], stack=stack, edition="original")
    after, events = outcome(state, 0, lay("R1"))
    assert events == [] and after["stack"][0] == {"player": 0, "cards": ["R1"], "claim": 10}
    caught, events = outcome(after, 1, challenge())  # there is no 10 among 1 to 9: a lie
    assert events[-1]["honest"] is False and caught["players"][0]["hand"][-1] == "Y1"


def test_in_2018_the_count_stops_at_the_top_value_dealt():
    laid = [f"Y{v}" for v in range(1, 10)] + ["G1"]
    stack = [(k % 3, [laid[k]], k + 1) for k in reversed(range(10))]  # claims 1 to 10, Ada first
    with pytest.raises(Violation, match="claims 10, beyond the count's last value 9"):
        judge(mogeln([["O1"], ["O2"], ["O3"]], stack=stack), 1, lay("O2"))
    after, _ = outcome(mogeln([["R1"], ["R2"], ["R3"]], stack=stack, edition="original"), 1, lay("R2"))
    assert after["stack"][0] == {"player": 1, "cards": ["R2"], "claim": 11}


def test_going_out_is_challenged_or_accepted_before_anyone_plays():
    state = mogeln([[], BEN, CLEO], stack=[(0, ["O1"], 1)])
    assert refused(state, 1, lay("Y1")) == ("RESOLVE_FIRST", 0)
    assert listed(state, 1)["actions"] == [challenge(), {"type": "accept"}]
    after, events = outcome(state, 1, {"type": "accept"})
    assert after["winner"] == 0 and after["current"] is None
    assert events == [{"type": "game_over", "scores": [{"player": 0, "cards": 0}, {"player": 1, "cards": 3},
                                                       {"player": 2, "cards": 3}], "winners": [0]}]


def test_going_out_challenged_and_found_honest_ends_the_game_at_once():
    state = mogeln([[], BEN, CLEO], stack=[(0, ["O1"], 1)])
    after, events = outcome(state, 1, challenge())
    assert after["winner"] == 0 and after["players"][1]["hand"] == BEN + ["O1"]
    assert [e["type"] for e in events] == ["revealed", "challenged", "game_over"]
    assert refused(state, 1, challenge(), lay("Y1")) == ("ACTION_AFTER_GAME_END", 1)


def test_going_out_challenged_and_found_false_lets_the_challenger_play_on():
    state = mogeln([[], BEN, CLEO], stack=[(0, ["O2"], 1)])
    after, events = outcome(state, 1, challenge(), lay("Y1"))
    assert events[-1]["honest"] is False and events[-1]["taker"] == 0
    assert after["winner"] is None and after["players"][0]["hand"] == ["O2"]
    assert after["stack"] == [{"player": 1, "cards": ["Y1"], "claim": 1}] and after["current"] == 2


# -- who may challenge -------------------------------------------------------------------------------


def test_in_2018_anyone_but_the_maker_challenges_out_of_turn():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O9"], 1)])  # Ben is to move
    after, events = outcome(state, 2, challenge())
    assert events[-1]["challenger"] == 2 and after["current"] == 1
    assert listed(state, 2) == {"player": 2, "actions": [challenge()], "complete": False}
    assert refused(state, 2, lay("B1")) == ("NOT_YOUR_TURN", None)
    assert refused(state, 2, challenge(), lay("B1")) == ("TURN_SHAPE", 1)
    assert refused(state, 0, challenge()) == ("NOTHING_TO_CHALLENGE", 0)


def test_in_the_original_only_the_player_to_move_challenges():
    state = mogeln([["R2", "Y5"], BEN, ["B1", "G3", "R4"]], stack=[(0, ["R1"], 1)], edition="original")
    assert refused(state, 2, challenge()) == ("NOT_YOUR_TURN", None)
    assert listed(state, 2) == {"player": 2, "actions": [], "complete": False}
    assert outcome(state, 1, challenge())[1][-1]["challenger"] == 1


# -- codes beside their legal counterparts ------------------------------------------------------------


def test_game_over():
    state = mogeln([[], BEN, CLEO], stack=[(0, ["O1"], 1)])
    over, _ = outcome(state, 1, {"type": "accept"})
    assert refused(over, 1, lay("Y1")) == ("GAME_OVER", None)
    assert listed(over, 1) == {"player": 1, "actions": [], "complete": False}


def test_not_your_turn():
    state = mogeln([ADA, BEN, CLEO])
    assert refused(state, 1, lay("Y1")) == ("NOT_YOUR_TURN", None)
    assert refused(state, 7, lay("Y1")) == ("NOT_YOUR_TURN", None)
    assert outcome(state, 0, lay("O1"))[0]["current"] == 1


def test_turn_shape():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1"], 1)])
    assert refused(state, 1) == ("TURN_SHAPE", None)
    assert refused(state, 1, lay("Y1"), challenge()) == ("TURN_SHAPE", 1)
    assert refused(state, 1, {"type": "reveal"}) == ("TURN_SHAPE", 0)
    assert refused(state, 1, challenge(), challenge()) == ("TURN_SHAPE", 1)
    assert outcome(state, 1, challenge(), lay("Y1"))[0]["current"] == 2


def test_card_not_in_hand():
    state = mogeln([ADA, BEN, CLEO])
    assert refused(state, 0, lay("B1")) == ("CARD_NOT_IN_HAND", 0)
    assert refused(state, 0, lay("O1", "O1")) == ("CARD_NOT_IN_HAND", 0)
    assert refused(state, 0, lay(count=1)) == ("CARD_NOT_IN_HAND", 0)  # a known hand names its cards
    hidden = mogeln([ADA, BEN, CLEO], hide=[0])
    assert refused(hidden, 0, lay(count=4)) == ("CARD_NOT_IN_HAND", 0)
    assert refused(hidden, 0, lay("B1")) == ("CARD_NOT_IN_HAND", 0)  # listed in Cleo's hand
    assert refused(hidden, 0, lay("O10")) == ("CARD_NOT_IN_HAND", 0)  # not of this game
    assert outcome(hidden, 0, lay(count=3))[0]["stack"] == [{"player": 0, "cards": {"count": 3}, "claim": 1}]
    assert outcome(hidden, 0, lay("O1"))[0]["players"][0]["hand"] == {"count": 2}


def test_nothing_to_challenge():
    assert refused(mogeln([ADA, BEN, CLEO]), 0, challenge()) == ("NOTHING_TO_CHALLENGE", 0)
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1"], 1)])
    assert refused(state, 0, challenge()) == ("NOTHING_TO_CHALLENGE", 0)
    assert outcome(state, 1, challenge())[1][-1]["honest"] is True


def test_reveal_required_and_listed_without_cards():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, 1, 1)])
    assert refused(state, 1, challenge()) == ("REVEAL_REQUIRED", 0)
    assert listed(state, 1)["actions"][0] == challenge()
    assert outcome(state, 1, challenge("O9"))[1][-1]["cards"] == ["O9"]


def test_reveal_mismatch():
    hidden = mogeln([ADA[1:], BEN, CLEO], stack=[(0, 2, 1)])
    assert refused(hidden, 1, challenge("O9")) == ("REVEAL_MISMATCH", 0)  # the play was two cards
    assert refused(hidden, 1, challenge("O9", "O8", "O7")) == ("REVEAL_MISMATCH", 0)
    assert outcome(hidden, 1, challenge("O9", "O8"))[1][-1]["honest"] is False
    known = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1", "O9"], 1)])
    assert refused(known, 1, challenge("O1", "O8")) == ("REVEAL_MISMATCH", 0)
    assert refused(known, 1, challenge("O1")) == ("REVEAL_MISMATCH", 0)
    assert outcome(known, 1, challenge("O9", "O1"))[1][-1]["cards"] == ["O1", "O9"]


def test_card_unavailable():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, 2, 1)])
    assert refused(state, 1, challenge("O9", "Y1")) == ("CARD_UNAVAILABLE", 0)  # in Ben's hand
    assert refused(state, 1, challenge("O9", "O9")) == ("CARD_UNAVAILABLE", 0)  # named twice
    assert refused(state, 1, challenge("O9", "O12")) == ("CARD_UNAVAILABLE", 0)  # not of 1 to 9
    assert outcome(state, 1, challenge("O9", "O8"))[0]["players"][0]["hand"] == ["O2", "Y5", "O9", "O8"]


def test_accept_not_allowed():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1"], 1)])
    assert refused(state, 1, {"type": "accept"}) == ("ACCEPT_NOT_ALLOWED", 0)
    assert outcome(mogeln([[], BEN, CLEO], stack=[(0, ["O1"], 1)]), 1, {"type": "accept"})[0]["winner"] == 0


def test_a_hidden_stack_taken_makes_a_known_hand_a_count():
    state = mogeln([ADA[1:], ["G2"], CLEO], stack=[(1, ["Y1"], 2), (0, 1, 1)])
    after, _ = outcome(state, 2, challenge())
    assert after["players"][1]["hand"] == {"count": 3}


# -- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    {"type": "play", "cards": []},
    {"type": "play", "count": 0},
    {"type": "play"},
    {"type": "play", "cards": ["O1"], "count": 1},
    {"type": "play", "cards": ["X1"]},
    {"type": "challenge", "cards": []},
    {"type": "accept", "cards": ["O1"]},
])
def test_a_malformed_action_is_refused_as_malformed(action):
    with pytest.raises(MalformedInput):
        MOGELN.load_turn({"player": 0, "actions": [action]})


# -- impossible states ------------------------------------------------------------------------------


@pytest.mark.parametrize("change, reason", [
    (lambda s: s["players"].pop(), "this game has 3 to 6 players"),
    (lambda s: s["players"][1]["hand"].append("O1"), "the orange 1 is listed twice"),
    (lambda s: s.update(out=s["out"] + 1), "add up to 37"),
    (lambda s: s["players"][0]["hand"].append("O10"), "the orange 10 in /players/0/hand is not a card of this game"),
    (lambda s: s["stack"][0].update(claim=3), "/stack/0 claims 3, but the claims run 1, 2"),
    (lambda s: s["stack"][0].update(player=0), "not by consecutive players"),
    (lambda s: s["stack"][1].update(cards=[]), "/stack/1 is a play of no card"),
    (lambda s: s.update(current=0), "cannot act now"),
    (lambda s: s.update(current=None), "current is null"),
    (lambda s: s.update(winner=1, current=None), "is the winner but holds cards"),
    (lambda s: s.update(waiting=[2]), "waiting is not empty"),
])
def test_impossible_states(change, reason):
    state = mogeln([["O3", "Y5"], ["Y1", "G2"], CLEO], stack=[(1, ["B2"], 2), (0, ["O1"], 1)])
    outcome(state, 2, lay("B1"))  # the state as built is sound
    change(state)
    with pytest.raises(Violation, match=reason) as refusal:
        judge(state, 2, lay("B1"))
    assert refusal.value.code == "INVALID_STATE"


def test_empty_hands_are_only_the_top_plays_maker_or_the_winner():
    assert refused(mogeln([[], [], CLEO + ADA + BEN], stack=[(1, ["B2"], 2), (0, ["O1"], 1)]), 2,
                   challenge()) == ("INVALID_STATE", None)
    assert refused(mogeln([[], BEN, CLEO], stack=[(1, ["B2"], 1)]), 2, challenge()) == ("INVALID_STATE", None)


# -- legal actions, deal, views, scores ------------------------------------------------------------


def test_legal_actions_list_one_card_plays_and_the_challenge():
    state = mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1"], 1)])
    assert listed(state) == {"player": 1, "actions": [challenge(), lay("Y1"), lay("G2"), lay("B3")],
                             "complete": False}
    after = listed(state, 1, challenge())
    assert after["actions"] == [lay("Y1"), lay("G2"), lay("B3"), lay("O1")] and after["complete"] is True
    hidden = mogeln([ADA, BEN, CLEO], hide=[0])
    assert listed(hidden)["actions"] == [lay(count=1)]
    assert listed(hidden, 0, lay(count=2)) == {"player": 0, "actions": [], "complete": True}


def test_a_seeded_deal_deals_every_card_of_the_game_evenly_from_first():
    for players, each in [(3, 12), (4, 10), (5, 12), (6, 10)]:
        names = ["A", "B", "C", "D", "E", "F"][:players]
        state = MOGELN.deal(names, 5, 1, False, {"edition": "original"})[0]
        assert [len(p.hand) for p in state.players] == [each] * players and state.current == 1
        assert MOGELN.deal(names, 5, 1, False, {"edition": "original"})[0] == state
        assert sorted(c for p in state.players for c in p.hand) == sorted(
            f"{c}{v}" for c in "RYGB" for v in range(1, {3: 9, 4: 10, 5: 15, 6: 15}[players] + 1))
    hidden = MOGELN.deal(["A", "B", "C"], 5, 0, True, {})[0]
    assert hidden.to_dict()["players"][0]["hand"] == {"count": 12}


def test_a_view_shows_the_own_hand_and_plays_and_hides_the_others():
    state = MOGELN.load_state(mogeln([ADA[1:], ["G2"], CLEO], stack=[(1, ["Y1", "B3"], 2), (0, ["O1"], 1)]))
    view = MOGELN.view(state, 0).to_dict()
    assert view["players"][0]["hand"] == ["O2", "Y5"] and view["players"][1]["hand"] == {"count": 1}
    assert view["stack"] == [{"player": 1, "cards": {"count": 2}, "claim": 2},
                             {"player": 0, "cards": ["O1"], "claim": 1}]
    assert MOGELN.view(state, None).to_dict()["stack"][1]["cards"] == {"count": 1}
    MOGELN.check_state(MOGELN.load_state(view))


def test_scores_count_the_cards_left_and_name_the_winner_only_at_the_end():
    state = MOGELN.load_state(mogeln([ADA[1:], BEN, CLEO], stack=[(0, ["O1"], 1)]))
    assert MOGELN.score(state) == {"finished": False, "winners": None, "scores": [
        {"player": 0, "cards": 2}, {"player": 1, "cards": 3}, {"player": 2, "cards": 3}]}
