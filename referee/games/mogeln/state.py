"""A Mogeln state: per player a `hand`; the `stack` of face-down plays, top first, each
with its maker, its cards (a list, or `{"count": n}` where they are not known) and its
claim; `out`, the cards of completed stacks (a count); and the `winner` once the game
ends (docs/games/mogeln.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...families.box.cards import EDITIONS, TOP, deck_of
from ...families.box.options import EDITION
from ...families.box.piles import Cards, pile_to_wire, read_pile
from ...families.box.state import PILE, SEAT, BoxPlayer, BoxState, Pile, count, records_of, wired, wired_record
from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

OPTIONS = (EDITION,)
PLAY = Members("mogeln play on the stack", {"player", "cards", "claim"})
#: The top value dealt, by the number of players (the other cards are not in the game).
DEALT_TOP = {3: 9, 4: 10, 5: 15, 6: 15}


@wired_record
class Cheat(BoxPlayer):
    """A player: their hand."""

    TITLE = "Mogeln player"
    ABOUT = "One player: the hand, or its size alone."

    hand: Cards = wired(PILE, pile=Pile("Hand", "held"), about="The cards in hand, or their number alone.")


@dataclass(frozen=True, slots=True)
class Laid:
    """One play on the stack: who made it, its cards face down, the value it claims."""

    player: int
    cards: Cards
    claim: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "cards": pile_to_wire(self.cards), "claim": self.claim}


def read_play(item: Any) -> Laid:
    PLAY.check(item)
    claim = read_int(item["claim"])
    if not 1 <= claim <= TOP:
        raise MalformedInput(f"a claim is a value 1 to {TOP}")
    return Laid(read_int(item["player"]), read_pile(item["cards"]), claim)


#: The stack of plays, top first.
STACK = records_of(read_play, "the stack is a list of plays",
                   {"type": "array", "minItems": 0, "maxItems": 80, "items": {"$ref": "#/$defs/MogelnPlay"}},
                   {"MogelnPlay": {
                       "title": "Mogeln play",
                       "description": "One play on the stack: who laid it, its cards face down (or their number "
                                      "alone, where they are not known), and the value claimed.",
                       "type": "object",
                       "properties": {"player": {"type": "integer", "minimum": 0, "maximum": 15},
                                      "cards": {"$ref": "#/$defs/ClassicCards"},
                                      "claim": {"type": "integer", "minimum": 1, "maximum": 20}},
                       "required": ["player", "cards", "claim"],
                       "additionalProperties": False}})


@wired_record
class MogelnState(BoxState, options=OPTIONS, player=Cheat):
    """The table: the stack of plays, top first, each with what it claimed; the count of
    cards set aside with completed counts; the winner, once there is one."""

    TITLE = "Mogeln state"
    ABOUT = ("A game of Mogeln (the rules: /rules): players lay cards face down in a rising count, saying the "
             "value; a challenge turns the top play up and whoever was wrong takes the stack. The first to "
             "empty their hand without being caught wins.")

    stack: tuple[Laid, ...] = wired(
        STACK, pile=Pile("Plays on the stack, top first", "down"),
        about="The plays on the current face-down stack, top play first.")
    out: int = wired(count("out"), about="Cards of completed stacks, out of the game.")
    winner: int | None = wired(SEAT, about="The player who went out and won; null while the game goes on.")

    @property
    def top_dealt(self) -> int:
        """The highest value in the game (for 3 to 6 players; 15 beyond)."""
        return DEALT_TOP.get(len(self.players), 15)

    @property
    def last_value(self) -> int:
        """The count's last value: the top value dealt in 2018, 20 in the original."""
        return self.top_dealt if self.options["edition"] == "2018" else TOP

    @property
    def deck(self) -> frozenset[str]:
        return deck_of(EDITIONS[self.options["edition"]], self.top_dealt)

    @property
    def next_claim(self) -> int:
        return claim_after(self.stack, self.last_value)

    @property
    def is_over(self) -> bool:
        return self.winner is not None


def claim_after(stack: tuple[Laid, ...] | list[Laid], last_value: int) -> int:
    """The value the next play claims: one more than the top play's; 1 on an empty stack,
    and after the count's last value (that completed stack goes out as the play is made)."""
    if not stack or stack[0].claim >= last_value:
        return 1
    return stack[0].claim + 1
