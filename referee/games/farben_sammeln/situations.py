"""The printed rules' own situations of Farben sammeln, for the conformance kit's corpus
(`situations-farben-sammeln.json`): a take from a display stack. Each is a test on a
turn (the state before, the turn, the answer) that the kit searches random games for."""

from __future__ import annotations

import json

from ...families.box.situations import Data, Shows

#: (name, description, what shows it).
SITUATIONS: tuple[tuple[str, str, Shows], ...] = (
    ("a-take-from-a-display-stack", "a display stack's top taken and its place refilled by the discard",
     lambda before, turn, answer: any(isinstance(a.get("from"), int) for a in turn["actions"])),
)


def closed_round(state: Data) -> Data:
    """A finished position made from a deal: Farben sammeln's random play hardly ever
    closes its round (a hand of one colour is rare), so the mover's hand gathers the cards
    of one colour from wherever they lie (the cards they replace go there), and the mover
    has closed."""
    state = json.loads(json.dumps(state))
    mover = state["current"]
    hand = state["players"][mover]["hand"]
    colour = max("ORYGB", key=lambda c: sum(card[0] == c for card in hand))
    piles = [p["hand"] for i, p in enumerate(state["players"]) if i != mover] + [state["pile"], *state["display"]]
    for position, card in enumerate(hand):
        if card[0] == colour:
            continue
        pile = next(p for p in piles if any(c[0] == colour for c in p))
        found = next(k for k, c in enumerate(pile) if c[0] == colour)
        hand[position], pile[found] = pile[found], card
    state["closed"], state["current"] = mover, None
    return state
