"""Random legal play of the other games in the box, for the conformance corpus.

Every box game lists its legal actions for a named player (the one to move, or one of
those a simultaneous step waits for: docs/games/index.md), so one walker serves them
all: a player who may act is chosen, and a turn is built action by action from
`engine.legal_actions`, ended at a complete prefix now and then. Deals are seeded and
every card is known; where play itself hides cards (a Schnipp Schnapp stack that took
its open pile turned over and shuffled), a flip names one of the cards that can lie there.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, NamedTuple

from .. import engine

Data = dict[str, Any]


class BoxKind(NamedTuple):
    """A box game and its options: every edition, each yes/no option both ways, the
    other options (Zweikampf's colours) left at their defaults."""

    ruleset: str
    options: dict[str, Any]

    @property
    def players(self) -> int:
        """Three players where the game seats them, else its most."""
        rules = engine.find_ruleset(self.ruleset)
        return max(rules.min_players, min(3, rules.max_players))

    def __str__(self) -> str:
        flags = [name.replace("_", "-") for name, value in self.options.items() if value is True]
        return "-".join([self.ruleset, self.options.get("edition", ""), *flags]).rstrip("-")


def box_kinds() -> list[BoxKind]:
    kinds = []
    for name, rules in engine.RULESETS.items():
        if rules.family != "box":
            continue
        varied = [o for o in rules.options if o["name"] == "edition" or o["values"] == [False, True]]
        for combo in itertools.product(*(o["values"] for o in varied)):
            kinds.append(BoxKind(name, {o["name"]: value for o, value in zip(varied, combo)}))
    return kinds


def movers(state: Data) -> list[int]:
    """The players who may act now: the one to move, or those the open step waits for."""
    if state.get("current") is not None:
        return [state["current"]]
    return list(state.get("waiting") or [])


def with_a_value(action: Data, rng: random.Random) -> Data:
    """A listed action that leaves its value open (a Ratefix guess: any whole number,
    listed once as `{"type": "guess"}`) with one drawn for it."""
    if action["type"] == "guess" and "value" not in action:
        return {**action, "value": rng.randint(0, 120)}
    return action


def with_a_card(state: Data, player: int, action: Data, rng: random.Random) -> Data:
    """A listed flip from a stack the referee cannot see (a count, or an empty stack about
    to take its open pile turned over and shuffled) with one of the cards that can lie
    there: a card of the game the state names nowhere else."""
    if action["type"] != "flip" or "card" in action:
        return action
    me = state["players"][player]
    stack = me["stack"]
    size = stack["count"] if isinstance(stack, dict) else len(stack)
    if isinstance(stack, list) and size:
        return action
    deck = engine.load_state(state).deck
    named = set(state["middle"]) | ({c for p in state["players"] for c in p["open"]} - (set(me["open"]) if not size else set()))
    for p in state["players"]:
        if isinstance(p["stack"], list):
            named |= set(p["stack"])
        named |= {card for card in deck if int(card[1:]) in p["quartets"]}
    free = sorted(card for card in deck if card not in named)
    return {**action, "card": rng.choice(free)}


def box_turn(state: Data, rng: random.Random, stop: float = 0.5) -> Data | None:
    """A legal turn of a player who may act, built from the legal actions; None when
    nobody may (the game is over)."""
    loaded = engine.load_state(state)
    if loaded.is_over or not movers(state):
        return None
    player = rng.choice(movers(state))
    prefix: list[Data] = []
    while True:
        listed = engine.legal_actions(loaded, engine.load_actions(prefix, loaded.ruleset), player).to_dict()
        if not listed["actions"] or (listed["complete"] and prefix and rng.random() < stop):
            break
        prefix.append(with_a_card(state, player, with_a_value(rng.choice(listed["actions"]), rng), rng))
    return {"player": player, "actions": prefix} if prefix else None
