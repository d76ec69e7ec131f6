"""`classic` and `junior` positions for tests (docs/games/classic.md, design/classic.md).

`classic(...)` and `junior(...)` lay out a full, valid state in the JSON shape of the design
and account for every other card of the deck (80 cards; 60 `without_blue`; 44 junior):

    classic(rows={"O": "10-12"}, hands=[["O5", "Y3"], ["G1"]], pile=["G7", "Y9", REST])

- `rows`: per colour the values lying there ("10-12", "1-3,20", [10, 11]). For the starts
  `eleven`, `ten-to-twelve` and `any` the rows are listed in the order of the dict (the order
  they were started) and a colour not named has no row. With `ends` and in `junior` every
  colour has a row, in the colour order of the deck; a colour not named holds only its two
  ends ("1,20", junior "1,11").
- `opening`: by default None while no row lies and with `ends`; otherwise 11 with `eleven`,
  for `ten-to-twelve` the first row's 11 (else its 10, else its 12). With `any` it must be
  given.
- `hands` and `pile`: a zone is a list of cards, `hidden("O5", extra=3)` (a hidden zone
  holding these cards and `extra` more: the first cards left in deck order), `REST` (the
  known list of every card not placed elsewhere) or `HIDDEN_REST` (the same, as a count).
  A list may end with `REST` (`pile=["G7", REST]`: the G7 on top of all the rest). Exactly
  one zone takes the rest; by default the pile. Cards left for the rest are in deck order:
  colours in the edition's order, then values (O1, O2, ... O20, Y1, ...).

The zones and the actions are the shared ones of `support.zones` and `support.actions`;
turns are judged with `support.judge`, as MASTER's are.
"""

from __future__ import annotations

from typing import Any

from support.zones import REST, resolve_zones, values

EDITION_COLORS = {"2018": "OYGB", "original": "RYGB"}
JUNIOR_COLORS = "OYGB"
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]


class _Auto:
    def __repr__(self) -> str:
        return "AUTO"


AUTO = _Auto()


def classic_colors(edition: str = "2018", without_blue: bool = False) -> str:
    colours = EDITION_COLORS[edition]
    return colours.replace("B", "") if without_blue else colours


def classic_deck(edition: str = "2018", without_blue: bool = False) -> list[str]:
    """80 cards (60 without blue): values 1-20 in the edition's colours, in deck order."""
    return [f"{c}{v}" for c in classic_colors(edition, without_blue) for v in range(1, 21)]


def junior_deck() -> list[str]:
    """44 cards: values 1-11 in O, Y, G, B."""
    return [f"{c}{v}" for c in JUNIOR_COLORS for v in range(1, 12)]


def _resolve_zones(deck: list[str], on_table: set[str], hands: list[Any], pile: Any):
    """The hands and the pile as JSON, every card of `deck` not on the table in one zone."""
    for card in on_table:
        if card not in deck:
            raise ValueError(f"{card} is not a card of this deck")
    resolved = resolve_zones([c for c in deck if c not in on_table], hands, pile)
    return resolved[:-1], resolved[-1]


def _players(hands: list[Any], names: list[str] | None) -> list[dict[str, Any]]:
    names = names or NAMES[: len(hands)]
    return [{"name": names[i], "hand": h} for i, h in enumerate(hands)]


def classic(
    rows: dict[str, Any] | None = None,
    hands: list[Any] | None = None,
    pile: Any = REST,
    *,
    edition: str = "2018",
    start: str = "eleven",
    without_blue: bool = False,
    opening: Any = AUTO,
    current: int = 0,
    passes: int = 0,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A valid `classic` state (see the module docstring)."""
    rows = rows or {}
    hands = hands if hands is not None else [[], []]
    palette = classic_colors(edition, without_blue)
    for colour in rows:
        if colour not in palette:
            raise ValueError(f"{colour} is not a colour of this deck")
    if start == "ends":
        row_dicts = [
            {"color": c, "cards": sorted(set(values(rows.get(c, "1,20"))))} for c in palette
        ]
    else:
        row_dicts = [{"color": c, "cards": sorted(set(values(v)))} for c, v in rows.items()]
    if opening is AUTO:
        if start == "ends" or not row_dicts:
            opening = None
        elif start == "eleven":
            opening = 11
        elif start == "ten-to-twelve":
            first = row_dicts[0]["cards"]
            opening = next(v for v in (11, 10, 12) if v in first)
        else:
            raise ValueError('with start "any" say the opening value')
    on_table = {f"{r['color']}{v}" for r in row_dicts for v in r["cards"]}
    resolved_hands, resolved_pile = _resolve_zones(
        classic_deck(edition, without_blue), on_table, hands, pile
    )
    return {
        "ruleset": "classic",
        "options": {"edition": edition, "start": start, "without_blue": without_blue},
        "players": _players(resolved_hands, names),
        "current": current,
        "rows": row_dicts,
        "opening": opening,
        "pile": resolved_pile,
        "passes": passes,
    }


def junior(
    rows: dict[str, Any] | None = None,
    hands: list[Any] | None = None,
    pile: Any = REST,
    *,
    current: int = 0,
    passes: int = 0,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """A valid `junior` state: four rows O, Y, G, B, each "1,11" unless given."""
    rows = rows or {}
    hands = hands if hands is not None else [[], []]
    for colour in rows:
        if colour not in JUNIOR_COLORS:
            raise ValueError(f"{colour} is not a junior colour")
    row_dicts = [
        {"color": c, "cards": sorted(set(values(rows.get(c, "1,11"))))} for c in JUNIOR_COLORS
    ]
    on_table = {f"{r['color']}{v}" for r in row_dicts for v in r["cards"]}
    resolved_hands, resolved_pile = _resolve_zones(junior_deck(), on_table, hands, pile)
    return {
        "ruleset": "junior",
        "players": _players(resolved_hands, names),
        "current": current,
        "rows": row_dicts,
        "pile": resolved_pile,
        "passes": passes,
    }
