"""A Zweikampf state: two players, each with a face-down `stack` and a face-up `won` pile,
the open `battle` and the cards `out` of the game.
"""

from __future__ import annotations


from ...families.box.options import COLORS, EDITION, UNTIL_ALL
from ...families.box.piles import Cards, Entry, count_cards
from ...families.box.state import BoxPlayer, BoxState, Pile, count, entries, face_down_stack, wired, wired_record, won_pile

OPTIONS = (EDITION, COLORS, UNTIL_ALL)


@wired_record
class Fighter(BoxPlayer):
    """A player: their face-down stack and their won pile."""

    TITLE = "Zweikampf player"
    ABOUT = "One of the two players: a face-down stack and the face-up pile of cards won."

    stack: Cards = face_down_stack()
    won: tuple[str, ...] = won_pile()


@wired_record
class ZweikampfState(BoxState, options=OPTIONS, player=Fighter):
    """The table: the battle being fought, and the count of cards that left the game in a
    battle still tied when the stacks ran out."""

    TITLE = "Zweikampf state"
    ABOUT = ("A game of Zweikampf (the rules: /rules): two players turn up the top cards of their stacks at "
             "the same time, the higher value takes the battle. current is always null: both players act in "
             "each round (waiting).")

    battle: tuple[Entry, ...] = wired(
        entries("the battle"), pile=Pile("Battle", "up"),
        about=("The cards turned up in the open battle, in the order turned up: tied pairs, then at most one "
               "card not yet answered."))
    out: int = wired(count("out"), about="Cards that left the game (a battle still tied when the stacks ran out).")

    @property
    def until_all(self) -> bool:
        return self.options["until_all"]

    def holds(self, player: int) -> int:
        """The cards the player can still turn up: the stack, and with `until_all` the won pile."""
        fighter = self.players[player]
        return count_cards(fighter.stack) + (len(fighter.won) if self.until_all else 0)

    @property
    def unanswered(self) -> Entry | None:
        """The card turned up in the open battle that the other has not answered yet."""
        return self.battle[-1] if len(self.battle) % 2 else None

    @property
    def is_over(self) -> bool:
        """No card waits for an answer, and a player who must turn up has none."""
        return self.unanswered is None and any(self.holds(p) == 0 for p in range(len(self.players)))
