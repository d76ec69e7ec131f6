"""What the box games' printed situations share: the shape of a test on a turn, and the
tests several games use. The situations themselves are each game's (`situations.py` in
its folder); the conformance kit searches random games for a turn each test accepts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = dict[str, Any]
#: (state before, turn, answer body) -> the turn shows the situation.
Shows = Callable[[Data, Data, Data], bool]


def game_over(before: Data, turn: Data, answer: Data) -> bool:
    return any(e["type"] == "game_over" for e in answer["events"])


def has(kind: str, **fields: Any) -> Shows:
    def shows(before: Data, turn: Data, answer: Data) -> bool:
        return any(e["type"] == kind and all(e.get(k) == v for k, v in fields.items()) for e in answer["events"])
    return shows
