"""The checks of RULES.md section 11: states that cannot happen in a real game.

`check_state` raises an INVALID_STATE violation whose reason names the card, player or
row at fault. It runs before every turn is judged, so that the referee never reasons
from an impossible position.
"""

from __future__ import annotations

from collections import Counter

from ..core.cards import COLOR_NAMES, JOKER
from ..core.errors import invalid_state
from ..core.validity import check_passes, check_seats
from ..core.zones import Hidden
from .facts import MASTER
from .state import State


def check_state(state: State) -> None:
    """Raise INVALID_STATE for a state that cannot happen; return None otherwise."""
    if state.checked:
        return
    check_seats(state, MASTER.min_players, MASTER.max_players)
    occupied = _check_rows(state)
    _check_cards(state)
    _check_bridges(state, occupied)
    _check_bonus(state, occupied)
    check_passes(state)


_NAMES = {color: {value: f"{color}{value}" for value in MASTER.values} for color in MASTER.colors}


def completed_halves(occupied: dict[str, set[int]]) -> int:
    return sum(
        1 for slots in occupied.values() for half in MASTER.halves.values() if slots.issuperset(half)
    )


def _check_rows(state: State) -> dict[str, set[int]]:
    colors = [row.color for row in state.rows]
    if sorted(colors) != sorted(MASTER.colors):
        for color in MASTER.colors:
            if colors.count(color) != 1:
                times = colors.count(color)
                raise invalid_state(
                    f"the table has {times} {COLOR_NAMES[color]} rows; each colour has exactly one"
                )
        raise invalid_state(f"the rows are {colors}; the table has the four colours once each")
    occupied: dict[str, set[int]] = {}
    for row in state.rows:
        name = COLOR_NAMES[row.color]
        if MASTER.centre not in row.cards:
            raise invalid_state(f"the {name} row has no 11; every row starts from its 11")
        jokers = set(row.jokers)
        if len(jokers) != len(row.jokers):
            value, times = Counter(row.jokers).most_common(1)[0]
            raise invalid_state(f"slot {row.color}{value} lists {times} jokers")
        both = jokers.intersection(row.cards)
        if both:
            value = min(both)
            raise invalid_state(f"slot {row.color}{value} holds both its number card and a joker")
        jokers.update(row.cards)
        occupied[row.color] = jokers
    return occupied


def _zones(state: State):
    """Every zone a card can be in, with a name for messages and its known cards."""
    for row in state.rows:
        yield f"the {COLOR_NAMES[row.color]} row", [f"{row.color}{v}" for v in row.cards] + [
            JOKER
        ] * len(row.jokers)
    for i, player in enumerate(state.players):
        if not isinstance(player.hand, Hidden):
            yield f"player {i}'s hand", player.hand
    if not isinstance(state.pile, Hidden):
        yield "the draw pile", state.pile


def _check_cards(state: State) -> None:
    # The common case, a sound state, is decided by sizes alone: the known cards, jokers
    # aside, are all distinct exactly when the set of them is as large as their list.
    # Only a state that fails is walked zone by zone, to name the card and where it is.
    known: list[str] = []
    table_jokers = 0
    for row in state.rows:
        names = _NAMES[row.color]
        known.extend(names[v] for v in row.cards)
        table_jokers += len(row.jokers)
    hidden = 0
    for player in state.players:
        if isinstance(player.hand, Hidden):
            hidden += player.hand.count
        else:
            known.extend(player.hand)
    if isinstance(state.pile, Hidden):
        hidden += state.pile.count
    else:
        known.extend(state.pile)
    jokers = known.count(JOKER)
    if len(set(known)) != len(known) - jokers + (1 if jokers else 0):
        _name_the_duplicate(state)
    jokers += table_jokers
    if jokers > MASTER.joker_count:
        raise invalid_state(f"{jokers} jokers are in play; the game has {MASTER.joker_count}")
    total = len(known) + table_jokers + hidden
    if total != MASTER.total_cards:
        raise invalid_state(
            f"the table, hands and pile hold {total} cards; the game has {MASTER.total_cards} "
            "(84 number cards and 4 jokers)"
        )


def _name_the_duplicate(state: State) -> None:
    seen: dict[str, str] = {}
    for zone, cards in _zones(state):
        for card in cards:
            if card == JOKER:
                continue
            if card in seen:
                where = zone if seen[card] == zone else f"{seen[card]} and {zone}"
                raise invalid_state(f"{card} appears twice, in {where}")
            seen[card] = zone


def _check_bridges(state: State, occupied: dict[str, set[int]]) -> None:
    n = len(state.players)
    dealt = MASTER.bridges_per_player(n) * n
    held = sum(p.bridges for p in state.players)
    if held + len(state.bridges) != dealt:
        raise invalid_state(
            f"the players hold {held} bridge cards and {len(state.bridges)} lie on the table; "
            f"a game of {n} is dealt {dealt}"
        )
    order = state.row_order()
    for bridge in state.bridges:
        a, b = bridge.source, bridge.target
        if a.value != b.value or abs(order[a.color] - order[b.color]) != 1:
            raise invalid_state(
                f"the bridge from {a} to {b} does not join neighbouring rows at one value"
            )
        for end in (a, b):
            if end.value not in occupied[end.color]:
                raise invalid_state(f"the bridge from {a} to {b} ends at the empty slot {end}")


def _check_bonus(state: State, occupied: dict[str, set[int]]) -> None:
    held = sum(p.bonus for p in state.players)
    expected = min(MASTER.bonus_cards, completed_halves(occupied))
    if held != expected:
        raise invalid_state(
            f"the players hold {held} bonus cards, but {completed_halves(occupied)} half-rows "
            f"are complete, which earns {expected}"
        )
