"""The `Registry` finds a ruleset by name and knows which rulesets report a code; `best_players`
picks the winners once each ruleset has scored its players."""

from __future__ import annotations

import pytest

from referee.core.codes import Code
from referee.core.errors import MalformedInput
from referee.core.ruleset import Registry, Ruleset
from referee.core.scoring import best_players


class Toy(Ruleset):
    def __init__(self, name: str, codes: tuple[Code, ...]):
        self.name = name
        self.codes = codes


STONE = Toy("stone", (Code.GAME_OVER, Code.PILE_EMPTY))
PAPER = Toy("paper", (Code.GAME_OVER, Code.OPENING))
REGISTRY = Registry([STONE, PAPER])


def test_the_registry_lists_its_rulesets_in_the_order_given():
    assert list(REGISTRY) == ["stone", "paper"]
    assert len(REGISTRY) == 2
    assert REGISTRY["paper"] is PAPER


def test_find_gives_the_ruleset_of_that_name():
    assert REGISTRY.find("stone") is STONE
    assert REGISTRY.find("paper") is PAPER


@pytest.mark.parametrize("name", ["scissors", "Stone", "", None, ["stone"], 3])
def test_find_refuses_any_other_name_as_malformed_naming_the_known_ones(name):
    with pytest.raises(MalformedInput, match=r"unknown ruleset .*known: \['paper', 'stone'\]"):
        REGISTRY.find(name)


def test_using_names_the_rulesets_that_report_a_code_in_registry_order():
    assert REGISTRY.using(Code.GAME_OVER) == ["stone", "paper"]
    assert REGISTRY.using(Code.PILE_EMPTY) == ["stone"]
    assert REGISTRY.using(Code.OPENING) == ["paper"]
    assert REGISTRY.using(Code.CARD_LIMIT) == []


def test_best_players_are_the_indices_of_the_best_value():
    assert best_players([10, 30, 20], max) == [1]
    assert best_players([10, 30, 20], min) == [0]


def test_best_players_are_all_who_tie():
    assert best_players([5, 2, 5, 2], max) == [0, 2]
    assert best_players([5, 2, 5, 2], min) == [1, 3]


def test_best_players_are_unknown_while_a_value_is_unknown():
    assert best_players([5, None, 3], max) is None
    assert best_players([None], min) is None
