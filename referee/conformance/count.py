"""Counting legal turns, like chess's perft: one number another move generator can match.

`count_turns(state, depth)` counts the sequences of `depth` legal complete turns from
the state, one player after the other (depth 1: the turns of the player to move; depth
2: each of those followed by each turn of the next player), and the distinct states
they lead to. Several turns can lead to one state (the same cards placed in another
order), which is why both numbers are given. A draw that must name its card (a hidden
pile, a known hand) is counted once per card it could name. A game that ends before
`depth` turns ends those sequences, and they are not counted.

Two walkers give the same counts:

- `count_by_legal_actions`, the reference: action by action through the dict engine's
  step loop (`Ruleset.legal_actions`, what `engine.legal_actions` answers), every
  ruleset, hidden cards or not, each complete turn then played with `Ruleset.apply` and
  its state compared as JSON;
- for a game of the box, the same walk for every player who may act (the one to move,
  or each player a simultaneous step waits for), with every card known;
- a ruleset's own faster walker where it has one (`extras.FastCount`: MASTER's
  `perft` on its compact board, for a state with every card known, about thirty times
  faster);

`tests/conformance/test_count.py` checks them against each other and against a
brute-force count that asks only `engine.apply`.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .. import engine
from ..core.extras import FastCount, answers
from ..core.codes import Code
from ..core.errors import MalformedInput, Violation
from ..core.ruleset import Ruleset
from ..testing.decks import known, unseen


class Counted(NamedTuple):
    turns: int
    states: int


def count_turns(state: Any, depth: int = 1) -> Counted:
    """The sequences of `depth` legal complete turns from the state and the distinct states
    they reach; raises the state's Violation (INVALID_STATE) for a state that cannot happen."""
    engine.check_state(state)
    rules = engine.find_ruleset(state.ruleset)
    fast = rules.fast_count(state, depth) if answers(rules, FastCount) else None
    return Counted(*fast) if fast is not None else count_by_legal_actions(state, depth)


def count_by_legal_actions(state: Any, depth: int = 1) -> Counted:
    """The reference count: every turn built through `engine.legal_actions` (any ruleset)."""
    engine.check_state(state)
    frontier = {_key(state): (1, state)}
    turns = 0
    for _ in range(depth):
        reached: dict[str, tuple[int, Any]] = {}
        turns = 0
        for weight, start in frontier.values():
            for after in _turns_from(start):
                turns += weight
                key = _key(after)
                number, _ = reached.get(key, (0, after))
                reached[key] = (number + weight, after)
        frontier = reached
    return Counted(turns, len(frontier))


def _key(state: Any) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _turns_from(state: Any) -> list[Any]:
    """The state after each legal complete turn of the player to move (one per turn)."""
    if state.is_over:
        return []
    if engine.find_ruleset(state.ruleset).family == "box":
        return _box_turns_from(state)
    data = state.to_dict()
    must_name = not known(data["pile"]) and known(data["players"][data["current"]]["hand"])
    names = unseen(data) if must_name else []
    found: list[Any] = []

    ruleset = engine.find_ruleset(state.ruleset)

    def walk(prefix: tuple) -> None:
        listed = Ruleset.legal_actions(ruleset, state, prefix)
        if prefix and listed.complete:
            found.append(Ruleset.apply(ruleset, state, engine.Turn(listed.player, prefix)).state)
        for action in listed.actions:
            if action.to_dict() == {"type": "draw"} and must_name:
                for card in names:
                    walk(prefix + engine.load_actions([{"type": "draw", "card": card}], state.ruleset))
            else:
                walk(prefix + (action,))

    walk(())
    return found


def _box_turns_from(state: Any) -> list[Any]:
    """A game of the box: the turns of every player who may act now (the one to move, or
    each player a simultaneous step waits for, and anyone a game lets act out of turn: a
    Mogeln challenge in 2018, a Schnipp Schnapp call), so that at depth 2 the players of
    such a step are counted in either order. Counted where every card a turn turns up is
    known and every action is one of a few: a card turned up from a hidden pile could be
    any of many, and a Ratefix guess any whole number."""
    ruleset = engine.find_ruleset(state.ruleset)
    movers = [state.current] if state.current is not None else list(state.waiting)
    players = [p for p in range(len(state.players))
               if p in movers or ruleset.legal_actions(state, (), p).actions]
    found: list[Any] = []

    def walk(player: int, prefix: tuple) -> None:
        try:
            listed = ruleset.legal_actions(state, prefix, player)
            if prefix and listed.complete:
                found.append(ruleset.apply(state, engine.Turn(player, prefix)).state)
        except Violation as refused:
            if refused.code in (Code.DRAW_CARD_REQUIRED, Code.CARDS_HIDDEN):
                raise MalformedInput("a game of the box is counted with every card known: "
                                     "this state hides a card a turn would turn up") from None
            raise
        for action in listed.actions:
            if not _names_its_value(ruleset, action):
                raise MalformedInput(f"a {action.kind} may take any value here, so its turns are not counted")
            walk(player, prefix + (action,))

    for player in players:
        walk(player, ())
    return found


def _names_its_value(ruleset: Any, action: Any) -> bool:
    """The listed action is one action, not a pattern (a guess listed without its value)."""
    try:
        ruleset.load_actions([action.to_dict()])
    except MalformedInput:
        return False
    return True
