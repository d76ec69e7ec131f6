"""The numbers of Elfer raus! MASTER, in one object (docs/games/master.md).

Like the row games' `Variant`: the deck, the table's shape, the deal's sizes and the
scoring's weights live here once, and every module of the MASTER engine reads them
from `MASTER`.
"""

from __future__ import annotations

from ...core.cards import JOKER, Deck


class MasterFacts:
    """The material and the limits of a MASTER game."""

    name = "master"
    colors: tuple[str, ...] = ("R", "Y", "G", "B")
    lowest, centre, highest = 1, 11, 21
    joker_count = 4
    bonus_cards = 7
    cards_per_turn = 4
    min_players, max_players = 2, 6
    bonus_points = 11
    joker_penalty = 11

    def __init__(self) -> None:
        self.deck = Deck(self.colors, self.highest, jokers=True)
        self.values = self.deck.values
        self.slots = self.deck.slots
        #: The two halves of a row: slots 1-10 ("low") and 12-21 ("high").
        self.halves = {
            "low": frozenset(range(self.lowest, self.centre)),
            "high": frozenset(range(self.centre + 1, self.highest + 1)),
        }
        #: Every number card of the game, in deck order (colour, then value).
        self.number_cards: tuple[str, ...] = tuple(self.slots)
        #: The cards that are shuffled and dealt: all number cards but the 11s, and the jokers.
        self.dealt_cards: tuple[str, ...] = tuple(
            c for c, s in self.slots.items() if s.value != self.centre
        ) + (JOKER,) * self.joker_count
        self.total_cards = len(self.number_cards) + self.joker_count

    def half(self, value: int) -> str | None:
        """`low`, `high`, or None for the 11."""
        if value < self.centre:
            return "low"
        if value > self.centre:
            return "high"
        return None

    def card_value(self, card: str) -> int:
        """What a card in hand costs at the end; a joker's is its own penalty."""
        return self.joker_penalty if card == JOKER else self.slots[card].value

    @staticmethod
    def bridges_per_player(players: int) -> int:
        """Bridge cards dealt to each player: 4 (2-3 players), 3 (4-5), 2 (6)."""
        return 4 if players <= 3 else 3 if players <= 5 else 2

    @staticmethod
    def dealt_per_player(players: int) -> int:
        """Cards dealt to each player: 20 (2-3 players), 15 (4), 12 (5-6)."""
        return 20 if players <= 3 else 15 if players == 4 else 12


MASTER = MasterFacts()
