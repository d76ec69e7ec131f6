"""Who wins, once each ruleset has scored the players."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def best_players(values: Sequence[int | None], best: Callable[..., int]) -> list[int] | None:
    """The indices whose value is `best` (max or min) of all, several on a tie; None while a
    value is unknown (a hidden hand)."""
    if any(v is None for v in values):
        return None
    top = best(values)
    return [i for i, v in enumerate(values) if v == top]
