"""Small builders for MASTER positions and turns, so that test setups read like the rules.

`table(...)` lays out a position in the JSON shape of API.md and accounts for every
other card of the game, so that the state passes RULES.md section 11:

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
  the deal and section 7 leave (the first of them takes any remainder).
- `table_bridges=[("Y9", "B9")]` are the bridges on the table, in the order laid.

The turn builders (`place`, `joker`, `bridge`, `swap`, `draw`, `pass_`) give action dicts;
`play` runs a turn through the engine, `outcome` gives the new state (JSON) and the events
of a legal turn, `refusal` the (code, action index) of a refused one, `legal` the legal
next actions, and `listed`/`action_set` compare actions as sets. `row` and `hand` read a
state.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from referee import engine
from referee.core.errors import Violation

COLORS = "RYGB"
NUMBER_CARDS = [f"{c}{v}" for c in COLORS for v in range(1, 22)]
NAMES = ["Timo", "Vera", "Lisa", "Max", "Anna", "Ben", "Cleo"]
BONUS_CARDS = 7


class _Rest:
    def __repr__(self) -> str:
        return "REST"


#: The known list of every card not placed elsewhere.
REST = _Rest()


class Hidden(NamedTuple):
    cards: tuple[str, ...]
    extra: int = 0
    rest: bool = False


def hidden(*cards: str, extra: int = 0, rest: bool = False) -> Hidden:
    """A zone given as a count: these cards, `extra` more, and with `rest` all the rest."""
    return Hidden(cards, extra, rest)


#: A hidden zone holding every card not placed elsewhere.
HIDDEN_REST = Hidden((), 0, True)


def bridges_dealt(players: int) -> int:
    return 4 if players <= 3 else 3 if players <= 5 else 2


def values(spec: str | int | Iterable[int]) -> list[int]:
    """`"1-4,9-11"` → [1, 2, 3, 4, 9, 10, 11]."""
    if isinstance(spec, int):
        return [spec]
    if not isinstance(spec, str):
        return list(spec)
    out: list[int] = []
    for part in spec.split(","):
        low, _, high = part.strip().partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


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
    """A valid MASTER state in the JSON shape of API.md (see the module docstring)."""
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


# -- turns ----------------------------------------------------------------------------------


def place(card: str) -> dict[str, str]:
    return {"type": "place", "card": card}


def joker(at: str) -> dict[str, str]:
    return {"type": "place", "card": "J", "at": at}


def bridge(source: str, target: str) -> dict[str, str]:
    return {"type": "bridge", "from": source, "to": target}


def swap(card: str) -> dict[str, str]:
    return {"type": "swap", "card": card}


def draw(card: str | None = None) -> dict[str, Any]:
    return {"type": "draw"} if card is None else {"type": "draw", "card": card}


def pass_() -> dict[str, str]:
    return {"type": "pass"}


def turn(player: int, *actions: dict[str, Any]) -> dict[str, Any]:
    return {"player": player, "actions": list(actions)}


def play(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> engine.TurnResult:
    """Judge the turn; the engine's TurnResult, or its Violation raised."""
    return engine.apply(engine.load_state(state), engine.load_turn(turn(player, *actions)))


def after(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> dict[str, Any]:
    """The state after a legal turn, as JSON."""
    return play(state, player, *actions).state.to_dict()


def violation(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> Violation:
    """The violation a turn is refused with; fails the test if the turn is accepted."""
    try:
        result = play(state, player, *actions)
    except Violation as found:
        return found
    raise AssertionError(f"the turn was accepted: {result!r}")


def refusal(
    state: dict[str, Any], player: int, *actions: dict[str, Any]
) -> tuple[str, int | None]:
    """`(code, action index)` of the refused turn."""
    found = violation(state, player, *actions)
    return str(found.code), found.action


def legal(state: dict[str, Any], *prefix: dict[str, Any]) -> engine.LegalActions:
    return engine.legal_actions(engine.load_state(state), engine.load_actions(list(prefix)))


def legal_refusal(state: dict[str, Any], *prefix: dict[str, Any]) -> tuple[str, int | None]:
    """`(code, action index)` a prefix that breaks a rule gets from legal-actions."""
    try:
        result = legal(state, *prefix)
    except Violation as found:
        return str(found.code), found.action
    raise AssertionError(f"the prefix was accepted: {result.to_dict()!r}")


def action_set(actions: Iterable[dict[str, Any]]) -> set[str]:
    """Actions as a set of canonical JSON texts, for order-free comparison."""
    return {json.dumps(a, sort_keys=True) for a in actions}


def listed(result: engine.LegalActions) -> set[str]:
    """The listed actions as a set; fails if one is listed twice."""
    actions = result.to_dict()["actions"]
    texts = [json.dumps(a, sort_keys=True) for a in actions]
    assert len(texts) == len(set(texts)), f"an action is listed twice: {texts}"
    return set(texts)



def row(state: dict[str, Any], color: str) -> dict[str, Any]:
    """One row of a state, by colour."""
    return next(r for r in state["rows"] if r["color"] == color)


def hand(state: dict[str, Any], player: int) -> Any:
    return state["players"][player]["hand"]


def outcome(state: dict[str, Any], player: int, *actions: dict[str, Any]) -> tuple[dict, list]:
    """The state after a legal turn, as JSON, and the turn's events."""
    result = play(state, player, *actions)
    return result.state.to_dict(), result.events


def resolve_zones(pool: list[str], hands: list[Any], pile: Any) -> list[Any]:
    """The hands and then the pile as JSON: the named cards taken out of `pool` (every card
    not on the table), hidden zones' extras filled from it in its order (number cards only),
    and what is left given to the one zone that takes the rest."""
    pool = list(pool)

    def take(card: str) -> None:
        if card not in pool:
            raise ValueError(f"{card} is placed twice, lies on the table or is not in the deck")
        pool.remove(card)

    zones = list(hands) + [pile]
    for zone in zones:
        named = zone.cards if isinstance(zone, Hidden) else zone if isinstance(zone, list) else []
        for card in named:
            if card is not REST:
                take(card)
    counts: dict[int, int] = {}
    for i, zone in enumerate(zones):
        if isinstance(zone, Hidden):
            extras = [c for c in pool if c != "J"][: zone.extra]
            for card in extras:
                take(card)
            counts[i] = len(zone.cards) + zone.extra
    resolved: list[Any] = []
    takers = 0
    for i, zone in enumerate(zones):
        if zone is REST:
            zone = [REST]
        if isinstance(zone, Hidden):
            count = counts[i]
            if zone.rest:
                takers += 1
                count += len(pool)
            resolved.append({"count": count})
        else:
            cards = [c for c in zone if c is not REST]
            if zone and zone[-1] is REST:
                takers += 1
                cards += pool
            resolved.append(cards)
    if takers > 1 or (takers == 0 and pool):
        raise ValueError(f"exactly one zone takes the rest; {len(pool)} cards are left over")
    return resolved
