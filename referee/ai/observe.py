"""What a seat observes, as a fixed-size vector: its view, the turn it is building, its seat.

The view is what `engine.view(state, seat)` (and `POST /v1/views`) shows the seat; its JSON
form is read member by member into named features (docs/howto/game-ai.md lists them for
every ruleset):

- a pile or hand, whether its cards are listed or only counted (`{"count": n}`):
  `<path>#size`, and where the seat sees its cards one feature per card of the game,
  `<path>:<card>` (how many of that card lie there); a single card is a pile of one;
- a list of numbers (a row's values, the waiting seats): `<path>=<value>`, 1 for each
  value listed, and `<path>#len`;
- a list of records (players, rows, a trick, a stack of plays): each record's members
  under `<path>[<index>]` for the first `RECORDS` records (players: every seat), the rest
  added up under `<path>[*]`, and `<path>#len`;
- a number or true/false: `<path>`; null: `<path>#null` is 1; a word: `<path>=<word>`.

The members `name`, `ruleset` and `options` are left out (the same for every view of a
game). Then come `me=<seat>`, the entries taken in the open turn (`taken=<entry>`) and
the cards they turned up (`turned up:<card>`).

Which features a game has is read once from the views of a few seeded random games of
those seats and options (`Layout.of`): a view of the same game never has others, and the
tests play random games of every ruleset to hold it to that.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import numpy as np

from ..core.ruleset import RowFacts
from ..families.box.cards import EDITIONS
from .table import Table

#: The records of a list shown one by one (the rest are added up).
RECORDS = 8
#: The highest number a list of numbers shows apart (a row's values, a seat).
TOP = 20
#: The members every view of a game shares.
SKIPPED = frozenset({"name", "ruleset", "options"})
#: The random games a layout is read from, and how many steps of each.
SAMPLE_GAMES = 4
SAMPLE_STEPS = 400


def features(view: dict[str, Any], cards: frozenset[str]) -> list[tuple[str, float]]:
    """The named features of a view's JSON form (a name may come more than once: they add
    up). `cards` are the game's card names."""
    found: list[tuple[str, float]] = []
    _walk(view, "", cards, found.append)
    return found


def _walk(node: Any, path: str, cards: frozenset[str], put: Any) -> None:
    # On every observation: appends rather than generators, one isinstance chain.
    kind = type(node)
    if kind is dict:
        if len(node) == 1 and "count" in node:
            put((path + "#size", float(node["count"])))
            return
        prefix = path + "." if path else ""
        for name, value in node.items():
            if name not in SKIPPED:
                _walk(value, prefix + name, cards, put)
    elif kind is list:
        put((path + "#len", float(len(node))))
        if all(type(item) is str for item in node):
            put((path + "#size", float(len(node))))
            for card in node:
                put((f"{path}:{card}", 1.0))
        elif all(type(item) in (dict, list) for item in node):
            shown = len(node) if path == "players" else RECORDS
            for index, item in enumerate(node):
                _walk(item, f"{path}[{index if index < shown else '*'}]", cards, put)
        else:
            for item in node:
                put((f"{path}={_number(item)}", 1.0))
    elif kind is bool or kind is int or kind is float:
        put((path, float(node)))
    elif node is None:
        put((path + "#null", 1.0))
    elif kind is str:
        if node in cards:
            put((path + "#size", 1.0))
            put((f"{path}:{node}", 1.0))
        else:
            put((f"{path}={node}", 1.0))


#: The names of the numbers a list shows apart.
_NUMBERS = [str(value) for value in range(TOP + 1)]


def _number(item: Any) -> str:
    """A number of a list as a feature's value: 0 to `TOP`, higher ones as `TOP`."""
    return _NUMBERS[min(max(int(item), 0), TOP)]


def _cards_of(state: Any, top: int) -> frozenset[str]:
    """Every card name of the game: each colour of a fresh deal's cards and of its edition
    (a deal of few cards may leave a colour out) with the values 1 to the game's top (20
    in a game without rows), and the joker if it has one."""
    found: set[str] = set()

    def visit(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for item in node:
                visit(item)
        elif isinstance(node, str) and len(node) >= 2 and node[0].isalpha() and node[1:].isdigit():
            found.add(node)
        elif node == "J":
            found.add(node)

    visit(state.to_dict()["players"])
    visit(state.to_dict().get("pile", []))
    colors = {card[0] for card in found if card != "J"}
    edition = (state.to_dict().get("options") or {}).get("edition")
    colors.update(EDITIONS.get(edition, ()))
    return frozenset(f"{color}{value}" for color in colors for value in range(1, (top or TOP) + 1)) | (found & {"J"})


class Layout:
    """The features of a game's observations, in order, and the vector that holds them."""

    def __init__(self, names: list[str], cards: frozenset[str], actions: int, players: int):
        self.cards = cards
        self.players = players
        self.actions = actions
        self.names = names
        self.index = {name: i for i, name in enumerate(names)}
        self.size = len(names)

    @staticmethod
    def of(ruleset: str, players: int, options: Any = None) -> Layout:
        """The layout of a game of these seats and options (read once, then kept)."""
        return _layout(ruleset, players, json.dumps(options, sort_keys=True))

    def encode(self, table: Table, seat: int) -> np.ndarray:
        """`seat`'s observation of `table`."""
        values = [0.0] * self.size
        index = self.index
        for name, value in self.named(table, seat):
            try:
                values[index[name]] += value
            except KeyError:
                if value == 0.0:
                    # An empty list reads as an empty pile too (`#size` 0): a list of
                    # numbers sampled never empty has no such feature, and 0 adds nothing.
                    continue
                raise LookupError(f"the observation layout of {table.rules.name} has no feature {name!r}") from None
        return np.array(values, dtype=np.float32)

    def named(self, table: Table, seat: int) -> list[tuple[str, float]]:
        found = features(table.view(seat).to_dict(), self.cards)
        found.append((f"me={seat}", 1.0))
        taken, turned_up = table.open_turn(seat)
        found += [(f"taken={entry}", 1.0) for entry in taken]
        found += [(f"turned up:{card}", 1.0) for card in turned_up]
        return found


@cache
def _layout(ruleset: str, players: int, options_json: str) -> Layout:
    options = json.loads(options_json)
    first = Table.new(ruleset, players, 0, options)
    # A row game's rows run to its top value; the games of the box number their cards to 20.
    cards = _cards_of(first.state, first.rules.top if isinstance(first.rules, RowFacts) else 20)
    seen: set[str] = set()
    for game in range(SAMPLE_GAMES):
        table = Table.new(ruleset, players, game, options)
        rng = random.Random(game)
        for _ in range(SAMPLE_STEPS):
            for seat in range(players):
                seen.update(name for name, _ in features(table.view(seat).to_dict(), cards))
            if table.is_over:
                break
            table.act(rng.choice(table.legal()), rng)
    seen = _generalised(seen, players, cards)
    ordered = sorted(seen, key=_order)
    extra = ([f"me={seat}" for seat in range(players)]
             + [f"taken={entry}" for entry in range(len(first.space))]
             + [f"turned up:{card}" for card in sorted(cards)])
    return Layout(ordered + extra, cards, len(first.space), players)


def _generalised(seen: set[str], players: int, cards: frozenset[str]) -> set[str]:
    """The features seen, and those the same rules give for any record, number, word or
    card: a feature of one record of a list for every record shown (every seat), null for
    a number and a number for a null, a value of a list of numbers for every value, a word
    for every word seen at that member, a card of a pile for every card of the game."""
    records: set[str] = set()
    for name in seen:
        records.update(_every_record(name, players))
    words: dict[str, set[str]] = {}
    for name in records:
        path, eq, word = name.partition("=")
        if eq:
            words.setdefault(path.rpartition(".")[2], set()).add(word)
    found = set(records)
    # A number may be null elsewhere (who is to move, in a simultaneous step), and a member
    # seen null may hold a number.
    for name in records:
        if not any(mark in name for mark in "#:="):
            found.add(name + "#null")
        elif name.endswith("#null"):
            found.add(name[:-len("#null")])
    # A list seen only empty may be one of numbers (the seats that have finished).
    holding = {name.rpartition(":")[0] for name in records if ":" in name}
    for name in records:
        if name.endswith("#size") and name[:-len("#size")] not in holding:
            found.update(f"{name[:-len('#size')]}={value}" for value in range(TOP + 1))
    for name in records:
        path, eq, _ = name.partition("=")
        if eq:
            member = path.rpartition(".")[2]
            if all(w.isdigit() for w in words[member]):
                found.update(f"{path}={value}" for value in range(TOP + 1))
            else:
                found.update(f"{path}={word}" for word in words[member])
        elif name.endswith("#size"):
            zone = name[:-len("#size")]
            found.update(f"{zone}:{card}" for card in cards)
    return found


def _every_record(name: str, players: int) -> set[str]:
    """`name` with each record index in it replaced by every index the list shows."""
    names = {""}
    rest = name
    while "[" in rest:
        head, _, tail = rest.partition("[")
        index, _, rest = tail.partition("]")
        shown = [str(i) for i in range(players)] if head.endswith("players") else [*map(str, range(RECORDS)), "*"]
        names = {f"{n}{head}[{i}]" for n in names for i in shown}
    return {n + rest for n in names}


def _order(name: str) -> tuple[Any, ...]:
    """Features in the view's order of paths, numbers in their numeric order."""
    parts: list[Any] = []
    for piece in name.replace("[", " [").split(" "):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((piece.rstrip("0123456789]"), int(digits) if digits else -1, piece))
    return tuple(parts)
