"""The games the strategies deal, and the cards each one has (docs/games/master.md,
docs/games/classic.md and docs/games/junior.md), read from a state's JSON shape.

Written from the rules rather than taken from the engine, so that strategies built on it
stay independent of the code they exercise.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

from .. import engine

JOKER = "J"


class GameKind(NamedTuple):
    """A ruleset and, for classic, its options: what `engine.new_game` is asked for."""

    ruleset: str
    options: dict[str, Any] | None

    @property
    def max_players(self) -> int:
        """The most players this ruleset seats with these options."""
        return engine.find_ruleset(self.ruleset).seats(self.options)[-1]

    def __str__(self) -> str:
        if not self.options:
            return self.ruleset
        o = self.options
        return f"{self.ruleset}-{o['edition']}-{o['start']}" + ("-without-blue" if o["without_blue"] else "")


def game_kinds(ruleset: str | None = None) -> list[GameKind]:
    """Every ruleset (or just `ruleset`) in every combination of its options."""
    kinds = []
    for name, rules in engine.RULESETS.items():
        if name not in engine.ROW_GAMES or (ruleset is not None and name != ruleset):
            continue
        if not rules.options:
            kinds.append(GameKind(name, None))
            continue
        names = [o["name"] for o in rules.options]
        for combo in itertools.product(*(o["values"] for o in rules.options)):
            kinds.append(GameKind(name, dict(zip(names, combo))))
    return kinds


def _rules(state: dict[str, Any]) -> Any:
    return engine.find_ruleset(state.get("ruleset", engine.DEFAULT_RULESET))


def colors(state: dict[str, Any]) -> str:
    """The colour letters of the state's deck, in the rules' priority order."""
    return "".join(_rules(state).row_colors(state.get("options")))


def top_value(state: dict[str, Any]) -> int:
    return _rules(state).top


def number_cards(state: dict[str, Any]) -> list[str]:
    """Every number card of the state's game."""
    return [f"{c}{v}" for c in colors(state) for v in range(1, top_value(state) + 1)]


def jokers_in_game(state: dict[str, Any]) -> int:
    return _rules(state).jokers


def has_bridges(state: dict[str, Any]) -> bool:
    """The game deals bridge cards (and so has swaps, jokers and bridges to build)."""
    return _rules(state).bridges


def on_table(state: dict[str, Any]) -> list[str]:
    """The number cards lying in the rows (not the jokers)."""
    return [f"{row['color']}{v}" for row in state["rows"] for v in row["cards"]]


def known(zone: Any) -> bool:
    return isinstance(zone, list)


def unseen(state: dict[str, Any]) -> list[str]:
    """Cards (a joker as `J`, once per joker) that no visible zone holds: they are in a
    hidden hand or a hidden pile."""
    seen = set(on_table(state))
    jokers = sum(len(row.get("jokers", [])) for row in state["rows"])
    zones = [p["hand"] for p in state["players"]] + [state["pile"]]
    for zone in zones:
        if known(zone):
            seen.update(c for c in zone if c != JOKER)
            jokers += sum(1 for c in zone if c == JOKER)
    cards = [c for c in number_cards(state) if c not in seen]
    return cards + [JOKER] * max(0, jokers_in_game(state) - jokers)
