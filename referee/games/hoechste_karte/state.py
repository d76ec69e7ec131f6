"""A state of "Die höchste Karte gewinnt": per player a `hand` and the pile of cards `won`;
the open `trick`; the piles `set_aside` (tied tricks) and `out`. Every card of those
three piles was turned up for all to see: the referee keeps them as lists (a count only
where a state gave one), so a card can be named once."""

from __future__ import annotations

from functools import cache

from ...families.box.cards import EDITIONS
from ...families.box.options import EDITION
from ...families.box.piles import Cards, Entry, count_cards
from ...families.box.state import PILE, BoxPlayer, BoxState, Pile, entries, shown, wired, wired_record

OPTIONS = (EDITION,)
TOP = 11


@cache
def colour_cards(edition: str, player: int) -> frozenset[str]:
    """The cards of player `player`'s colour (made once: the state checks ask for them often)."""
    return frozenset(f"{EDITIONS[edition][player]}{v}" for v in range(1, TOP + 1))


@cache
def deck_of(edition: str, players: int) -> frozenset[str]:
    return frozenset().union(*(colour_cards(edition, i) for i in range(players)))


@wired_record
class Holder(BoxPlayer):
    """A player: their hand, the cards of their own colour not yet played, and the pile
    of cards they have won."""

    TITLE = "Die höchste Karte gewinnt player"
    ABOUT = "One player: the hand (or its size) and the cards they have won."

    hand: Cards = wired(PILE, pile=Pile("Hand", "held"), about="The cards in hand, or their number alone.")
    won: Cards = wired(
        shown("won"), pile=Pile("Won", "up"),
        about=("The cards won, top first: each trick taken on top (the card played last on top), then the "
               "set-aside cards it took on top of it."))


@wired_record
class HoechsteKarteState(BoxState, options=OPTIONS, player=Holder):
    """The table: the trick being played (face down until it is whole), the cards set
    aside by tied tricks and those out of the game."""

    TITLE = "Die höchste Karte gewinnt state"
    ABOUT = ("A game of Die höchste Karte gewinnt (the rules: /rules): player i holds 1 to 11 of the edition's"
             " i-th colour; everyone plays one card face down at once, the one highest value takes the trick. "
             "current is always null: every player acts in each trick (waiting).")

    trick: tuple[Entry, ...] = wired(
        entries("the trick"), pile=Pile("Trick", "down"),
        about="The cards played to the open trick, face down, in the order played; a card a view hides is null.")
    set_aside: Cards = wired(
        shown("set_aside"), pile=Pile("Set aside", "up"),
        about=("The cards of tied tricks, for the next trick that has one winner: each tied trick on top, the card "
               "played last on top."))
    out: Cards = wired(
        shown("out"), pile=Pile("Out of the game", "up"),
        about="The cards that left the game (a tie in the last trick: the trick, then the cards set aside on top).")

    def color_of(self, player: int) -> str:
        """Player `i` plays the edition's `i`-th colour."""
        return EDITIONS[self.options["edition"]][player]

    def cards_of(self, player: int) -> frozenset[str]:
        return colour_cards(self.options["edition"], player)

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(self.options["edition"], min(len(self.players), 4))

    @property
    def shown_piles(self) -> list[tuple[str, Cards]]:
        """The piles of cards turned up for all to see, as `(where, pile)`."""
        return [(f"/players/{i}/won", p.won) for i, p in enumerate(self.players)] + [
            ("/set_aside", self.set_aside), ("/out", self.out)]

    @property
    def is_over(self) -> bool:
        """Every hand is empty (and so no trick is open)."""
        return not self.trick and all(count_cards(p.hand) == 0 for p in self.players)

