"""The impossible Mogeln states (docs/games/mogeln.md), each INVALID_STATE with
a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.options import check_options
from ...families.box.piles import count_cards
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards
from ...core.errors import invalid_state
from ...core.turn import player_term
from .state import MogelnState


def check_state(state: MogelnState) -> None:
    if state.checked:
        return
    check_player_count(state, 3, 6)
    check_options(state.options)
    n = len(state.players)
    for position, play in enumerate(state.stack):
        where = f"/stack/{position}"
        if not 0 <= play.player < n:
            raise invalid_state("{where} names player {index}, who does not exist", where=where, index=play.player)
        if count_cards(play.cards) == 0:
            raise invalid_state("{where} is a play of no card", where=where)
    zones = [(f"/players/{i}/hand", p.hand) for i, p in enumerate(state.players)]
    check_cards(state.deck, zones + [(f"/stack/{k}/cards", play.cards) for k, play in enumerate(state.stack)],
                state.out)
    check_stack(state)
    if state.winner is not None:
        if not 0 <= state.winner < n:
            raise invalid_state("winner names player {index}, who does not exist", index=state.winner)
        if count_cards(state.players[state.winner].hand):
            raise invalid_state("{player} is the winner but holds cards", player=player_term(state, state.winner))
    empty = [i for i, p in enumerate(state.players) if count_cards(p.hand) == 0]
    if len(empty) > 1:
        raise invalid_state("{first} and {second} both hold no card; only one can have gone out",
                            first=player_term(state, empty[0]), second=player_term(state, empty[1]))
    for i in empty:
        if i != state.winner and not (state.stack and state.stack[0].player == i):
            raise invalid_state("{player} holds no card but neither made the top play nor won",
                                player=player_term(state, i))
    check_seats(state, seats(state), state.is_over)


def check_stack(state: MogelnState) -> None:
    """Claims run 1, 2, ... from the bottom, never beyond the last value, by consecutive
    players clockwise."""
    n = len(state.players)
    bottom_up = list(reversed(state.stack))
    for height, play in enumerate(bottom_up):
        if play.claim != height + 1:
            raise invalid_state("the play at {where} claims {claim}, but the claims run 1, 2, ... from the "
                                "bottom of the stack", where=f"/stack/{len(bottom_up) - 1 - height}", claim=play.claim)
        if play.claim > state.last_value:
            raise invalid_state("the play at {where} claims {claim}, beyond the count's last value {last}",
                                where=f"/stack/{len(bottom_up) - 1 - height}", claim=play.claim,
                                last=state.last_value)
        if height and play.player != (bottom_up[height - 1].player + 1) % n:
            raise invalid_state("the plays on the stack are not by consecutive players clockwise")


def seats(state: MogelnState) -> Seats:
    """One player moves at a time: the next after the top play, or on an empty stack the
    player the state names; nobody once the game has ended."""
    if state.is_over:
        return Seats(None, ())
    if state.stack:
        return Seats((state.stack[0].player + 1) % len(state.players), ())
    current = state.current
    # -1 stands for "a player who exists" where `current` names nobody who can act.
    return Seats(current if current is not None and 0 <= current < len(state.players) else -1, ())
