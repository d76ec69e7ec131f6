"""The impossible Zweikampf states (docs/games/zweikampf.md), each INVALID_STATE
with a reason naming the card, pile, option or player."""

from __future__ import annotations

from ...families.box.cards import value
from ...families.box.options import check_options
from ...families.box.piles import count_cards
from ...families.box.seats import Seats, check_player_count, check_seats
from ...families.box.validity import check_cards, check_entry_players, entry_zones
from ...core.errors import invalid_state
from ...core.turn import player_term
from .state import ZweikampfState


def check_state(state: ZweikampfState) -> None:
    if state.checked:
        return
    check_player_count(state, 2, 2)
    check_options(state.options)
    check_entry_players(state.battle, 2, "/battle")
    for position, entry in enumerate(state.battle):
        if entry.card is None:
            raise invalid_state("{where} does not name its card; the battle lies face up",
                                where=f"/battle/{position}")
    zones = [(f"/players/{i}/{field}", getattr(p, field)) for i, p in enumerate(state.players)
             for field in ("stack", "won")]
    check_cards(state.deck, zones + entry_zones(state.battle, "/battle"), state.out)
    check_battle(state)
    for i, fighter in enumerate(state.players):
        if len(fighter.won) % 2:
            raise invalid_state("the won pile of {player} holds an odd number of cards; battles are won in pairs",
                                player=player_term(state, i))
    if not state.until_all:
        sizes = [count_cards(p.stack) + sum(1 for e in state.battle if e.player == i)
                 for i, p in enumerate(state.players)]
        if sizes[0] != sizes[1]:
            raise invalid_state("the stacks hold {first} and {second} cards (with their cards in the battle); "
                                "they are always of equal size", first=sizes[0], second=sizes[1])
    over = state.is_over
    if state.out and not over:
        raise invalid_state("cards are out of the game before its end")
    for player in must_turn_up(state):
        if state.holds(player) == 0:
            raise invalid_state("the battle waits for {player}, who has no card to turn up",
                                player=player_term(state, player))
    check_seats(state, seats(state), over)


def check_battle(state: ZweikampfState) -> None:
    """Tied pairs (one card of each player, equal values), then at most one card alone."""
    battle = state.battle
    for start in range(0, len(battle) - 1, 2):
        first, second = battle[start], battle[start + 1]
        if first.player == second.player:
            raise invalid_state("{player} turned up twice in one round of the battle",
                                player=player_term(state, first.player))
        if value(first.card) != value(second.card):
            raise invalid_state("the battle goes on after {where}, a round that was not tied",
                                where=f"/battle/{start + 1}")


def must_turn_up(state: ZweikampfState) -> tuple[int, ...]:
    """Who must turn up next in the open battle (nobody once it is over and settled)."""
    if state.unanswered is not None:
        return (1 - state.unanswered.player,)
    return () if not state.battle else (0, 1)


def seats(state: ZweikampfState) -> Seats:
    """Everyone still to turn up in this round is waiting; nobody once the game is over."""
    if state.is_over:
        return Seats(None, ())
    if state.unanswered is not None:
        return Seats(None, (1 - state.unanswered.player,), frozenset({state.unanswered.player}))
    return Seats(None, (0, 1))
