"""The impossible Schnipp Schnapp states (docs/games/schnipp-schnapp.md), each
INVALID_STATE with a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.options import check_options
from ...families.box.piles import known
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards
from ...core.errors import invalid_state
from ...core.turn import player_term
from ...i18n.terms import Card
from .state import SchnippSchnappState, quartet_of


def check_state(state: SchnippSchnappState) -> None:
    if state.checked:
        return
    check_player_count(state, 2, 6)
    check_options(state.options)
    check_quartets(state)
    zones = [(f"/players/{i}/{field}", getattr(p, field)) for i, p in enumerate(state.players)
             for field in ("stack", "open")]
    set_aside = sum(len(p.quartets) for p in state.players)
    check_cards(state.deck, zones + [("/middle", state.middle)], 4 * set_aside)
    check_flipped(state)
    check_seats(state, seats(state), state.is_over)


def check_quartets(state: SchnippSchnappState) -> None:
    """Each value is set aside once at most, and none of its cards lies anywhere else."""
    owner: dict[int, int] = {}
    for i, player in enumerate(state.players):
        for number in player.quartets:
            if number in owner:
                raise invalid_state("the quartet of {value} is set aside twice", value=number)
            owner[number] = i
    listed = [(f"/players/{i}/{field}", pile) for i, p in enumerate(state.players)
              for field, pile in (("stack", p.stack), ("open", p.open)) if known(pile)]
    listed.append(("/middle", state.middle))
    edition = state.options["edition"]
    for number, i in owner.items():
        cards = set(quartet_of(edition, number))
        for where, pile in listed:
            for card in pile:
                if card in cards:
                    raise invalid_state("{card} lies in {where}, but the quartet of {value} is set aside by {player}",
                                        card=Card(card), where=where, value=number, player=player_term(state, i))


def check_flipped(state: SchnippSchnappState) -> None:
    n = len(state.players)
    for position, index in enumerate(state.flipped):
        if not 0 <= index < n:
            raise invalid_state("flipped names player {index}, who does not exist", index=index)
        if index in state.flipped[:position]:
            raise invalid_state("flipped names {player} twice", player=player_term(state, index))
        if not state.players[index].open:
            raise invalid_state("flipped names {player}, whose open pile is empty", player=player_term(state, index))
    if len(state.flipped) > 1 and not state.together:
        raise invalid_state("flipped names more than one player; only with together do several flip at once")


def seats(state: SchnippSchnappState) -> Seats:
    """Without `together` one player who holds cards moves; with it every holder flips in a
    round (`waiting`: those who have not yet flipped in it); nobody once the game ends."""
    if state.is_over:
        return Seats(None, ())
    holders = state.holders
    if state.together:
        if state.flipped:  # a round has ended: everyone may start the next
            return Seats(None, holders)
        still = tuple(seat for seat in state.waiting if seat in holders)
        # An empty waiting mid-round would be a round every holder has flipped in.
        return Seats(None, still or holders, frozenset(holders) - set(still))
    current = state.current
    holding = current is not None and 0 <= current < len(state.players) and state.players[current].holds
    # -1 stands for "someone who holds cards" where `current` names nobody who can act.
    return Seats(current if holding else -1, ())
