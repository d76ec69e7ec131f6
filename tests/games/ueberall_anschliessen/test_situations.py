"""Überall anschließen's printed situations and its end (docs/games/ueberall-anschliessen.md):
a Stopp! with the givers' bottom cards, a turned-over open pile, finishing places, the legal
actions around an overlooked fit, the seeded deal, scores and views."""

from __future__ import annotations

from support.judge import outcome
from support.ueberall_tables import place, reveal, run, stopp, ueberall

from referee import engine


def legal(state, *prefix, player=None):
    loaded = engine.load_state(state)
    return engine.legal_actions(loaded, engine.load_actions(list(prefix), ruleset="ueberall-anschliessen"),
                                player).to_dict()


def test_a_stopp_takes_the_bottom_card_of_each_other_stack_clockwise_onto_the_overlookers_stack():
    state = ueberall(stacks=[["Y12", "G2"], ["G7"], ["B18"]], middle=run("O11", 11), current=0)
    bottoms = [p["stack"][-1] for p in state["players"]]
    after, events = outcome(state, reveal(), place("own"), stopp())  # Y12 fitted the middle's O11
    assert events == [{"type": "revealed", "player": 0, "card": "Y12"}, {"type": "penalty", "player": 0, "cards": 2}]
    ada, ben, cleo = after["players"]
    assert ada["open"] == ["Y12"]
    # Ben gives first (left of Ada), then Cleo: Cleo's card ends on top
    assert ada["stack"][:3] == [bottoms[2], bottoms[1], "G2"]
    assert ben["stack"] == state["players"][1]["stack"][:-1] and cleo["stack"] == state["players"][2]["stack"][:-1]
    assert after["current"] == 1


def test_a_giver_whose_stack_runs_out_turns_the_open_pile_over_or_has_finished():
    state = ueberall(stacks=[["Y12", "G2"], ["G7"], ["B18"]], opens=[[], ["G5", "G3"], []],
                     middle=run("O11", 11), fill_to=[0])
    after, events = outcome(state, reveal(), place("own"), stopp())
    assert events[1:] == [{"type": "penalty", "player": 0, "cards": 2}, {"type": "finished", "player": 2, "place": 1}]
    assert after["players"][1] == {"name": "Ben", "stack": ["G3", "G5"], "open": []}  # turned over: bottom on top
    assert after["players"][2] == {"name": "Cleo", "stack": [], "open": []}
    assert after["players"][0]["stack"][:2] == ["B18", "G7"]
    assert after["finished"] == [2] and after["current"] == 1


def test_a_stopp_with_nobody_to_give_is_a_penalty_of_no_cards():
    state = ueberall(stacks=[["Y12", "G2"], []], middle=run("O11", 11), fill_to=[0], finished=[1])
    after, events = outcome(state, reveal(), place("own"), stopp())
    assert events[1] == {"type": "penalty", "player": 0, "cards": 0}
    assert after["current"] == 0  # only Ada holds cards: she moves again


def test_hidden_givers_make_the_overlookers_stack_a_count():
    state = ueberall(stacks=[["Y12", "G2"], ["G7"]], middle=run("O11", 11), hide=[1])
    after, _ = outcome(state, reveal(), place("own"), stopp())
    assert after["players"][0]["stack"] == {"count": len(state["players"][0]["stack"])}
    assert after["players"][1]["stack"] == {"count": state["players"][1]["stack"]["count"] - 1}


def test_the_own_open_pile_is_turned_over_as_soon_as_the_stack_is_used_up():
    state = ueberall(stacks=[["O12"], ["G7"]], opens=[["B3", "Y9"], []], middle=run("O11", 11), fill_to=[1])
    after, events = outcome(state, reveal(), place("middle"), reveal(), place("own"))
    # O12 fitted; the empty stack took the open pile turned over (its bottom card Y9 on top),
    # and Y9, which fits nowhere, went on the own pile
    assert events == [{"type": "revealed", "player": 0, "card": "O12"}, {"type": "revealed", "player": 0, "card": "Y9"}]
    assert after["players"][0] == {"name": "Ada", "stack": ["B3"], "open": ["Y9"]}


def test_finishing_places_and_the_first_to_finish_wins():
    state = ueberall(stacks=[["O12"], ["G7"], []], middle=run("O11", 11), fill_to=[1], finished=[2])
    after, events = outcome(state, reveal(), place("middle"))
    assert events[-1] == {"type": "finished", "player": 0, "place": 2}
    answer = engine.scores(engine.load_state(after))
    assert answer == {"finished": False, "winners": [2], "scores": [
        {"player": 0, "place": 2}, {"player": 1, "place": None}, {"player": 2, "place": 1}]}
    start = engine.scores(engine.load_state(ueberall(stacks=[["O12"], ["G7"]])))
    assert start["winners"] is None and start["scores"][0] == {"player": 0, "place": None}


def test_the_last_card_into_the_middle_ends_the_game():
    # 79 cards in a run, the orange 19 on top, each colour's twenty in turn: only B20 is left
    middle = [f"{'OYGB'[k // 20]}{(18 - k) % 20 + 1}" for k in range(79)]
    state = ueberall(stacks=[["B20"], []], middle=middle, finished=[1], fill=False)
    after, events = outcome(state, reveal(), place("middle"))
    assert events[1:] == [{"type": "finished", "player": 0, "place": 2},
                          {"type": "game_over", "scores": [{"player": 0, "place": 2}, {"player": 1, "place": 1}],
                           "winners": [1]}]
    assert after["current"] is None and len(after["middle"]) == 80


def test_legal_actions_list_an_overlooked_fit_and_then_only_stopp():
    state = ueberall(stacks=[["O5", "Y9"], ["G11"]], opens=[[], ["G4"]], middle=run("B7", 7))
    assert legal(state) == {"player": 0, "actions": [{"type": "reveal"}], "complete": False}
    # O5 fits only Ben's G4: the middle refuses it, the own pile overlooks the fit
    assert legal(state, reveal()) == {"player": 0, "complete": False,
                                      "actions": [{"type": "place", "to": 1}, {"type": "place", "to": "own"}]}
    assert legal(state, reveal(), place("own")) == {"player": 0, "actions": [{"type": "stopp"}], "complete": False}
    assert legal(state, reveal(), place("own"), stopp()) == {"player": 0, "actions": [], "complete": True}
    assert legal(state, reveal(), place(1)) == {"player": 0, "actions": [{"type": "reveal"}], "complete": False}
    assert legal(state, player=1) == {"player": 1, "actions": [], "complete": False}


def test_the_seeded_deal_shares_the_80_cards_evenly_from_the_first_player():
    game = engine.new_game(["Ada", "Ben", "Cleo"], seed=5, first=1, ruleset="ueberall-anschliessen").state.to_dict()
    assert [len(p["stack"]) for p in game["players"]] == [26, 27, 27]  # the first in dealing order get one more
    assert game["middle"] == [] and game["finished"] == [] and game["current"] == 1
    assert all(p["open"] == [] for p in game["players"])
    hidden = engine.new_game(["Ada", "Ben"], seed=5, hidden=True, ruleset="ueberall-anschliessen").state.to_dict()
    assert hidden["players"][0]["stack"] == {"count": 40}


def test_a_view_counts_every_stack_and_shows_the_open_piles_and_the_middle():
    state = ueberall(stacks=[["O5"], ["G11"]], opens=[[], ["G4"]], middle=run("B7", 7))
    view = engine.find_ruleset("ueberall-anschliessen").view(engine.load_state(state), 0).to_dict()
    assert view["players"][0]["stack"] == {"count": len(state["players"][0]["stack"])}
    assert view["players"][1]["open"] == ["G4"] and view["middle"] == state["middle"]
    after, _ = outcome(view, reveal("O5"), place(1), reveal("G20"), place("own"))
    assert after["players"][1]["open"] == ["O5", "G4"]
