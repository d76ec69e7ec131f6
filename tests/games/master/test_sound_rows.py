"""The impossible-state check's fast path (`validity.sound_rows`, on bit masks) against
the named checks.

`check_state` first asks `sound_rows` whether a state is sound, and only walks the named
checks (`check_seats` to `_check_bonus`), which build the INVALID_STATE reasons, when it
says no. So the fast path must accept exactly the states the named checks pass: were it
to accept one they refuse, that refusal would be lost. Positions of seeded random games
(every hand and the pile known, and hidden), and the same positions with one thing
changed (a card moved, doubled or renamed, a row value or joker added, moved or dropped,
a bridge or bonus count off, a table bridge moved, rows reordered or recoloured, a seat
added or dropped), go to both; the masks it returns are a `Board`'s.
"""

from __future__ import annotations

import copy
import random

from referee import engine
from referee.core.actions import Draw, Pass, Turn
from referee.core.errors import MalformedInput, Violation
from referee.core.validity import check_seats
from referee.games.master import validity
from referee.games.master.board import mask_of

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
CARDS = [f"{c}{v}" for c in "RYGB" for v in range(1, 22)] + ["J"]


def named(state) -> str | None:
    """The reason the named checks refuse the state with, or None where they pass it."""
    try:
        check_seats(state, 2, 6)
        occupied = validity._check_rows(state)
        validity._check_cards(state)
        validity._check_bridges(state, occupied)
        validity._check_runs(state, occupied)
        validity._check_bonus(state, occupied)
    except Violation as refusal:
        return refusal.reason
    return None


def positions(games: int, seed: int) -> list[dict]:
    """States of seeded random games, as JSON data, every few turns."""
    rng = random.Random(seed)
    found = []
    for game in range(games):
        players = rng.randint(2, 6)
        state = engine.new_game(NAMES[:players], seed=seed + game).state
        turns = 0
        while not state.is_over and turns < 400:
            prefix: list = []
            while True:
                listed = engine.legal_actions(state, prefix)
                if not listed.actions or (listed.complete and rng.random() < 0.5):
                    break
                plays = [a for a in listed.actions if not isinstance(a, (Draw, Pass))]
                prefix.append(rng.choice(plays if plays and rng.random() < 0.9 else listed.actions))
            state = engine.apply(state, Turn(state.current, tuple(prefix))).state
            turns += 1
            if turns in (1, 3) or turns % 7 == 0 or state.is_over:
                found.append(state.to_dict())
    return found


def hide(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    for player in data["players"]:
        if rng.random() < 0.5:
            player["hand"] = {"count": len(player["hand"])}
    if rng.random() < 0.5:
        data["pile"] = {"count": len(data["pile"])}
    return data


def zones(data: dict) -> list[list]:
    found = [p["hand"] for p in data["players"] if isinstance(p["hand"], list)]
    if isinstance(data["pile"], list):
        found.append(data["pile"])
    return [z for z in found if z]


def mutate(data: dict, rng: random.Random) -> dict:
    """The state with one thing changed (which may leave it possible)."""
    data = copy.deepcopy(data)
    rows, players = data["rows"], data["players"]
    row = rng.choice(rows)
    kind = rng.randrange(18)
    held = zones(data)
    if kind == 0 and len(held) > 1:  # a card moves from one zone to another
        a, b = rng.sample(held, 2)
        b.append(a.pop(rng.randrange(len(a))))
    elif kind == 1 and held:  # a known card renamed, perhaps to one that is elsewhere
        zone = rng.choice(held)
        zone[rng.randrange(len(zone))] = rng.choice(CARDS)
    elif kind == 2 and held:  # a card doubled, or dropped
        zone = rng.choice(held)
        if rng.random() < 0.5:
            zone.append(rng.choice(zone))
        else:
            zone.pop()
    elif kind == 3:  # a row value added, doubled or dropped
        values = row["cards"]
        choice = rng.random()
        if choice < 0.4:
            values.append(rng.randint(1, 21))
        elif choice < 0.6 and values:
            values.append(rng.choice(values))
        elif values:
            values.remove(rng.choice(values))
    elif kind == 4:  # a joker added to a row, doubled or dropped
        jokers = row.setdefault("jokers", [])
        if rng.random() < 0.5 or not jokers:
            jokers.append(rng.randint(1, 21))
        elif rng.random() < 0.5:
            jokers.append(rng.choice(jokers))
        else:
            jokers.pop()
    elif kind == 5:  # a row value moves (from the table into a hand or the other way)
        if row["cards"] and held and rng.random() < 0.5:
            value = rng.choice(row["cards"])
            row["cards"].remove(value)
            rng.choice(held).append(f"{row['color']}{value}")
        elif held:
            zone = rng.choice(held)
            card = zone.pop(rng.randrange(len(zone)))
            if card != "J":
                next(r for r in rows if r["color"] == card[0])["cards"].append(int(card[1:]))
            else:
                row.setdefault("jokers", []).append(rng.randint(1, 21))
    elif kind == 6:  # a player's bridge cards or bonus cards off by one
        player = rng.choice(players)
        player[rng.choice(["bridges", "bonus"])] += rng.choice([-1, 1])
    elif kind == 7 and data["bridges"]:  # a table bridge moved, doubled or dropped
        bridges = data["bridges"]
        choice = rng.random()
        if choice < 0.4:
            bridge = rng.choice(bridges)
            end = rng.choice(["from", "to"])
            bridge[end] = f"{rng.choice('RYGB')}{rng.randint(1, 21)}"
        elif choice < 0.6:
            bridges.append(dict(rng.choice(bridges)))
        else:
            bridges.remove(rng.choice(bridges))
    elif kind == 8:  # a bridge added between two slots
        a = rng.randrange(len(rows))
        b = min(len(rows) - 1, max(0, a + rng.choice([-1, 1, 0])))
        value = rng.randint(1, 21)
        data.setdefault("bridges", []).append(
            {"from": f"{rows[a]['color']}{value}", "to": f"{rows[b]['color']}{value}"}
        )
    elif kind == 9:  # rows reordered (still possible) or recoloured, or one dropped
        choice = rng.random()
        if choice < 0.4:
            rng.shuffle(rows)
        elif choice < 0.8:
            row["color"] = rng.choice("RYGB")
        else:
            rows.remove(row)
    elif kind == 10:  # a seat added or dropped, or the one to move out of range
        choice = rng.random()
        if choice < 0.3 and len(players) > 1:
            players.pop()
        elif choice < 0.6:
            players.append({"name": "Extra", "hand": [], "bridges": 0, "bonus": 0})
        else:
            data["current"] = rng.choice([-1, len(players), 0])
    elif kind == 11:  # a hidden count off by one
        hidden = [p["hand"] for p in players if isinstance(p["hand"], dict)]
        if isinstance(data["pile"], dict):
            hidden.append(data["pile"])
        if hidden:
            rng.choice(hidden)["count"] += rng.choice([-1, 1])
    elif kind == 12:  # a row's 11 dropped, or a joker onto a slot with a card
        if rng.random() < 0.5 and 11 in row["cards"]:
            row["cards"].remove(11)
        elif row["cards"]:
            row.setdefault("jokers", []).append(rng.choice(row["cards"]))
    elif kind == 13:  # a known card onto its row, perhaps an island away from the run
        value = rng.choice([1, 2, 3, 5, 17, 19, 20, 21])
        card = f"{row['color']}{value}"
        zone = next((z for z in held if card in z), None)
        if zone is not None:
            zone.remove(card)
            row["cards"].append(value)
    elif kind == 14 and held:  # a joker more or fewer in a known zone, or one onto a
        zone = rng.choice(held)  # slot that holds one already
        if "J" in zone and rng.random() < 0.5:
            zone.remove("J")
            if row.get("jokers") and rng.random() < 0.5:
                row["jokers"].append(row["jokers"][0])
        else:
            zone.append("J")
    elif kind == 16 and data["bridges"]:  # the table bridges listed in another order
        rng.shuffle(data["bridges"])
    elif kind == 15 and held:  # a row value or joker listed twice, a known card fewer
        values = row["jokers"] if row.get("jokers") and rng.random() < 0.5 else row["cards"]
        if values:
            values.append(rng.choice(values))
            rng.choice(held).pop()
    else:  # two changes
        return mutate(mutate(data, rng), rng)
    return data


def masks(state) -> tuple[list[int], list[int]]:
    return [mask_of(r.cards) for r in state.rows], [mask_of(r.jokers) for r in state.rows]


def test_the_fast_path_accepts_what_the_named_checks_pass_and_nothing_else():
    rng = random.Random(20)
    accepted = refused = 0
    for data in positions(12, 2000):
        for shown in (data, hide(data, rng)):
            state = engine.load_state(shown)
            assert named(state) is None
            rows = validity.sound_rows(state)
            assert rows is not None
            lay, cards, jokers = rows
            assert lay.colors == tuple(r.color for r in state.rows)
            assert (cards, jokers) == masks(state)
            for _ in range(12):
                try:
                    changed = engine.load_state(mutate(shown, rng))
                except MalformedInput:
                    continue
                reason = named(changed)
                found = validity.sound_rows(changed)
                assert (found is None) == (reason is not None), (reason, changed)
                if found is not None:
                    assert found[1:] == masks(changed)
                    accepted += 1
                else:
                    refused += 1
    # Both kinds occur often enough for the comparison to mean something.
    assert accepted > 100 and refused > 500, (accepted, refused)


def test_chained_bridges_are_sound_in_whatever_order_the_state_lists_them():
    """A slot can be one bridge's target and the next one's source (Y6 to G6, then G6 to
    B6). However the state orders its bridges, the fast path accepts the position, as the
    named checks do, and reads the same masks; only a second bridge onto one target is
    refused, in either order."""
    rng = random.Random(16)
    chained = doubles = 0
    for data in positions(12, 2000):
        bridges = data["bridges"]
        sources = {b["from"] for b in bridges}
        if not sources & {b["to"] for b in bridges}:
            continue
        chained += 1
        expected = masks(engine.load_state(data))
        orders = [bridges[::-1]] + [rng.sample(bridges, len(bridges)) for _ in range(8)]
        for order in orders:
            state = engine.load_state({**data, "bridges": list(order)})
            assert named(state) is None
            found = validity.sound_rows(state)
            assert found is not None and found[1:] == expected, order
        # The bridge onto the chain's middle slot laid a second time, from a bridge card
        # of a player who has one (so the count of bridge cards still adds up).
        giver = next((p for p in data["players"] if p["bridges"] > 0), None)
        if giver is None:
            continue
        onto = next(b for b in bridges if b["to"] in sources)
        players = [{**p, "bridges": p["bridges"] - 1} if p is giver else p for p in data["players"]]
        for doubled in ([*bridges, dict(onto)], [dict(onto), *bridges]):
            state = engine.load_state({**data, "players": players, "bridges": doubled})
            assert validity.sound_rows(state) is None
            assert str(named(state)).startswith("two bridges lead onto"), named(state)
            doubles += 1
    assert chained > 100 and doubles > 30, (chained, doubles)


def test_hand_made_states_of_the_wrong_types_go_to_the_named_checks():
    data = positions(1, 7)[0]
    state = engine.load_state(data)
    row = state.rows[0]
    odd = state.__class__(
        players=state.players, current=state.current,
        rows=(row._replace(cards=row.cards + (0,)),) + state.rows[1:],
        bridges=state.bridges, pile=state.pile, passes=state.passes,
    )
    assert validity.sound_rows(odd) is None
    try:
        validity.check_state(odd)
    except Exception as problem:  # whatever the named checks make of it
        assert not isinstance(problem, AssertionError)


def test_remembered_facts_are_the_facts_it_would_have_anew():
    """`_row_facts` keeps each row's facts in a memo keyed on the row's values, and
    `_bridge_facts` the bridges' keyed on the bridges and the row order: every answer of
    `sound_rows` is the same with the memos as earlier states left them and with the
    memos emptied first, and a state refused by its row is refused with the same reason
    both times."""
    rng = random.Random(21)
    compared = refused = 0
    for data in positions(4, 3000):
        for changed in [data] + [mutate(data, rng) for _ in range(25)]:
            try:
                state = engine.load_state(changed)
            except MalformedInput:
                continue
            remembered = validity.sound_rows(state)
            validity._ROW_FACTS.clear()
            validity._BRIDGE_FACTS.clear()
            assert validity.sound_rows(state) == remembered
            compared += 1
    doubled = copy.deepcopy(positions(1, 7)[0])
    doubled["rows"][0]["cards"].append(11)
    reasons = []
    for _ in range(2):  # the second time the row's facts come from the memo
        try:
            validity.check_state(engine.load_state(doubled))
        except Violation as refusal:
            reasons.append(refusal.reason)
            refused += 1
    assert refused == 2 and [str(reason) for reason in reasons] == ["the red 11 appears twice in the red row"] * 2
    assert compared > 60, compared
