"""Pictures of the table: `picture(state, mark=())` draws any state of any ruleset as SVG."""

from .svg import picture
from .table import read_table


def slot_names(state) -> list[str]:
    """Every slot the picture of `state` (wire form) draws, row by row."""
    return read_table(state).slot_names()


__all__ = ["picture", "slot_names"]
