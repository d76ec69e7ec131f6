"""A brute-force oracle for the classic and junior games: "which next actions can still
be finished to a legal turn?".

It is the slow, obviously-correct twin of the rulesets' legal-actions, and shares
nothing with them: candidate actions are generated naively from the deck the spec
describes (every card of the deck placed, a draw naming no card or any card of the
deck, a pass) and the only judge is `engine.apply` on whole candidate turns, i.e. the
same code `/v1/turns` runs.

A prefix is in one of three conditions:

- complete: `apply` accepts it as a whole turn;
- open: `apply` refuses it only with an end-of-turn check (RULES-CLASSIC.md: a drawn
  card that does not fit with fewer than 3 drawn, `DRAW_INCOMPLETE`; the `original`
  edition's fitting drawn card not placed, `MUST_PLACE_DRAWN`). Every action passed its
  own checks, so a longer turn may still be legal;
- dead: the turn as a whole or some action already breaks a rule. No extension helps:
  the turn-level checks (`OPENING`: more than one placement, or one that may not open;
  `TURN_MIXED`: a pass with anything else) stay broken when actions are added, and the
  per-action checks run in list order, first failure wins.

Only draw sequences are ever open, and a turn holds at most 3 draws (junior: 1) and
one placement after them, so the search for a completion is shallow.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from referee import engine
from referee.core.errors import Violation

COMPLETE, OPEN, DEAD = "complete", "open", "dead"
END_OF_TURN = frozenset({"DRAW_INCOMPLETE", "MUST_PLACE_DRAWN"})

#: No open prefix is longer: 3 draws and the placement of the last drawn card.
MAX_TURN_LENGTH = 3 + 1

# Written out from RULES-CLASSIC.md on purpose, rather than imported from the engine.
EDITION_COLORS = {"2018": ("O", "Y", "G", "B"), "original": ("R", "Y", "G", "B")}
JUNIOR_COLORS = ("O", "Y", "G", "B")


def deck(data: dict[str, Any]) -> tuple[str, ...]:
    """Every card of the game a state (as a dict) belongs to, colour by colour."""
    if data["ruleset"] == "junior":
        return tuple(f"{c}{v}" for c in JUNIOR_COLORS for v in range(1, 12))
    options = data["options"]
    colors = EDITION_COLORS[options["edition"]]
    if options["without_blue"]:
        colors = tuple(c for c in colors if c != "B")
    return tuple(f"{c}{v}" for c in colors for v in range(1, 21))


def key(action) -> str:
    """An action's identity, by its wire form."""
    return json.dumps(action.to_dict(), sort_keys=True)


class Oracle:
    """Answers about one state; remembers what it has judged."""

    def __init__(self, state):
        self.state = state
        self.data = state.to_dict()
        self.ruleset = self.data["ruleset"]
        self.player = self.data["current"]
        cards = deck(self.data)
        self.placements = self._parse([{"type": "place", "card": c} for c in cards])
        self.draws = self._parse([{"type": "draw"}] + [{"type": "draw", "card": c} for c in cards])
        self.bare_draw = self.draws[0]
        self.pass_ = self._parse([{"type": "pass"}])[0]
        self._status: dict[tuple, str] = {}
        self._completable: dict[tuple, bool] = {}
        self.violations: dict[tuple, Violation] = {}

    def _parse(self, data: list[dict]) -> list:
        return list(engine.load_actions(data, ruleset=self.ruleset))

    # -- judging whole candidate turns ---------------------------------------------------

    def status(self, actions: Sequence) -> str:
        actions = tuple(actions)
        if not actions:
            return OPEN
        found = self._status.get(actions)
        if found is None:
            try:
                engine.apply(self.state, engine.Turn(self.player, actions))
                found = COMPLETE
            except Violation as violation:
                self.violations[actions] = violation
                found = OPEN if str(violation.code) in END_OF_TURN else DEAD
            self._status[actions] = found
        return found

    def candidates(self) -> list:
        """Every action worth a try as the next one, naively."""
        return [*self.placements, *self.draws, self.pass_]

    def completable(self, actions: Sequence) -> bool:
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
        else:
            answer = any(self.completable(actions + (a,)) for a in self.candidates())
        self._completable[actions] = answer
        return answer

    # -- the answers legal-actions should give ----------------------------------------------

    def next_actions(self, prefix: Sequence) -> set[str]:
        """The keys of the actions after which the turn can still be finished; a draw is
        listed bare when some draw, naming a card or not, can be finished."""
        prefix = tuple(prefix)
        found = {key(a) for a in self.placements if self.completable(prefix + (a,))}
        if any(self.completable(prefix + (d,)) for d in self.draws):
            found.add(key(self.bare_draw))
        if self.completable(prefix + (self.pass_,)):
            found.add(key(self.pass_))
        return found

    def finishable_draw(self, prefix: Sequence):
        """A concrete draw (bare where that is allowed) that can be finished."""
        return next(d for d in self.draws if self.completable(tuple(prefix) + (d,)))

    def is_complete(self, prefix: Sequence) -> bool:
        return self.status(prefix) == COMPLETE

    def is_dead(self, prefix: Sequence) -> bool:
        return self.status(prefix) == DEAD
