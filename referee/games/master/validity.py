"""The checks of docs/games/master.md, `INVALID_STATE`: states that cannot happen in a real game.

`check_state` raises an INVALID_STATE violation whose reason names the card, player or
row at fault. It runs before every turn is judged, so that the referee never reasons
from an impossible position.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from operator import and_, attrgetter, invert

from ...core.cards import JOKER
from ...i18n import Counted, Message
from ...i18n.terms import Card, Player, Row, Slot, rows
from ...core.errors import invalid_state
from ...core.validity import check_passers, check_passes, check_seats, count_off_table
from ...core.zones import Hidden
from .board import Layout, layout, remember
from .facts import MASTER
from .state import BONUS_OF, Row as StateRow, State


def check_state(state: State) -> None:
    """Raise INVALID_STATE for a state that cannot happen; return None otherwise."""
    checked_rows(state)


def checked_rows(state: State) -> tuple[Layout, list[int], list[int]] | None:
    """`check_state`, answering the rows of a state it found sound as bit masks (see
    `sound_rows`), or None (a state the engine made, which it does not check).

    A sound state, the common case, is recognised by `sound_rows` on bit masks without a
    message built; only a state it does not accept walks the checks below, which name
    the first fault (or, where `sound_rows` was merely cautious, find none).
    """
    if state.checked:
        return None
    rows = sound_rows(state)
    if rows is None:
        check_seats(state, MASTER.min_players, MASTER.max_players)
        occupied = _check_rows(state)
        _check_cards(state)
        _check_bridges(state, occupied)
        _check_runs(state, occupied)
        _check_bonus(state, occupied)
    if state.passes:  # no passes: nothing for either check to find
        check_passes(state)
        check_passers(state, _placeable)
    return rows


def _placeable(state: State) -> list[str]:
    """Section 8's "can place" for the player to move: number cards only."""
    from .turn import MasterTurn  # the turn module reads states this module checks

    return MasterTurn(state).playable()


_NAMES = {color: {value: f"{color}{value}" for value in MASTER.values} for color in MASTER.colors}


#: A slot's bit by its value; any other value is a KeyError, which `sound_rows` leaves
#: to the named checks.
_BIT = {value: 1 << value for value in MASTER.values}
_CENTRE_BIT = 1 << MASTER.centre
_LOW, _HIGH = (sum(1 << v for v in MASTER.halves[half]) for half in ("low", "high"))
#: The name of a colour's card by its value, as a C-level callable.
_NAME_OF = {color: _NAMES[color].__getitem__ for color in MASTER.colors}
#: The orders of the four colours once each, with their layouts.
_LAYOUTS = {order: layout(order) for order in permutations(MASTER.colors)}
_BRIDGES = attrgetter("bridges")
#: The game's numbers `_sound_rows` asks for on every state, read once.
_ROWS, _JOKERS, _TOTAL_CARDS, _BONUS_CARDS = (
    len(MASTER.colors), MASTER.joker_count, MASTER.total_cards, MASTER.bonus_cards)
#: The bridge cards dealt in all, by the number of players the game seats.
_BRIDGES_DEALT = {
    n: MASTER.bridges_per_player(n) * n for n in range(MASTER.min_players, MASTER.max_players + 1)
}


def sound_rows(state: State) -> tuple[Layout, list[int], list[int]] | None:
    """The rows of a sound state as bit masks when every check of `check_seats` to
    `_check_bonus` passes: the layout of the row order, and the masks of number cards and
    of jokers, by row top to bottom (bit `v` for slot `v`), as a `Board` keeps them.
    None for anything else, including a sound state of a shape this path does not read
    (the named checks then decide). Decided without building a message; the pass checks
    are not made here."""
    try:
        return _sound_rows(state)
    except Exception:  # a hand-made state of the wrong types: the named checks say how
        return None


def _sound_rows(state: State) -> tuple[Layout, list[int], list[int]] | None:
    players = state.players
    n = len(players)
    dealt = _BRIDGES_DEALT.get(n)
    if dealt is None or not 0 <= state.current < n:  # seats the game does not have
        return None
    rows = state.rows
    if len(rows) != _ROWS:
        return None
    # Rows: four colours once each, and each row sound by itself (`_row_facts`, kept
    # for the rows met before: a row's facts are read in one step, column by column).
    facts = list(map(_ROW_FACTS.get, rows))
    if None in facts:
        facts = [_row_facts(row) if f is None else f for row, f in zip(rows, facts)]
    if _UNSOUND in facts:  # met now or remembered from before
        return None
    colors, card_masks, joker_masks, names, counts, takens, centre_runs = zip(*facts)
    lay = _LAYOUTS.get(colors)
    if lay is None:  # a colour twice, so another missing
        return None
    card_masks, joker_masks = list(card_masks), list(joker_masks)
    counts = sum(counts)  # the rows' counts, added field by field (see `_row_facts`)
    table_cards, table_jokers = counts & 255, counts >> 8 & 255
    halves, islands = counts >> 16 & 255, counts >> 24
    # Cards: each number card once in all (the hands and pile among themselves, and
    # none of them on the table), at most the game's jokers, all 88 cards.
    known: list[str] = []
    hidden = count_off_table(state, known)
    seen = set(known)
    jokers = known.count(JOKER) if JOKER in seen else 0
    if len(seen) != len(known) - jokers + (1 if jokers else 0):
        return None
    if not all(map(seen.isdisjoint, names)):
        return None
    if jokers + table_jokers > _JOKERS:
        return None
    if len(known) + table_cards + table_jokers + hidden != _TOTAL_CARDS:
        return None
    # Bridges: the count dealt; each joins neighbouring rows at one value, both ends
    # occupied, onto a slot that is no 11 and no other bridge's target (`_bridge_facts`).
    bridges = state.bridges
    if sum(map(_BRIDGES, players)) + len(bridges) != dealt:
        return None
    if bridges:
        key = (bridges, lay)
        bridged = _BRIDGE_FACTS.get(key)
        if bridged is None:
            bridged = _bridge_facts(key)
        if bridged is _UNSOUND:
            return None
        links, ends = bridged
        if any(map(and_, ends, map(invert, takens))):  # a bridge ends at an empty slot
            return None
        # Runs: every occupied slot lies in the run of its row's 11, or in a run a bridge
        # leads to from a run so reached (run masks as `_run_mask` makes them).
        if islands:
            reached, taken = list(centre_runs), list(takens)
            while reached != taken:
                grown = False
                for i, k, v in links:
                    if reached[i] & v and not reached[k] & v:
                        reached[k] |= _run_mask(taken[k], v)
                        grown = True
                if not grown:
                    return None
    elif islands:
        return None
    # Bonus: one bonus card for each completed half-row, while the game has them.
    if sum(map(BONUS_OF, players)) != min(_BONUS_CARDS, halves):
        return None
    return lay, card_masks, joker_masks


#: `_row_facts` of the rows met so far, by row (a bounded memo, `board.remember`).
_ROW_FACTS: dict[StateRow, tuple] = {}
#: The facts of a row that is not sound by itself, or of bridges not sound by themselves.
_UNSOUND = ()


def _row_facts(row: StateRow) -> tuple:
    """A row's part of `_sound_rows`: (colour, card mask, joker mask, the cards' names,
    counts, occupied slots, the run of the 11), where `counts` holds the number cards,
    the jokers, the completed halves and whether the row has islands (more than one
    run), a byte each; or `_UNSOUND` where the 11 is missing, a slot is listed twice or
    holds a card and a joker. A sum of distinct bits has one bit per term; a repeated
    value carries and has fewer. Kept in `_ROW_FACTS`: a memo keyed on the row's values
    alone (rows recur from turn to turn), which only ever answers what this function
    would."""
    color, cards, jokers = row
    bit = _BIT.__getitem__
    c = sum(map(bit, cards))
    j = sum(map(bit, jokers))
    if not c & _CENTRE_BIT or c.bit_count() != len(cards) or c & j or j.bit_count() != len(jokers):
        facts = _UNSOUND
    else:
        t = c | j
        halves = (t & _LOW == _LOW) + (t & _HIGH == _HIGH)
        islands = 1 if (t + (t & -t)) & t else 0  # more than one run
        # The four counts in one int, so that one sum adds them for the whole table (at
        # most 84 of anything on a table, so no field overflows into the next).
        counts = len(cards) | len(jokers) << 8 | halves << 16 | islands << 24
        facts = (color, c, j, frozenset(map(_NAME_OF[color], cards)), counts, t, _run_mask(t, _CENTRE_BIT))
    return remember(_ROW_FACTS, row, facts)


#: `_bridge_facts` of the table bridges met so far, by bridges and row order (bounded).
_BRIDGE_FACTS: dict[tuple, tuple] = {}


def _bridge_facts(key: tuple) -> tuple:
    """The part of `_sound_rows` that a table's bridges decide by themselves, in a row
    order (`key` is the bridges and the `Layout`): (links, ends), each link (source row,
    target row, bit of the value) and `ends` the slots the bridges need occupied, a mask
    per row; or `_UNSOUND` where a bridge joins no neighbouring rows at one value, leads
    onto an 11 or onto another bridge's target. Kept in `_BRIDGE_FACTS` as `_row_facts`
    is in `_ROW_FACTS`: a game's bridges change a few times at most."""
    bridges, lay = key
    order = lay.index
    ends = [0] * len(lay.colors)
    targets = ends[:]
    links = []
    facts = _UNSOUND
    for a, b in bridges:
        value = a.value
        i, k = order[a.color], order[b.color]
        v = _BIT[value]
        if b.value != value or (i - k != 1 and k - i != 1) or value == MASTER.centre or targets[k] & v:
            break
        targets[k] |= v
        ends[i] |= v
        ends[k] |= v
        links.append((i, k, v))
    else:
        facts = (tuple(links), tuple(ends))
    return remember(_BRIDGE_FACTS, key, facts)


def _run_mask(taken: int, bit: int) -> int:
    """The run of occupied slots of a row mask that holds the slot of `bit` (set in it)."""
    # Above: the trailing ones of the mask from that slot up. Below: from just above the
    # highest empty slot (bit 0 is never a slot, so there is one) to just below the slot.
    up = taken >> (bit.bit_length() - 1)
    return ((up ^ (up + 1)) >> 1) * bit + bit - (1 << (~taken & (bit - 1)).bit_length())


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
                    "the table has {n} rows of one colour, {row}; each colour has exactly one",
                    n=times, row=Row(color),
                )
        raise invalid_state(
            "the rows are {rows}; the table has the four colours once each", rows=rows(colors)
        )
    occupied: dict[str, set[int]] = {}
    for row in state.rows:
        if MASTER.centre not in row.cards:
            raise invalid_state("{row} has no 11; every row starts from its 11", row=Row(row.color))
        jokers = set(row.jokers)
        if len(jokers) != len(row.jokers):
            value, times = Counter(row.jokers).most_common(1)[0]
            raise invalid_state(
                "{slot} lists {n} jokers", slot=Slot(f"{row.color}{value}"), n=times
            )
        both = jokers.intersection(row.cards)
        if both:
            value = min(both)
            raise invalid_state(
                "{slot} holds both its number card and a joker", slot=Slot(f"{row.color}{value}")
            )
        jokers.update(row.cards)
        occupied[row.color] = jokers
    return occupied


def _zones(state: State):
    """Every zone a card can be in, with a name for messages and its known cards."""
    for row in state.rows:
        yield Row(row.color), [f"{row.color}{v}" for v in row.cards] + [
            JOKER
        ] * len(row.jokers)
    for i, player in enumerate(state.players):
        if not isinstance(player.hand, Hidden):
            yield Message("the hand of {player}", player=Player(i, player.name)), player.hand
    if not isinstance(state.pile, Hidden):
        yield Message("the draw pile"), state.pile


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
    hidden = count_off_table(state, known)
    jokers = known.count(JOKER)
    if len(set(known)) != len(known) - jokers + (1 if jokers else 0):
        _name_the_duplicate(state)
    jokers += table_jokers
    if jokers > MASTER.joker_count:
        raise invalid_state(
            "{n} jokers are in play; the game has {most}", n=jokers, most=MASTER.joker_count
        )
    total = len(known) + table_jokers + hidden
    if total != MASTER.total_cards:
        raise invalid_state(
            "the table, hands and pile hold {n} cards; the game has {total} (84 number cards and 4 jokers)",
            n=total, total=MASTER.total_cards,
        )


def _name_the_duplicate(state: State) -> None:
    seen: dict[str, str] = {}
    for zone, cards in _zones(state):
        for card in cards:
            if card == JOKER:
                continue
            if card in seen:
                if seen[card] == zone:
                    raise invalid_state("{card} appears twice in {zone}", card=Card(card), zone=zone)
                raise invalid_state(
                    "{card} appears twice, in {first} and in {second}",
                    card=Card(card), first=seen[card], second=zone,
                )
            seen[card] = zone


def _check_bridges(state: State, occupied: dict[str, set[int]]) -> None:
    n = len(state.players)
    dealt = _BRIDGES_DEALT[n]  # `check_seats` has passed
    held = sum(p.bridges for p in state.players)
    if held + len(state.bridges) != dealt:
        raise invalid_state(
            Counted(
                "the players hold {held} bridge cards and {n} lies on the table; a game of "
                "{players} players is dealt {dealt}",
                "the players hold {held} bridge cards and {n} lie on the table; a game of "
                "{players} players is dealt {dealt}",
                len(state.bridges),
                held=held, players=n, dealt=dealt,
            )
        )
    order = state.row_order()
    for bridge in state.bridges:
        a, b = bridge.source, bridge.target
        if a.value != b.value or abs(order[a.color] - order[b.color]) != 1:
            raise invalid_state(
                "the bridge from {source} to {target} does not join neighbouring rows at one value",
                source=Slot(a), target=Slot(b),
            )
        for end in (a, b):
            if end.value not in occupied[end.color]:
                raise invalid_state(
                    "the bridge from {source} to {target} ends at an empty slot, {end}",
                    source=Slot(a), target=Slot(b), end=Slot(end),
                )
    # A bridge's target was empty when it was laid: never an 11, never a slot another
    # bridge had already led to.
    targets: set = set()
    for bridge in state.bridges:
        a, b = bridge.source, bridge.target
        if b.value == MASTER.centre:
            raise invalid_state(
                "the bridge from {source} to {target} leads onto an 11, which lies from the start",
                source=Slot(a), target=Slot(b),
            )
        if b in targets:
            raise invalid_state(
                "two bridges lead onto {target}; a bridge leads onto an empty slot", target=Slot(b)
            )
        targets.add(b)


def _runs(values: set[int]) -> list[tuple[int, int]]:
    """The runs of occupied slots of a row, without a gap: (lowest, highest) each."""
    runs: list[tuple[int, int]] = []
    for value in sorted(values):
        if runs and runs[-1][1] == value - 1:
            runs[-1] = (runs[-1][0], value)
        else:
            runs.append((value, value))
    return runs


def _lowest_of_run(values: set[int], value: int) -> int:
    """The lowest slot of the run of occupied slots that holds `value`."""
    while value - 1 in values:
        value -= 1
    return value


def _check_runs(state: State, occupied: dict[str, set[int]]) -> None:
    """A row has gaps only behind a bridge (docs/games/master.md, "A turn"): every run of
    occupied slots holds the row's 11, or the target of a table bridge whose source lies
    in such a run.

    A run is named by its colour and lowest slot. Most rows are one run through the 11,
    so only the rows with islands are traced, and bridges are followed only when some are.
    """
    centre = MASTER.centre
    reached = set()
    islands = []
    for color, values in occupied.items():
        low = _lowest_of_run(values, centre)
        reached.add((color, low))
        high = centre
        while high + 1 in values:
            high += 1
        if high - low + 1 != len(values):
            islands.append(color)
    if not islands:
        return
    links = [
        ((b.source.color, _lowest_of_run(occupied[b.source.color], b.source.value)),
         (b.target.color, _lowest_of_run(occupied[b.target.color], b.target.value)))
        for b in state.bridges
    ]
    grown = True
    while grown:
        grown = False
        for source, target in links:
            if source in reached and target not in reached:
                reached.add(target)
                grown = True
    for row in state.rows:
        if row.color not in islands:
            continue
        for low, high in _runs(occupied[row.color]):
            if (row.color, low) not in reached:
                if low == high:
                    raise invalid_state(
                        "{slot} is occupied but touches nothing that leads to the 11 of {row}, "
                        "and no bridge explains it",
                        slot=Slot(f"{row.color}{low}"), row=Row(row.color),
                    )
                raise invalid_state(
                    "the run from {low} to {high} is cut off from the 11 of {row}, and no bridge "
                    "explains it",
                    low=Slot(f"{row.color}{low}"), high=Slot(f"{row.color}{high}"), row=Row(row.color),
                )


def _check_bonus(state: State, occupied: dict[str, set[int]]) -> None:
    held = sum(p.bonus for p in state.players)
    expected = min(MASTER.bonus_cards, completed_halves(occupied))
    if held != expected:
        raise invalid_state(
            Counted(
                "the players hold {held} bonus cards, but {n} half-row is complete, which earns {expected}",
                "the players hold {held} bonus cards, but {n} half-rows are complete, which earns {expected}",
                completed_halves(occupied),
                held=held, expected=expected,
            )
        )
