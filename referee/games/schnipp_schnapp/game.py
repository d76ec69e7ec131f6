"""A Schnipp Schnapp game in process, for bots: the stacks, open piles and the middle as
lists with their top card last, judged on them (`referee.compact` documents the interface,
`core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal).
Anyone may call, in turn or not: `legal_actions(seat)` lists a seat's calls and
`take(Call("schnapp"), seat)` takes one. A flip from an empty stack turns the open pile
over shuffled: `settle(Flip(), rng, seat)` gives the flip a shuffle drawn from `rng`, as a
sealed game's referee does, and the stack stays known; a flip that names its card instead
leaves that stack hidden (a count), as the engine does.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.compact import TableGame
from ...families.box.compact import closing_events
from ...families.box.piles import Hidden
from .actions import WORDS, Call, Flip
from .ruleset import SchnippSchnapp
from .state import SchnippSchnappState, Snapper

FLIP = Flip()
CALLS = tuple(Call(word) for word in WORDS)
VALUE: dict[str, int] = {f"{color}{v}": v for color in "ORYGB" for v in range(1, 21)}


def count(stack: Any) -> int:
    return stack.count if type(stack) is Hidden else len(stack)


class Game(TableGame):
    """One Schnipp Schnapp game (see the module)."""

    __slots__ = ("stacks", "opens", "quartets", "won", "middle", "flipped", "together", "deck", "names",
                 "options", "out_of_turn", "events")
    reference = SchnippSchnapp()
    NESTED, MIXED, LISTS = ("opens", "quartets"), ("stacks",), ("won", "middle")
    SHARED = ("flipped", "together", "deck", "names", "options")

    def _load(self, state: SchnippSchnappState) -> None:
        self.stacks = [p.stack if type(p.stack) is Hidden else list(reversed(p.stack)) for p in state.players]
        self.opens = [list(reversed(p.open)) for p in state.players]
        self.quartets = [list(p.quartets) for p in state.players]
        self.won = [p.won for p in state.players]
        self.middle = list(reversed(state.middle))
        self.flipped, self.together, self.deck = state.flipped, state.together, state.deck
        self.names = [p.name for p in state.players]
        self.options = state.options
        self._current, self._waiting, self._over = state.current, tuple(state.waiting), state.is_over

    def _build(self) -> SchnippSchnappState:
        players = tuple(
            Snapper(name=name, stack=stack if type(stack) is Hidden else tuple(reversed(stack)),
                    open=tuple(reversed(pile)), quartets=tuple(quartets), won=won)
            for name, stack, pile, quartets, won in zip(self.names, self.stacks, self.opens, self.quartets, self.won))
        return SchnippSchnappState(options=self.options, players=players, current=self._current,
                                   waiting=self._waiting, middle=tuple(reversed(self.middle)),
                                   flipped=self.flipped, checked=True)

    # -- the table as the calls see it -------------------------------------------------------------

    def _holds(self, seat: int) -> bool:
        return bool(self.opens[seat]) or count(self.stacks[seat]) > 0

    def _holders(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.stacks)) if self._holds(seat))

    def _flipped_values(self) -> set[int]:
        opens = self.opens
        return {VALUE[opens[p][-1]] for p in self.flipped if opens[p]}

    def _schnapp_piles(self) -> list[int]:
        """The players whose open piles a right "Schnapp!" takes (none: it is not right)."""
        values = self._flipped_values()
        if not values:
            return []
        tops = Counter(VALUE[pile[-1]] for pile in self.opens if pile)
        matched = {v for v in values if tops[v] >= 2}
        return [p for p, pile in enumerate(self.opens) if pile and VALUE[pile[-1]] in matched]

    def _schnipp_right(self) -> bool:
        return bool(self.middle) and VALUE[self.middle[-1]] in self._flipped_values()

    def _right(self, word: str) -> bool:
        return bool(self._schnapp_piles()) if word == "schnapp" else self._schnipp_right()

    def _next_holder(self, after: int) -> int | None:
        n = len(self.stacks)
        for step in range(1, n + 1):
            seat = (after + step) % n
            if self._holds(seat):
                return seat
        return None

    def _listed(self, card: str) -> bool:
        """The card lies, named, somewhere a flip from the own empty stack leaves named (the
        own open pile turned over is no longer)."""
        if card in self.middle:
            return True
        turning = count(self.stacks[self._seat]) == 0
        for seat, pile in enumerate(self.opens):
            stack = self.stacks[seat]
            if (card in pile and not (turning and seat == self._seat)) or (type(stack) is not Hidden and card in stack):
                return True
            if VALUE[card] in self.quartets[seat]:
                return True
        return False

    # -- a turn: one flip or one call --------------------------------------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if self._over:
            return False
        if seat == self._current or (self._current is None and seat in self._waiting):
            self.out_of_turn = False
        elif 0 <= seat < len(self.stacks) and (first is None or type(first) is Call):
            self.out_of_turn = True
        else:
            return False
        self.events = []
        return True

    def _blocked(self) -> bool:
        """The card flipped last can be called: nobody flips until it is."""
        return bool(self.flipped) and (bool(self._schnapp_piles()) or self._schnipp_right())

    def _moves(self) -> list[Any]:
        if self._taken:
            return []
        listed = [] if self.out_of_turn or self._blocked() else [FLIP]
        if self.flipped:
            if self._holds(self._seat):
                listed.append(CALLS[0])
            listed.append(CALLS[1])
        return listed

    def _take(self, action: Any) -> bool:
        if self._taken:
            return False
        kind = type(action)
        if kind is Flip:
            return not self.out_of_turn and self._flip_allowed(action) and self._flip(action)
        if kind is Call:
            n, seat = len(self.stacks), self._seat
            others = action.together_with
            if any(not 0 <= other < n or other == seat for other in others) or len(set(others)) != len(others):
                return False
            if not self.flipped or action.word not in WORDS:
                return False
            callers = (seat, *others)
            if action.word == "schnapp" and not all(self._holds(caller) for caller in callers):
                return False
            self._call(action.word, sorted(callers, key=lambda caller: (caller - seat) % n))
            return True
        return False

    def _flip_allowed(self, action: Flip) -> bool:
        if self._blocked():
            return False
        stack = self.stacks[self._seat]
        empty = count(stack) == 0
        if empty and not self.opens[self._seat]:
            return True  # cannot happen: the player to move holds cards
        if action.shuffle is not None and empty:
            return True
        named = action.card
        if empty or type(stack) is Hidden:
            return named is not None and named in self.deck and not self._listed(named)
        return named is None or named == stack[-1]

    def _flip(self, action: Flip) -> bool:
        seat = self._seat
        stack, opened = self.stacks[seat], self.opens[seat]
        if count(stack) == 0:
            if action.shuffle is None:
                stack = Hidden(len(opened))  # shuffled: nobody knows the order
            else:
                pile = opened[::-1]
                random.Random(action.shuffle).shuffle(pile)
                stack = pile[::-1]
            opened = self.opens[seat] = []
        if type(stack) is Hidden:
            card, stack = action.card, Hidden(stack.count - 1)
        else:
            card = stack.pop()
        self.stacks[seat] = stack
        opened.append(card)
        self.events.append({"type": "revealed", "player": seat, "card": card})
        if not self.together:
            self.flipped = (seat,)
            self._current = self._next_holder(seat)
            return True
        self._waiting = tuple(other for other in self._waiting if other != seat)
        if self._waiting:
            self.flipped = ()
        else:  # the round's last flip: its cards may be called, then the next round
            self.flipped = self._waiting = self._holders()
        return True

    def _call(self, word: str, callers: list[int]) -> None:
        events = self.events
        if self._right(word):
            if len(callers) > 1:
                for caller in callers:
                    self._put_under(caller, self.opens[caller][::-1])
                    self.opens[caller] = []
                events.append({"type": "tie", "players": callers, "word": word})
            elif word == "schnapp":
                self._schnapp()
            else:
                self._schnipp()
            self.flipped = ()
        else:
            for caller in callers:
                self.middle += self.opens[caller]
                self.opens[caller] = []
                events.append({"type": "mistake", "player": caller, "word": word})
            self.flipped = tuple(seat for seat in self.flipped if seat not in callers)
        if self.together:
            self._waiting = self._holders()
        elif self._current is not None and not self._holds(self._current):
            self._current = self._next_holder(self._current)

    def _put_under(self, seat: int, cards: list[str]) -> None:
        """Cards (top first) put under the stack; a stack nobody can see stays a count."""
        stack = self.stacks[seat]
        if type(stack) is Hidden:
            self.stacks[seat] = Hidden(stack.count + len(cards))
        else:
            self.stacks[seat] = cards[::-1] + stack

    def _schnapp(self) -> None:
        seat, n = self._seat, len(self.stacks)
        piles = self._schnapp_piles()
        taken = [other for other in sorted(piles, key=lambda p: (p - seat - 1) % n) if other != seat]
        cards = self.opens[seat][::-1]
        for other in taken:
            cards += self.opens[other][::-1]
            self.opens[other] = []
        from_others = len(cards) - len(self.opens[seat])
        self.opens[seat] = []
        self.events.append({"type": "won", "player": seat, "cards": from_others, "from": taken})
        self._win(cards, from_others)

    def _schnipp(self) -> None:
        cards, self.middle = self.middle[::-1], []
        self.events.append({"type": "won", "player": self._seat, "cards": len(cards), "from": "middle"})
        self._win(cards, len(cards))

    def _win(self, cards: list[str], from_others: int) -> None:
        """The quartets among the cards won are set aside; the rest go under the stack."""
        seat = self._seat
        counts = Counter(VALUE[card] for card in cards)
        quartets = sorted(v for v, k in counts.items() if k == 4)
        self._put_under(seat, [card for card in cards if VALUE[card] not in quartets] if quartets else cards)
        self.quartets[seat] += quartets
        if self.won[seat] is not None:
            self.won[seat] += from_others
        for number in quartets:
            self.events.append({"type": "quartet", "player": seat, "value": number})

    def _complete(self) -> bool:
        return True

    def _commit(self) -> list[Any]:
        holders = self._holders()
        if len(holders) != 1:
            over = not holders
        elif not self.middle:
            over = True
        else:
            top = VALUE[self.middle[-1]]
            over = sum(VALUE[card] == top for card in self.middle) == 4
        if over:
            self._over, self._current, self._waiting = True, None, ()
        return closing_events(self, over)

    def settle(self, action: Any, rng: Any, player: int | None = None) -> Any:
        """A flip from an empty stack gets a shuffle drawn from `rng` (see the module)."""
        seat = self._seat if self._taken else self._first_seat(player)
        if type(action) is Flip and action.card is None and seat is not None and 0 <= seat < len(self.stacks) \
                and count(self.stacks[seat]) == 0:
            return action._replace(shuffle=rng.getrandbits(128))
        return action


__all__ = ["Game"]
