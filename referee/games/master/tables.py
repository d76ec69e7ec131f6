"""Constructed MASTER positions: tables laid out directly rather than reached by play.

Random play seldom gets to the rare corners of the rules: seven half-rows complete and the
eighth about to be, jokers lying in slots whose cards a player holds, islands behind
bridges, an empty pile with a player holding only jokers and cards that do not fit. These
tables go there at once. Each row is a run through its 11 (and perhaps an island a table
bridge leads to), so every table keeps the facts of a possible state; the testing kit's
strategy asks the engine and drops any that it refuses.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.cards import JOKER
from .facts import MASTER

COLORS = "RYGB"


def _run(rng: random.Random, density: float) -> tuple[int, int]:
    """The low and high end of a run through the 11: the denser, the longer."""
    def reach(limit: int) -> int:
        return round(limit * (1 - rng.random() ** (1 + 4 * density)))
    return 11 - reach(10), 11 + reach(10)


def table(rng: random.Random, players: int | None = None, density: float | None = None,
          mover: str | None = None, pile: str | None = None, endgame: bool = False) -> dict[str, Any]:
    """A MASTER position (JSON shape) built from `rng`.

    `endgame`: every half-row complete but one to three, each missing one to three cards
    at its outer end, so that the seventh and eighth completions (and the bonus cards
    running out) come up.
    `mover`: "random" (the cards fall where they fall), "helpful" (the player to move gets
    cards that fit, cards for the jokers lying on the table, a joker) or "blocked" (only
    cards that do not fit, and jokers). `pile`: "empty", "short" or "long".
    """
    n = players or rng.randint(2, 6)
    density = rng.random() if density is None else density
    mover = mover or rng.choice(["random", "helpful", "helpful" if endgame else "blocked"])
    pile = pile or rng.choice(["empty", "empty" if mover == "blocked" else "short", "long"])
    order = list(COLORS)
    rng.shuffle(order)
    occupied: dict[str, set[int]] = {}
    for color in order:
        low, high = _run(rng, density)
        occupied[color] = set(range(low, high + 1))
    if endgame:
        occupied = {color: set(range(1, 22)) for color in order}
        for color, half in rng.sample([(c, h) for c in order for h in "lh"], rng.choice([1, 1, 2, 3])):
            gone = rng.randint(1, 3)
            occupied[color] -= set(range(1, 1 + gone)) if half == "l" else set(range(22 - gone, 22))

    # Islands: a run away from the 11 that a table bridge from a neighbouring row explains.
    table_bridges: list[tuple[str, str]] = []
    targets: set[str] = set()
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(4)
        j = rng.choice([k for k in (i - 1, i + 1) if 0 <= k < 4])
        island_row, source_row = order[i], order[j]
        taken = occupied[island_row]
        free = [v for v in occupied[source_row] if v != 11 and all(
            w not in taken for w in (v - 1, v, v + 1))]
        if not free:
            continue
        v = rng.choice(free)
        low, high = v, v
        while rng.random() < 0.4 and low - 2 >= 1 and low - 2 not in taken:
            low -= 1
        while rng.random() < 0.4 and high + 2 <= 21 and high + 2 not in taken:
            high += 1
        taken.update(range(low, high + 1))
        table_bridges.append((f"{source_row}{v}", f"{island_row}{v}"))
        targets.add(f"{island_row}{v}")
    # Bridges laid between two runs that have since grown side by side.
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(3)
        a, b = (order[i], order[i + 1]) if rng.random() < 0.5 else (order[i + 1], order[i])
        common = [v for v in occupied[a] & occupied[b] if v != 11 and f"{b}{v}" not in targets]
        if common:
            v = rng.choice(common)
            table_bridges.append((f"{a}{v}", f"{b}{v}"))
            targets.add(f"{b}{v}")

    # Jokers lying on the table, in slots other than the 11s.
    lying = [(c, v) for c in order for v in occupied[c] if v != 11]
    jokers = rng.sample(lying, min(len(lying), rng.choice([0, 0, 1, 2, 3, 4])))
    joker_slots = {c: sorted(v for cc, v in jokers if cc == c) for c in order}
    rows = [{"color": c, "cards": sorted(occupied[c] - set(joker_slots[c])), "jokers": joker_slots[c]}
            for c in order]

    on_table = {f"{r['color']}{v}" for r in rows for v in r["cards"]}
    pool = [f"{c}{v}" for c in COLORS for v in range(1, 22) if f"{c}{v}" not in on_table]
    pool += [JOKER] * (4 - len(jokers))
    rng.shuffle(pool)

    size = len(pool)
    pile_size = {"empty": 0, "short": rng.randint(1, 3), "long": rng.randint(0, max(0, size - n))}[pile]
    pile_size = min(pile_size, size - n)
    hand_cards = size - pile_size
    # The mover's share first, then the others: each hand at least one card.
    mine = rng.randint(1, max(1, min(12, hand_cards - (n - 1))))
    fits = {f"{c}{v}" for c in order for v in range(1, 22)
            if v not in occupied[c] and (v - 1 in occupied[c] or v + 1 in occupied[c])}
    fits |= {f"{c}{v}" for c, v in jokers}
    if mover == "helpful":
        pool.sort(key=lambda card: 0 if card in fits or card == JOKER else 1)
    elif mover == "blocked":
        # Jokers first: a joker never obliges a play, so an empty pile makes this a pass.
        pool.sort(key=lambda card: 2 if card in fits else 0 if card == JOKER else 1)
    hand = pool[:mine]
    rest = pool[mine:]
    rng.shuffle(rest)
    others = _split(rng, rest[: hand_cards - mine], n - 1)
    current = rng.randrange(n)
    hands = others[:current] + [hand] + others[current:]

    halves = sum(1 for c in order for half in (range(1, 11), range(12, 22)) if occupied[c].issuperset(half))
    bonus = _shares(rng, n, min(7, halves), cap=None)
    bridges = _shares(rng, n, MASTER.bridges_per_player(n) * n - len(table_bridges), cap=MASTER.bridges_per_player(n))
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"]
    return {
        "ruleset": "master",
        "players": [{"name": names[i], "hand": hands[i], "bridges": bridges[i], "bonus": bonus[i]}
                    for i in range(n)],
        "current": current,
        "rows": rows,
        "bridges": [{"from": a, "to": b} for a, b in table_bridges],
        "pile": rest[hand_cards - mine:],
        "passes": 0,
    }


def _split(rng: random.Random, cards: list[str], parts: int) -> list[list[str]]:
    """`cards` cut into `parts` non-empty hands at random points."""
    cuts = sorted(rng.sample(range(1, len(cards)), parts - 1)) if parts > 1 else []
    bounds = [0, *cuts, len(cards)]
    return [cards[a:b] for a, b in zip(bounds, bounds[1:])]


def _shares(rng: random.Random, n: int, total: int, cap: int | None) -> list[int]:
    """`total` handed out one by one to random players, none above `cap`."""
    out = [0] * n
    for _ in range(total):
        open_ = [i for i in range(n) if cap is None or out[i] < cap]
        out[rng.choice(open_)] += 1
    return out
