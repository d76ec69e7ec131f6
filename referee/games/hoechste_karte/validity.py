"""The impossible states of "Die höchste Karte gewinnt" (docs/games/hoechste-karte.md),
each INVALID_STATE with a reason naming the card, pile or player."""

from __future__ import annotations

from ...families.box.piles import Hidden, count_cards
from ...families.box.seats import Seats, check_seats
from ...families.box.validity import check_cards, check_entry_players, entry_zones
from ...core.errors import invalid_state
from ...core.turn import player_term
from ...i18n.terms import Card
from .state import HoechsteKarteState


def check_game(state: HoechsteKarteState) -> None:
    n = len(state.players)
    check_entry_players(state.trick, n, "/trick")
    played = [e.player for e in state.trick]
    for position, player in enumerate(played):
        if player in played[:position]:
            raise invalid_state("{player} has already acted in this step", player=player_term(state, player))
    if state.trick and len(played) == n:
        raise invalid_state("every player has played to the open trick, so it would have been taken")
    deck = state.deck  # asked for every card below: the deck and a colour's cards once
    for i, holder in enumerate(state.players):
        if not isinstance(holder.hand, Hidden):
            own = state.cards_of(i)
            for card in holder.hand:
                if card in deck and card not in own:
                    raise invalid_state("{card} is not of the colour of {player}, so it cannot be in that hand",
                                        card=Card(card), player=player_term(state, i))
    for position, entry in enumerate(state.trick):
        if entry.card is not None and entry.card in deck and entry.card not in state.cards_of(entry.player):
            raise invalid_state("{card} is not of the colour of {player}, who played it",
                                card=Card(entry.card), player=player_term(state, entry.player))
    zones = [(f"/players/{i}/hand", p.hand) for i, p in enumerate(state.players)]
    check_cards(deck, zones + entry_zones(state.trick, "/trick") + state.shown_piles)
    sizes = [count_cards(p.hand) + played.count(i) for i, p in enumerate(state.players)]
    if len(set(sizes)) > 1:
        raise invalid_state("the hands hold {sizes} cards (with their cards in the trick); they are always of "
                            "equal size", sizes=", ".join(map(str, sizes)))
    for where, pile in state.shown_piles:
        if count_cards(pile) % n:
            raise invalid_state("{where} holds {count} cards, not a whole number of tricks of {n}",
                                where=where, count=count_cards(pile), n=n)
    over = state.is_over
    if count_cards(state.out) and not over:
        raise invalid_state("cards are out of the game before its end")
    check_seats(state, seats(state), over)


def seats(state: HoechsteKarteState) -> Seats:
    """Everyone who has not played to the open trick is waiting; nobody at the end."""
    if state.is_over:
        return Seats(None, ())
    played = frozenset(e.player for e in state.trick)
    return Seats(None, tuple(i for i in range(len(state.players)) if i not in played), played)
