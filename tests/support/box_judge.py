"""Judging turns of the games of the box in tests, seat first: a game where several may
act (a simultaneous step, a call or challenge out of turn) always names the player.

    judge(state, 2, call("schnapp"))          # the engine's TurnResult, or its Violation
    outcome(state, 2, call("schnapp"))        # the new state (JSON) and the events
    refused(state, 2, flip())                 # (code, action index) of a refused turn
    listed(state, 2, *prefix)                 # legal-actions' answer for that player
    actions_listed(state, 2, *prefix)         # its actions alone

The ruleset is the state's; the turns go through `support.judge`, as every ruleset's do.
"""

from __future__ import annotations

from typing import Any

from referee import engine
from support import judge as judging

Action = dict[str, Any]


def judge(state: dict[str, Any], player: int, *actions: Action) -> engine.TurnResult:
    return judging.play(state, *actions, player=player)


def outcome(state: dict[str, Any], player: int, *actions: Action) -> tuple[dict[str, Any], list]:
    return judging.outcome(state, *actions, player=player)


def refused(state: dict[str, Any], player: int, *actions: Action) -> tuple[str, int | None]:
    return judging.refusal(state, *actions, player=player)


def listed(state: dict[str, Any], player: int | None = None, *prefix: Action) -> dict[str, Any]:
    loaded = engine.load_state(state)
    return engine.legal_actions(loaded, engine.load_actions(list(prefix), loaded.ruleset), player).to_dict()


def actions_listed(state: dict[str, Any], player: int | None = None, *prefix: Action) -> list[Action]:
    return listed(state, player, *prefix)["actions"]
