"""A Mogeln game in process, for bots: the hands as lists and the stack of plays, judged on
them (`referee.compact` documents the interface, `core/compact.py` the table's part).

Every answer is the dict engine's (`turn.py` is the reference: it names every refusal);
every hand and play must be known. In the 2018 edition a seat not to move may list and
take a challenge out of turn (`legal_actions(seat)`, `take(Challenge(), seat)`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.compact import HiddenCards, TableGame
from ...families.box.compact import closing_events
from ...families.box.piles import known
from .actions import Accept, Challenge, Play
from .ruleset import Mogeln
from .state import Cheat, Laid, MogelnState

#: Where a turn stands (the ruleset's grammar): at its start, after a play or an accept
#: (complete), after a challenge (complete; a play may follow).
START, DONE, CHALLENGED = 0, 1, 2


class Game(TableGame):
    """One Mogeln game with every card known."""

    __slots__ = ("hands", "stack", "out", "winner", "names", "options", "last_value", "year_2018",
                 "step", "out_of_turn", "played", "ended", "events")
    reference = Mogeln()
    NESTED, LISTS = ("hands",), ("stack",)
    SHARED = ("out", "winner", "names", "options", "last_value", "year_2018")

    def _load(self, state: MogelnState) -> None:
        if not all(known(p.hand) for p in state.players) or not all(known(play.cards) for play in state.stack):
            raise HiddenCards("a game in process needs every hand and play known")
        self.hands = [list(p.hand) for p in state.players]
        self.stack = list(state.stack)
        self.out, self.winner = state.out, state.winner
        self.names = [p.name for p in state.players]
        self.options, self.last_value = state.options, state.last_value
        self.year_2018 = state.options["edition"] == "2018"
        self._current, self._waiting, self._over = state.current, (), state.is_over

    def _build(self) -> MogelnState:
        players = tuple(Cheat(name=name, hand=tuple(hand)) for name, hand in zip(self.names, self.hands))
        return MogelnState(options=self.options, players=players, current=self._current, waiting=(),
                           stack=tuple(self.stack), out=self.out, winner=self.winner, checked=True)

    def _going_out(self) -> bool:
        return self.winner is None and bool(self.stack) and not self.hands[self.stack[0].player]

    # -- a turn: [play], [challenge, play], [challenge] or [accept] ----------------------------------

    def _open(self, seat: int, first: Any) -> bool:
        if self._over:
            return False
        if seat == self._current:
            self.out_of_turn = False
        elif self.year_2018 and 0 <= seat < len(self.hands) and (first is None or type(first) is Challenge):
            self.out_of_turn = True
        else:
            return False
        self.step, self.played, self.ended, self.events = START, False, False, []
        return True

    def _challengeable(self) -> bool:
        return bool(self.stack) and self.stack[0].player != self._seat

    def _moves(self) -> list[Any]:
        if self.ended or self.played:
            return []
        listed: list[Any] = []
        if self.step == START:
            if self._challengeable():
                listed.append(Challenge())
            if not self.out_of_turn and self._going_out():
                listed.append(Accept())
        if not self.out_of_turn and not self._going_out():
            listed += [Play(cards=(card,)) for card in self.hands[self._seat]]
        return listed

    def _take(self, action: Any) -> bool:
        kind = type(action)
        if self.ended:
            return False
        if kind is Play:
            if self.out_of_turn or self.step == DONE or self._going_out() or action.cards is None:
                return False
            hand = self.hands[self._seat]
            if Counter(action.cards) - Counter(hand):
                return False
            self._play(action.cards)
            return True
        if kind is Challenge:
            if self.step != START or not self._challengeable():
                return False
            top = self.stack[0]
            if action.cards is not None and Counter(action.cards) != Counter(top.cards):
                return False
            self._challenge(top)
            self.step = CHALLENGED
            return True
        if kind is Accept:
            if self.out_of_turn or self.step != START or not self._going_out():
                return False
            self.winner = self.stack[0].player
            self.ended = True
            self.step = DONE
            return True
        return False

    def _play(self, cards: tuple[str, ...]) -> None:
        stack = self.stack
        if stack and stack[0].claim >= self.last_value:  # a completed count goes out
            laid = sum(len(play.cards) for play in stack)
            self.out += laid
            self.events.append({"type": "out", "cards": laid, "from": "stack"})
            stack = self.stack = []
        claim = stack[0].claim + 1 if stack else 1
        hand = self.hands[self._seat]
        for card in cards:
            hand.remove(card)
        stack.insert(0, Laid(self._seat, cards, claim))
        self.played = True
        self.step = DONE

    def _challenge(self, top: Laid) -> None:
        seat, events = self._seat, self.events
        turned = tuple(top.cards)
        for card in turned:
            events.append({"type": "revealed", "player": top.player, "card": card})
        honest = len(turned) == 1 and int(turned[0][1:]) == top.claim
        taker = seat if honest else top.player
        events.append({"type": "challenged", "challenger": seat, "player": top.player,
                       "honest": honest, "cards": list(turned), "taker": taker})
        hand = self.hands[taker]
        hand += turned
        for play in self.stack[1:]:
            hand += play.cards
        self.stack = []
        if honest and not self.hands[top.player]:
            self.winner = top.player  # the going out stands
            self.ended = True

    def _complete(self) -> bool:
        return self.step != START

    def _commit(self) -> list[Any]:
        if self.winner is not None:
            self._current, self._over = None, True
        elif self.played:
            self._current = (self._seat + 1) % len(self.hands)
        return closing_events(self, self._over)


__all__ = ["Game"]
