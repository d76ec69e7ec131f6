"""A game's turn shape: which kinds of action a turn holds, in which order (`TURN_SHAPE`).

A `Grammar` is a small automaton over action kinds: from each state, the kinds that may
come next and where they lead; a turn fits when its kinds lead from the start to an
accepting state. Only kinds and order are looked at (docs/games/index.md); what
depends on the cards is each game's own checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...core.codes import Code
from ...core.errors import Violation
from ...i18n import Message
from ...i18n.terms import ActionKind


class Grammar:
    """`steps[s][kind]` is the state after `kind` from state `s`; the start is 0."""

    def __init__(self, steps: Mapping[int, Mapping[str, int]], accepting: set[int]):
        self.steps = steps
        self.accepting = accepting

    @classmethod
    def one_of(cls, *kinds: str) -> Grammar:
        """Exactly one action, of one of these kinds."""
        return cls({0: {kind: 1 for kind in kinds}}, {1})

    def kinds(self) -> set[str]:
        """Every kind of action the grammar names."""
        return {kind for following in self.steps.values() for kind in following}

    def walk(self, kinds: Sequence[str]) -> tuple[int | None, int | None]:
        """The state after `kinds`, and the index of the first kind that does not fit (None
        when all fit)."""
        state = 0
        for index, kind in enumerate(kinds):
            following = self.steps.get(state, {}).get(kind)
            if following is None:
                return None, index
            state = following
        return state, None

    def allows_next(self, kinds: Sequence[str], kind: str) -> bool:
        state, misfit = self.walk(kinds)
        return misfit is None and kind in self.steps.get(state, {})

    def accepts(self, kinds: Sequence[str]) -> bool:
        state, misfit = self.walk(kinds)
        return misfit is None and state in self.accepting

    def violation(self, kinds: Sequence[str], whole: bool) -> Violation | None:
        """TURN_SHAPE at the first kind that does not fit; for a whole turn (`whole`) also
        with index None when it is empty or stops before an action it needs."""
        state, misfit = self.walk(kinds)
        if misfit is not None:
            return Violation(Code.TURN_SHAPE, misfit, Message(
                "This step does not fit here in a turn of this game: {kind}.", kind=ActionKind(kinds[misfit])))
        if whole and state not in self.accepting:
            if not kinds:
                return Violation(Code.TURN_SHAPE, None, Message("A turn needs at least one action."))
            return Violation(Code.TURN_SHAPE, None, Message("The turn stops before an action it needs."))
        return None
