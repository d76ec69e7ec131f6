"""The corpus's scenarios: the printed rulebook's examples, and for every rule code and
every kind of impossible state a small case that reaches it.

The code scenarios are searched for, not written by hand: positions of the conformance
pool with legal turns and deliberate mistakes, keeping for each code the smallest request
that gets it. The search is seeded, so an export is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import engine
from ..testing import play as plays
from .answers import expected, outcome, request_size
from .cases import POOL, SOURCES, pooled

Case = Callable[[str, str, str, dict[str, Any]], dict[str, Any]]
IMPOSSIBLE_KINDS = plays.IMPOSSIBLE
#: Codes a ruleset lists but no request can get (README: SLOT_OCCUPIED in the row games,
#: where a card's slot is taken only by that very card, which CARD_NOT_IN_HAND refuses first).
UNREACHABLE = {"classic": {"SLOT_OCCUPIED"}, "junior": {"SLOT_OCCUPIED"}}


# -- the printed rulebook's examples (MASTER, "Beispiel 1" a-e and "Beispiel 2") ----------------


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


def rulebook_cases(case: Case) -> list[dict[str, Any]]:
    """Example 1 needs yellow to neighbour blue and blue red: the rows lie G, Y, B, R."""
    one = master_position("GYBR", {"Y": [9, 10, 11]}, [["B9", "R9", "G1"], ["R8", "R7", "R5"]], ["Timo", "Vera"])
    timo = [_bridge("Y9", "B9"), _place("B9"), _bridge("B9", "R9"), _place("R9")]
    after_timo = expected("turns", {"state": one, "turn": {"player": 0, "actions": timo}}).body["state"]
    two = master_position("GYBR", {"Y": [7, 8, 9, 10, 11]}, [["J", "B8", "B6", "B5", "G10"], ["R1"]], ["Lisa", "Timo"])
    lisa = [_bridge("Y7", "B7"), {"type": "place", "card": "J", "at": "B7"}, _place("B8"), _place("B6"), _place("B5")]

    def turn(state, player, actions):
        return {"state": state, "turn": {"player": player, "actions": actions}}

    return [
        case("rulebook/1a-no-blue-9-without-the-10", "Example 1a: the blue 9 does not touch the blue row",
             "/v1/turns", turn(one, 0, [_place("B9")])),
        case("rulebook/1a-the-bridge-is-the-only-play", "Example 1a: the bridge to the blue 9, or a draw",
             "/v1/legal-actions", {"state": one, "actions": []}),
        case("rulebook/1b-after-the-bridge-only-the-blue-9", "Example 1b: the bridge must be followed by the blue 9",
             "/v1/legal-actions", {"state": one, "actions": [_bridge("Y9", "B9")]}),
        case("rulebook/1b-a-turn-cannot-end-on-a-bridge", "Example 1b: the bridge alone",
             "/v1/turns", turn(one, 0, [_bridge("Y9", "B9")])),
        case("rulebook/1c-two-bridges-in-one-turn", "Example 1c: a second bridge from the blue 9 just placed",
             "/v1/turns", turn(one, 0, timo)),
        case("rulebook/1d-vera-places-the-red-8-and-7", "Example 1d", "/v1/turns",
             turn(after_timo, 1, [_place("R8"), _place("R7")])),
        case("rulebook/1e-no-red-5-past-the-gap", "Example 1e: the red 5 does not touch the red 7", "/v1/turns",
             turn(after_timo, 1, [_place("R8"), _place("R7"), _place("R5")])),
        case("rulebook/1e-no-bridge-inside-one-row", "Example 1e: a bridge cannot stand in for the red 6",
             "/v1/turns", turn(after_timo, 1, [_place("R8"), _place("R7"), _bridge("R7", "R5"), _place("R5")])),
        case("rulebook/2-bridge-to-a-joker-then-three-cards", "Example 2: the bridge does not count, the joker does",
             "/v1/turns", turn(two, 0, lisa)),
        case("rulebook/2-a-fifth-card-is-too-many", "Example 2: the green 10 would be the fifth card",
             "/v1/turns", turn(two, 0, lisa + [_place("G10")])),
        case("rulebook/2-nothing-may-follow", "Example 2: after four cards nothing more is legal",
             "/v1/legal-actions", {"state": two, "actions": lisa}),
    ]


# -- one scenario per code ------------------------------------------------------------------


def find_code_cases(case: Case, ruleset: str, seed: int = 0, tries: int = POOL) -> list[dict[str, Any]]:
    """For every code of `ruleset` (but INVALID_STATE, see `find_impossible_cases`) and for
    an accepted turn, the smallest `/v1/turns` request found that gets it."""
    wanted = {c.value for c in engine.RULESETS[ruleset].codes} - {"INVALID_STATE"} - UNREACHABLE.get(ruleset, set())
    wanted.add("accepted")
    best: dict[str, dict[str, Any]] = {}
    for index in range(tries):
        for source in SOURCES[ruleset]:
            state = pooled(seed, ruleset, source, index)
            rng = random.Random(f"corpus:{ruleset}:{source}:{index}")
            for variant in (state, plays.hide_at_random(state, rng)):
                legal = None if plays.is_over(variant) else plays.legal_turn(variant, rng, rng.choice([0.5, 0.05]))
                turns = [legal] if legal else []
                turns += [plays.mistake(variant, legal, rng, kind) for kind in dict.fromkeys(plays.MISTAKES)]
                for turn in turns:
                    request = {"state": variant, "turn": turn}
                    got = outcome(expected("turns", request))
                    if got in wanted and (got not in best or request_size(request) < request_size(best[got])):
                        best[got] = request
        if set(best) >= wanted and index >= 40:
            break
    return [case(f"codes/{ruleset}/{code}", f"a {ruleset} turn that gets {code}", "/v1/turns", best[code])
            for code in sorted(best)]


def edition_draw_cases(case: Case, seed: int = 0) -> list[dict[str, Any]]:
    """The one rule the classic editions differ in, shown in each (RULES-CLASSIC.md): in
    the 2018 edition the first drawn card that fits may be kept, and a second that fits
    must be placed; in the original edition the first one must be. The first position of
    the pool (a known pile, a mover who cannot place) that shows each is taken."""
    draw = {"type": "draw"}
    # name: the edition, the endpoint, the actions, and what those actions as a whole turn
    # get there (the legal-actions case asks at the position of the 2018 refusal).
    wanted = {
        "2018/first-drawn-card-kept": ("2018", "turns", [draw], "accepted"),
        "2018/MUST_PLACE_DRAWN": ("2018", "turns", [draw, draw], "MUST_PLACE_DRAWN"),
        "2018/after-a-second-drawn-card-that-fits": ("2018", "legal-actions", [draw, draw], "MUST_PLACE_DRAWN"),
        "original/MUST_PLACE_DRAWN": ("original", "turns", [draw], "MUST_PLACE_DRAWN"),
    }
    found: dict[str, dict[str, Any]] = {}
    for index in range(POOL):
        for source in SOURCES["classic"]:
            state = pooled(seed, "classic", source, index)
            if plays.is_over(state) or not isinstance(state["pile"], list):
                continue
            for name, (edition, endpoint, actions, turn_outcome) in wanted.items():
                if name in found or state["options"]["edition"] != edition:
                    continue
                turn = {"state": state, "turn": {"player": state["current"], "actions": actions}}
                if outcome(expected("turns", turn)) != turn_outcome:
                    continue
                if endpoint == "turns":
                    found[name] = case(f"codes/classic/{name}", f"the {edition} edition: the turn "
                                       f"{', '.join(a['type'] for a in actions)} gets {turn_outcome}",
                                       "/v1/turns", turn)
                else:
                    found[name] = case(f"codes/classic/{name}", "the 2018 edition: after a second drawn card "
                                       "that fits, placing it is the only way on", "/v1/legal-actions",
                                       {"state": state, "actions": actions})
        if len(found) == len(wanted):
            break
    return [found[name] for name in wanted if name in found]


def find_impossible_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    """For every kind of impossible state, a `/v1/turns` request on such a state."""
    out = []
    for kind in IMPOSSIBLE_KINDS:
        for index, source in ((i, s) for i in range(POOL) for s in SOURCES[ruleset]):
            state = pooled(seed, ruleset, source, index)
            rng = random.Random(f"corpus-impossible:{ruleset}:{kind}:{index}")
            if plays.is_over(state):
                continue
            turn = plays.legal_turn(state, rng)
            broken = plays.impossible(state, rng, kind)
            try:
                if plays.is_possible(broken):
                    continue
            except engine.MalformedInput:
                continue
            out.append(case(f"impossible/{ruleset}/{kind.replace(' ', '-')}",
                            f"a {ruleset} state that cannot happen: {kind}", "/v1/turns",
                            {"state": broken, "turn": turn}))
            break
    return out
