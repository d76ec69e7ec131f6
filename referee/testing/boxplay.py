"""Random legal play of the other games in the box, for the conformance corpus.

Every box game lists its legal actions for a named player (the one to move, or one of
those a simultaneous step waits for: docs/games/index.md), so one walker serves them
all: a player who may act is chosen, and a turn is built action by action from
`engine.legal_actions`, ended at a complete prefix now and then. Deals are seeded and
every card is known. A listed action that leaves something open is completed as its
game declares its kind (`families.box.actions.ActionKind`): a value drawn for a member
left open (a Ratefix guess), or what only the game can fill in (where play itself hides
cards, a Schnipp Schnapp stack that took its open pile turned over and shuffled, a flip
names one of the cards that can lie there).
"""

from __future__ import annotations

import itertools
import random
from typing import Any, NamedTuple

from .. import engine
from ..families.box.ruleset import BoxRuleset

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


def with_open_values(ruleset: str, action: Data, rng: random.Random) -> Data:
    """A listed action of `ruleset` with each member its kind leaves open (a Ratefix
    guess's value) drawn from the values the game declares; a row game's as it is."""
    rules = engine.find_ruleset(ruleset)
    if not isinstance(rules, BoxRuleset):
        return action
    kind = rules.reader.declared[action["type"]]
    for name, values in kind.open_values.items():
        if name not in action:
            action = {**action, name: rng.randrange(values.start, values.stop)}
    return action


def completed(state: Any, player: int, action: Data, rng: random.Random) -> Data:
    """A listed action of `state` (a loaded state) as random play sends it: its open
    members drawn (`with_open_values`), then what the game fills in."""
    action = with_open_values(state.ruleset, action, rng)
    kind = engine.find_ruleset(state.ruleset).reader.declared[action["type"]]
    return action if kind.complete is None else kind.complete(state, player, action, rng)


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
        prefix.append(completed(loaded, player, rng.choice(listed["actions"]), rng))
    return {"player": player, "actions": prefix} if prefix else None
