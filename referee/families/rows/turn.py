"""A classic or junior turn in progress: the checks of docs/games/classic.md, in their order.

`RowTurn` is the row games' working copy of the table, on the step loop of
`core.turn.TurnSteps` (see MASTER's `MasterTurn`): `violation()` runs an action's checks
and returns the first that fails, `perform()` carries a legal action out, and the
legal-action listing (`legal.py`) asks the same questions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.actions import Draw, Pass, Place
from ...i18n import Counted, Message
from ...i18n.terms import Card
from ...i18n.terms import Row as RowName
from ...i18n.terms import Slot as SlotName
from ...i18n.terms import cards as card_listing
from ...core.codes import Code
from ...core.errors import MalformedInput, Violation
from ...core.turn import TurnResult, TurnSteps, mixed_turn
from ...core.zones import Hidden
from .scoring import scores
from .state import Player, Row, RowState

Action = Place | Draw | Pass


def start_turn(state: RowState, actions: Sequence[Action]) -> RowTurn:
    """The whole-turn checks after the mover's (cards of this game only, `OPENING`, a pass
    alone), and the turn's working copy of the table."""
    slots = state.variant.slots
    for action in actions:
        card = getattr(action, "card", None)
        if card is not None and card not in slots:
            # Another edition's colour: a card of the ruleset, but not of this game.
            raise MalformedInput(f"{card} is not a card of this game")
    turn = RowTurn(state)
    found = turn.whole_turn_violation(actions)
    if found is not None:
        raise found
    if not state.rows and state.variant.opening_unchecked(state, actions):
        turn.note_unchecked(Code.OPENING)
    return turn


class RowTurn(TurnSteps):
    """The table as the current turn leaves it so far."""

    def __init__(self, state: RowState):
        super().__init__(state)
        self.variant = state.variant
        self.rows: dict[str, set[int]] = {row.color: set(row.cards) for row in state.rows}
        self.opening = state.opening
        self.placed = 0
        self.draws = 0
        self.last_draw: int | None = None  # index of the last draw
        self.drawn: str | None = None  # the card drawn last, None if unknown
        self.placed_after_draw = False
        self.passed = False

    def whole_turn_violation(self, actions: Sequence[Action]) -> Violation | None:
        """OPENING, then TURN_MIXED for a pass with anything else (prefixes too)."""
        if not self.state.rows:
            found = self.variant.opening_violation(self.state, actions)
            if found is not None:
                return found
        return mixed_turn(actions, (Pass,))

    # -- what the table and the player hold -------------------------------------------------

    def fits(self, card: str) -> bool:
        """The card could be placed now: next to its row, or starting a row it may start."""
        color, value = self.variant.slots[card]
        row = self.rows.get(color)
        if row is None:
            return self.variant.may_start(value, self.opening)
        return value not in row and (value - 1 in row or value + 1 in row)

    def playable(self) -> list[str]:
        """The cards of a known hand that could be placed now, in hand order."""
        return [card for card in self.hand if self.fits(card)]

    def hidden_hand_must_play(self, index: int) -> Violation | None:
        """MUST_PLAY for a hidden hand, where it can be known: every card the hand could
        hold fits (as at the opening with the start on any card)."""
        if not self.hidden_hand or self.hand_count == 0:
            return None
        possible = (card for card in self.variant.slots if not self.is_visible(card))
        if all(self.fits(card) for card in possible):
            return Violation(
                Code.MUST_PLAY,
                index,
                Message(
                    "{player} can certainly place a card: every card the hand could hold fits.",
                    player=self.who(),
                ),
            )
        return None

    def on_table(self, card: str) -> bool:
        color, value = self.variant.slots[card]
        return value in self.rows.get(color, ())

    # -- the checks, in the order of docs/games/classic.md ---------------------------------------

    def violation(self, index: int, action: Action) -> Violation | None:
        """The first check `action` fails at `index`, or None; changes nothing."""
        found = self.after_game_end(index)
        if found is not None:
            return found
        if isinstance(action, Place):
            return self._place_violation(index, action.card)
        if isinstance(action, Draw):
            return self._draw_violation(index, action)
        return self.pass_violation(index) or self.hidden_hand_must_play(index)

    def _place_violation(self, index: int, card: str) -> Violation | None:
        color, value = self.variant.slots[card]
        if self.draws:
            if self.placed_after_draw:
                return Violation(
                    Code.PLAY_AFTER_DRAW,
                    index,
                    Message(
                        "The drawn card was placed already; {card} cannot follow it.", card=Card(card)
                    ),
                )
            if self.drawn is not None and card != self.drawn:
                return Violation(
                    Code.PLAY_AFTER_DRAW,
                    index,
                    Message(
                        "After drawing, only the card drawn last, {drawn}, may be placed, not {card}.",
                        drawn=Card(self.drawn), card=Card(card),
                    ),
                )
        if not self.holds(card):
            return self.not_in_hand(index, card)
        # SLOT_OCCUPIED comes next in docs/games/classic.md's order, but it cannot fail here: a
        # card has one slot and exists once, so a card whose slot is taken is the card
        # lying there, which no hand holds and CARD_NOT_IN_HAND has already refused.
        row = self.rows.get(color)
        if row is None:
            if not self.variant.may_start(value, self.opening):
                return Violation(
                    Code.ROW_NOT_STARTED,
                    index,
                    self._cannot_start(card),
                )
        elif value - 1 not in row and value + 1 not in row:
            return Violation(
                Code.NOT_ADJACENT,
                index,
                self._touches_nothing(card),
            )
        return None

    def _cannot_start(self, card: str) -> Message:
        color = card[0]
        starters = [v for v in range(1, self.variant.top + 1) if self.variant.may_start(v, self.opening)]
        if not starters:
            return Message(
                "There is no row for {card} yet, and no new row can begin.", card=Card(card)
            )
        return Message(
            "{row} has not begun yet, and {card} cannot begin it: only {starters} can.",
            row=RowName(color), card=Card(card),
            starters=card_listing((f"{color}{v}" for v in starters), "or"),
        )

    def _touches_nothing(self, card: str) -> Message:
        """NOT_ADJACENT's message, naming only the neighbouring slots that exist."""
        color, value = self.variant.slots[card]
        neighbours = [f"{color}{v}" for v in (value - 1, value + 1) if 1 <= v <= self.variant.top]
        if len(neighbours) == 1:
            return Message(
                "{card} touches nothing: {neighbour} is empty.",
                card=Card(card), neighbour=SlotName(neighbours[0]),
            )
        return Message(
            "{card} touches nothing: neither {below} nor {above} is occupied.",
            card=Card(card), below=SlotName(neighbours[0]), above=SlotName(neighbours[1]),
        )

    def _draw_violation(self, index: int, action: Draw) -> Violation | None:
        if self.placed:
            return Violation(
                Code.TURN_MIXED, index, Message("A player who placed a card this turn does not draw.")
            )
        if self.draws == 0:
            playable = [] if self.hidden_hand else self.playable()
            if playable:
                return Violation(
                    Code.MUST_PLAY,
                    index,
                    Message(
                        "{player} can place {cards}; a player who can place a card must, and does not draw.",
                        player=self.who(), cards=card_listing(playable, "or"),
                    ),
                )
            found = self.hidden_hand_must_play(index)
            if found is not None:
                return found
        if self.draws >= self.variant.draw_limit:
            limit = self.variant.draw_limit
            return Violation(
                Code.DRAW_LIMIT,
                index,
                Counted(
                    "At most {n} card may be drawn in one turn.",
                    "At most {n} cards may be drawn in one turn.",
                    limit,
                ),
            )
        if self.draws and self.drawn is not None and self.fits(self.drawn):
            return Violation(
                Code.DRAW_AFTER_FIT,
                index,
                Message("The drawn card, {card}, fits, so the drawing stops there.", card=Card(self.drawn)),
            )
        return self.draw_violation(index, action.card)

    # -- carrying actions out --------------------------------------------------------------

    def perform(self, index: int, action: Action) -> None:
        """Carry out an action that `violation` passed."""
        if isinstance(action, Place):
            self._place(action.card)
        elif isinstance(action, Draw):
            self._draw(index, action)
        else:
            self.passed = True
            if self.hidden_hand:
                self.note_unchecked(Code.MUST_PLAY)
            self.events.append({"type": "passed", "player": self.player})

    def _place(self, card: str) -> None:
        color, value = self.variant.slots[card]
        if self.draws:
            if self.drawn is None:
                self.note_unchecked(Code.PLAY_AFTER_DRAW)
            self.placed_after_draw = True
        self.give_up(card)
        row = self.rows.get(color)
        if row is None:
            self.rows[color] = {value}  # dicts keep insertion order: rows in the order started
            if self.opening is None:
                self.opening = value
        else:
            row.add(value)
        self.placed += 1

    def _draw(self, index: int, action: Draw) -> None:
        if self.draws == 0 and self.hidden_hand:
            self.note_unchecked(Code.MUST_PLAY)
        if self.draws and self.drawn is None:
            self.note_unchecked(Code.DRAW_AFTER_FIT)
        self.drawn = self.take_top_card(action.card)
        self.draws += 1
        self.last_draw = index

    # -- the end of the turn ---------------------------------------------------------------

    def end_violation(self) -> Violation | None:
        """DRAW_INCOMPLETE, then MUST_PLACE_DRAWN, for a turn ending on a drawn card."""
        if not self.draws or self.placed_after_draw or self.drawn is None:
            return None
        if not self.fits(self.drawn):
            if self.draws < self.variant.draw_limit and self.pile_size > 0:
                return Violation(
                    Code.DRAW_INCOMPLETE,
                    self.last_draw,
                    Counted(
                        "The drawn card, {card}, does not fit and only {n} of {limit} cards was "
                        "drawn; the player draws again.",
                        "The drawn card, {card}, does not fit and only {n} of {limit} cards were "
                        "drawn; the player draws again.",
                        self.draws,
                        card=Card(self.drawn), limit=self.variant.draw_limit,
                    ),
                )
        elif self.variant.must_place(self.draws):
            if self.variant.must_place_from == 1:
                detail = Message("The drawn card, {card}, fits and must be placed at once.", card=Card(self.drawn))
            else:
                detail = Message(
                    "The drawn card, {card}, fits and must be placed at once: only the first card "
                    "drawn in a turn may be kept.",
                    card=Card(self.drawn),
                )
            return Violation(Code.MUST_PLACE_DRAWN, self.last_draw, detail)
        return None

    def is_complete(self) -> bool:
        """The actions so far already make a legal turn."""
        if self.passed or self.ended:
            return True
        if self.draws:
            return self.end_violation() is None
        return self.placed > 0

    def result(self) -> TurnResult:
        """The state after the turn, with its events."""
        old = self.state
        if self.draws and not self.placed_after_draw and self.drawn is None:
            # The unknown drawn card may have fitted: the end checks could not be made.
            if self.draws < self.variant.draw_limit and self.pile_size > 0:
                self.note_unchecked(Code.DRAW_INCOMPLETE)
            if self.variant.must_place(self.draws):
                self.note_unchecked(Code.MUST_PLACE_DRAWN)
        players = list(old.players)
        me = players[self.player]
        hand = Hidden(self.hand_count) if self.hidden_hand else tuple(self.hand)
        players[self.player] = Player(me.name, hand)
        if self.passed:
            passes = old.passes + 1
        elif self.placed:
            passes = 0
        else:
            passes = old.passes
        old_rows = {row.color: row for row in old.rows}
        rows = tuple(
            old_rows[color]
            if color in old_rows and len(old_rows[color].cards) == len(values)
            else Row(color, tuple(sorted(values)))
            for color, values in self.rows.items()
        )
        new = RowState(
            variant=self.variant,
            players=tuple(players),
            current=(old.current + 1) % len(players),
            rows=rows,
            opening=self.opening,
            pile=self.pile,
            passes=passes,
            checked=True,
        )
        return self.finish(new, scores)
