"""A sealed turn acts for its seat alone (docs/howto/sealed-games.md, "A seat acts for
itself"): an action that acts for other players too, such as a Schnipp Schnapp call with
`with` (the others who called at the same moment), is `NOT_YOUR_TURN` at that action.
Each caller reaches the referee with a seat of their own, and whoever reached it first
called first.

At a physical table, where one person records everyone's calls, the plain game keeps
such actions: only the sealed request path asks this. The ruleset says which actions act
for others (`referee.core.extras.acts_for_others`); nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import engine
from ..core.codes import Code
from ..core.extras import ActsForOthers, acts_for_others, answers
from ..core.errors import Violation
from ..core.turn import player_term
from ..i18n import Message


def refuse_acting_for_others(state: Any, seat: int, actions: Sequence[Any]) -> None:
    """NOT_YOUR_TURN at the first action that acts for a player other than `seat`'s
    (`state`: the game, which names the players; the refusal names the seat's own)."""
    rules = engine.find_ruleset(state.ruleset)
    if not answers(rules, ActsForOthers):  # no action of this game acts for others
        return
    for index, action in enumerate(actions):
        if acts_for_others(rules, action):
            raise Violation(Code.NOT_YOUR_TURN, index, Message(
                "In a sealed game this seat acts for {seat} alone: every other player sends their own "
                "turn with their own seat.", seat=player_term(state, seat)))
