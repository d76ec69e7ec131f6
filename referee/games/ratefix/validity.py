"""The impossible Ratefix states (docs/games/ratefix.md), each INVALID_STATE
with a reason naming the card, pile, option or player, and who acts as the table lies."""

from __future__ import annotations

from ...families.box.cards import TOP
from ...families.box.piles import count_cards
from ...families.box.seats import Seats, check_seats
from ...families.box.validity import check_cards, check_entry_players, entry_zones
from ...core.errors import invalid_state
from ...core.turn import player_term
from .state import RatefixState

LOWEST, HIGHEST = 2, 4


def check_game(state: RatefixState) -> None:
    n = len(state.players)
    most = 4 * TOP // n
    if state.cards_each > most:
        raise invalid_state("the option cards_each is {each}, but {n} players get at most {most} cards each",
                            each=state.cards_each, n=n, most=most)
    if not 0 <= state.leader < n:
        raise invalid_state("leader names player {index}, who does not exist", index=state.leader)
    check_entry_players(state.middle, n, "/middle")
    for position, said in enumerate(state.guesses):
        if not 0 <= said.player < n:
            raise invalid_state("{where} names player {index}, who does not exist",
                                where=f"/guesses/{position}", index=said.player)
    check_middle(state)
    if state.out != len(state.deck) - n * state.cards_each:
        raise invalid_state("out is {out}, but {n} players with {each} cards each leave {expected} out of the game",
                            out=state.out, n=n, each=state.cards_each, expected=len(state.deck) - n * state.cards_each)
    zones = [(f"/players/{i}/stack", p.stack) for i, p in enumerate(state.players)]
    won = [(f"/players/{i}/won", p.won) for i, p in enumerate(state.players)]
    check_cards(state.deck, zones + entry_zones(state.middle, "/middle") + won, state.out)
    sizes = stack_sizes(state)
    if len(set(sizes)) > 1:
        raise invalid_state("the stacks hold {sizes} cards (with their cards in the middle); they are always "
                            "of equal size", sizes=", ".join(str(s) for s in sizes))
    for i, player in enumerate(state.players):
        if count_cards(player.won) % n:
            raise invalid_state("{player} has won {won} cards, not a whole number of rounds of {n} cards",
                                player=player_term(state, i), won=count_cards(player.won), n=n)
    check_guesses(state)
    check_seats(state, seats(state), state.is_over)


def stack_sizes(state: RatefixState) -> list[int]:
    """Each stack with its player's card in the middle."""
    return [count_cards(p.stack) + sum(1 for e in state.middle if e.player == i) for i, p in enumerate(state.players)]


def check_middle(state: RatefixState) -> None:
    """One card of each player at most."""
    seen: set[int] = set()
    for position, entry in enumerate(state.middle):
        if entry.player in seen:
            raise invalid_state("{player} put a second card into the middle at {where}",
                                player=player_term(state, entry.player), where=f"/middle/{position}")
        seen.add(entry.player)


def check_guesses(state: RatefixState) -> None:
    """Guesses only once every card is put, in order from the leader, not from everyone."""
    if not state.guesses:
        return
    n = len(state.players)
    if not state.all_put:
        raise invalid_state("there are guesses while cards are still to be put into the middle")
    if len(state.guesses) >= n:
        raise invalid_state("every player has guessed, so the round would have been taken")
    for position, said in enumerate(state.guesses):
        expected = (state.leader + position) % n
        if said.player != expected:
            raise invalid_state("{where} is a guess of {player}, but {expected} guesses then, in order from the leader",
                                where=f"/guesses/{position}", player=player_term(state, said.player),
                                expected=player_term(state, expected))


def guesser(state: RatefixState) -> int:
    """Who guesses next: the leader, then clockwise."""
    return (state.leader + len(state.guesses)) % len(state.players)


def seats(state: RatefixState) -> Seats:
    """While cards are put, everyone who has not put is waiting; then one guesser at a time."""
    if state.is_over:
        return Seats(None, ())
    if not state.all_put:
        put = frozenset(e.player for e in state.middle)
        return Seats(None, tuple(i for i in range(len(state.players)) if i not in put), put)
    return Seats(guesser(state), ())
