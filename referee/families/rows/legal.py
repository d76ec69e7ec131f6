"""Every action that can legally come next in a classic or junior turn.

Every action that passes the checks extends to a legal turn: a placement ends a legal
turn as it stands, and after a draw there is always a legal way on (place a fitting
card, or draw again while the limit and the pile allow, or stop). So the listing is the
candidates (the cards that fit, a draw, a pass) that pass the turn's own checks and the
whole-turn checks of the longer prefix.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core.actions import Draw, Pass, Place
from ...core.codes import Code
from .turn import Action, RowTurn


def next_actions(turn: RowTurn, index: int) -> Iterator[Action]:
    """The legal continuations of the actions `turn` has taken, as action `index`."""
    if turn.passed or turn.ended:
        return
    slots = turn.variant.slots
    if turn.hidden_hand:
        cards = [card for card in slots if turn.fits(card)]
    else:
        cards = list(dict.fromkeys(card for card in turn.hand if turn.fits(card)))
    candidates: list[Action] = [Place(card, slots[card]) for card in cards]
    candidates += [Draw(), Pass()]
    for action in candidates:
        refused = turn.violation(index, action)
        # A draw is listed without its card even where the turn will have to name it.
        if refused is not None and not (
            isinstance(action, Draw) and refused.code is Code.DRAW_CARD_REQUIRED
        ):
            continue
        if turn.whole_turn_violation((*turn.taken, action)) is None:
            yield action
