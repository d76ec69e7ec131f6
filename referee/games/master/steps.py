"""A MASTER turn on a compact `Board`: the step loop of `turn.py`, by bit operations.

`BoardTurn` copies the few integers a turn can change out of the board or the state
(four row masks of cards and of jokers, the mover's joker count, and the mover's four
hand masks where a check needs them) and takes actions
one at a time, asking exactly the questions of docs/games/master.md, "The codes" but answering only
"legal or not": no message is built, and the order of the questions (which decides
the refusal named) is free. The first action that is not
legal makes `take` return False and leaves the turn as it was; the caller then asks
the dict engine (`turn.py`, the reference) for the violation with its code, index and
message, so every refusal reads exactly as before. A legal turn is written back into
the board by `commit`, with the same events the dict engine reports.

`next_actions` lists the legal continuations in the order of `legal.py`, and
`perft.py` walks whole turns by the same checks. `play_on_state` and `next_on_state`
are `engine.apply` and `engine.legal_actions` for MASTER when the mover's hand and the
pile are known: the turn is made straight from the state (`BoardTurn.on_state`, no
`Board`), holding just what one turn reads, and a legal turn's new state is written
straight from it (the rows it did not touch kept as they were).
`tests/games/master/test_board.py` plays random games through this path and the dict engine
side by side (two thousand in the slow test).
"""

from __future__ import annotations

from operator import or_
from typing import Any

from ...core.actions import Action, Bridge, Draw, Pass, Place, Swap, Turn
from ...core.cards import JOKER
from ...core.turn import Event, LegalActions, TurnResult
from ...core.zones import Hidden
from .board import FULL, HIGH, LOW, Board, Layout, hand_masks, row_of, table_masks, touching
from .facts import MASTER
from .scoring import scores
from .state import BONUS_OF, Player, Row, State, TableBridge, engine_made

#: A named tuple from a tuple of its fields (a `TableBridge` from a `Bridge` action's two
#: slots, a `Player`), without the generated constructor's call by field.
_NEW_TUPLE = tuple.__new__

_LIMIT = MASTER.cards_per_turn
#: A number card's own slot, by its name.
_SLOTS = MASTER.slots
_CENTRE = MASTER.centre


def collect(found: list[Action], mask: int, records: list[Action]) -> None:
    """Append the record of each slot of `mask` (by value, ascending) to `found`."""
    while mask:
        low = mask & -mask
        found.append(records[low.bit_length() - 1])
        mask ^= low


class BoardTurn:
    """The table as the current turn leaves it so far, on a compact board."""

    __slots__ = ("board", "layout", "pile", "top", "hand", "player", "start", "cards", "jokers", "held",
                 "held_jokers", "hand_count", "bridges_left", "placed", "pending", "first_swap", "ended",
                 "ender", "taken", "events", "bonus_gained", "bonus_total", "laid", "hand_ops", "drawn",
                 "players")

    def __init__(self, board: Board):
        self.board = board
        self.layout = board.layout
        self.pile = board.pile
        self.top = board.top
        me = self.player = board.current
        self.hand = board.hands[me]
        #: The row masks as the turn found them; `cards` and `jokers` as it leaves them.
        self.start = (board.cards, board.jokers)
        self.cards = board.cards[:]
        self.jokers = board.jokers[:]
        self.held = board.held[me][:]
        self.held_jokers = board.held_jokers[me]
        self.bridges_left = board.bridges_left[me]
        self.bonus_total = sum(board.bonus)
        self._begin()

    @classmethod
    def on_state(cls, state: State, rows: tuple[Layout, list[int], list[int]] | None = None) -> BoardTurn:
        """The turn of a state's player to move, whose hand and the pile are known, without
        a `Board`: only what one turn reads. `rows` are the layout and row masks where the
        caller has them (`validity.checked_rows`); the turn works on copies.

        The mover's hand masks are left out (`held` None) until a check needs them
        (`held_masks`): a placement or a swap asks the hand itself, so a turn of those
        never makes them."""
        steps = cls.__new__(cls)
        steps.board = None
        lay, cards, jokers = table_masks(state.rows) if rows is None else rows
        steps.start = (cards, jokers)
        steps.cards = cards[:]
        steps.jokers = jokers[:]
        steps.layout = lay
        steps.pile = state.pile
        steps.top = 0
        players = state.players
        me = steps.player = state.current
        mover = players[me]
        hand = steps.hand = mover.hand
        steps.held = None
        steps.held_jokers = hand.count(JOKER)
        steps.bridges_left = mover.bridges
        # The bonus cards held are counted only when a half-row is completed (`_complete`).
        steps.players = players
        steps.bonus_total = None
        steps._begin()
        return steps

    def _begin(self) -> None:
        """Nothing taken yet."""
        self.hand_count = len(self.hand)
        self.placed = 0
        #: (action index, target row, value) of a bridge that awaits its card.
        self.pending: tuple[int, int, int] | None = None
        self.first_swap: int | None = None
        self.ended = False
        self.ender: Action | None = None
        self.taken: list[Action] = []
        self.events: list[Event] = []
        self.bonus_gained = 0
        self.laid: list[TableBridge] = []
        #: What leaves the hand, in order: a placed card, or ("swap", card).
        self.hand_ops: list[Any] = []
        self.drawn: str | None = None

    def held_masks(self) -> list[int]:
        """The mover's number cards, one mask per row, made from the hand the first time
        they are asked for (a turn on a state starts without them).

        Made late, they are the hand's masks less the slots holding number cards now:
        a sound state has none of the hand's cards on the table, so what this removes
        are exactly the cards placed or swapped in so far, as the turn would have."""
        held = self.held
        if held is None:
            masks, _ = hand_masks(self.layout, self.hand)
            held = self.held = [m & ~c for m, c in zip(masks, self.cards)]
        return held

    # -- the checks and the actions ---------------------------------------------------------

    def take(self, action: Action) -> bool:
        """Carry the action out if it is legal here (True); else change nothing (False).

        The whole-turn rule that a draw or a pass stands alone is part of it: a draw or a
        pass after anything, or anything after them, is refused.
        """
        if self.ender is not None or self.ended:
            return False
        kind = type(action)
        pending = self.pending
        if kind is Place:
            card, slot = action
            color, v = slot
            i = self.layout.index[color]
            if pending is not None and (pending[1] != i or pending[2] != v):
                return False
            if self.placed >= _LIMIT:
                return False
            bit = 1 << v
            cards, jokers = self.cards, self.jokers
            taken = cards[i] | jokers[i]
            if taken & bit:
                return False
            if pending is None and not taken & (bit << 1 | bit >> 1):
                return False
            if card == JOKER:
                if not self.held_jokers:
                    return False
                self.held_jokers -= 1
                jokers[i] |= bit
            elif _SLOTS.get(card) != slot or card not in self.hand:
                # A number card goes to its own slot only, from the hand the turn began
                # with: one placed or swapped in already lies in its slot, refused above.
                return False
            else:
                if self.held is not None:
                    self.held[i] &= ~bit
                cards[i] |= bit
            # Legal (`take` only answers whether, so its checks need not keep section
            # 10's order, which the reference follows to name a refusal).
            self.hand_ops.append(card)
            self.hand_count -= 1
            if not self.hand_count:
                self.ended = True
            self.placed += 1
            self.pending = None
            if v != _CENTRE:
                half = LOW if v < _CENTRE else HIGH
                if (taken | bit) & half == half:
                    self._complete(i, v)
        elif pending is not None:
            return False
        elif kind is Bridge:
            source, target = action
            if not self.bridges_left or source.color == target.color or source.value != target.value:
                return False
            index = self.layout.index
            a, b = index[source.color], index[target.color]
            if abs(a - b) != 1:
                return False
            bit = 1 << source.value
            if not (self.cards[a] | self.jokers[a]) & bit or (self.cards[b] | self.jokers[b]) & bit:
                return False
            self.bridges_left -= 1
            self.laid.append(_NEW_TUPLE(TableBridge, action))  # the same two slots
            self.pending = (len(self.taken), b, source.value)
        elif kind is Swap:
            slot = action.slot
            lay = self.layout
            i = lay.index[slot.color]
            v = slot.value
            bit = 1 << v
            card = lay.names[i][v]
            if not self.jokers[i] & bit or card not in self.hand:
                return False
            self.jokers[i] &= ~bit
            self.cards[i] |= bit
            if self.held is not None:
                self.held[i] &= ~bit
            self.held_jokers += 1
            self.hand_ops.append(("swap", card))
            if self.first_swap is None:
                self.first_swap = len(self.taken)
        elif kind is Draw:
            if self.taken or self.top >= len(self.pile):
                return False
            top = self.pile[self.top]
            if action.card is not None and action.card != top:
                return False
            self.ender = action
            self.drawn = top
            self.events.append({"type": "drew", "player": self.player, "card": top})
        elif kind is Pass:
            if self.taken or self.top < len(self.pile) or self._playable():
                return False
            self.ender = action
            self.events.append({"type": "passed", "player": self.player})
        else:
            return False
        self.taken.append(action)
        return True

    def _complete(self, i: int, v: int) -> None:
        """The placement at value `v` of row `i` completed its half-row: a bonus card,
        while the game has any left."""
        color = self.layout.colors[i]
        name = "low" if v < _CENTRE else "high"
        if self.bonus_total is None:  # a turn on a state: counted now, when first needed
            self.bonus_total = sum(map(BONUS_OF, self.players))
        if self.bonus_total < MASTER.bonus_cards:
            self.bonus_total += 1
            self.bonus_gained += 1
            self.events.append({"type": "bonus", "player": self.player, "row": color, "half": name})
        else:
            self.events.append({"type": "bonus_unavailable", "row": color, "half": name})

    def _playable(self) -> bool:
        held, cards, jokers = self.held_masks(), self.cards, self.jokers
        return any(held[i] & touching(cards[i] | jokers[i]) for i in range(len(cards)))

    # -- where the turn stands ------------------------------------------------------------------

    def is_complete(self) -> bool:
        """The actions so far make a whole legal turn (the end-of-turn checks pass)."""
        if self.ender is not None or self.ended:
            return True
        return self.placed > 0 and self.pending is None

    def next_actions(self) -> list[Action]:
        """Every action that can legally come next, in the order `legal.py` lists them."""
        if self.ender is not None or self.ended:
            return []
        lay = self.layout
        cards, jokers, held = self.cards, self.jokers, self.held_masks()
        if self.pending is not None:
            _, i, v = self.pending
            if self.placed >= _LIMIT:
                return []
            found = []
            if held[i] >> v & 1:
                found.append(lay.place[i][v])
            if self.held_jokers:
                found.append(lay.place_joker[i][v])
            return found
        found: list[Action] = []
        rows = range(len(cards))
        if self.placed < _LIMIT:
            open_ = [(t << 1 | t >> 1) & FULL & ~t for t in map(or_, cards, jokers)]
            for i in rows:
                collect(found, open_[i] & held[i], lay.place[i])
            if self.held_jokers:
                for i in rows:
                    collect(found, open_[i], lay.place_joker[i])
            if self.bridges_left:
                has_joker = self.held_jokers > 0
                taken = list(map(or_, cards, jokers))
                for a, b in _NEIGHBOURS[len(cards)]:
                    reach = taken[a] & ~taken[b]
                    collect(found, reach if has_joker else reach & held[b], lay.bridge[a][b])
        # A swap needs a placement in the turn: one made already, or one still possible
        # (the joker it wins fits any row that is not full).
        if self.placed > 0 or any((cards[i] | jokers[i]) != FULL for i in rows):
            for i in rows:
                collect(found, jokers[i] & held[i], lay.swap[i])
        if not self.taken:
            if self.top < len(self.pile):
                found.append(_DRAW)
            elif not self._playable():
                found.append(_PASS)
        return found

    # -- writing the turn into the board ------------------------------------------------------

    def change_hand(self, hand: list[str]) -> None:
        """Take the placed and swapped-in cards out of the hand (the first joker for a
        joker), a swapped-out joker in at its end, as the dict engine keeps the hand."""
        for op in self.hand_ops:
            if type(op) is tuple:
                hand.remove(op[1])
                hand.append(JOKER)
            else:
                hand.remove(op)

    def commit(self) -> list[Event]:
        """Write a complete turn into the board and return its events (without `game_over`,
        which the caller adds with the scores)."""
        board, me = self.board, self.player
        board.cards = self.cards
        board.jokers = self.jokers
        board.held[me] = self.held
        board.held_jokers[me] = self.held_jokers
        hand = board.hands[me]
        self.change_hand(hand)
        if self.bonus_gained:
            board.bonus[me] += self.bonus_gained
        if self.laid:
            board.bridges_left[me] = self.bridges_left
            board.table_bridges.extend(self.laid)
        ender = self.ender
        if ender is None:
            board.passes = 0
        elif type(ender) is Pass:
            board.passes += 1
        else:
            board.top += 1
            drawn = self.drawn
            hand.append(drawn)
            if drawn == JOKER:
                board.held_jokers[me] += 1
            else:
                i, v = board.layout.where[drawn]
                board.held[me][i] |= 1 << v
        board.current = (me + 1) % len(board.hands)
        board.over = self.ended or board.passes >= len(board.hands)
        return self.events


_DRAW = Draw()
#: Neighbouring rows by the number of rows: (upper, lower) then (lower, upper), top down.
_NEIGHBOURS = {n: [(a, b) for upper in range(n - 1) for a, b in ((upper, upper + 1), (upper + 1, upper))]
               for n in range(1, 7)}
_PASS = Pass()


def play_on_state(state: State, turn: Turn, rows: tuple[Any, list[int], list[int]] | None = None) -> TurnResult | None:
    """`engine.apply`'s answer for a legal turn, by the compact path; None where the
    compact path does not decide (a hidden hand to move or a hidden pile, a game over, a
    turn it refuses): the caller then asks the reference, which names every refusal.

    Only the mover's hand and the pile are read into masks; the state's other parts are
    carried over as they are, and rows the turn does not touch keep their tuples, as the
    reference keeps them. `rows` are the layout and row masks of a state the impossible-state check
    found sound (`validity.checked_rows`), where there are any.
    """
    players = state.players
    me = state.current
    if turn.player != me or not turn.actions or isinstance(state.pile, Hidden):
        return None
    mover = players[me]
    if isinstance(mover.hand, Hidden) or state.is_over:
        return None
    steps = BoardTurn.on_state(state, rows)
    for action in turn.actions:
        if not steps.take(action):
            return None
    if not steps.is_complete():
        return None
    hand = list(mover.hand)
    steps.change_hand(hand)
    if steps.drawn is not None:
        hand.append(steps.drawn)
    new_players = list(players)
    new_players[me] = _NEW_TUPLE(
        Player, (mover.name, tuple(hand), steps.bridges_left, mover.bonus + steps.bonus_gained))
    ender = type(steps.ender)
    new = engine_made(
        tuple(new_players),
        (me + 1) % len(players),
        rows_after(state.rows, steps),
        state.bridges + tuple(steps.laid) if steps.laid else state.bridges,
        state.pile[1:] if ender is Draw else state.pile,
        state.passes + 1 if ender is Pass else state.passes if ender is Draw else 0,
        state.ruleset,
    )
    events = steps.events
    if steps.ended or new.passes >= len(players):
        events.append(game_over(new, steps.ended))
    return TurnResult(new, events, [])


def rows_after(rows: tuple[Row, ...], steps: BoardTurn) -> tuple[Row, ...]:
    """The rows a turn leaves: those it did not change keep their tuples, as the
    reference keeps them; the others are written from their masks (`row_of`)."""
    (was_cards, was_jokers), cards, jokers = steps.start, steps.cards, steps.jokers
    if cards == was_cards and jokers == was_jokers:
        return rows  # a draw, a pass
    new = list(rows)
    for i, row in enumerate(rows):
        if cards[i] != was_cards[i] or jokers[i] != was_jokers[i]:
            new[i] = row_of(row.color, cards[i], jokers[i])
    return tuple(new)


def game_over(state: State, out: bool) -> Event:
    """The `game_over` event of the turn that ended the game (a hand emptied, or else
    every player passed), with the scores, as the dict engine reports it."""
    outcome = scores(state)
    return {
        "type": "game_over",
        "reason": "out" if out else "blocked",
        "scores": outcome["scores"],
        "winners": outcome["winners"],
    }


def next_on_state(state: State, prefix: tuple[Action, ...],
                  rows: tuple[Any, list[int], list[int]] | None = None) -> LegalActions | None:
    """`engine.legal_actions`' answer by the compact path; None where it does not decide
    (a hidden hand to move or a hidden pile, a prefix it refuses). `rows` as for
    `play_on_state`."""
    if state.is_over:
        return LegalActions(state.current, [], False)
    if isinstance(state.pile, Hidden) or isinstance(state.players[state.current].hand, Hidden):
        return None
    steps = BoardTurn.on_state(state, rows)
    for action in prefix:
        if not steps.take(action):
            return None
    return LegalActions(state.current, steps.next_actions(), bool(prefix) and steps.is_complete())
