"""Who may act now, and the checks on it (docs/games/index.md, "Steps everyone takes at once").

Outside a simultaneous step `current` is the player to move and `waiting` is `[]`; in
one (everyone turns up, everyone plays face down) `current` is `null` and `waiting`
lists, in seat order, the players still to act; a finished game has neither. A game
says who must act from its table (`Seats`); `check_seats` holds the state's `current`
and `waiting` to it with the reasons that page names, and `check_mover` is the
turn-as-a-whole check `GAME_OVER`, then `NOT_YOUR_TURN`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.codes import Code
from ...core.errors import MalformedInput, Violation, invalid_state
from ...core.turn import player_term
from ...i18n import Message
from ...i18n.terms import Player


class Seats(NamedTuple):
    """Who must act as the table lies: `current` (None in a simultaneous step or at the
    end), `waiting` (in seat order), and `acted`: who already acted in the open step."""

    current: int | None
    waiting: tuple[int, ...]
    acted: frozenset[int] = frozenset()


def check_player_count(state: Any, lowest: int, highest: int) -> None:
    n = len(state.players)
    if not lowest <= n <= highest:
        allowed = f"{lowest}" if lowest == highest else f"{lowest} to {highest}"
        raise invalid_state("this game has {allowed} players, this one has {n}", allowed=allowed, n=n)


def check_seats(state: Any, expected: Seats, over: bool) -> None:
    """INVALID_STATE where `current` or `waiting` is not what the table says."""
    n = len(state.players)
    waiting = state.waiting
    for index in waiting:
        if not 0 <= index < n:
            raise invalid_state("waiting names player {index}, who does not exist", index=index)
    for position, index in enumerate(waiting):
        if index in waiting[:position]:
            raise invalid_state("waiting names {player} twice", player=_named(state, index))
    if list(waiting) != sorted(waiting):
        raise invalid_state("waiting is not in seat order")
    simultaneous = expected.current is None and not over
    if state.current is not None:
        if over:
            raise invalid_state("the game is over, but current names a player")
        if simultaneous:
            raise invalid_state("every player in waiting acts now, so current is null")
        if not 0 <= state.current < n:
            raise invalid_state(
                "player {current} is to move, but the players are 0 to {last}", current=state.current, last=n - 1)
        if state.current != expected.current:
            raise invalid_state("{player} cannot act now", player=_named(state, state.current))
    elif not over and not simultaneous:
        raise invalid_state("current is null while the game goes on outside a simultaneous step")
    if not simultaneous and waiting:
        raise invalid_state("waiting is not empty outside a simultaneous step")
    for index in waiting:
        if index not in expected.waiting:
            if index in expected.acted:
                raise invalid_state("{player} has already acted in this step", player=_named(state, index))
            raise invalid_state("{player} cannot act now", player=_named(state, index))
    for index in expected.waiting:
        if index not in waiting:
            raise invalid_state("waiting leaves out {player}, who has still to act", player=_named(state, index))


def _named(state: Any, index: int) -> Player:
    return player_term(state, index)


def may_act(state: Any, player: int) -> bool:
    """The player is the one to move, or one the open step waits for."""
    return player == state.current or (state.current is None and player in state.waiting)


def check_mover(state: Any, player: int) -> None:
    """`GAME_OVER`, then `NOT_YOUR_TURN` (also for a player who does not exist)."""
    if state.is_over:
        raise Violation(Code.GAME_OVER, None, Message("The game is over; no more turns can be played."))
    if may_act(state, player):
        return
    if not 0 <= player < len(state.players):
        detail = Message("There is no {player} in this game.", player=Player(player))
    elif state.current is not None:
        detail = Message("It is {mover}'s turn, not {player}'s.",
                         mover=player_term(state, state.current), player=player_term(state, player))
    else:
        detail = Message("This step does not wait for {player}.", player=player_term(state, player))
    raise Violation(Code.NOT_YOUR_TURN, None, detail)


def whose(state: Any, player: int | None) -> int | None:
    """The player `/v1/legal-actions` lists for: `player`, or `current` by default (required
    while `current` is null; None for a finished game that names nobody)."""
    if player is None:
        if state.current is None and not state.is_over:
            raise MalformedInput("name the player: several may act now, so there is no current player")
        return state.current
    if not 0 <= player < len(state.players):
        raise MalformedInput(f"there is no player {player} in this game")
    return player
