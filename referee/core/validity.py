"""The impossible-state checks every ruleset makes alike (docs/games/master.md, `INVALID_STATE`).

Each raises INVALID_STATE with a reason naming the player or count at fault; the
rulesets' own `validity` modules call them beside their checks of the table and cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..i18n import Counted
from ..i18n.terms import Card, Player
from .errors import invalid_state
from .zones import Hidden


def check_seats(state: Any, min_players: int, max_players: int) -> None:
    """A game of `min_players` to `max_players`, and a player to move among them."""
    n = len(state.players)
    if not min_players <= n <= max_players:
        allowed = f"{min_players}" if min_players == max_players else f"{min_players} to {max_players}"
        raise invalid_state("this game has {allowed} players, this one has {n}", allowed=allowed, n=n)
    if not 0 <= state.current < n:
        raise invalid_state(
            "player {current} is to move, but the players are 0 to {last}", current=state.current, last=n - 1
        )


def count_off_table(state: Any, known: list[str]) -> int:
    """Add the cards of the known hands and pile to `known` (the table's cards, as the
    ruleset names them); the number of hidden cards."""
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
    return hidden


def check_passes(state: Any) -> None:
    """Passes count only once the pile is empty, and never more than the players."""
    if state.passes > 0 and state.pile_size > 0:
        raise invalid_state(
            Counted(
                "passes is {passes} but the pile still has {n} card; passes only count once it is empty",
                "passes is {passes} but the pile still has {n} cards; passes only count once it is empty",
                state.pile_size,
                passes=state.passes,
            )
        )
    if state.passes > len(state.players):
        raise invalid_state(
            "passes is {passes}, above the {n} players", passes=state.passes, n=len(state.players)
        )


def check_passers(state: Any, placeable: Callable[[Any], list[str]]) -> None:
    """The last `passes` players before the one to move passed on the very table the state
    shows, so none of them whose hand is known holds a card that could be placed there.

    `placeable(state)` is the ruleset's "can place" for the state's player to move (the
    cards that oblige a play); it is asked for each passer in turn.
    """
    n = len(state.players)
    for back in range(1, state.passes + 1):
        index = (state.current - back) % n
        player = state.players[index]
        if isinstance(player.hand, Hidden):
            continue
        cards = placeable(replace(state, current=index))
        if cards:
            raise invalid_state(
                "{player} passed, but holds {card}, which could be placed on this table",
                player=Player(index, player.name), card=Card(cards[0]),
            )
