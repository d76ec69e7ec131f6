"""The printed rulebook's examples of MASTER ("Beispiel 1" a-e and "Beispiel 2"), as
positions and turns: the conformance kit's corpus carries them (`rulebook.json`), and the
game's tests check the referee's verdict on each."""

from __future__ import annotations

from typing import Any


def master_position(order: str, rows: dict[str, list[int]], hands: list[list[str]],
                    names: list[str], jokers: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """A MASTER position of two players: these rows (the other colours hold their 11),
    these hands, every other card in the pile in the deck's order, no bridge laid yet."""
    jokers = jokers or {}
    row_list = [{"color": c, "cards": sorted(set(rows.get(c, [11])) - set(jokers.get(c, []))),
                 "jokers": sorted(jokers.get(c, []))} for c in order]
    used = {f"{r['color']}{v}" for r in row_list for v in r["cards"]} | {c for h in hands for c in h}
    pile = [f"{c}{v}" for c in "RYGB" for v in range(1, 22) if f"{c}{v}" not in used]
    pile += ["J"] * (4 - sum(len(r["jokers"]) for r in row_list) - sum(h.count("J") for h in hands))
    return {"ruleset": "master",
            "players": [{"name": n, "hand": h, "bridges": 4, "bonus": 0} for n, h in zip(names, hands)],
            "current": 0, "rows": row_list, "bridges": [], "pile": pile, "passes": 0}


def _place(card: str) -> dict[str, str]:
    return {"type": "place", "card": card}


def _bridge(a: str, b: str) -> dict[str, str]:
    return {"type": "bridge", "from": a, "to": b}


def printed_examples(ruleset: Any) -> list[tuple[str, str, str, dict[str, Any]]]:
    """The rulebook's examples as (name, description, endpoint, request), `ruleset` the
    game's own (it plays Timo's turn). Example 1 needs yellow to neighbour blue and blue
    red: the rows lie G, Y, B, R."""
    one = master_position("GYBR", {"Y": [9, 10, 11]}, [["B9", "R9", "G1"], ["R8", "R7", "R5"]], ["Timo", "Vera"])
    timo = [_bridge("Y9", "B9"), _place("B9"), _bridge("B9", "R9"), _place("R9")]
    turn_of_timo = ruleset.load_turn({"player": 0, "actions": timo})
    after_timo = ruleset.apply(ruleset.load_state(one), turn_of_timo).state.to_dict()
    two = master_position("GYBR", {"Y": [7, 8, 9, 10, 11]}, [["J", "B8", "B6", "B5", "G10"], ["R1"]], ["Lisa", "Timo"])
    lisa = [_bridge("Y7", "B7"), {"type": "place", "card": "J", "at": "B7"}, _place("B8"), _place("B6"), _place("B5")]

    def turn(state, player, actions):
        return {"state": state, "turn": {"player": player, "actions": actions}}

    return [
        ("rulebook/1a-no-blue-9-without-the-10", "Example 1a: the blue 9 does not touch the blue row",
         "turns", turn(one, 0, [_place("B9")])),
        ("rulebook/1a-the-bridge-is-the-only-play", "Example 1a: the bridge to the blue 9, or a draw",
         "legal-actions", {"state": one, "actions": []}),
        ("rulebook/1b-after-the-bridge-only-the-blue-9", "Example 1b: the bridge must be followed by the blue 9",
         "legal-actions", {"state": one, "actions": [_bridge("Y9", "B9")]}),
        ("rulebook/1b-a-turn-cannot-end-on-a-bridge", "Example 1b: the bridge alone",
         "turns", turn(one, 0, [_bridge("Y9", "B9")])),
        ("rulebook/1c-two-bridges-in-one-turn", "Example 1c: a second bridge from the blue 9 just placed",
         "turns", turn(one, 0, timo)),
        ("rulebook/1d-vera-places-the-red-8-and-7", "Example 1d", "turns",
         turn(after_timo, 1, [_place("R8"), _place("R7")])),
        ("rulebook/1e-no-red-5-past-the-gap", "Example 1e: the red 5 does not touch the red 7", "turns",
         turn(after_timo, 1, [_place("R8"), _place("R7"), _place("R5")])),
        ("rulebook/1e-no-bridge-inside-one-row", "Example 1e: a bridge cannot stand in for the red 6",
         "turns", turn(after_timo, 1, [_place("R8"), _place("R7"), _bridge("R7", "R5"), _place("R5")])),
        ("rulebook/2-bridge-to-a-joker-then-three-cards", "Example 2: the bridge does not count, the joker does",
         "turns", turn(two, 0, lisa)),
        ("rulebook/2-a-fifth-card-is-too-many", "Example 2: the green 10 would be the fifth card",
         "turns", turn(two, 0, lisa + [_place("G10")])),
        ("rulebook/2-nothing-may-follow", "Example 2: after four cards nothing more is legal",
         "legal-actions", {"state": two, "actions": lisa}),
    ]
