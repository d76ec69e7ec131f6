"""A junior game in process, for bots: the row family's compact table
(`families/rows/game.py`) with this game's ruleset as the reference that names refusals
(`referee.compact` documents the interface)."""

from __future__ import annotations

from ...families.rows.game import RowGame
from .ruleset import Junior


class Game(RowGame):
    """One junior game with every hand and the pile known."""

    __slots__ = ()
    reference = Junior()


__all__ = ["Game"]
