"""Judging Schnipp Schnapp turns for the tests: a turn on a state (JSON shape) answers the
new state and events, or raises the violation."""

from __future__ import annotations

from typing import Any

from referee.core.errors import Violation
from referee.schnipp_schnapp.ruleset import SchnippSchnapp

SCHNAPP = SchnippSchnapp()


def judge(state: dict[str, Any], player: int, *actions: dict[str, Any]):
    return SCHNAPP.apply(SCHNAPP.load_state(state), SCHNAPP.load_turn({"player": player, "actions": list(actions)}))


def outcome(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> tuple[dict[str, Any], list]:
    result = judge(state, player, *actions)
    return result.state.to_dict(), result.events


def refused(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> tuple[str, int | None]:
    try:
        judge(state, player, *actions)
    except Violation as violation:
        return violation.code.value, violation.action
    raise AssertionError("the turn was accepted")


def listed(state: dict[str, Any], player: int | None = None, *prefix: dict[str, Any]) -> list[dict[str, Any]]:
    loaded = SCHNAPP.load_state(state)
    return SCHNAPP.legal_actions(loaded, SCHNAPP.load_actions(list(prefix)), player).to_dict()["actions"]
