"""Every action that can legally come next, given a turn prefix (API.md, legal-actions).

An action is listed when the prefix plus that action can still be completed to a legal
turn. Candidates are generated from the table and filtered by the very checks
`TurnInProgress.violation` runs for `/v1/turns`; what remains to decide is whether the
turn could still be finished, and that has a short exact answer per kind of action:

- a placement always leaves a complete turn;
- a bridge can be finished iff its target slot can be filled next: fewer than 4 cards
  placed, and the matching card or a joker in hand;
- a swap can be finished iff a card was placed already, or one can still be: the swap
  puts a joker in hand, and a joker fits any empty slot that touches its row, of which
  there is one in every row that is not full (each row holds its 11).
"""

from __future__ import annotations

from ..core.actions import Action, Bridge, Draw, Pass, Place, Swap
from ..core.cards import JOKER, Slot
from .facts import MAX_CARDS_PER_TURN
from ..core.steps import LegalActions
from ..core.codes import Code
from .state import State
from .turn import TurnInProgress, check_turn_shape
from .validity import check_state


def legal_actions(state: State, prefix: tuple[Action, ...] = ()) -> LegalActions:
    """The legal continuations of `prefix`; raises the prefix's own violation, if any.

    The end-of-turn checks are not applied to the prefix (it may end with a bridge or hold
    only swaps). A finished game has no legal actions.
    """
    check_state(state)
    if state.is_over:
        return LegalActions(state.current, [], False)
    check_turn_shape(prefix)
    progress = TurnInProgress(state)
    for index, action in enumerate(prefix):
        progress.take(index, action)
    actions = list(_next_actions(progress, len(prefix)))
    return LegalActions(state.current, actions, bool(prefix) and progress.is_complete())


def _next_actions(t: TurnInProgress, index: int):
    if t.ender is not None or t.ended:
        return
    if t.pending is not None:
        target = t.pending[1].target
        for card in (str(target), JOKER):
            action = Place(card, target)
            if t.violation(index, action) is None:
                yield action
        return
    yield from _placements(t, index)
    yield from _bridges(t, index)
    yield from _swaps(t, index)
    if index == 0:
        # Listed without its card even where the turn will have to name it (hidden pile,
        # known hand): which card comes is not the player's choice.
        refused = t.violation(0, Draw())
        if refused is None or refused.code is Code.DRAW_CARD_REQUIRED:
            yield Draw()
        if t.violation(0, Pass()) is None:
            yield Pass()


def _placements(t: TurnInProgress, index: int):
    if t.placed >= MAX_CARDS_PER_TURN:
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


def _bridges(t: TurnInProgress, index: int):
    if t.bridges_left == 0 or t.placed >= MAX_CARDS_PER_TURN:
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


def _swaps(t: TurnInProgress, index: int):
    finishable = t.placed > 0 or t.any_empty_slot()
    if not finishable:
        return
    for row in t.state.rows:
        for value in sorted(t.jokers[row.color]):
            action = Swap(Slot(row.color, value))
            if t.violation(index, action) is None:
                yield action

