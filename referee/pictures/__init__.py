"""Pictures of the table: `picture(state, mark=())` draws any state of any ruleset as SVG.

It reads the state's wire form (what the API sends, what `to_dict()` gives) and imports
no engine and no web code (tests/core/test_import_rules.py); its texts come from the
gettext domain `pages` of `referee.i18n`.
"""

from .svg import picture
from .table import read_table


def slot_names(state) -> list[str]:
    """Every slot the picture of `state` (wire form) draws, row by row (none for the
    other games in the box, which have no rows)."""
    if "rows" not in state:
        return []
    return read_table(state).slot_names()


__all__ = ["picture", "slot_names"]
