"""A compact MASTER board: the same game as `State`, in a shape bit operations can read.

Issue 20 (speed for bots). A `State` keeps each row as tuples of values and each hand as
a tuple of names, which is right for the wire and for messages but slow to ask "which
slots can take a card?" a thousand times a second. A `Board` keeps:

- each row as two bit masks, number cards and jokers, bit `v` for slot `v` (21 slots a
  row), rows in the table's order top to bottom, so a row's neighbours are `i - 1` and
  `i + 1` and the slots that touch a row are `(taken << 1 | taken >> 1) & ~taken`;
- each hand as its list (in the order the state keeps, so `to_state` gives back exactly
  the state the dict engine would) beside one mask of number cards per row and a joker
  count, which answer "does the player hold it?" at once;
- the bridges on the table as a list, the pile as a tuple and the index of its top card.

A board holds only what is known: every hand and the pile must be lists (a table game
with hidden zones stays with the dict engine). It is mutable and belongs to one owner
(`master/game.py`'s `Game`), which copies it before sharing. Its `Layout` (the names,
slots and actions of one row order, made once per order) lets the fast paths hand out
the engine's own action records without building them each time.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import attrgetter, or_
from typing import Any

from ...core.actions import Bridge, Place, Swap
from ...core.cards import JOKER, Slot
from ...core.zones import Hidden
from .facts import MASTER
from .state import Player, Row, State

#: Every slot of a row, bits 1 to 21.
FULL = sum(1 << v for v in MASTER.values)
#: The two halves of a row (the half-rows of the bonus cards), as masks: slots 1-10 and 12-21.
HALVES = {
    name: sum(1 << v for v in values) for name, values in MASTER.halves.items()
}
LOW, HIGH = HALVES["low"], HALVES["high"]


def touching(taken: int) -> int:
    """The empty slots of a row next to an occupied one (the adjacency of
    docs/games/master.md, "A turn")."""
    return (taken << 1 | taken >> 1) & FULL & ~taken


@lru_cache(maxsize=8192)
def values_of(mask: int) -> tuple[int, ...]:
    """The slots of a mask, ascending: a row as `Row` keeps it."""
    return tuple(v for v in MASTER.values if mask >> v & 1)


#: How many entries each of the engine's memos keeps (`remember`).
MEMO_KEPT = 8192


def remember(memo: dict[Any, Any], key: Any, value: Any) -> Any:
    """Keep `value` under `key` in one of the engine's bounded memos, which forgets all
    it holds at once when full (a memo only ever answers what its function would, so
    forgetting costs time, never an answer); return `value`."""
    if len(memo) >= MEMO_KEPT:
        memo.clear()
    memo[key] = value
    return value


#: The rows `row_of` made, by colour and masks.
_ROWS: dict[tuple[str, int, int], Row] = {}


def row_of(color: str, cards: int, jokers: int) -> Row:
    """The `Row` of a colour's masks, as the engine writes rows (values ascending).

    A memo keyed on the masks alone: rows recur from turn to turn and game to game, and
    a `Row` is immutable, so one serves every state that has it."""
    key = (color, cards, jokers)
    row = _ROWS.get(key)
    if row is None:
        row = remember(_ROWS, key, Row(color, values_of(cards), values_of(jokers)))
    return row


def mask_of(values: Any) -> int:
    mask = 0
    for v in values:
        mask |= 1 << v
    return mask


class Layout:
    """The names, slots and action records of one row order, made once per order."""

    def __init__(self, colors: tuple[str, ...]):
        self.colors = colors
        self.index = {color: i for i, color in enumerate(colors)}
        #: `where[card]`: (row index, value) of a number card's slot.
        self.where = {card: (self.index[s.color], s.value) for card, s in MASTER.slots.items()}
        values = range(MASTER.highest + 1)
        #: By row index, then value: the slot, the card's name and the records of its actions.
        self.slots = [[Slot(c, v) for v in values] for c in colors]
        self.names = [[f"{c}{v}" for v in values] for c in colors]
        self.place = [[Place(f"{c}{v}", Slot(c, v)) for v in values] for c in colors]
        self.place_joker = [[Place(JOKER, Slot(c, v)) for v in values] for c in colors]
        self.swap = [[Swap(Slot(c, v)) for v in values] for c in colors]
        #: `flat[card]`: a number card's bit in one mask of all rows, row `i` at bits
        #: `22 i` to `22 i + 21` (as its row mask, shifted); a joker's is 0. A hand's
        #: masks are cut out of the OR of its cards' (`hand_masks`).
        self.flat = {card: 1 << (_ROW_BITS * i + v) for card, (i, v) in self.where.items()}
        self.flat[JOKER] = 0
        self.shifts = tuple(_ROW_BITS * i for i in range(len(colors)))
        #: `bridge[source row][target row][value]`, for neighbouring rows.
        self.bridge = {
            a: {b: [Bridge(Slot(colors[a], v), Slot(colors[b], v)) for v in values]
                for b in (a - 1, a + 1) if 0 <= b < len(colors)}
            for a in range(len(colors))
        }


@lru_cache(maxsize=64)
def layout(colors: tuple[str, ...]) -> Layout:
    return Layout(colors)


_ROW_BITS = MASTER.highest + 1
_COLOR = attrgetter("color")


def table_masks(rows: Any) -> tuple[Layout, list[int], list[int]]:
    """The layout of a state's row order and its rows' masks of number cards and of
    jokers, top down."""
    return (layout(tuple(map(_COLOR, rows))), [mask_of(row.cards) for row in rows],
            [mask_of(row.jokers) for row in rows])


def hand_masks(lay: Layout, hand: Any) -> tuple[list[int], int]:
    """A known hand's number cards as one mask per row (in `lay`'s order) and its jokers."""
    held = reduce(or_, map(lay.flat.__getitem__, hand), 0)
    return [held >> shift & FULL for shift in lay.shifts], hand.count(JOKER)


class Board:
    """A whole MASTER game with every card known, compact and mutable (see the module)."""

    __slots__ = ("layout", "names", "cards", "jokers", "hands", "held", "held_jokers",
                 "bridges_left", "bonus", "table_bridges", "pile", "top", "passes", "current", "over")
    layout: Any
    names: tuple[str, ...]
    cards: list[int]
    jokers: list[int]
    hands: list[list[str]]
    held: list[list[int]]
    held_jokers: list[int]
    bridges_left: list[int]
    bonus: list[Any]
    table_bridges: list[Any]
    pile: tuple[str, ...]
    top: int
    passes: int
    current: int
    over: bool

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.layout = self.layout
        new.names = self.names
        new.cards = self.cards[:]
        new.jokers = self.jokers[:]
        new.hands = [h[:] for h in self.hands]
        new.held = [h[:] for h in self.held]
        new.held_jokers = self.held_jokers[:]
        new.bridges_left = self.bridges_left[:]
        new.bonus = self.bonus[:]
        new.table_bridges = self.table_bridges[:]
        new.pile = self.pile
        new.top = self.top
        new.passes = self.passes
        new.current = self.current
        new.over = self.over
        return new

    @classmethod
    def from_state(cls, state: State) -> Board:
        """The board of a state whose hands and pile are all known (ValueError if not).

        The state is taken as it is: checking that it can happen is the caller's job.
        """
        if isinstance(state.pile, Hidden) or any(isinstance(p.hand, Hidden) for p in state.players):
            raise ValueError("a board needs every hand and the pile known")
        board = cls.__new__(cls)
        lay, board.cards, board.jokers = table_masks(state.rows)
        board.layout = lay
        board.names = tuple(p.name for p in state.players)
        board.hands = [list(p.hand) for p in state.players]
        board.held = []
        board.held_jokers = []
        for hand in board.hands:
            masks, jokers = hand_masks(lay, hand)
            board.held.append(masks)
            board.held_jokers.append(jokers)
        board.bridges_left = [p.bridges for p in state.players]
        board.bonus = [p.bonus for p in state.players]
        board.table_bridges = list(state.bridges)
        board.pile = tuple(state.pile)
        board.top = 0
        board.passes = state.passes
        board.current = state.current
        board.over = state.is_over
        return board

    def to_state(self) -> State:
        """The state the dict engine would hold: the same hands, rows and pile, in order."""
        colors = self.layout.colors
        return State(
            players=tuple(
                Player(name, tuple(hand), bridges, bonus)
                for name, hand, bridges, bonus in zip(self.names, self.hands, self.bridges_left, self.bonus)
            ),
            current=self.current,
            rows=tuple(map(row_of, colors, self.cards, self.jokers)),
            bridges=tuple(self.table_bridges),
            pile=self.pile[self.top:] if self.top else self.pile,
            passes=self.passes,
            checked=True,
        )

    @property
    def pile_size(self) -> int:
        return len(self.pile) - self.top

    @property
    def is_over(self) -> bool:
        """A hand is empty, or every player has passed in a row (`over`, kept by the turn
        that ends the game)."""
        return self.over

    def playable(self, player: int) -> bool:
        """Section 8's "can place": a number card in hand whose slot is empty and touches."""
        held = self.held[player]
        cards, jokers = self.cards, self.jokers
        return any(held[i] & touching(cards[i] | jokers[i]) for i in range(len(cards)))

