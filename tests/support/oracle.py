"""A brute-force oracle for "which next actions can still be finished to a legal turn?".

It is the slow, obviously-correct twin of the rulesets' legal-action generators
(`referee/games/master/legal.py`, `referee/families/rows/legal.py`) and shares nothing with them:
candidate actions are generated naively from the deck the spec describes, and the only
judge is `engine.apply` on whole candidate turns, i.e. the same code `/v1/turns` runs.
One search serves every ruleset; what differs is written out per ruleset below
(`MasterCandidates`, `RowCandidates`).

A prefix is in one of three conditions:

- complete: `apply` accepts it as a whole turn;
- open: `apply` refuses it only with an end-of-turn check. Every action passed its own
  checks, so a longer turn may still be legal;
- dead: the turn as a whole or some action already breaks a rule. No extension helps:
  the referee checks actions in list order and reports the first failure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from referee import engine
from referee.core.actions import Action, Bridge, Draw, Pass, Place, Swap
from referee.core.cards import Slot
from referee.core.errors import Violation
from referee.core.zones import Hidden

COMPLETE, OPEN, DEAD = "complete", "open", "dead"

# Written out from the specs on purpose, rather than imported from the engine.
MASTER_COLORS = ("R", "Y", "G", "B")
MASTER_NUMBER_CARDS = tuple(f"{c}{v}" for c in MASTER_COLORS for v in range(1, 22))
EDITION_COLORS = {"2018": ("O", "Y", "G", "B"), "original": ("R", "Y", "G", "B")}
JUNIOR_COLORS = ("O", "Y", "G", "B")


def deck(data: dict[str, Any]) -> tuple[str, ...]:
    """Every number card of the classic or junior game a state (as a dict) belongs to."""
    if data["ruleset"] == "junior":
        return tuple(f"{c}{v}" for c in JUNIOR_COLORS for v in range(1, 12))
    options = data["options"]
    colors = EDITION_COLORS[options["edition"]]
    if options["without_blue"]:
        colors = tuple(c for c in colors if c != "B")
    return tuple(f"{c}{v}" for c in colors for v in range(1, 21))


def key(action: Action) -> str:
    """An action's identity, by its wire form."""
    return json.dumps(action.to_dict(), sort_keys=True)


class MasterCandidates:
    """MASTER (docs/games/master.md): every card to its slot, a joker to every slot, a bridge between
    every pair of equal-valued slots in two different rows, a swap of every number card, a
    draw, a pass.

    The end-of-turn codes (docs/games/master.md, "The codes") can also be reported for a
    failure inside the prefix, so the index tells them apart: `BRIDGE_NOT_FOLLOWED` at the
    end of the turn names the LAST action (a bridge); `SWAP_WITHOUT_PLAY` at the end of the
    turn comes from a turn without a draw or pass (the whole-turn check needs one).

    Completing an open prefix only needs placements and swaps: a draw or a pass can never
    follow another action (TURN_MIXED), and an open prefix either ends with a bridge (only
    a placement may follow) or holds swaps and no placement, so the player holds a
    swapped-out joker that fits an empty slot next to an occupied one in any row that is
    not full, which is at least as good as a bridge.
    """

    #: No legal turn is longer: 4 placements, a bridge before each, and at most 4 jokers
    #: on the table plus 4 placed this turn to swap.
    max_length = 4 + 4 + 8

    def __init__(self, state: Any):
        slots = tuple(Slot(c, v) for c in MASTER_COLORS for v in range(1, 22))
        hand = state.players[state.current].hand
        numbers = MASTER_NUMBER_CARDS if isinstance(hand, Hidden) else [c for c in hand if c != "J"]
        self.number_placements = [Place(c, Slot(c[0], int(c[1:]))) for c in dict.fromkeys(numbers)]
        self.joker_placements = [Place("J", s) for s in slots]
        self.bridges = [
            Bridge(a, b) for a in slots for b in slots if a.value == b.value and a.color != b.color
        ]
        self.swaps = [Swap(s) for s in slots]
        self.all = [*self.number_placements, *self.joker_placements, *self.bridges, *self.swaps,
                    Draw(), Pass()]
        self.draws = [Draw()] + [Draw(c) for c in MASTER_NUMBER_CARDS] + [Draw("J")]

    def completions(self, actions: tuple[Action, ...]) -> Iterable[Action]:
        if not actions:
            return self.all
        return [*self.number_placements, *self.joker_placements, *self.swaps]

    def only_end_of_turn(self, violation: Violation, actions: Sequence[Action]) -> bool:
        if violation.code == "BRIDGE_NOT_FOLLOWED":
            return violation.action == len(actions) - 1 and isinstance(actions[-1], Bridge)
        if violation.code == "SWAP_WITHOUT_PLAY":
            return not any(isinstance(a, (Draw, Pass)) for a in actions)
        return False


class RowCandidates:
    """The classic and junior games (docs/games/classic.md): every card of the deck placed, a
    draw naming no card or any card of the deck, a pass.

    Only draw sequences are ever open (`DRAW_INCOMPLETE`, `MUST_PLACE_DRAWN` are the
    end-of-turn codes), and a turn holds at most 3 draws (junior: 1) and one placement
    after them, so the search for a completion is shallow.
    """

    #: No open prefix is longer: 3 draws and the placement of the last drawn card.
    max_length = 3 + 1

    def __init__(self, state: Any):
        data = state.to_dict()
        cards = deck(data)

        def parse(dicts: list[dict]) -> list[Action]:
            return list(engine.load_actions(dicts, ruleset=data["ruleset"]))

        placements = parse([{"type": "place", "card": c} for c in cards])
        self.draws = parse([{"type": "draw"}] + [{"type": "draw", "card": c} for c in cards])
        self.all = [*placements, *self.draws, *parse([{"type": "pass"}])]

    def completions(self, actions: tuple[Action, ...]) -> Iterable[Action]:
        return self.all

    def only_end_of_turn(self, violation: Violation, actions: Sequence[Action]) -> bool:
        return violation.code in ("DRAW_INCOMPLETE", "MUST_PLACE_DRAWN")


class Oracle:
    """Answers about one state of any ruleset; remembers what it has judged."""

    def __init__(self, state: Any):
        if not state.checked:
            # Judge the position once: `apply` would re-check it on every call.
            engine.check_state(state)
            state = state.marked_checked()
        self.state = state
        self.player = state.current
        self.rules = MasterCandidates(state) if state.ruleset == "master" else RowCandidates(state)
        self.draws = self.rules.draws
        self.violations: dict[tuple[Action, ...], Violation] = {}
        self._status: dict[tuple[Action, ...], str] = {}
        self._completable: dict[tuple[Action, ...], bool] = {}

    def candidates(self) -> list[Action]:
        """Every action worth a try as the next one, naively."""
        return self.rules.all

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
                self.violations[actions] = violation
                found = OPEN if self.rules.only_end_of_turn(violation, actions) else DEAD
            self._status[actions] = found
        return found

    def completable(self, actions: Sequence[Action]) -> bool:
        """Some legal turn starts with `actions` (possibly `actions` itself)."""
        actions = tuple(actions)
        known = self._completable.get(actions)
        if known is not None:
            return known
        status = self.status(actions)
        if status == COMPLETE:
            answer = True
        elif status == DEAD or len(actions) >= self.rules.max_length:
            answer = False
        else:
            answer = any(self.completable(actions + (a,)) for a in self.rules.completions(actions))
        self._completable[actions] = answer
        return answer

    # -- the answers legal-actions should give ----------------------------------------------

    def next_actions(self, prefix: Sequence[Action]) -> set[Action]:
        """The actions after which the turn can still be finished; a draw is listed bare
        when some draw, naming a card or not, can be finished."""
        prefix = tuple(prefix)
        found: set[Action] = set()
        for action in self.candidates():
            if isinstance(action, Draw):
                if action == Draw() and self.finishable_draw(prefix) is not None:
                    found.add(action)
            elif self.completable(prefix + (action,)):
                found.add(action)
        return found

    def finishable_draw(self, prefix: Sequence[Action]) -> Draw | None:
        """A concrete draw (bare where that is allowed) that can be finished, or None."""
        return next((d for d in self.draws if self.completable(tuple(prefix) + (d,))), None)

    def is_complete(self, prefix: Sequence[Action]) -> bool:
        return self.status(prefix) == COMPLETE

    def is_dead(self, prefix: Sequence[Action]) -> bool:
        return self.status(prefix) == DEAD
