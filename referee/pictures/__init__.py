"""Pictures of the table: `picture(state, mark=())` draws any state of any ruleset as SVG.

It reads the state's wire form (what the API sends, what `to_dict()` gives) and no web
code (tests/core/test_import_rules.py); what only a game's rules can say (which flipped
card may be called, the next claim) it asks the game's ruleset through the registry,
`referee.engine`, naming no game. Its texts come from the gettext domain `pages` of
`referee.i18n`.
"""

from .box import drawn_addresses
from .svg import picture
from .table import read_table


def slot_names(state) -> list[str]:
    """Every slot the picture of `state` (wire form) draws, row by row (none for the
    other games in the box, which have no rows)."""
    if "rows" not in state:
        return []
    return read_table(state).slot_names()


def mark_names(state) -> set[str]:
    """What `mark` and `highlight` may name in the picture of `state` (wire form): the
    slots of a game on rows; in the other games of the box, the cards drawn face up and
    the places drawn (JSON Pointers into the state: `/pile`, `/players/1/open`, ...)."""
    if "rows" not in state:
        return drawn_addresses(state)
    return set(read_table(state).slot_names())


__all__ = ["mark_names", "picture", "slot_names"]
