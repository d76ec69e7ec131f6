"""Blind draws as chance events: which cards a draw could turn up, and the table with the
chosen one turned up (docs/howto/game-ai.md, "OpenSpiel").

A card nobody has seen since the deal lies where the shuffle put it, and so do the others
like it: within a run of such cards at the top of a face-down pile, every order is as
likely as any other to everyone at the table. A draw from that pile (an action that turns
up a card, `Ruleset.turns_up`) turns up any card of the run with the same chance. The
other cards of a pile lie in an order someone saw (cards won and put under a stack), so a
draw that reaches them turns up the card lying there.

`Fresh` keeps the cards nobody has seen: at the deal those no seat's view names, then
less every card a draw turns up and every card a spectator's view shows after a turn.
`outcomes` names a draw's possible cards; `draw` puts the chosen card on top of the run,
in the dict engine's state (the two cards swapped), and takes the draw on it, so the
compact game plays on from the engine's own state.
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


def drawn_card(table: Table, index: int, rng: random.Random) -> str | None:
    """The card entry `index` turns up on the table as it lies (tried on a copy), or None."""
    trial = table.copy()
    seat = trial.acting
    action = trial._action(seat, index, rng)
    game = trial.game
    done = len(game.turn_events)
    game.take(action, seat)
    for event in game.turn_events[done:]:
        card = event.get("card")
        if isinstance(card, str):
            return card
    # A card put face down (a Ratefix put) is named by no event: the one gone from the
    # top of its pile once the turn is played.
    if not game.turn_complete:
        return None
    game.end_turn()
    return _left_top(table.state.to_dict(), game.state.to_dict())


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
    """A draw about to be taken: entry `index`, the pile (in `whole`, the state's JSON
    form) and the place in it the card comes from, and the run of unseen cards there."""

    def __init__(self, whole: dict[str, Any], pile: list[Any], at: int, run: list[str]):
        self.whole, self.pile, self.at, self.run = whole, pile, at, run

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
    card = drawn_card(table, index, trial_rng)
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


def draw(table: Table, index: int, found: Draw, outcome: int, rng: random.Random) -> str:
    """Take draw entry `index` with the card of chance outcome `outcome` on top of the
    run (ValueError for a card not in it); the card turned up."""
    card = CARDS[outcome]
    pile, at = found.pile, found.at
    if card not in found.run:
        raise ValueError(f"{card} is not a card this draw can turn up: {sorted(set(found.run))}")
    where = pile.index(card, at)
    pile[at], pile[where] = pile[where], pile[at]
    table.state = engine.load_state(found.whole)
    table.act(index, rng)
    return card
