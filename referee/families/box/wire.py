"""Reading what every box game's state has besides its piles: the players (each an object
of the game's members with a `name`), `current` and lists of seats (`waiting`, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...core.errors import MalformedInput
from ...core.wire import Members, read_int

Player = TypeVar("Player")


def read_players(value: Any, member: Members, make: Callable[[dict[str, Any]], Player]) -> tuple[Player, ...]:
    """The players in seat order: each checked against `member`, named, then made by `make`."""
    if not isinstance(value, list):
        raise MalformedInput("players are a list")
    players = []
    required = member.required
    for player in value:
        # Read on every request: an object with just the required members passes
        # without a call; any other is checked (and complained of) by `member`.
        if type(player) is not dict or player.keys() != required:
            member.check(player)
        if not isinstance(player["name"], str):
            raise MalformedInput("a player's name is a string")
        players.append(make(player))
    return tuple(players)


def read_current(value: Any) -> int | None:
    """A player index, or null."""
    return None if value is None else read_int(value)


def read_seats(value: Any, what: str) -> tuple[int, ...]:
    """A list of player indices, such as `waiting`."""
    if not isinstance(value, list):
        raise MalformedInput(f"{what} is a list of players")
    for seat in value:  # the common case, whole numbers only, without a call for each
        if type(seat) is not int:
            return tuple(read_int(seat) for seat in value)
    return tuple(value)
