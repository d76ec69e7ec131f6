"""The printed rulebook's examples (seeds/003, "Beispiel 1" a-e and "Beispiel 2"), as turns.

Example 1 needs yellow to neighbour blue and blue to neighbour red, so the rows lie
green, yellow, blue, red from top to bottom (the rulebook's picture shows such a layout;
the order of the rows is free, docs/games/master.md, "Set-up").
"""

from __future__ import annotations

from support.actions import action_set, bridge, draw, joker, listed, place
from support.judge import after, legal, refusal, row
from support.master_tables import table

TIMO, VERA = 0, 1


def example_1() -> dict:
    """Yellow has grown down to its 9; blue, red and green hold only their 11s."""
    return table(
        order="GYBR",
        rows={"Y": "9-11"},
        hands=[["B9", "R9", "G1"], ["R8", "R7", "R5"]],
        names=["Timo", "Vera"],
    )


def after_timo() -> dict:
    """Example 1 a-c: Timo's turn, bridge, blue 9, bridge, red 9."""
    return after(
        example_1(), bridge("Y9", "B9"), place("B9"), bridge("B9", "R9"), place("R9")
    )


def test_example_1a_timo_cannot_place_the_blue_9_without_the_blue_10():
    assert refusal(example_1(), place("B9")) == ("NOT_ADJACENT", 0)


def test_example_1a_timo_lays_a_bridge_from_the_yellow_9_to_the_blue_row():
    # Nothing can be placed directly; the bridge to the blue 9 is Timo's only way to play.
    assert listed(legal(example_1())) == action_set([bridge("Y9", "B9"), draw()])


def test_example_1b_the_bridge_must_be_followed_at_once_by_the_blue_9():
    s = example_1()
    assert listed(legal(s, bridge("Y9", "B9"))) == action_set([place("B9")])
    assert refusal(s, bridge("Y9", "B9")) == ("BRIDGE_NOT_FOLLOWED", 0)
    new = after(s, bridge("Y9", "B9"), place("B9"))
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}


def test_example_1c_a_second_bridge_from_the_blue_9_just_placed_brings_the_red_9():
    new = after_timo()
    assert row(new, "B") == {"color": "B", "cards": [9, 11], "jokers": []}
    assert row(new, "R") == {"color": "R", "cards": [9, 11], "jokers": []}
    assert new["bridges"] == [{"from": "Y9", "to": "B9"}, {"from": "B9", "to": "R9"}]
    assert new["players"][TIMO]["bridges"] == 2
    assert new["players"][TIMO]["hand"] == ["G1"]
    assert new["current"] == VERA


def test_example_1d_vera_places_the_red_8_and_7_at_the_red_9():
    new = after(after_timo(), place("R8"), place("R7"))
    assert row(new, "R") == {"color": "R", "cards": [7, 8, 9, 11], "jokers": []}
    assert new["players"][VERA]["hand"] == ["R5"]


def test_example_1e_vera_cannot_place_the_red_5_without_a_joker():
    s = after_timo()
    assert refusal(s, place("R8"), place("R7"), place("R5")) == ("NOT_ADJACENT", 2)


def test_example_1e_a_bridge_cannot_stand_in_for_the_red_6_inside_the_red_row():
    s = after_timo()
    assert refusal(
        s, place("R8"), place("R7"), bridge("R7", "R5"), place("R5")
    ) == ("BRIDGE_SAME_ROW", 2)


def example_2() -> dict:
    """Yellow has grown down to its 7; blue holds only its 11."""
    return table(
        order="GYBR",
        rows={"Y": "7-11"},
        hands=[["J", "B8", "B6", "B5", "G10"], ["R1"]],
        names=["Lisa", "Timo"],
    )


LISAS_TURN = (bridge("Y7", "B7"), joker("B7"), place("B8"), place("B6"), place("B5"))


def test_example_2_lisa_bridges_to_a_joker_as_blue_7_and_places_blue_8_6_and_5():
    new = after(example_2(), *LISAS_TURN)
    assert row(new, "B") == {"color": "B", "cards": [5, 6, 8, 11], "jokers": [7]}
    assert new["bridges"] == [{"from": "Y7", "to": "B7"}]
    assert new["players"][0]["hand"] == ["G10"]
    assert new["players"][0]["bridges"] == 3


def test_example_2_the_bridge_does_not_count_but_the_joker_does_so_her_turn_is_over():
    s = example_2()
    result = legal(s, *LISAS_TURN)
    assert result.to_dict()["actions"] == []
    assert result.complete is True
    assert refusal(s, *LISAS_TURN, place("G10")) == ("CARD_LIMIT", 5)
