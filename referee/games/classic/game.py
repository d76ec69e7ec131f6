"""A classic game in process, for bots: the row family's compact table
(`families/rows/game.py`) with this game's ruleset as the reference that names refusals
(`referee.compact` documents the interface)."""

from __future__ import annotations

from ...families.rows.game import RowGame
from .ruleset import Classic


class Game(RowGame):
    """One classic game with every hand and the pile known."""

    __slots__ = ()
    reference = Classic()


__all__ = ["Game"]
