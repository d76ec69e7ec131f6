"""What the box games' compact games (each game's `game.py`, over `core.compact.TableGame`)
share: the opening of a turn in a game of simultaneous steps, and the events a turn ends
with, as the dict engine reports them."""

from __future__ import annotations

from typing import Any

from ...core.turn import Event
from .turn import game_over


class SimultaneousSteps:
    """The `_open` of a compact game each of whose turns is one seat's part of a
    simultaneous step (Zweikampf's battles, Die höchste Karte's tricks); mixed in before
    `TableGame`."""

    _over: bool
    _waiting: tuple[int, ...]
    events: list[Event]

    def _open(self, seat: int, first: Any) -> bool:
        """A seat still waiting opens its turn while the game goes on, with no events yet."""
        if self._over or seat not in self._waiting:
            return False
        self.events = []
        return True


def closing_events(game: Any, over: bool) -> list[Event]:
    """The events of the turn `game` has just ended (its `events`), and where `over` (the
    turn ended the game) the `game_over` event with the scores of the game's new state."""
    events: list[Event] = game.events
    if over:
        events.append(game_over(game.reference.score(game.state)))
    return events


__all__ = ["SimultaneousSteps", "closing_events"]
