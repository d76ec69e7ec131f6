"""Builders of Überall anschließen states (JSON shape), for tests.

    ueberall(stacks=[["O5"], ["Y9"]], opens=[[], ["G4"]], middle=["B3", "B2"])

The named cards lie where given (every pile top first); every other card of the 80 goes
under the stacks, one at a time, of the players in `fill_to` (by default those not named
in `finished`, who hold nothing). `hide` lists the players whose stacks are counts.
"""

from __future__ import annotations

from typing import Any

from support.box_tables import EDITION_COLORS, deck

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")


def ueberall(stacks=None, opens=None, middle=(), current: int | None = 0, finished=(), hide=(),
             players: int | None = None, edition: str = "2018", fill: bool = True, fill_to=None) -> dict[str, Any]:
    n = players or len(stacks or opens or [[], []])
    stacks = [list(s) for s in (stacks or [])] + [[] for _ in range(n - len(stacks or []))]
    opens = [list(o) for o in (opens or [])] + [[] for _ in range(n - len(opens or []))]
    middle = list(middle)
    if fill:
        used = {c for s in stacks + opens for c in s} | set(middle)
        rest = [c for c in deck(EDITION_COLORS[edition]) if c not in used]
        holders = list(fill_to) if fill_to is not None else [i for i in range(n) if i not in finished]
        for k, card in enumerate(rest):
            stacks[holders[k % len(holders)]].append(card)
    return {
        "ruleset": "ueberall-anschliessen",
        "options": {"edition": edition},
        "players": [{"name": NAMES[i], "stack": {"count": len(stacks[i])} if i in hide else stacks[i],
                     "open": opens[i]} for i in range(n)],
        "current": current,
        "waiting": [],
        "middle": middle,
        "finished": list(finished),
    }


def run(top: str, length: int) -> list[str]:
    """A middle of `length` cards with `top` on top, each one higher than the one below
    (after 20 comes 1), in `top`'s colour."""
    colour, value = top[0], int(top[1:])
    return [f"{colour}{(value - 1 - k) % 20 + 1}" for k in range(length)]


def reveal(card: str | None = None) -> dict[str, Any]:
    return {"type": "reveal"} if card is None else {"type": "reveal", "card": card}


def place(to) -> dict[str, Any]:
    return {"type": "place", "to": to}


def stopp() -> dict[str, Any]:
    return {"type": "stopp"}
