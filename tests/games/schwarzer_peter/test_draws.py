"""The printed situations of Schwarzer Peter (docs/games/schwarzer-peter.md): the last pair
laid leaves one player holding the Schwarzer Peter, who has lost; a neighbour drawn from
who runs out is safe and is passed over from then on; the deal lays the pairs dealt."""

from __future__ import annotations

from referee import engine
from support.box_tables import draw, pair, peter
from support.judge import outcome


def test_the_last_pair_leaves_the_schwarzer_peter_with_the_loser():
    # The orange 1 is set aside: Ben's yellow 1 is the Schwarzer Peter.
    state = peter([["O9"], ["Y1", "Y9"]], aside=["O1"])
    after, events = outcome(state, draw("Y9"), pair(9), player=0)
    assert events == [
        {"type": "drew", "player": 0, "from": 1, "card": "Y9"},
        {"type": "pair", "player": 0, "value": 9},
        {"type": "game_over", "scores": [{"player": 0, "lost": False}, {"player": 1, "lost": True}], "winners": [0]},
    ]
    assert (after["current"], after["waiting"]) == (None, [])
    assert [p["hand"] for p in after["players"]] == [[], ["Y1"]]
    finished = engine.scores(engine.load_state(after))
    assert finished == {"finished": True, "scores": [{"player": 0, "lost": False}, {"player": 1, "lost": True}],
                        "winners": [0]}


def test_nobody_has_lost_before_the_end():
    state = engine.load_state(peter([["O9", "Y1"], ["Y9"], ["O4"], ["Y4"]], aside=["O1"]))
    assert engine.scores(state) == {"finished": False, "scores": [{"player": i, "lost": False} for i in range(4)],
                                    "winners": None}


def test_a_neighbour_who_runs_out_when_drawn_from_is_safe_and_passed_over():
    # Ada draws Ben's last card; Ben is out, so Cleo moves next and draws from Ada.
    state = peter([["O9", "Y1"], ["Y9"], ["O4", "Y6"], ["Y4", "O6"]], aside=["O1"], current=0)
    after, events = outcome(state, draw("Y9"), pair(9), player=0)
    assert [p["hand"] for p in after["players"]] == [["Y1"], [], ["O4", "Y6"], ["Y4", "O6"]]
    assert after["current"] == 2
    after, events = outcome(after, draw("O6"), pair(6), player=2)
    assert events[0] == {"type": "drew", "player": 2, "from": 3, "card": "O6"}
    assert after["current"] == 3
    after, events = outcome(after, draw("Y1"), player=3)  # Dan draws from Ada, passing over Ben
    assert events[0] == {"type": "drew", "player": 3, "from": 0, "card": "Y1"}
    assert after["players"][0]["hand"] == []  # Ada gave her last card: she is out and safe
    assert after["current"] == 2  # Ada and Ben are out: Cleo draws from Dan next
    after, events = outcome(after, draw("Y4"), pair(4), player=2)
    assert events[0] == {"type": "drew", "player": 2, "from": 3, "card": "Y4"}
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [0, 1, 2]


def test_the_deal_sets_a_card_aside_and_lays_the_pairs_dealt():
    state = engine.new_game(["Ada", "Ben", "Cleo"], seed=5, ruleset="schwarzer-peter",
                            options={"short": True}).state.to_dict()
    assert state["aside"] == {"count": 1}
    hands = [p["hand"] for p in state["players"]]
    values = [int(c[1:]) for h in hands for c in h]
    laid = [v for p in state["players"] for v in p["pairs"]]
    assert all(p["pairs"] == sorted(p["pairs"]) for p in state["players"])
    assert all(len({int(c[1:]) for c in h}) == len(h) for h in hands)  # no pair left in a hand
    assert len(values) + 2 * len(laid) + 1 == 32 and not set(values) & set(laid)
    assert max(values + laid) <= 16
    assert state["current"] == 0 and state["waiting"] == []
    dealt = engine.new_game(["Ada", "Ben", "Cleo"], seed=5, ruleset="schwarzer-peter", hidden=True,
                            options={"short": True}).state.to_dict()
    assert [p["hand"] for p in dealt["players"]] == [{"count": len(h)} for h in hands]
