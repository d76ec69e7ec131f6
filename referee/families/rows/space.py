"""The row games' action space for game-AI environments (docs/howto/game-ai.md): every
action a player of a row game may be offered, in wire form, a drawn card left out (the
referee turns it up)."""

from __future__ import annotations

from typing import Any


def row_action_space(colors: tuple[str, ...], top: int, jokers: bool, bridges: bool) -> list[dict[str, Any]]:
    """Place each number card; with jokers, place a joker at each slot and swap each
    number card for a joker; with bridges, a bridge between each two rows at each value;
    then draw and pass."""
    slots = [f"{color}{value}" for color in colors for value in range(1, top + 1)]
    space: list[dict[str, Any]] = [{"type": "place", "card": slot} for slot in slots]
    if jokers:
        space += [{"type": "place", "card": "J", "at": slot} for slot in slots]
        space += [{"type": "swap", "card": slot} for slot in slots]
    if bridges:
        space += [{"type": "bridge", "from": f"{a}{value}", "to": f"{b}{value}"}
                  for a in colors for b in colors if a != b for value in range(1, top + 1)]
    return space + [{"type": "draw"}, {"type": "pass"}]
