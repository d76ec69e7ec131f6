"""A brute-force oracle for "can this turn prefix still be completed to a legal turn?".

It is the slow, obviously-correct twin of `referee/legal.py`, and shares nothing with
it: candidate actions are generated naively (every card to its slot, a joker to every
slot of every row, a bridge between every pair of equal-valued slots in two different
rows, a swap of every number card, a draw, a pass) and the only judge is
`engine.apply` on whole candidate turns, i.e. the same code `/v1/turns` runs.

A prefix is in one of three conditions:

- complete: `apply` accepts it as a whole turn;
- open: `apply` refuses it only with an end-of-turn check (RULES.md section 10: the
  last action is a bridge, or there are swaps but no placement). Every action passed
  its own checks, so a longer turn may still be legal;
- dead: some action already breaks a rule (or the turn's shape does). No extension can
  help: the referee checks actions in list order and reports the first failure.

The two end-of-turn codes can also be reported for a failure inside the prefix, so the
index tells them apart (see `turn.py`):

- `BRIDGE_NOT_FOLLOWED` at the end of the turn names the LAST action (a bridge); when
  a bridge inside the prefix is followed by a wrong action it names that bridge, which
  is then not the last action;
- `SWAP_WITHOUT_PLAY` at the end of the turn comes from a turn without a draw or pass;
  the whole-turn check that reports the same code needs a draw or a pass in the turn.

Searching for a completion of an open prefix only has to try placements and swaps:
a draw or a pass can never follow another action (TURN_MIXED), and an open prefix
either ends with a bridge (only a placement may follow) or holds swaps and no
placement, so the player holds a swapped-out joker that fits an empty slot next to an
occupied one in any row that is not full, which is at least as good as a bridge.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee import engine
from referee.core.actions import Action, Bridge, Draw, Pass, Place, Swap
from referee.core.cards import JOKER, Slot
from referee.core.codes import Code
from referee.core.errors import Violation
from referee.core.zones import Hidden
from referee.master.state import State
from referee.master.validity import check_state

COMPLETE, OPEN, DEAD = "complete", "open", "dead"

#: No legal turn is longer: 4 placements, a bridge before each, and at most 4 jokers on
#: the table plus 4 placed this turn to swap.
MAX_TURN_LENGTH = 4 + 4 + 8

# Written out from RULES.md on purpose, rather than imported from the engine.
COLORS = ("R", "Y", "G", "B")
NUMBER_CARDS = tuple(f"{c}{v}" for c in COLORS for v in range(1, 22))
ALL_SLOTS: tuple[Slot, ...] = tuple(Slot(c, v) for c in COLORS for v in range(1, 22))


def is_end_of_turn_failure(violation: Violation, actions: Sequence[Action]) -> bool:
    """The prefix broke only an end-of-turn check: every action passed its own checks."""
    if violation.code == Code.BRIDGE_NOT_FOLLOWED:
        return violation.action == len(actions) - 1 and isinstance(actions[-1], Bridge)
    if violation.code == Code.SWAP_WITHOUT_PLAY:
        return not any(isinstance(a, (Draw, Pass)) for a in actions)
    return False


class Oracle:
    """Answers about one state; remembers what it has judged."""

    def __init__(self, state: State):
        if not state.checked:
            # Judge the position once: `apply` would re-check it on every call.
            check_state(state)
            state = state.marked_checked()
        self.state = state
        self.player = state.current
        self._status: dict[tuple[Action, ...], str] = {}
        self._completable: dict[tuple[Action, ...], bool] = {}
        hand = state.players[state.current].hand
        numbers = NUMBER_CARDS if isinstance(hand, Hidden) else [c for c in hand if c != JOKER]
        self.number_placements = [Place(c, Slot(c[0], int(c[1:]))) for c in dict.fromkeys(numbers)]
        self.joker_placements = [Place(JOKER, s) for s in ALL_SLOTS]
        self.bridges = [
            Bridge(a, b) for a in ALL_SLOTS for b in ALL_SLOTS
            if a.value == b.value and a.color != b.color
        ]
        self.swaps = [Swap(s) for s in ALL_SLOTS]
        self.draws = [Draw()] + [Draw(c) for c in NUMBER_CARDS] + [Draw(JOKER)]

    # -- judging whole candidate turns ---------------------------------------------------

    def status(self, actions: Sequence[Action]) -> str:
        actions = tuple(actions)
        if not actions:
            return OPEN
        found = self._status.get(actions)
        if found is None:
            try:
                engine.apply(self.state, engine.Turn(self.player, actions))
                found = COMPLETE
            except Violation as violation:
                found = OPEN if is_end_of_turn_failure(violation, actions) else DEAD
            self._status[actions] = found
        return found

    def candidates(self) -> list[Action]:
        """Every action worth a try as the next one, naively."""
        return [
            *self.number_placements, *self.joker_placements, *self.bridges, *self.swaps,
            Draw(), Pass(),
        ]

    def _completion_candidates(self) -> Iterable[Action]:
        # See the module docstring for why placements and swaps suffice here.
        yield from self.number_placements
        yield from self.joker_placements
        yield from self.swaps

    def completable(self, actions: Sequence[Action]) -> bool:
        """Some legal turn starts with `actions` (possibly `actions` itself)."""
        actions = tuple(actions)
        known = self._completable.get(actions)
        if known is not None:
            return known
        status = self.status(actions)
        if status == COMPLETE:
            answer = True
        elif status == DEAD or len(actions) >= MAX_TURN_LENGTH:
            answer = False
        elif not actions:
            answer = any(self.completable((a,)) for a in self.candidates())
        else:
            answer = any(self.completable(actions + (a,)) for a in self._completion_candidates())
        self._completable[actions] = answer
        return answer

    def draw_completes(self, actions: Sequence[Action]) -> bool:
        """Some draw, naming a card or not, makes a legal turn after `actions`."""
        return any(self.status(tuple(actions) + (d,)) == COMPLETE for d in self.draws)

    # -- the answers legal-actions should give ----------------------------------------------

    def next_actions(self, prefix: Sequence[Action]) -> set[Action]:
        """The actions after which the turn can still be completed (a draw listed bare)."""
        prefix = tuple(prefix)
        found: set[Action] = set()
        for action in self.candidates():
            if isinstance(action, Draw):
                if self.draw_completes(prefix):
                    found.add(Draw())
            elif self.completable(prefix + (action,)):
                found.add(action)
        return found

    def is_complete(self, prefix: Sequence[Action]) -> bool:
        return self.status(prefix) == COMPLETE

    def is_dead(self, prefix: Sequence[Action]) -> bool:
        return self.status(prefix) == DEAD


def viable_next_actions(state: State, prefix: Sequence[Action] = ()) -> set[Action]:
    return Oracle(state).next_actions(prefix)
