"""A Farben sammeln game in process, for bots: the hands, the pile and the four display
stacks as lists, judged on them (`referee.compact` documents the interface,
`core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every hand and the pile must be known.
"""

from __future__ import annotations

from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.piles import known
from .actions import PILE, Close, Discard, Take
from .ruleset import FarbenSammeln
from .state import STACKS, Collector, FarbenSammelnState

#: Where a turn stands (the ruleset's grammar: take, discard, perhaps close).
START, TAKEN, DISCARDED, CLOSED = 0, 1, 2, 3
TAKES = [Take(PILE)] + [Take(stack) for stack in range(STACKS)]
CLOSE = Close()
#: A discard of each card onto each stack, made once.
DISCARDS: dict[tuple[str, int], Discard] = {}


def discard(card: str, to: int) -> Discard:
    found = DISCARDS.get((card, to))
    if found is None:
        found = DISCARDS[card, to] = Discard(card, to)
    return found


class Game(TableGame):
    """One Farben sammeln game with every card known."""

    __slots__ = ("hands", "pile", "display", "closed", "names", "options", "step", "emptied", "events")
    reference = FarbenSammeln()
    NESTED, SHARED = ("hands", "display"), ("pile", "closed", "names", "options")

    def _load(self, state: FarbenSammelnState) -> None:
        if not known(state.pile) or not all(known(p.hand) for p in state.players):
            raise HiddenCards("a game in process needs every hand and the pile known")
        self.hands = [list(p.hand) for p in state.players]
        self.pile = tuple(state.pile)  # top first; a take leaves the rest
        self.display = [list(stack) for stack in state.display]
        self.closed = state.closed
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> FarbenSammelnState:
        players = tuple(Collector(name=name, hand=tuple(hand)) for name, hand in zip(self.names, self.hands))
        return FarbenSammelnState(options=self.options, players=players, current=self._current, waiting=(),
                                  pile=self.pile, display=tuple(tuple(stack) for stack in self.display),
                                  closed=self.closed, checked=True)

    # -- a turn: [take, discard] or [take, discard, close] ----------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if seat != self._current or self._over:
            return False
        self.step, self.emptied, self.events = START, None, []
        return True

    def _moves(self) -> list[Any]:
        step = self.step
        if step == START:
            return TAKES[:] if self.pile else TAKES[1:]
        if step == TAKEN:
            hand = self.hands[self._seat]
            if self.emptied is not None:
                to = self.emptied
                return [discard(card, to) for card in hand]
            return [discard(card, to) for card in hand for to in range(STACKS)]
        if step == DISCARDED:
            hand = self.hands[self._seat]
            first = hand[0][0] if hand else ""
            return [CLOSE] if all(card[0] == first for card in hand) else []
        return []

    def _take(self, action: Any) -> bool:
        kind, step = type(action), self.step
        if step == CLOSED:
            return False
        if kind is Take:
            if step != START:
                return False
            source, named = action.source, action.card
            if source == PILE:
                pile = self.pile
                if not pile or (named is not None and named != pile[0]):
                    return False
                card, self.pile = pile[0], pile[1:]
            else:
                stack = self.display[source]
                if named is not None and named != stack[0]:
                    return False
                card = stack.pop(0)
                if not stack:
                    self.emptied = source
            self.hands[self._seat].append(card)
            self.events.append({"type": "drew", "player": self._seat, "from": source, "card": card})
            self.step = TAKEN
            return True
        if kind is Discard:
            hand = self.hands[self._seat]
            if step != TAKEN or action.card not in hand or (self.emptied is not None and action.to != self.emptied):
                return False
            hand.remove(action.card)
            self.display[action.to].insert(0, action.card)
            self.step = DISCARDED
            return True
        if kind is Close:
            if step != DISCARDED:
                return False
            hand = self.hands[self._seat]
            if len({card[0] for card in hand}) > 1:
                return False
            self.step = CLOSED
            return True
        return False

    def _complete(self) -> bool:
        return self.step >= DISCARDED

    def _commit(self) -> list[Any]:
        events = self.events
        if self.step == CLOSED:
            self.closed, self._current, self._over = self._seat, None, True
            outcome = self.reference.score(self.state)
            event = {"type": "game_over", "scores": outcome["scores"], "winners": outcome["winners"]}
            if "loser" in outcome:
                event["loser"] = outcome["loser"]
            events.append(event)
        else:
            self._current = (self._seat + 1) % len(self.hands)
        return events


__all__ = ["Game"]
