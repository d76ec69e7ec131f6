"""Random play and deliberate mistakes, as plain functions of a `random.Random`.

The Hypothesis strategies in `strategies.py` draw a seed and call these, so that a long
game costs Hypothesis a few numbers (and shrinks by them) rather than thousands of
choices. Everything goes through `referee.engine`; states travel as their JSON shape.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .. import engine
from ..core.codes import Code
from .decks import JOKER, colors, has_bridges, jokers_in_game, known, number_cards, top_value, unseen

Data = dict[str, Any]
Turn = dict[str, Any]


# -- hiding cards ----------------------------------------------------------------------------


def hide(state: Data, hands: Iterable[int] = (), pile: bool = False) -> Data:
    """The same position with these players' hands (and the pile) given as counts."""
    data = {**state, "players": [dict(p) for p in state["players"]]}
    for i in hands:
        hand = data["players"][i]["hand"]
        if known(hand):
            data["players"][i]["hand"] = {"count": len(hand)}
    if pile and known(data["pile"]):
        data["pile"] = {"count": len(data["pile"])}
    return data


def hide_at_random(state: Data, rng: random.Random) -> Data:
    """Some hands and perhaps the pile hidden; at least one zone."""
    n = len(state["players"])
    hands = [i for i in range(n) if rng.random() < 0.5]
    pile = rng.random() < 0.6
    if not hands and not pile:
        pile = True
    return hide(state, hands, pile)


# -- legal play ---------------------------------------------------------------------------------


def _kind(action: dict[str, Any]) -> str:
    if action["type"] == "place" and action["card"] == JOKER:
        return "joker"
    return action["type"]


def pick(rng: random.Random, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """One of the listed actions: its kind first, so that the rare kinds (bridges, jokers,
    swaps) come up as often as plain placements; a draw or a pass, which ends the turn,
    only one time in six when something else can be done."""
    kinds = sorted({_kind(a) for a in actions})
    plays = [k for k in kinds if k not in ("draw", "pass")]
    if plays and rng.randrange(6):
        kinds = plays
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if _kind(a) == kind])


def name_draw(state: Data, action: dict[str, Any], rng: random.Random,
              prefix: list[dict[str, Any]] = ()) -> dict[str, Any]:
    """A listed draw, naming the card where the turn must (a hidden pile, a known hand):
    any card the visible zones and the earlier draws of the turn leave."""
    mover = state["players"][state["current"]]["hand"]
    if action["type"] != "draw" or known(state["pile"]) or not known(mover):
        return action
    named = {a.get("card") for a in prefix if a["type"] == "draw"}
    left = [c for c in unseen(state) if c not in named]
    return {"type": "draw", "card": rng.choice(left)} if left else action


def legal_turn(state: Data, rng: random.Random, stop: float = 0.5) -> Turn | None:
    """A legal turn for the player to move, built action by action from legal-actions and
    ended at a complete prefix with probability `stop`; None when the game is over."""
    loaded = engine.load_state(state)
    prefix: list[dict[str, Any]] = []
    while True:
        listed = engine.legal_actions(loaded, engine.load_actions(prefix, loaded.ruleset)).to_dict()
        if not listed["actions"]:
            break
        if listed["complete"] and prefix and rng.random() < stop:
            break
        prefix.append(name_draw(state, pick(rng, listed["actions"]), rng, prefix))
    if not prefix:
        return None
    return {"player": listed["player"], "actions": prefix}


def apply(state: Data, turn: Turn) -> engine.TurnResult:
    loaded = engine.load_state(state)
    return engine.apply(loaded, engine.load_turn(turn, loaded.ruleset))


def play(state: Data, rng: random.Random, turns: int) -> tuple[Data, list[Turn]]:
    """Up to `turns` turns of random legal play; the position reached and the turns."""
    played = []
    for _ in range(turns):
        turn = legal_turn(state, rng)
        if turn is None:
            break
        state = apply(state, turn).state.to_dict()
        played.append(turn)
    return state, played


def is_over(state: Data) -> bool:
    sizes = [p["hand"]["count"] if isinstance(p["hand"], dict) else len(p["hand"]) for p in state["players"]]
    return 0 in sizes or state["passes"] >= len(state["players"])


def give_jokers(state: Data, wanted: int) -> Data:
    """MASTER: up to `wanted` jokers moved into the mover's known hand from the pile or the
    other known hands, each in exchange for one of the mover's number cards."""
    if not jokers_in_game(state) or not known(state["players"][state["current"]]["hand"]):
        return state
    data = {**state, "players": [dict(p) for p in state["players"]]}
    me = list(data["players"][data["current"]]["hand"])
    zones = []
    if known(data["pile"]):
        data["pile"] = list(data["pile"])
        zones.append(data["pile"])
    for i, p in enumerate(data["players"]):
        if i != data["current"] and known(p["hand"]):
            p["hand"] = list(p["hand"])
            zones.append(p["hand"])
    for zone in zones:
        for i, card in enumerate(zone):
            numbers = [j for j, c in enumerate(me) if c != JOKER]
            if card == JOKER and wanted > 0 and numbers:
                j = numbers[0]
                zone[i], me[j] = me[j], zone[i]
                wanted -= 1
    data["players"][data["current"]]["hand"] = me
    return data


# -- mistakes ---------------------------------------------------------------------------------


def _slots(state: Data) -> dict[str, set[int]]:
    return {r["color"]: set(r["cards"]) | set(r.get("jokers", [])) for r in state["rows"]}


def _hand_or_guess(state: Data, rng: random.Random) -> list[str]:
    """The mover's cards, or for a hidden hand some cards it could hold."""
    hand = state["players"][state["current"]]["hand"]
    if known(hand):
        return list(hand)
    left = unseen(state)
    return rng.sample(left, min(len(left), 6))


def candidate(state: Data, rng: random.Random) -> list[dict[str, Any]]:
    """One or two actions that are plausible here, legal or not: cards from hand or from
    anywhere, slots next to the layout or anywhere, bridges to any row, swaps, draws naming
    the top card or another one, passes. The raw material of deliberate mistakes."""
    hand = _hand_or_guess(state, rng)
    deck = number_cards(state)
    numbers = [c for c in hand if c != JOKER] or deck
    card = rng.choice(numbers) if rng.random() < 0.8 else rng.choice(deck)
    draw_cards = [None, rng.choice(deck)] + hand[:1] + unseen(state)[:1]
    if known(state["pile"]) and state["pile"]:
        draw_cards.append(state["pile"][0])
    if not has_bridges(state):
        kind = rng.choices(["place", "draw", "pass"], [6, 3, 1])[0]
    else:
        kind = rng.choices(["place", "joker", "bridge", "bridge+place", "swap", "draw", "pass"],
                           [5, 2, 2, 3, 2, 1, 1])[0]
    if kind == "place":
        return [{"type": "place", "card": card}]
    if kind == "draw":
        chosen = rng.choice(draw_cards)
        return [{"type": "draw"} if chosen is None else {"type": "draw", "card": chosen}]
    if kind == "pass":
        return [{"type": "pass"}]
    slots = _slots(state)
    order = [r["color"] for r in state["rows"]]
    empty_next = [f"{c}{v}" for c in order for v in range(1, 22)
                  if v not in slots[c] and (v - 1 in slots[c] or v + 1 in slots[c])]
    if kind == "joker":
        at = rng.choice(empty_next) if empty_next and rng.random() < 0.7 else rng.choice(deck)
        return [{"type": "place", "card": JOKER, "at": at}]
    if kind == "swap":
        joker_slots = [f"{r['color']}{v}" for r in state["rows"] for v in r.get("jokers", [])]
        return [{"type": "swap", "card": rng.choice(joker_slots) if joker_slots and rng.random() < 0.8 else card}]
    occupied = [f"{c}{v}" for c in order for v in sorted(slots[c])]
    wanted = [c for c in hand if c != JOKER and int(c[1:]) not in slots.get(c[0], {int(c[1:])})]
    if JOKER in hand:
        wanted += [f"{c}{v}" for c in order for v in range(1, 22) if v not in slots[c]]
    sources = []
    if wanted and rng.random() < 0.6:
        # Towards a card the player holds (or a joker can take): from the same value in
        # any other row, the top and bottom rows included.
        target = rng.choice(wanted)
        sources = [f"{c}{target[1:]}" for c in order if c != target[0] and int(target[1:]) in slots[c]]
    if sources:
        source = rng.choice(sources)
    else:
        source = rng.choice(occupied) if rng.random() < 0.9 else rng.choice(deck)
        color, value = source[0], int(source[1:])
        roll = rng.random()
        if roll < 0.4 and color in order:
            i = order.index(color)
            rows = [order[j] for j in (i - 1, i + 1) if 0 <= j < len(order)]
        elif roll < 0.6 and color in (order[0], order[-1]):
            rows = [order[-1] if color == order[0] else order[0]]
        elif roll < 0.85:
            rows = [c for c in order if c != color]
        else:
            rows = list(order)
        target_value = value if rng.random() < 0.9 else rng.randint(1, 21)
        target = f"{rng.choice(rows)}{target_value}"
    bridge = {"type": "bridge", "from": source, "to": target}
    if kind == "bridge":
        return [bridge]
    follow = {"type": "place", "card": target} if target in hand or rng.random() < 0.5 else \
        {"type": "place", "card": JOKER, "at": target}
    return [bridge, follow]


def extension(state: Data, turn: Turn, rng: random.Random) -> list[dict[str, Any]]:
    """Actions that would be legal as the mover's next turn after `turn`: appended to it
    they go past what one turn allows (a fifth card, a draw after placing, an action after
    the hand is empty, ...)."""
    try:
        after = apply(state, turn).state.to_dict()
    except engine.Violation:
        return candidate(state, rng)
    if is_over(after):
        return candidate(after, rng)
    after = {**after, "current": state["current"], "passes": 0}
    try:
        more = legal_turn(after, rng, stop=0.3)
    except (engine.Violation, engine.MalformedInput):
        more = None
    return more["actions"] if more else candidate(after, rng)


#: The kinds of mistake, the ones that reach the rare rules (past the 4-card limit, a
#: bridge between the top and bottom rows, swaps alone) more often than the others.
MISTAKES = ("extend", "truncate", "delete", "insert", "duplicate", "reorder", "replace", "player", "random",
            "far bridge", "swap alone", "draw", "pass", "extend", "extend", "far bridge", "far bridge",
            "swap alone", "swap alone")


def far_bridge(state: Data, rng: random.Random) -> list[dict[str, Any]]:
    """MASTER: a bridge between the top and the bottom row towards a card the player holds
    (or a joker), with that placement: legal in every respect but the rows' order."""
    rows = state["rows"]
    if not has_bridges(state) or len(rows) < 3:
        return []
    hand = _hand_or_guess(state, rng)
    ends = [rows[0], rows[-1]]
    options = []
    for source, target in (ends, ends[::-1]):
        taken = set(target["cards"]) | set(target["jokers"])
        for value in set(source["cards"]) | set(source["jokers"]):
            card = f"{target['color']}{value}"
            if value in taken:
                continue
            if card in hand:
                options.append((f"{source['color']}{value}", card, {"type": "place", "card": card}))
            if JOKER in hand:
                options.append((f"{source['color']}{value}", card, {"type": "place", "card": JOKER, "at": card}))
    if not options:
        return []
    source, target, follow = rng.choice(options)
    return [{"type": "bridge", "from": source, "to": target}, follow]


def swaps_alone(state: Data, rng: random.Random) -> list[dict[str, Any]]:
    """MASTER: swaps of table jokers for cards the player holds, and nothing else."""
    hand = _hand_or_guess(state, rng)
    slots = [f"{r['color']}{v}" for r in state["rows"] for v in r.get("jokers", [])]
    held = [s for s in slots if s in hand] or slots
    return [{"type": "swap", "card": s} for s in rng.sample(held, rng.randint(1, len(held)))] if held else []

def mistake(state: Data, turn: Turn | None, rng: random.Random, kind: str | None = None) -> Turn:
    """`turn` (a legal turn of `state`, or None) changed by one deliberate mistake."""
    kind = kind or rng.choice(MISTAKES)
    actions = list(turn["actions"]) if turn else []
    player = state["current"]
    if not actions or kind == "random":
        actions = [a for _ in range(rng.randint(1, 3)) for a in candidate(state, rng)]
    elif kind == "extend":
        actions += extension(state, turn, rng)
    elif kind == "truncate" and len(actions) > 1:
        actions = actions[: rng.randrange(1, len(actions))]
    elif kind == "delete" and len(actions) > 1:
        del actions[rng.randrange(len(actions))]
    elif kind == "duplicate":
        i = rng.randrange(len(actions))
        actions.insert(i, actions[i])
    elif kind == "reorder" and len(actions) > 1:
        i, j = rng.sample(range(len(actions)), 2)
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "replace":
        i = rng.randrange(len(actions))
        actions[i: i + 1] = candidate(state, rng)
    elif kind == "far bridge":
        at = rng.randint(0, len(actions))
        actions[at:at] = far_bridge(state, rng) or candidate(state, rng)
    elif kind == "swap alone":
        actions = swaps_alone(state, rng) or candidate(state, rng)
        if rng.random() < 0.3:
            actions.append(rng.choice([{"type": "draw"}, {"type": "pass"}]))
    elif kind == "draw":
        named = rng.choice([None] + unseen(state)[:3] + _hand_or_guess(state, rng)[:1])
        actions = [{"type": "draw"} if named is None else {"type": "draw", "card": named}]
    elif kind == "pass":
        actions = [{"type": "pass"}]
    elif kind == "player":
        player = rng.choice([i for i in range(len(state["players"])) if i != player] or [player])
    else:
        i = rng.randint(0, len(actions))
        actions[i:i] = candidate(state, rng)
    return {"player": player, "actions": actions[:12]}


# -- states that cannot happen --------------------------------------------------------------


IMPOSSIBLE = ("duplicate card", "missing card", "passes", "current", "bonus", "bridges", "row", "gap",
              "bridge onto an 11", "pass not allowed")


def impossible(state: Data, rng: random.Random, kind: str | None = None) -> Data:
    """The state broken in one of the ways docs/games/master.md, `INVALID_STATE`, refuses
    (`kind`, one of IMPOSSIBLE, or one at random). The break may miss (a state with no
    known hand keeps its cards): `is_possible` tells."""
    data = {**state, "players": [dict(p) for p in state["players"]], "rows": [dict(r) for r in state["rows"]]}
    kind = kind or rng.choice(IMPOSSIBLE)
    known_hands = [p for p in data["players"] if known(p["hand"])]
    if kind == "duplicate card" and data["rows"] and known_hands:
        row = rng.choice(data["rows"])
        if row["cards"]:
            p = rng.choice(known_hands)
            p["hand"] = p["hand"] + [f"{row['color']}{rng.choice(row['cards'])}"]
    elif kind == "missing card" and known_hands:
        p = rng.choice(known_hands)
        p["hand"] = p["hand"][1:]
    elif kind == "passes":
        data["passes"] = rng.choice([1, len(data["players"]) + 1])
    elif kind == "current":
        data["current"] = len(data["players"]) + rng.randrange(2)
    elif kind == "bonus" and "bonus" in data["players"][0]:
        data["players"][0]["bonus"] += 1
    elif kind == "bridges" and "bridges" in data["players"][0]:
        data["players"][0]["bridges"] += 1
    elif kind == "gap" and known_hands:
        # A card of the hand laid in its row away from the cards there, no bridge leading to it.
        p = rng.choice(known_hands)
        rows = {r["color"]: r for r in data["rows"]}
        for card in p["hand"]:
            row = rows.get(card[0])
            value = int(card[1:]) if card != JOKER else 0
            taken = set(row["cards"]) | set(row.get("jokers", [])) if row else set()
            if row and value and not taken & {value - 1, value, value + 1}:
                row["cards"] = sorted(row["cards"] + [value])
                p["hand"] = [c for c in p["hand"] if c != card]
                break
    elif kind == "bridge onto an 11" and "bridges" in data and data["players"][0]["bridges"] > 0:
        order = [r["color"] for r in data["rows"]]
        i = rng.randrange(len(order) - 1)
        data["players"][0]["bridges"] -= 1
        data["bridges"] = data["bridges"] + [{"from": f"{order[i]}11", "to": f"{order[i + 1]}11"}]
    elif kind == "pass not allowed" and known(data["pile"]) and not data["pile"]:
        data["passes"] = 1
    elif kind == "row" and data["rows"]:
        row = rng.choice(data["rows"])
        row["cards"] = [v for v in row["cards"] if v != 11] if rng.random() < 0.5 else row["cards"] + [
            rng.randint(1, top_value(data))]
    return data


def is_possible(state: Data) -> bool:
    try:
        engine.check_state(engine.load_state(state))
    except engine.Violation as violation:
        assert violation.code is Code.INVALID_STATE
        return False
    return True


__all__ = [
    "hide", "hide_at_random", "legal_turn", "play", "apply", "is_over", "give_jokers",
    "candidate", "mistake", "impossible", "is_possible", "colors",
]
