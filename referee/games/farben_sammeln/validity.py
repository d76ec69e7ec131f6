"""The impossible Farben sammeln states (docs/games/farben-sammeln.md), each
INVALID_STATE with a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.cards import color
from ...families.box.options import check_options
from ...families.box.piles import count_cards, known
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards
from ...core.errors import invalid_state
from ...core.turn import player_term
from ...i18n import Counted
from .state import STACKS, FarbenSammelnState, hand_size


def check_state(state: FarbenSammelnState) -> None:
    if state.checked:
        return
    check_player_count(state, 2, 6)
    check_options(state.options)
    n = len(state.players)
    if state.closed is not None and not 0 <= state.closed < n:
        raise invalid_state("closed names player {index}, who does not exist", index=state.closed)
    if len(state.display) != STACKS:
        raise invalid_state(Counted("the display has {n} stack; there are always four",
                                    "the display has {n} stacks; there are always four", len(state.display)))
    for position, stack in enumerate(state.display):
        if not stack:
            raise invalid_state("{where} is empty; every display stack holds a card", where=f"/display/{position}")
    zones = [(f"/players/{i}/hand", p.hand) for i, p in enumerate(state.players)]
    zones += [("/pile", state.pile)] + [(f"/display/{i}", s) for i, s in enumerate(state.display)]
    check_cards(state.deck, zones)
    size = hand_size(n)
    for i, player in enumerate(state.players):
        if count_cards(player.hand) != size:
            raise invalid_state("{player} holds {held} cards; with {n} players every hand holds {size}",
                                player=player_term(state, i), held=count_cards(player.hand), n=n, size=size)
    if state.closed is not None:
        hand = state.players[state.closed].hand
        if known(hand) and len({color(c) for c in hand}) > 1:
            raise invalid_state("{player} closed the round with more than one colour in hand",
                                player=player_term(state, state.closed))
    check_seats(state, seats(state), state.is_over)


def seats(state: FarbenSammelnState) -> Seats:
    """One player moves at a time, any of them; nobody once the round is closed."""
    if state.is_over:
        return Seats(None, ())
    # Whoever `current` names may be to move; -1 stands for "someone" where it is null.
    return Seats(-1 if state.current is None else state.current, ())
