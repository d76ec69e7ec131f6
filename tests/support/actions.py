"""Action dicts in the wire shape of openapi.yaml, and comparing actions as sets, for every
ruleset's tests (the classic and junior games use `place`, `draw` and `pass_`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from referee import engine


def place(card: str) -> dict[str, str]:
    return {"type": "place", "card": card}


def joker(at: str) -> dict[str, str]:
    return {"type": "place", "card": "J", "at": at}


def bridge(source: str, target: str) -> dict[str, str]:
    return {"type": "bridge", "from": source, "to": target}


def swap(card: str) -> dict[str, str]:
    return {"type": "swap", "card": card}


def draw(card: str | None = None) -> dict[str, Any]:
    return {"type": "draw"} if card is None else {"type": "draw", "card": card}


def pass_() -> dict[str, str]:
    return {"type": "pass"}


def action_set(actions: Iterable[dict[str, Any]]) -> set[str]:
    """Actions as a set of canonical JSON texts, for order-free comparison."""
    return {json.dumps(a, sort_keys=True) for a in actions}


def listed(result: engine.LegalActions) -> set[str]:
    """The listed actions as a set; fails if one is listed twice."""
    actions = result.to_dict()["actions"]
    texts = [json.dumps(a, sort_keys=True) for a in actions]
    assert len(texts) == len(set(texts)), f"an action is listed twice: {texts}"
    return set(texts)
