"""Blind draws as chance events: which cards a draw could turn up, and the table with the
chosen one turned up (docs/howto/game-ai.md, "OpenSpiel").

A card nobody has seen since the deal lies where the shuffle put it, and so do the others
like it: within a run of such cards at the top of a face-down pile, every order is as
likely as any other to everyone at the table. A draw from that pile (an action that turns
up a card, `Ruleset.turns_up`) turns up any card of the run with the same chance. The
other cards of a pile lie in an order someone saw (cards won and put under a stack), so a
draw that reaches them turns up the card lying there. A draw that first shuffles a pile
anew (a Schnipp Schnapp flip from an empty stack) turns up any card of it, and leaves the
rest unseen again. A card picked blind from a fan held face down (a Schwarzer Peter draw
from the next player's hand) is any card of that hand with the same chance, whoever has
seen it: the drawer sees only the backs.

The OpenSpiel state keeps the cards nobody has seen: at the deal those no seat's view
names (`unseen_at_deal`), then less every card a draw turns up and every card a
spectator's view shows after a turn (`after_turn`). `pending` finds a draw's possible
cards (`Draw.outcomes`); `draw` puts the chosen card on top of the run, in the dict
engine's state (the two cards swapped), and takes the draw on it, so the compact game
plays on from the engine's own state.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import orjson

from .. import engine
from .table import Table

#: Every card name of any ruleset, in a fixed order: a chance outcome is the index of the
#: card it turns up.
CARDS: tuple[str, ...] = ("J", *(f"{color}{value}" for color in "ORYGB" for value in range(1, 22)))
CARD_INDEX = {card: i for i, card in enumerate(CARDS)}


#: A card name as the JSON form writes it (a quoted string, nothing else).
_CARD = re.compile(r'"(J|[ORYGB][0-9]{1,2})"')


def cards_in(node: Any) -> list[str]:
    """The card names a state's or view's JSON form lists, where it lists them."""
    return [card for card in _CARD.findall(orjson.dumps(node).decode()) if card in CARD_INDEX]


def unseen_at_deal(state: Any) -> frozenset[str]:
    """The cards of a dealt state that no seat sees (nor a spectator)."""
    seen: set[str] = set(cards_in(engine.view(state, None).to_dict()))
    for seat in range(len(state.players)):
        seen.update(cards_in(engine.view(state, seat).to_dict()))
    return frozenset(set(cards_in(state.to_dict())) - seen)


def after_turn(fresh: frozenset[str], state: Any) -> frozenset[str]:
    """`fresh` less the cards that lie face up for everyone once a turn is over."""
    shown = fresh.intersection(cards_in(engine.view(state, None).to_dict()))
    return fresh - shown if shown else fresh


def turns_up(table: Table, index: int) -> bool:
    """Whether entry `index` of the table's space is an action that turns up a card."""
    space = table.space
    found = space.turning.get(index)
    if found is None:
        found = space.turning[index] = index not in (space.end, space.decline) \
            and space.entries[index]["type"] != table.gathered \
            and table.rules.turns_up(table.rules.load_actions([space.entries[index]])[0])
    return found


class Trial:
    """Entry `index` tried on a copy of the table: the card it turns up (None: none it
    could tell), whether it shuffles a pile anew first (a Schnipp Schnapp flip from an
    empty stack turns the open pile over shuffled), whether it picks its card blind from
    a fan (the referee chose the place: a Schwarzer Peter draw), and whether the turn ends
    with it."""

    def __init__(self, table: Table, index: int, rng: random.Random):
        trial = table.copy()
        seat = trial.acting
        action = trial._action(seat, index, rng)
        game = trial.game
        done = len(game.turn_events)
        game.take(action, seat)
        self.shuffles = getattr(action, "shuffle", None) is not None
        # The referee's blind choice made the action other than the entry names it.
        self.picked = not self.shuffles and action != trial.rules.load_actions([trial.space.entries[index]])[0]
        self.ends_turn = game.turn_complete and not game.legal_actions(seat)
        self.card: str | None = None
        for event in game.turn_events[done:]:
            card = event.get("card")
            if isinstance(card, str):
                self.card = card
                return
        # A card put face down (a Ratefix put) is named by no event: the one gone from
        # the top of its pile once the turn is played.
        if game.turn_complete:
            game.end_turn()
            self.card = _left_top(table.state.to_dict(), game.state.to_dict())


def drawn_card(table: Table, index: int, rng: random.Random) -> str | None:
    """The card entry `index` turns up on the table as it lies (tried on a copy), or None."""
    return Trial(table, index, rng).card


def _left_top(before: Any, after: Any) -> str | None:
    if isinstance(before, dict) and isinstance(after, dict):
        for name, value in before.items():
            found = _left_top(value, after.get(name))
            if found is not None:
                return found
    elif isinstance(before, list) and isinstance(after, list):
        if before and isinstance(before[0], str) and before[0] in CARD_INDEX:
            if before[0] not in after:
                return before[0]
            return None
        for item, other in zip(before, after):
            found = _left_top(item, other)
            if found is not None:
                return found
    return None


def _pile(node: Any, card: str) -> list[Any] | None:
    """The list of a state's JSON form that holds `card` (a pile, top first)."""
    if type(node) is dict:
        items: Any = node.values()
    elif type(node) is list and node:
        if type(node[0]) is str:
            return node if card in node else None
        items = node
    else:
        return None
    for item in items:
        if type(item) is dict or type(item) is list:
            found = _pile(item, card)
            if found is not None:
                return found
    return None


class Draw:
    """A draw about to be taken: the pile (in `whole`, the state's JSON form) and the
    place in it the card comes from, and the run of unseen cards there; or, with
    `shuffled`, the pile a draw shuffles anew before it turns up its top (`at` unused);
    with `picked`, a fan a card is picked from blind (`at`: the place the pick takes, `run`
    every card of the fan)."""

    def __init__(self, whole: dict[str, Any], pile: list[Any], at: int, run: list[str], shuffled: bool = False,
                 picked: bool = False):
        self.whole, self.pile, self.at, self.run = whole, pile, at, run
        self.shuffled, self.picked = shuffled, picked

    def outcomes(self) -> list[tuple[int, float]]:
        """(card index in `CARDS`, probability): each card of the run equally likely."""
        counts = Counter(self.run)
        return [(CARD_INDEX[card], counts[card] / len(self.run)) for card in sorted(counts, key=CARD_INDEX.get)]


def pending(table: Table, index: int, fresh: frozenset[str], rng: random.Random) -> tuple[str | None, Draw | None]:
    """The card entry `index` turns up as the table lies (None: it turns up none), and
    the draw it makes as a chance event, or None where it turns up a card known to lie
    there (a card someone has seen, the last of a run). `rng` is not drawn from."""
    if not turns_up(table, index):
        return None, None
    trial_rng = random.Random()
    trial_rng.setstate(rng.getstate())
    trial = Trial(table, index, trial_rng)
    card = trial.card
    if card is not None and trial.shuffles and trial.ends_turn:
        # The pile shuffled anew (every card of it) may turn up any of its cards.
        whole = table.state.to_dict()
        pile = _pile(whole, card)
        if pile is not None and len(set(pile)) > 1:
            return card, Draw(whole, pile, 0, list(pile), shuffled=True)
        return card, None
    if card is not None and trial.picked:
        # A pick from a fan: any card of it, each alike, wherever the pick lands.
        whole = table.state.to_dict()
        pile = _pile(whole, card)
        if pile is not None and len(set(pile)) > 1:
            return card, Draw(whole, pile, pile.index(card), list(pile), picked=True)
        return card, None
    if card is None or card not in fresh:
        return card, None
    whole = table.state.to_dict()
    pile = _pile(whole, card)
    if pile is None:
        return card, None
    at = pile.index(card)
    if any(isinstance(above, str) and above in fresh for above in pile[:at]):
        return card, None  # not a draw from the top: a blind pick, the referee's own
    run: list[str] = []
    for item in pile[at:]:
        if not (isinstance(item, str) and item in fresh):
            break
        run.append(item)
    return card, (Draw(whole, pile, at, run) if len(set(run)) > 1 else None)


def draw(table: Table, index: int, found: Draw, outcome: int, rng: random.Random) -> tuple[str, set[str]]:
    """Take draw entry `index` with the card of chance outcome `outcome` on top of the
    run (ValueError for a card not in it): the card turned up, and the cards a shuffle
    has just put in an order nobody saw (the rest of a pile shuffled anew)."""
    card = CARDS[outcome]
    pile, at = found.pile, found.at
    if card not in found.run:
        raise ValueError(f"{card} is not a card this draw can turn up: {sorted(set(found.run))}")
    if found.shuffled:
        return card, _shuffled(table, index, found, card, rng)
    # The chosen card goes where the draw takes its card: the top of the run, or the
    # place the blind pick lands on (the same `rng` makes the same pick again).
    where = pile.index(card) if found.picked else pile.index(card, at)
    pile[at], pile[where] = pile[where], pile[at]
    table.state = engine.load_state(found.whole)
    table.act(index, rng)
    return card, set()


def _shuffled(table: Table, index: int, found: Draw, card: str, rng: random.Random) -> set[str]:
    """The draw of a pile shuffled anew, its turn over: the shuffle the referee draws
    from `rng` puts some card on top, which is turned up; that card and `card` then swap
    places, as if the shuffle had put `card` on top (every order being alike)."""
    path = _path(found.whole, found.pile)
    table.act(index, rng)
    whole = table.state.to_dict()
    opened = _at(whole, path)  # the pile turned over: now the card turned up alone
    turned = opened[0]
    rest = list(found.pile)
    rest.remove(turned)
    stack = _pile(whole, rest[0])
    assert stack is not None  # the rest of the pile lies in a stack
    if turned != card:
        where = stack.index(card)
        opened[0], stack[where] = card, turned
        table.state = engine.load_state(whole)
    return set(stack)


def _path(node: Any, target: list[Any]) -> list[Any] | None:
    """The keys and indexes that lead from `node` to the list `target` itself."""
    if node is target:
        return []
    items = node.items() if type(node) is dict else enumerate(node) if type(node) is list else ()
    for step, item in items:
        if type(item) is dict or type(item) is list:
            found = _path(item, target)
            if found is not None:
                return [step, *found]
    return None


def _at(node: Any, path: list[Any] | None) -> Any:
    for step in path or ():
        node = node[step]
    return node
