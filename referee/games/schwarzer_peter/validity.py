"""The impossible Schwarzer Peter states (docs/games/schwarzer-peter.md), each
INVALID_STATE with a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.options import check_options
from ...families.box.piles import Cards, Hidden, count_cards
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards
from ...core.errors import invalid_state
from ...core.turn import player_term
from ...i18n.terms import Card
from .state import SchwarzerPeterState

LOWEST, HIGHEST = 2, 6


def check_state(state: SchwarzerPeterState) -> None:
    if state.checked:
        return
    check_player_count(state, LOWEST, HIGHEST)
    check_options(state.options)
    if count_cards(state.aside) != 1:
        raise invalid_state("aside holds {n} cards; exactly one card is set aside", n=count_cards(state.aside))
    laid: dict[int, int] = {}
    for i, player in enumerate(state.players):
        for value in player.pairs:
            if value in laid:
                raise invalid_state("the pair of {value}s is laid twice, by {first} and by {second}", value=value,
                                    first=player_term(state, laid[value]), second=player_term(state, i))
            laid[value] = i
    zones: list[tuple[str, Cards]] = [("/aside", state.aside)]
    for i, player in enumerate(state.players):
        zones.append((f"/players/{i}/hand", player.hand))
        zones.append((f"/players/{i}/pairs", tuple(c for v in player.pairs for c in state.twins(v))))
    check_cards(state.deck, zones)
    for i, player in enumerate(state.players):
        if isinstance(player.hand, Hidden):
            continue
        for card in player.hand:
            twin = twin_of(state, card)
            if twin in player.hand:
                raise invalid_state("the hand of {player} holds {card} and {twin}, a pair that is laid at once",
                                    player=player_term(state, i), card=Card(card), twin=Card(twin))
    over = state.is_over
    current = state.current
    if not over and current is not None and 0 <= current < len(state.players) \
            and not count_cards(state.players[current].hand):
        raise invalid_state("{player} is to move but holds no card", player=player_term(state, current))
    # Who is to move is not given by the table, only that it is someone who holds cards.
    check_seats(state, Seats(None if over else (0 if current is None else current), ()), over)


def twin_of(state: SchwarzerPeterState, card: str) -> str:
    """The other card of the same value."""
    first, second = state.twins(int(card[1:]))
    return second if card == first else first
