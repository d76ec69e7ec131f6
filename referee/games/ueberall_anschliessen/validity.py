"""The impossible Überall anschließen states (docs/games/ueberall-anschliessen.md), each
INVALID_STATE with a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.options import check_options
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards
from ...core.errors import invalid_state
from ...core.turn import player_term
from ...i18n.terms import Card
from .state import UeberallAnschliessenState, follows


def check_state(state: UeberallAnschliessenState) -> None:
    if state.checked:
        return
    check_player_count(state, 2, 6)
    check_options(state.options)
    n = len(state.players)
    zones = [(f"/players/{i}/{field}", getattr(p, field)) for i, p in enumerate(state.players)
             for field in ("stack", "open")]
    check_cards(state.deck, zones + [("/middle", state.middle)])
    for position in range(len(state.middle) - 1):
        above, below = state.middle[position], state.middle[position + 1]
        if not follows(above, below):
            raise invalid_state("the middle is not a run: {above} lies on {below}", above=Card(above), below=Card(below))
    for i, player in enumerate(state.players):
        if not player.holds and player.open:
            raise invalid_state("{player} has an empty stack but an open pile; the open pile is turned over "
                                "as soon as the stack is used up", player=player_term(state, i))
    for position, index in enumerate(state.finished):
        if not 0 <= index < n:
            raise invalid_state("finished names player {index}, who does not exist", index=index)
        if index in state.finished[:position]:
            raise invalid_state("finished names {player} twice", player=player_term(state, index))
    for i, player in enumerate(state.players):
        if player.holds and i in state.finished:
            raise invalid_state("finished names {player}, who still holds cards", player=player_term(state, i))
        if not player.holds and i not in state.finished:
            raise invalid_state("{player} holds no card but is not in finished", player=player_term(state, i))
    check_seats(state, seats(state), state.is_over)


def seats(state: UeberallAnschliessenState) -> Seats:
    """One player moves at a time, one who holds cards; nobody once every card is in the middle."""
    if state.is_over:
        return Seats(None, ())
    current = state.current
    holding = current is not None and 0 <= current < len(state.players) and state.players[current].holds
    # -1 stands for "someone who holds cards" where `current` names nobody who can act.
    return Seats(current if holding else -1, ())
