"""The table as a picture sees it, read from a state's wire form (what `to_dict()` gives).

Reading the wire form, not the engine's objects, keeps the drawing independent of how
the engines hold a state: any state the API speaks can be drawn. What a game is (its
highest value, its row colours, its bonus cards) the drawing asks its ruleset. Nothing here checks
the rules; the endpoint checks the state before it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import engine

JOKER = "J"


@dataclass(frozen=True)
class Row:
    color: str
    values: range
    cards: frozenset[int]
    jokers: frozenset[int]
    #: False for a classic colour whose row nobody has started yet (drawn faint, empty).
    started: bool = True

    def slots(self) -> list[str]:
        return [f"{self.color}{v}" for v in self.values]


@dataclass(frozen=True)
class Player:
    name: str
    count: int
    #: The cards in hand when they are known, else None (a physical table).
    hand: tuple[str, ...] | None
    #: MASTER only; None in the classic and junior games.
    bridges: int | None
    bonus: int | None


@dataclass(frozen=True)
class Table:
    ruleset: str
    #: The game's bonus cards (MASTER's seven), 0 for a game without.
    bonus_cards: int
    rows: tuple[Row, ...]
    bridges: tuple[tuple[str, str], ...]
    players: tuple[Player, ...]
    current: int
    pile: int
    finished: bool
    #: Slot -> card ("B9" or "J") for what the turn being built has put down.
    pending: dict[str, str] = field(default_factory=dict)
    pending_bridges: tuple[tuple[str, str], ...] = ()

    @property
    def bonus_left(self) -> int | None:
        if not self.bonus_cards:
            return None
        return max(0, self.bonus_cards - sum(p.bonus or 0 for p in self.players))

    def lying(self, slot: str) -> str | None:
        """The card lying in `slot` after the pending actions: "B9", "J" or None."""
        if slot in self.pending:
            return self.pending[slot]
        color, value = slot[0], int(slot[1:])
        for row in self.rows:
            if row.color == color:
                if value in row.jokers:
                    return JOKER
                if value in row.cards:
                    return slot
        return None

    def slot_names(self) -> list[str]:
        return [s for row in self.rows for s in row.slots()]


def read_table(state: dict[str, Any], turn: tuple[dict[str, Any], ...] = ()) -> Table:
    """The table of `state` (wire form), with the actions of `turn` laid down as pending."""
    ruleset = engine.find_ruleset(state.get("ruleset", engine.DEFAULT_RULESET))
    values = range(1, ruleset.top + 1)
    rows = [
        Row(r["color"], values, frozenset(r["cards"]), frozenset(r.get("jokers", ())))
        for r in state["rows"]
    ]
    # Rows lie in the order they were started (classic); the colours nobody has started
    # come after them, empty, so that the first card of a row has a slot to be shown in.
    started = {r.color for r in rows}
    rows += [Row(c, values, frozenset(), frozenset(), started=False)
             for c in ruleset.row_colors(state.get("options")) if c not in started]
    players = tuple(_player(p) for p in state["players"])
    pile = state["pile"]
    pile_count = pile["count"] if isinstance(pile, dict) else len(pile)
    finished = any(p.count == 0 for p in players) or state.get("passes", 0) >= len(players) > 0
    pending, pending_bridges = _pending(turn)
    return Table(
        ruleset=ruleset.name,
        bonus_cards=ruleset.bonus_cards,
        rows=tuple(rows),
        bridges=tuple((b["from"], b["to"]) for b in state.get("bridges", ())),
        players=players,
        current=state["current"],
        pile=pile_count,
        finished=finished,
        pending=pending,
        pending_bridges=pending_bridges,
    )


def _player(data: dict[str, Any]) -> Player:
    hand = data["hand"]
    known = None if isinstance(hand, dict) else tuple(hand)
    return Player(
        name=data["name"],
        count=len(known) if known is not None else hand["count"],
        hand=known,
        bridges=data.get("bridges"),
        bonus=data.get("bonus"),
    )


def _pending(turn: tuple[dict[str, Any], ...]) -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """What a turn being built puts on the table, in order; it is drawn, not judged."""
    pending: dict[str, str] = {}
    bridges: list[tuple[str, str]] = []
    for action in turn:
        kind = action.get("type")
        if kind == "place" and action.get("card") == JOKER:
            pending[action["at"]] = JOKER
        elif kind in ("place", "swap"):
            pending[action["card"]] = action["card"]
        elif kind == "bridge":
            bridges.append((action["from"], action["to"]))
    return pending, tuple(bridges)
