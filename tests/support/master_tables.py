"""MASTER positions for tests, laid out so that test setups read like the rules.

`table(...)` lays out a position in the JSON shape of openapi.yaml and accounts for every
other card of the game, so that the state passes docs/games/master.md, `INVALID_STATE`:

    table(order="GYBR", rows={"Y": "9-11"}, jokers={"B": [10]},
          hands=[["B9", "R9", "J"], ["R8", "R7", "R5"]])

- `rows`: per colour the values of the cards lying there ("9-11", "1-11,13", [9, 10, 11]);
  a colour not named holds only its 11. `jokers`: per colour the slots a joker lies in
  (they win over `rows`: `rows={"B": "9-11"}, jokers={"B": [10]}` is B9, joker, B11).
- `hands` and `pile`: a zone is a list of cards, `hidden("B9", extra=4)` (a hidden zone
  holding these cards and `extra` more: the lowest number cards left, R1, R2, ...), `REST` (the known list of every card not placed
  elsewhere), or `HIDDEN_REST` (the same, as a count). A list may end with `REST`
  (`pile=["G5", REST]`: the G5 on top of all the rest). Exactly one zone takes the rest;
  by default the pile.
- `bridges_left={0: 1}` and `bonus={1: 2}` fix some players' counts; the others share what
  the deal and the bonus cards won leave (the first of them takes any remainder).
- `table_bridges=[("Y9", "B9")]` are the bridges on the table, in the order laid.

The zones (`REST`, `hidden`, ...) come from `support.zones`, the actions from
`support.actions`, and turns are judged with `support.judge`, all shared with the classic and
junior games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from support.zones import REST, resolve_zones, values

COLORS = "RYGB"
NUMBER_CARDS = [f"{c}{v}" for c in COLORS for v in range(1, 22)]
NAMES = ["Timo", "Vera", "Lisa", "Max", "Anna", "Ben", "Cleo"]
BONUS_CARDS = 7


def bridges_dealt(players: int) -> int:
    return 4 if players <= 3 else 3 if players <= 5 else 2


def table(
    rows: dict[str, Any] | None = None,
    jokers: dict[str, Any] | None = None,
    order: str = "RYGB",
    hands: list[Any] | None = None,
    pile: Any = REST,
    bridges_left: dict[int, int] | None = None,
    table_bridges: Iterable[tuple[str, str]] = (),
    bonus: dict[int, int] | None = None,
    current: int = 0,
    passes: int = 0,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A valid MASTER state in the JSON shape of openapi.yaml (see the module docstring)."""
    rows = rows or {}
    jokers = jokers or {}
    hands = hands if hands is not None else [[], []]
    n = len(hands)

    row_dicts = []
    occupied: dict[str, set[int]] = {}
    for color in order:
        joker_slots = sorted(values(jokers.get(color, [])))
        cards = sorted(set(values(rows.get(color, "11"))) - set(joker_slots))
        row_dicts.append({"color": color, "cards": cards, "jokers": joker_slots})
        occupied[color] = set(cards) | set(joker_slots)

    on_table = {f"{r['color']}{v}" for r in row_dicts for v in r["cards"]}
    pool = [c for c in NUMBER_CARDS if c not in on_table]
    pool += ["J"] * (4 - sum(len(r["jokers"]) for r in row_dicts))

    resolved = resolve_zones(pool, hands, pile)

    bridges = [{"from": a, "to": b} for a, b in table_bridges]
    held = _share(n, bridges_left or {}, bridges_dealt(n) * n - len(bridges))
    halves = sum(
        1
        for slots in occupied.values()
        for half in (range(1, 11), range(12, 22))
        if slots.issuperset(half)
    )
    won = _share(n, bonus or {}, min(BONUS_CARDS, halves))
    names = names or NAMES[:n]
    return {
        "ruleset": "master",
        "players": [
            {"name": names[i], "hand": resolved[i], "bridges": held[i], "bonus": won[i]}
            for i in range(n)
        ],
        "current": current,
        "rows": row_dicts,
        "bridges": bridges,
        "pile": resolved[n],
        "passes": passes,
    }


def _share(n: int, fixed: dict[int, int], total: int) -> list[int]:
    """Per player: the fixed counts, the others sharing what is left of `total`."""
    free = [i for i in range(n) if i not in fixed]
    left = total - sum(fixed.values())
    out = [fixed.get(i, 0) for i in range(n)]
    if free:
        for i in free:
            out[i] = left // len(free)
        out[free[0]] += left % len(free)
    return out
