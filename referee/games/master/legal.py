"""Every action that can legally come next in a MASTER turn (openapi.yaml, legal-actions).

An action is listed when the prefix plus that action can still be completed to a legal
turn. Candidates are generated from the table and filtered by the very checks
`MasterTurn.violation` runs for `/v1/turns`; what remains to decide is whether the turn
could still be finished, and that has a short exact answer per kind of action:

- a placement always leaves a complete turn;
- a bridge can be finished iff its target slot can be filled next: fewer than 4 cards
  placed, and the matching card or a joker in hand;
- a swap can be finished iff a card was placed already, or one can still be: the swap
  puts a joker in hand, and a joker fits any empty slot that touches its row, of which
  there is one in every row that is not full (each row holds its 11).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.actions import Action, Bridge, Draw, Pass, Place, Swap
from ...core.cards import JOKER, Slot
from ...core.codes import Code
from .facts import MASTER
from .turn import MasterTurn


def next_actions(t: MasterTurn, index: int) -> Iterator[Action]:
    """The legal continuations of the actions `t` has taken, as action `index`."""
    if t.ender is not None or t.ended:
        return
    if t.pending is not None:
        target = t.pending[1].target
        for card in (str(target), JOKER):
            action = Place(card, target)
            if t.violation(index, action) is None:
                yield action
        return
    yield from _placements(t)
    yield from _bridges(t)
    yield from _swaps(t, index)
    if index == 0:
        # Listed without its card even where the turn will have to name it (hidden pile,
        # known hand): which card comes is not the player's choice.
        refused = t.violation(0, Draw())
        if refused is None or refused.code is Code.DRAW_CARD_REQUIRED:
            yield Draw()
        if t.violation(0, Pass()) is None:
            yield Pass()


def _placements(t: MasterTurn) -> Iterator[Action]:
    if t.placed >= MASTER.cards_per_turn:
        return
    touching = list(t.empty_slots_touching())
    if t.hidden_hand:
        numbers = [s for s in touching if t.holds(str(s))]
    else:
        held = set(t.hand)
        numbers = [s for s in touching if str(s) in held]
    for slot in numbers:
        yield Place(str(slot), slot)
    if t.holds(JOKER):
        for slot in touching:
            yield Place(JOKER, slot)


def _bridges(t: MasterTurn) -> Iterator[Action]:
    if t.bridges_left == 0 or t.placed >= MASTER.cards_per_turn:
        return
    has_joker = t.holds(JOKER)
    rows = t.state.rows
    for upper, lower in zip(rows, rows[1:]):
        for a, b in ((upper.color, lower.color), (lower.color, upper.color)):
            taken_a = t.cards[a] | t.jokers[a]
            taken_b = t.cards[b] | t.jokers[b]
            for value in sorted(taken_a - taken_b):
                target = Slot(b, value)
                if has_joker or t.holds(str(target)):
                    yield Bridge(Slot(a, value), target)


def _swaps(t: MasterTurn, index: int) -> Iterator[Action]:
    finishable = t.placed > 0 or t.any_empty_slot()
    if not finishable:
        return
    for row in t.state.rows:
        for value in sorted(t.jokers[row.color]):
            action = Swap(Slot(row.color, value))
            if t.violation(index, action) is None:
                yield action
