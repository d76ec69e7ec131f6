"""Every legal complete turn of the player to move, walked on a compact board (like perft).

`walk(board)` visits each distinct legal complete turn once, by depth-first search over
the same actions `BoardTurn.next_actions` lists, in the same order, doing and undoing
each one on a few integers instead of building a turn per prefix: a turn is complete
when it placed a card and no bridge awaits its card, or when it draws, passes or empties
the hand (docs/games/master.md, "The codes"). It records, per turn, a short key of what the turn
changed (the rows, the bridges laid in order, and how the jokers went in and out of the
hand, which decides the order the hand keeps), and one turn for each key; `count`
turns the keys into distinct states by playing that one turn on a copy of the board.

It is checked against the reference walk through the dict engine,
`referee.conformance.count.count_by_legal_actions`, and a brute-force count
(`tests/conformance/test_count.py`), and its listing against `engine.apply`
(`tests/games/master/test_board.py`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ...core.actions import Action, Draw, Pass
from .board import FULL, Board, touching
from .facts import MASTER
from .steps import BoardTurn

_LIMIT = MASTER.cards_per_turn


class Walk:
    """The result of a walk: how many turns, and per key how many turns and one turn."""

    __slots__ = ("turns", "keys", "listing")

    def __init__(self) -> None:
        self.turns = 0
        #: key → [number of turns with that key, one of them]
        self.keys: dict[Hashable, list[Any]] = {}
        #: every turn, when the walk was asked to list them
        self.listing: list[tuple[Action, ...]] | None = None


def walk(board: Board, listing: bool = False) -> Walk:
    """Walk every legal complete turn of `board`'s player to move (see the module)."""
    result = Walk()
    if board.is_over:
        return result
    if listing:
        result.listing = []
    lay = board.layout
    me = board.current
    cards, jokers = board.cards[:], board.jokers[:]
    held = board.held[me][:]
    rows = range(len(cards))
    neighbours = [(a, b) for upper in range(len(cards) - 1)
                  for a, b in ((upper, upper + 1), (upper + 1, upper))]
    jokers_at_start = board.held_jokers[me]
    keys = result.keys
    out = result.listing
    path: list[Action] = []
    laid: list[tuple[int, int, int]] = []
    # The turn's counters, in one list so the nested functions can change them:
    # placed, jokers in hand, cards in hand, bridges left, jokers placed, swaps.
    st = [0, jokers_at_start, len(board.hands[me]), board.bridges_left[me], 0, 0]

    def leaf() -> None:
        result.turns += 1
        placed_jokers, swaps = st[4], st[5]
        kept = min(placed_jokers, jokers_at_start)
        key = (tuple(cards), tuple(jokers), tuple(laid), kept, swaps - (placed_jokers - kept))
        entry = keys.get(key)
        if entry is None:
            keys[key] = [1, tuple(path)]
        else:
            entry[0] += 1
        if out is not None:
            out.append(tuple(path))

    def place(i: int, v: int, joker: bool, action: Action) -> None:
        """Place, visit the turn it completes, go on from it, and take the card back."""
        bit = 1 << v
        if joker:
            jokers[i] |= bit
            st[1] -= 1
            st[4] += 1
        else:
            cards[i] |= bit
            held[i] &= ~bit
        st[0] += 1
        st[2] -= 1
        path.append(action)
        leaf()
        if st[2]:
            node()
        path.pop()
        st[0] -= 1
        st[2] += 1
        if joker:
            jokers[i] &= ~bit
            st[1] += 1
            st[4] -= 1
        else:
            cards[i] &= ~bit
            held[i] |= bit

    def node() -> None:
        """Every continuation of the turn so far (no bridge pending, hand not empty)."""
        if st[0] < _LIMIT:
            open_ = [touching(cards[i] | jokers[i]) for i in rows]
            # Number cards first, then jokers, as `BoardTurn.next_actions` lists them.
            for joker, records in ((False, lay.place), (True, lay.place_joker)):
                if joker and not st[1]:
                    break
                for i in rows:
                    free = open_[i] if joker else open_[i] & held[i]
                    actions = records[i]
                    while free:
                        low = free & -free
                        free ^= low
                        v = low.bit_length() - 1
                        place(i, v, joker, actions[v])
            if st[3]:
                for a, b in neighbours:
                    reach = (cards[a] | jokers[a]) & ~(cards[b] | jokers[b])
                    if not st[1]:
                        reach &= held[b]
                    bridges = lay.bridge[a][b]
                    while reach:
                        low = reach & -reach
                        reach ^= low
                        v = low.bit_length() - 1
                        st[3] -= 1
                        laid.append((a, b, v))
                        path.append(bridges[v])
                        if held[b] & low:
                            place(b, v, False, lay.place[b][v])
                        if st[1]:
                            place(b, v, True, lay.place_joker[b][v])
                        path.pop()
                        laid.pop()
                        st[3] += 1
        if st[0] or any((cards[i] | jokers[i]) != FULL for i in rows):
            for i in rows:
                mine = jokers[i] & held[i]
                actions = lay.swap[i]
                while mine:
                    low = mine & -mine
                    mine ^= low
                    jokers[i] ^= low
                    cards[i] |= low
                    held[i] ^= low
                    st[1] += 1
                    st[5] += 1
                    path.append(actions[low.bit_length() - 1])
                    if st[0]:
                        leaf()
                    node()
                    path.pop()
                    st[5] -= 1
                    st[1] -= 1
                    held[i] |= low
                    cards[i] ^= low
                    jokers[i] |= low

    node()
    if board.top < len(board.pile):
        _single(result, ("draw",), (_DRAW,))
    elif not board.playable(me):
        _single(result, ("pass",), (_PASS,))
    return result


def _single(result: Walk, key: Hashable, turn: tuple[Action, ...]) -> None:
    result.turns += 1
    result.keys[key] = [1, turn]
    if result.listing is not None:
        result.listing.append(turn)


def after(board: Board, turn: tuple[Action, ...]) -> Board:
    """A copy of the board after a turn the walk found (legal by construction)."""
    new = board.copy()
    steps = BoardTurn(new)
    for action in turn:
        if not steps.take(action):
            raise AssertionError(f"the walk found a turn its own checks refuse: {turn}")
    steps.commit()
    return new


def state_key(board: Board) -> Hashable:
    """Everything of a board that its state's JSON shows, for telling states apart."""
    return (tuple(board.cards), tuple(board.jokers), tuple(board.table_bridges),
            tuple(tuple(h) for h in board.hands), tuple(board.bridges_left), tuple(board.bonus),
            board.top, board.passes, board.current)


def count(board: Board, depth: int = 1) -> tuple[int, int]:
    """(turns, states): the sequences of `depth` legal complete turns from the board, one
    player after the other, and the distinct states they lead to. A game that ends
    before `depth` turns ends its sequences there, and they are not counted."""
    frontier = {state_key(board): [1, board]}
    turns = 0
    for _ in range(depth):
        reached: dict[Hashable, list[Any]] = {}
        turns = 0
        for weight, start in frontier.values():
            found = walk(start)
            turns += weight * found.turns
            for number, turn in found.keys.values():
                nxt = after(start, turn)
                key = state_key(nxt)
                entry = reached.get(key)
                if entry is None:
                    reached[key] = [weight * number, nxt]
                else:
                    entry[0] += weight * number
        frontier = reached
    return turns, len(frontier)


_DRAW = Draw()
_PASS = Pass()
