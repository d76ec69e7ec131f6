"""Überall anschließen's hints that say where a card must go; its fixed hints are in
`texts.toml`."""

from __future__ import annotations

from typing import Any

from ...core.codes import Code
from ...core.turn import player_term
from ...i18n import Message


def hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint for a refusal of this game, or None where the family's hint serves."""
    if code not in (Code.NOT_NEXT_HIGHER, Code.MIDDLE_FIRST, Code.FIT_OVERLOOKED):
        return None
    where = next(a["to"] for a in legal or ())  # the first listed placement is where it must go
    if where == "middle":
        must = Message("Put the card on the middle.")
    elif where == "own":
        must = Message("Nothing fits: put the card on your own pile.")
    else:
        must = Message("Put the card on the open pile of {player}.", player=player_term(state, where))
    if code is Code.FIT_OVERLOOKED:
        return Message("{must} If the table caught the mistake, follow it with stopp.", must=must)
    return must
