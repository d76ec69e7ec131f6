"""`Deck` (the card names one ruleset's games use) and `count_cards` (a zone's size, seen or not)."""

from __future__ import annotations

import pytest

from referee.core.cards import JOKER, Deck, Slot
from referee.core.errors import MalformedInput
from referee.core.zones import Hidden, count_cards


def test_a_deck_names_every_colour_and_value_in_deck_order():
    deck = Deck(("O", "Y"), 3)
    assert list(deck.slots) == ["O1", "O2", "O3", "Y1", "Y2", "Y3"]
    assert deck.slots["Y2"] == Slot("Y", 2)
    assert deck.names == {"O1", "O2", "O3", "Y1", "Y2", "Y3"}
    assert list(deck.values) == [1, 2, 3]


def test_a_deck_with_jokers_names_the_joker_but_gives_it_no_slot():
    deck = Deck(("R",), 2, jokers=True)
    assert deck.names == {"R1", "R2", JOKER}
    assert JOKER not in deck.slots
    with pytest.raises(MalformedInput, match="'J'"):
        deck.slot(JOKER)


def test_a_deck_without_jokers_does_not_name_the_joker():
    assert JOKER not in Deck(("R",), 2).names


def test_slot_reads_a_card_name_of_the_deck():
    deck = Deck(("R", "B"), 21)
    assert deck.slot("B9") == Slot("B", 9)
    assert str(deck.slot("R21")) == "R21"


@pytest.mark.parametrize("name", ["B22", "O9", "b9", "B09", 9, None, ["B9"]])
def test_slot_refuses_anything_else_as_malformed(name):
    with pytest.raises(MalformedInput, match="not a slot or number card"):
        Deck(("R", "B"), 21).slot(name)


def test_sort_key_orders_colour_then_value_and_jokers_last():
    deck = Deck(("R", "Y"), 21, jokers=True)
    assert sorted(["Y1", JOKER, "R21", "R3", "Y10"], key=deck.sort_key) == [
        "R3", "R21", "Y1", "Y10", JOKER,
    ]


def test_count_cards_counts_a_known_zone_and_reads_a_hidden_one():
    assert count_cards(()) == 0
    assert count_cards(("R1", "J", "B9")) == 3
    assert count_cards(Hidden(0)) == 0
    assert count_cards(Hidden(12)) == 12
