"""Judging turns in tests, one call shape for every ruleset.

A state is built with `support.master_tables.table(...)` (MASTER) or
`support.row_tables.classic(...)` / `junior(...)`; the actions with `support.actions`.
Then, whatever the ruleset:

    play(state, place("B10"), place("B9"))        # the engine's TurnResult, or its Violation
    play(state, place("R10"), player=1)           # a turn by someone other than the mover

- `play(state, *actions, player=None)` judges the turn through `referee.engine`; the player
  defaults to the state's `current`. The turn's cards are read with the state's ruleset.
- `after` gives the new state (JSON) of a legal turn, `outcome` the new state and the events;
  `violation` the Violation a refused turn raises, `refusal` its `(code, action index)`.
- `invalid_reason(state, *actions)` the reason an impossible state is refused with, lower-cased
  (the turn defaults to a draw).
- `legal(state, *prefix)` the legal next actions after a prefix of a turn; `legal_refusal` the
  `(code, action index)` of a prefix that breaks a rule.
- `row`, `colors` and `hand` read a state (JSON).
"""

from __future__ import annotations

from typing import Any

from referee import engine
from referee.core.errors import Violation

from support.actions import draw

Action = dict[str, Any]


def play(state: dict[str, Any], *actions: Action, player: int | None = None) -> engine.TurnResult:
    """Judge the turn `actions` by `player` (default: the one to move); raises a Violation."""
    loaded = engine.load_state(state)
    player = state["current"] if player is None else player
    turn = engine.load_turn({"player": player, "actions": list(actions)}, ruleset=loaded.ruleset)
    return engine.apply(loaded, turn)


def after(state: dict[str, Any], *actions: Action, player: int | None = None) -> dict[str, Any]:
    """The state after a legal turn, as JSON."""
    return play(state, *actions, player=player).state.to_dict()


def outcome(
    state: dict[str, Any], *actions: Action, player: int | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The state after a legal turn, as JSON, and the turn's events."""
    result = play(state, *actions, player=player)
    return result.state.to_dict(), result.events


def violation(state: dict[str, Any], *actions: Action, player: int | None = None) -> Violation:
    """The violation a turn is refused with; fails the test if the turn is accepted."""
    try:
        result = play(state, *actions, player=player)
    except Violation as found:
        return found
    raise AssertionError(f"the turn was accepted: {result!r} -> {result.state.to_dict()!r}")


def refusal(
    state: dict[str, Any], *actions: Action, player: int | None = None
) -> tuple[str, int | None]:
    """`(code, action index)` of the refused turn."""
    found = violation(state, *actions, player=player)
    return str(found.code), found.action


def invalid_reason(state: dict[str, Any], *actions: Action) -> str:
    """The reason an impossible state is refused with, lower-cased (code and index checked)."""
    # The state may be impossible in its `current` too; someone must still send the turn.
    player = state["current"] if isinstance(state.get("current"), int) else 0
    found = violation(state, *(actions or (draw(),)), player=player)
    assert (str(found.code), found.action) == ("INVALID_STATE", None), repr(found)
    return (found.reason or found.detail).lower()


def legal(state: dict[str, Any], *prefix: Action) -> engine.LegalActions:
    """The legal next actions after `prefix`, the start of the mover's turn."""
    loaded = engine.load_state(state)
    return engine.legal_actions(loaded, engine.load_actions(list(prefix), ruleset=loaded.ruleset))


def legal_refusal(state: dict[str, Any], *prefix: Action) -> tuple[str, int | None]:
    """`(code, action index)` a prefix that breaks a rule gets from legal-actions."""
    try:
        result = legal(state, *prefix)
    except Violation as found:
        return str(found.code), found.action
    raise AssertionError(f"the prefix was accepted: {result.to_dict()!r}")


# -- reading a state --------------------------------------------------------------------------


def row(state: dict[str, Any], color: str) -> dict[str, Any] | None:
    """One row of a state, by colour; None when the colour has no row."""
    return next((r for r in state["rows"] if r["color"] == color), None)


def colors(state: dict[str, Any]) -> list[str]:
    """The colours of the rows, in the order the state lists them."""
    return [r["color"] for r in state["rows"]]


def hand(state: dict[str, Any], player: int) -> Any:
    """The hand of `player`: a list of cards, or a hidden zone's count."""
    return state["players"][player]["hand"]
