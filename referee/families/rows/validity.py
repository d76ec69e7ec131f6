"""The impossible states of the classic and junior games (those of
docs/games/master.md, `INVALID_STATE`, where they apply, and docs/games/classic.md).

`check_state` raises INVALID_STATE with a reason naming the card, player or row at
fault; it runs before every turn is judged.
"""

from __future__ import annotations

from collections import Counter

from ...i18n import Message
from ...i18n.terms import Card, Player, Row, rows
from ...core.errors import invalid_state
from ...core.validity import check_passers, check_passes, check_seats, count_off_table
from ...core.zones import Hidden
from .state import RowState


def check_state(state: RowState) -> None:
    """Raise INVALID_STATE for a state that cannot happen; return None otherwise."""
    if state.checked:
        return
    variant = state.variant
    check_seats(state, variant.min_players, variant.max_players)
    _check_rows(state)
    _check_cards(state)
    check_passes(state)
    check_passers(state, _placeable)
    if not state.rows:
        variant.check_opening_state(state)


def _placeable(state: RowState) -> list[str]:
    """The cards the player to move could place (a row start included)."""
    from .turn import RowTurn  # the turn module reads states this module checks

    return RowTurn(state).playable()


def _check_rows(state: RowState) -> None:
    variant = state.variant
    seen: set[str] = set()
    for row in state.rows:
        name = Row(row.color)
        if row.color not in variant.colors:
            raise invalid_state("{row}: this game has no cards of that colour", row=name)
        if row.color in seen:
            raise invalid_state("the table has {row} twice; each colour has one row", row=name)
        seen.add(row.color)
        values = set(row.cards)
        if len(values) != len(row.cards):
            value = Counter(row.cards).most_common(1)[0][0]
            raise invalid_state("{row} lists its {value} twice", row=name, value=value)
        if any(v > variant.top for v in values):
            raise invalid_state("{row} holds a value above {top}", row=name, top=variant.top)
        if variant.rows_laid_out:
            _check_laid_out_row(name, values, variant.top)
        else:
            _check_started_row(state, name, values)
    if variant.rows_laid_out:
        if len(seen) != len(variant.colors):
            missing = [c for c in variant.colors if c not in seen]
            raise invalid_state(
                "{rows} are missing; every row lies from the start", rows=rows(missing)
            ) if len(missing) > 1 else invalid_state(
                "{row} is missing; every row lies from the start", row=Row(missing[0])
            )
        if state.opening is not None:
            raise invalid_state("opening is set, but with the rows laid out no row was opened")
    elif state.rows:
        if state.opening is None:
            raise invalid_state("rows lie but opening is null; it is the value the first row began with")
        if not variant.may_start(state.opening, None):
            raise invalid_state("opening is {opening}, a value no row can begin with", opening=state.opening)
        if state.opening not in state.rows[0].cards:
            raise invalid_state(
                "opening is {opening} but the first row, {row}, does not hold it",
                opening=state.opening, row=Row(state.rows[0].color),
            )
    elif state.opening is not None:
        raise invalid_state("opening is {opening} but no row lies", opening=state.opening)


def _check_laid_out_row(name: Row, values: set[int], top: int) -> None:
    if 1 not in values or top not in values:
        raise invalid_state("{row} lacks its 1 or its {top}, which lie from the start", row=name, top=top)
    low = 1
    while low + 1 in values:
        low += 1
    high = top
    while high - 1 in values and high - 1 > low:
        high -= 1
    stray = sorted(v for v in values if low < v < high)
    if stray:
        raise invalid_state(
            "{card} lies apart: rows grow one step at a time from their ends",
            card=Card(f"{name.color}{stray[0]}"),
        )


def _check_started_row(state: RowState, name: Row, values: set[int]) -> None:
    if not values:
        raise invalid_state("{row} is empty; a row exists once its first card lies", row=name)
    if max(values) - min(values) + 1 != len(values):
        gap = next(v for v in range(min(values), max(values)) if v not in values)
        raise invalid_state(
            "{row} has a gap where {card} belongs; rows grow without gaps", row=name, card=Card(f"{name.color}{gap}")
        )
    if not any(state.variant.may_start(v, state.opening) for v in values):
        raise invalid_state("{row} holds no value it could have begun with", row=name)


def _check_cards(state: RowState) -> None:
    """Every card of the game once, counting hidden hands and pile."""
    slots = state.variant.slots
    known = [f"{row.color}{value}" for row in state.rows for value in row.cards]
    hidden = count_off_table(state, known)
    distinct = set(known)
    if len(distinct) != len(known) or not distinct <= slots.keys():
        _name_the_misplaced_card(state)
    total = len(known) + hidden
    if total != len(slots):
        raise invalid_state(
            "the cards add up to {n}, counting hidden hands and pile; the game has {total}",
            n=total, total=len(slots),
        )


def _name_the_misplaced_card(state: RowState) -> None:
    """Raise INVALID_STATE for the first card, zone by zone, that is not of this game or
    lies twice. Only called once a state is known to have one: naming every zone costs."""
    slots = state.variant.slots
    where: dict[str, Message | Row] = {}

    def put(card: str, zone: Message | Row) -> None:
        if card not in slots:
            raise invalid_state("{card} is in {zone}, but it is not a card of this game", card=Card(card), zone=zone)
        if card in where:
            other = where[card]
            if other == zone:
                raise invalid_state("{card} is twice in {zone}", card=Card(card), zone=zone)
            raise invalid_state("{card} is both in {first} and in {second}", card=Card(card), first=other, second=zone)
        where[card] = zone

    for row in state.rows:
        for value in row.cards:
            put(f"{row.color}{value}", Row(row.color))
    for i, player in enumerate(state.players):
        if not isinstance(player.hand, Hidden):
            for card in player.hand:
                put(card, Message("the hand of {player}", player=Player(i, player.name)))
    if not isinstance(state.pile, Hidden):
        for card in state.pile:
            put(card, Message("the draw pile"))
