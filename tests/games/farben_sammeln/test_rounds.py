"""Farben sammeln's printed situations and its ends (docs/games/farben-sammeln.md): a lone display
card taken and its place refilled, a close, the best colour's sum, the loser, the legal
actions, the seeded deal and each player's view."""

from __future__ import annotations

from support.farben_tables import close, discard, farben, pile_used_up, take
from support.judge import outcome

from referee import engine

ORANGE = [f"O{v}" for v in range(1, 10)]


def scores(state):
    return engine.scores(engine.load_state(state))


def legal(state, *prefix, player=None):
    loaded = engine.load_state(state)
    return engine.legal_actions(loaded, engine.load_actions(list(prefix), ruleset="farben-sammeln"), player).to_dict()


def test_a_lone_display_card_taken_and_its_place_refilled():
    state = farben(hands=[ORANGE, []], display=[["G1"], ["G2"], ["B7"], ["G4"]])
    after, events = outcome(state, take(2), discard("O4", 2))
    assert events == [{"type": "drew", "player": 0, "from": 2, "card": "B7"}]
    assert after["display"] == [["G1"], ["G2"], ["O4"], ["G4"]]  # four stacks, the emptied place refilled
    assert after["players"][0]["hand"] == ["O1", "O2", "O3", "O5", "O6", "O7", "O8", "O9", "B7"]
    # after the take, the discard may only go onto the emptied place
    listed = legal(state, take(2))
    assert {a["to"] for a in listed["actions"]} == {2}
    assert {a["card"] for a in listed["actions"]} == set(ORANGE + ["B7"])


def test_the_close_ends_the_round_with_the_best_colours_the_winners_and_the_loser():
    hands = [ORANGE[:8] + ["Y20"], ["Y1", "Y2", "Y3", "G10", "G11", "B1", "B2", "B3", "O20"], []]
    state = farben(hands=hands, pile=["O10"])
    after, events = outcome(state, take("pile"), discard("Y20", 1), close())
    expected = {
        "finished": True,
        "scores": [{"player": 0, "score": 46, "color": "O"},  # 1+...+8 + 10
                   {"player": 1, "score": 21, "color": "G"},  # G10+G11 beats O20 and Y 6
                   {"player": 2, "score": scores(after)["scores"][2]["score"], "color": "O"}],
        "winners": scores(after)["winners"],
        "loser": 1,
    }
    assert scores(after) == expected
    assert events[-1] == {"type": "game_over", "scores": expected["scores"], "winners": expected["winners"],
                          "loser": 1}


def test_equal_colour_sums_take_the_edition_order_and_equal_scores_share_the_win():
    hands = [["O10", "Y10", "O1", "Y1", "G2", "B2", "G3", "B3", "G5"], ["Y11", "G10", "B9", "O4", "O5", "G1", "B1", "B4", "Y4"]]
    state = farben(hands=hands)
    outcome_now = scores(state)
    assert outcome_now["scores"][0] == {"player": 0, "score": 11, "color": "O"}  # O 11, Y 11: orange first
    assert outcome_now["scores"][1] == {"player": 1, "score": 15, "color": "Y"}
    assert outcome_now["finished"] is False and outcome_now["winners"] == [1] and outcome_now["loser"] == 0
    state = farben(hands=[["O20", "O16"] + [f"B{v}" for v in range(1, 8)], ["Y20", "Y16"] + [f"G{v}" for v in range(1, 8)]])
    assert scores(state)["winners"] == [0, 1] and scores(state)["loser"] == 0  # of equals, the lowest seat


def test_a_hidden_hand_leaves_its_score_the_winners_and_the_loser_open():
    state = farben(hands=[ORANGE, []], hide=[1])
    answer = scores(state)
    assert answer["scores"][1] == {"player": 1, "score": None, "color": None}
    assert answer["scores"][0] == {"player": 0, "score": 45, "color": "O"}
    assert answer["winners"] is None and answer["loser"] is None


def test_legal_actions_list_every_take_then_the_discards_then_the_close():
    state = farben(hands=[ORANGE, []], pile=["O10"])
    assert legal(state) == {"player": 0, "complete": False, "actions": [
        {"type": "take", "from": "pile"}, {"type": "take", "from": 0}, {"type": "take", "from": 1},
        {"type": "take", "from": 2}, {"type": "take", "from": 3}]}
    after_take = legal(state, take("pile"))
    assert len(after_take["actions"]) == 10 * 4 and after_take["complete"] is False
    assert legal(state, take("pile"), discard("O1", 0)) == {"player": 0, "complete": True,
                                                           "actions": [{"type": "close"}]}
    assert legal(state, take("pile"), discard("O1", 0), close()) == {"player": 0, "complete": True, "actions": []}
    assert legal(state, player=1) == {"player": 1, "complete": False, "actions": []}
    mixed = farben(hands=[ORANGE[:8] + ["Y1"], []], pile=["O10"])
    assert legal(mixed, take("pile"), discard("O1", 0))["actions"] == []  # Y1 still held: no close


def test_an_empty_pile_is_not_listed():
    state = pile_used_up(farben(hands=[ORANGE, []]), as_count=True)
    assert [a["from"] for a in legal(state)["actions"]] == [0, 1, 2, 3]


def test_the_seeded_deal_turns_up_the_pile_top_four_and_the_first_player_begins():
    game = engine.new_game(["Ada", "Ben", "Cleo", "Dan"], seed=11, first=2, ruleset="farben-sammeln").state.to_dict()
    assert game == engine.new_game(["Ada", "Ben", "Cleo", "Dan"], seed=11, first=2,
                                   ruleset="farben-sammeln").state.to_dict()
    assert [len(p["hand"]) for p in game["players"]] == [8, 8, 8, 8]
    assert [len(s) for s in game["display"]] == [1, 1, 1, 1] and len(game["pile"]) == 80 - 32 - 4
    assert game["current"] == 2 and game["waiting"] == [] and game["closed"] is None
    assert game["options"] == {"edition": "2018"}
    hidden = engine.new_game(["Ada", "Ben"], seed=11, hidden=True, ruleset="farben-sammeln",
                             options={"edition": "original"}).state.to_dict()
    assert hidden["players"][0]["hand"] == {"count": 9} and hidden["pile"] == {"count": 58}
    assert all(s[0][0] in "RYGB" for s in hidden["display"])


def test_a_view_shows_the_own_hand_and_the_display_and_counts_the_rest():
    state = farben(hands=[ORANGE, []], pile=["O10"])
    loaded = engine.load_state(state)
    ruleset = engine.find_ruleset("farben-sammeln")
    view = ruleset.view(loaded, 0).to_dict()
    assert view["players"][0]["hand"] == ORANGE and view["players"][1]["hand"] == {"count": 9}
    assert view["pile"] == {"count": len(state["pile"])} and view["display"] == state["display"]
    spectator = ruleset.view(loaded, None).to_dict()
    assert spectator["players"][0]["hand"] == {"count": 9}
    # a view is itself a state every endpoint takes
    after, _ = outcome(view, take("pile", "O10"), discard("O1", 0))
    assert after["players"][0]["hand"][-1] == "O10"
    drawn = [{"type": "drew", "player": 0, "from": "pile", "card": "O10"},
             {"type": "drew", "player": 1, "from": 2, "card": "G3"}]
    assert ruleset.view_events(drawn, 1) == [{"type": "drew", "player": 0, "from": "pile", "card": None}, drawn[1]]
    assert ruleset.view_events(drawn, 0) == drawn
