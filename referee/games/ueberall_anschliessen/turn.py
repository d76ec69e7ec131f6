"""An Überall anschließen turn: reveal and place, again while the card fitted, perhaps a
"Stopp!" after an overlooked fit (docs/games/ueberall-anschliessen.md), checked and carried
out action by action.

The check of an overlooked fit looks one action ahead: a card put on the own pile although
it fitted elsewhere is refused (`FIT_OVERLOOKED`) unless `stopp` follows it. In a whole
turn (`run`) the next action is known; for `/v1/legal-actions` the turn may still go on,
so the placement is listed and only `stopp` may follow it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from ...families.box.piles import Cards, Hidden, count_cards, known, turned_over
from ...families.box.turn import BoxTurn, Step
from ...core.codes import Code
from ...core.errors import Violation
from ...core.turn import TurnResult
from ...i18n import Message
from ...i18n.terms import Card
from .actions import MIDDLE, OWN, Place, Reveal, Stopp
from .state import Runner, UeberallAnschliessenState, follows


class UeberallAnschliessenTurn(BoxTurn):
    """Cards turned up and placed one by one until one lands on the mover's own pile (or a
    stopp follows a fit overlooked): the turn works on a copy of the middle, the open
    piles and the players who have finished."""

    def __init__(self, state: UeberallAnschliessenState, player: int):
        super().__init__(state, player)
        self.middle = state.middle
        self.finished = list(state.finished)
        self.card: str | None = None  # turned up, not yet placed
        self.over = False  # the turn has ended (the player may still hold cards)
        self.overlooked: int | None = None  # the index of a placement that overlooked a fit
        self.upcoming: list[Any] | None = None  # the whole turn, where it is known
        self.last_card = ""  # the card placed last

    def run(self, actions: Iterable[Any]) -> TurnResult:
        self.upcoming = list(actions)
        return super().run(self.upcoming)

    # -- where a card fits ---------------------------------------------------------------------

    def fits_middle(self, card: str) -> bool:
        return not self.middle or follows(card, self.middle[0])

    def fits_open(self, card: str, seat: int) -> bool:
        pile = self.players[seat].open
        return bool(pile) and follows(card, pile[0])

    def others(self) -> list[int]:
        n = len(self.players)
        return [(self.player + k) % n for k in range(1, n)]

    def fitting_others(self, card: str) -> list[int]:
        return [seat for seat in self.others() if self.fits_open(card, seat)]

    def listed(self, card: str) -> bool:
        if card in self.middle:
            return True
        return any(card in p.open or (known(p.stack) and card in p.stack) for p in self.players)

    # -- checks ------------------------------------------------------------------------------------

    def check_reveal(self, index: int, action: Reveal) -> Violation | None:
        if self.over:
            return Violation(Code.TURN_ENDED, index, Message(
                "The turn has ended: nothing more is turned up."))
        return self.turn_up_violation(index, action.card, self.players[self.player].stack, self.listed)

    def check_stopp(self, index: int, action: Stopp) -> Violation | None:
        if self.overlooked is None or self.overlooked != index - 1:
            return Violation(Code.STOPP_WITHOUT_MISTAKE, index, Message(
                "Stopp! is called only right after a card was put on the own pile although it fitted elsewhere."))
        return None

    def check_place(self, index: int, action: Place) -> Violation | None:
        card = self.card
        assert card is not None  # the grammar puts a reveal before every place
        if action.to == MIDDLE:
            if not self.fits_middle(card):
                return Violation(Code.NOT_NEXT_HIGHER, index, Message(
                    "{card} does not fit the middle: its top card is {top}.", card=Card(card), top=Card(self.middle[0])))
            return None
        if action.to != OWN:
            if not self.fits_open(card, action.to):
                return self.not_on_open(index, card, action.to)
            if self.fits_middle(card):
                return Violation(Code.MIDDLE_FIRST, index, Message(
                    "{card} fits the middle, and the middle is served first.", card=Card(card)))
            return None
        if self.fits_middle(card) or self.fitting_others(card):
            if self.upcoming is None:
                return None  # a Stopp! may still follow
            following = self.upcoming[index + 1] if index + 1 < len(self.upcoming) else None
            if not isinstance(following, Stopp):
                return self.fit_overlooked(index, card)
        return None

    def not_on_open(self, index: int, card: str, seat: int) -> Violation:
        pile = self.players[seat].open
        if not pile:
            return Violation(Code.NOT_NEXT_HIGHER, index, Message(
                "The open pile of {player} is empty and takes no card.", player=self.who(seat)))
        return Violation(Code.NOT_NEXT_HIGHER, index, Message(
            "{card} does not fit the open pile of {player}: its top card is {top}.",
            card=Card(card), player=self.who(seat), top=Card(pile[0])))

    def fit_overlooked(self, index: int, card: str) -> Violation:
        if self.fits_middle(card):
            detail = Message("{card} fits the middle; it may not go on the own pile.", card=Card(card))
        else:
            detail = Message("{card} fits the open pile of {player}; it may not go on the own pile.",
                             card=Card(card), player=self.who(self.fitting_others(card)[0]))
        return Violation(Code.FIT_OVERLOOKED, index, detail)

    def end_violation(self) -> Violation | None:
        if self.overlooked is not None and not (self.taken and isinstance(self.taken[-1], Stopp)):
            return self.fit_overlooked(self.overlooked, self.last_card)
        if not self.over and not self.ended:
            return Violation(Code.TURN_INCOMPLETE, None, Message(
                "The card fitted, so the turn goes on: turn up the next card."))
        return None

    # -- carrying out -------------------------------------------------------------------------------

    def perform_reveal(self, index: int, action: Reveal) -> None:
        card = self.turn_up_own(action.card)
        assert card is not None
        self.card = card
        self.events.append({"type": "revealed", "player": self.player, "card": card})

    def perform_place(self, index: int, action: Place) -> None:
        card = self.card
        assert card is not None
        self.card, self.last_card = None, card
        if action.to == MIDDLE:
            if not self.middle:
                self.over = True  # the game's first card: that is the whole turn
            self.middle = (card,) + self.middle
        elif action.to == OWN:
            if self.fits_middle(card) or self.fitting_others(card):
                self.overlooked = index
            me = self.players[self.player]
            self.players[self.player] = replace(me, open=(card,) + me.open)
            self.over = True
        else:
            other = self.players[action.to]
            self.players[action.to] = replace(other, open=(card,) + other.open)
        self.refill(self.player)

    def refill(self, seat: int) -> None:
        """An empty stack takes the open pile turned over; with no open pile either, the
        player has finished."""
        runner = self.players[seat]
        if count_cards(runner.stack) > 0:
            return
        if runner.open:
            self.players[seat] = Runner(runner.name, turned_over(runner.open), ())
            return
        self.finished.append(seat)
        self.events.append({"type": "finished", "player": seat, "place": len(self.finished)})
        if seat == self.player:
            self.ended = True

    def perform_stopp(self, index: int, action: Stopp) -> None:
        """Each other player, clockwise from the overlooker's left, gives the bottom card of
        their stack onto the top of the overlooker's stack."""
        self.over = True
        given: list[str | None] = []
        givers = [seat for seat in self.others() if self.players[seat].holds]
        for seat in givers:
            giver = self.players[seat]
            if isinstance(giver.stack, Hidden):
                given.append(None)
                self.players[seat] = replace(giver, stack=Hidden(giver.stack.count - 1))
            else:
                given.append(giver.stack[-1])
                self.players[seat] = replace(giver, stack=giver.stack[:-1])
        me = self.players[self.player]
        stack: Cards = me.stack
        for card in given:
            if card is None or isinstance(stack, Hidden):
                stack = Hidden(count_cards(stack) + 1)  # a card the referee does not know
            else:
                stack = (card,) + stack
        self.players[self.player] = replace(me, stack=stack)
        self.events.append({"type": "penalty", "player": self.player, "cards": len(given)})
        for seat in givers:
            self.refill(seat)

    # -- what may come next ----------------------------------------------------------------------

    def candidates(self) -> Iterator[Any]:
        if self.ended or (self.over and self.overlooked is None):
            return
        if self.overlooked is not None:
            if isinstance(self.taken[-1], Place):
                yield Stopp()
            return
        if self.card is None:
            yield Reveal()
            return
        yield Place(MIDDLE)
        for seat in self.others():
            yield Place(seat)
        yield Place(OWN)

    def new_state(self) -> UeberallAnschliessenState:
        state = replace(self.state, players=tuple(self.players), middle=self.middle, finished=tuple(self.finished),
                        waiting=(), checked=True)
        return replace(state, current=self.next_player(state))

    def next_player(self, state: UeberallAnschliessenState) -> int | None:
        """The next player clockwise who holds cards (the mover again if only they do)."""
        n = len(state.players)
        for k in range(1, n + 1):
            seat = (self.player + k) % n
            if state.players[seat].holds:
                return seat
        return None

    STEPS = {
        "reveal": Step(check_reveal, perform_reveal),
        "place": Step(check_place, perform_place),
        "stopp": Step(check_stopp, perform_stopp),
    }
