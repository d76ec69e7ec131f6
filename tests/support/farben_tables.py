"""Builders of Farben sammeln states (JSON shape), for tests.

    farben(hands=[["O1", "O2"], ["Y5"]], display=[["G7"], ["B3", "B4"], ...], pile=["O20"])

The named cards lie where given (hands and piles top first); every other card of the 80
fills the hands up to their dealt size (9, 8 or 7), then any display stack not given
(one card each), then goes under the named pile cards. `hide` lists the players whose
hands are counts, and "pile" for a face-down pile given as a count.
"""

from __future__ import annotations

from typing import Any

from support.box_tables import EDITION_COLORS, deck

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")


def hand_size(players: int) -> int:
    return 9 if players <= 3 else 8 if players <= 5 else 7


def farben(hands=None, display=None, pile=None, current: int | None = 0, closed: int | None = None, hide=(),
           players: int | None = None, edition: str = "2018", fill: bool = True) -> dict[str, Any]:
    n = players or (len(hands) if hands is not None else 2)
    hands = [list(h) for h in (hands or [[] for _ in range(n)])]
    hands += [[] for _ in range(n - len(hands))]
    display = [list(s) for s in display] if display is not None else [[], [], [], []]
    pile = list(pile or [])
    if fill:
        used = {c for h in hands for c in h} | {c for s in display for c in s} | set(pile)
        rest = [c for c in deck(EDITION_COLORS[edition]) if c not in used]
        for hand in hands:
            while len(hand) < hand_size(n) and rest:
                hand.append(rest.pop(0))
        for stack in display:
            if not stack:
                stack.append(rest.pop(0))
        pile += rest
    return {
        "ruleset": "farben-sammeln",
        "options": {"edition": edition},
        "players": [{"name": NAMES[i], "hand": {"count": len(hands[i])} if i in hide else hands[i]}
                    for i in range(n)],
        "current": None if closed is not None else current,
        "waiting": [],
        "pile": {"count": len(pile)} if "pile" in hide else pile,
        "display": display,
        "closed": closed,
    }


def take(source, card: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"type": "take", "from": source}
    if card is not None:
        data["card"] = card
    return data


def discard(card: str, to: int) -> dict[str, Any]:
    return {"type": "discard", "card": card, "to": to}


def close() -> dict[str, Any]:
    return {"type": "close"}


def pile_used_up(state: dict[str, Any], as_count: bool = False) -> dict[str, Any]:
    """The state with the pile's cards moved under display stack 3: the pile is empty."""
    display = [list(s) for s in state["display"]]
    display[3] += state["pile"]
    return dict(state, display=display, pile={"count": 0} if as_count else [])
