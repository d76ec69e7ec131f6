"""A turn in progress: the checks of RULES.md section 10, in their order, on a working copy.

`TurnInProgress` copies what a turn can change out of the immutable state, then takes
the actions one at a time. For each action `violation()` runs that action's checks in
the order RULES.md lists them and returns the first that fails (or None) without
changing anything; `perform()` carries a legal action out. `apply_turn` strings these
together; the legal-action generator (`legal.py`) asks the very same questions, so the
two cannot disagree.
"""

from __future__ import annotations

from ..core.actions import Action, Bridge, Draw, Pass, Place, Swap, Turn
from ..core.cards import COLOR_NAMES, HALVES, JOKER, JOKER_COUNT, Slot, describe_card
from ..core.errors import MalformedInput, Violation
from .facts import BONUS_CARDS, MAX_CARDS_PER_TURN
from ..core.steps import (
    Event,
    TurnResult,
    TurnSteps,
    check_mover,
    finish_turn,
    run_turn,
    visible_elsewhere,
)
from ..core.codes import Code
from .scoring import scores
from .state import Hidden, Player, Row, State, TableBridge
from .validity import check_state


def apply_turn(state: State, turn: Turn) -> TurnResult:
    """Judge `turn` on `state`: the new state, or a Violation for the first failing check."""
    check_turn_start(state, turn.player, turn.actions)
    if not turn.actions:
        raise MalformedInput("a turn has at least one action")
    return run_turn(TurnInProgress(state), turn.actions)


def check_turn_start(state: State, player: int, actions: tuple[Action, ...]) -> None:
    """The state's validity and the checks on the turn as a whole."""
    check_state(state)
    check_mover(state, player)
    check_turn_shape(actions)


def check_turn_shape(actions: tuple[Action, ...]) -> None:
    """A draw or a pass is a whole turn: nothing, not even a swap, goes with it."""
    enders = [i for i, a in enumerate(actions) if isinstance(a, (Draw, Pass))]
    if not enders:
        return
    swaps = [i for i, a in enumerate(actions) if isinstance(a, Swap)]
    # "A draw or a pass and, besides it, only swaps": exactly one draw or pass, all else swaps.
    if len(enders) == 1 and swaps and len(swaps) == len(actions) - 1:
        raise Violation(
            Code.SWAP_WITHOUT_PLAY,
            swaps[0],
            "A joker can only be swapped in a turn that places a card; this turn "
            f"{_ender_word(actions[enders[0]])}.",
        )
    if len(actions) > 1:
        raise Violation(
            Code.TURN_MIXED,
            enders[0],
            f"A turn that {_ender_word(actions[enders[0]])} does nothing else.",
        )


def _ender_word(action: Action) -> str:
    return "draws" if isinstance(action, Draw) else "passes"


class TurnInProgress(TurnSteps):
    """The table as the current turn leaves it so far."""

    def __init__(self, state: State):
        self.state = state
        self.player = state.current
        me: Player = state.players[self.player]
        self.hidden_hand = isinstance(me.hand, Hidden)
        self.hand: list[str] = [] if self.hidden_hand else list(me.hand)
        self.hand_count = me.hand_size
        self.order = state.row_order()
        self.cards = {row.color: set(row.cards) for row in state.rows}
        self.jokers = {row.color: set(row.jokers) for row in state.rows}
        self.bridges_left = me.bridges
        self.table_bridges = list(state.bridges)
        self.pile = state.pile
        self.bonus = [p.bonus for p in state.players]
        self.placed = 0
        self.touched: set[str] = set()  # colours of the rows this turn changed
        self.first_swap: int | None = None
        self.pending: tuple[int, Bridge] | None = None
        self.ended = False  # the hand was emptied: the game is over
        self.ender: Action | None = None  # a draw or a pass
        self.events: list[Event] = []
        self.unchecked: list[str] = []
        self._elsewhere: tuple[set[str], int] | None = None

    # -- what the table looks like -------------------------------------------------------

    def occupied(self, slot: Slot) -> bool:
        return slot.value in self.cards[slot.color] or slot.value in self.jokers[slot.color]

    def touches_row(self, slot: Slot) -> bool:
        """A neighbour of the slot in its own row is occupied."""
        color, value = slot
        cards, jokers = self.cards[color], self.jokers[color]
        return (
            value - 1 in cards or value + 1 in cards or value - 1 in jokers or value + 1 in jokers
        )

    def is_bridge_target(self, slot: Slot) -> bool:
        return self.pending is not None and self.pending[1].target == slot

    def empty_slots_touching(self):
        """Every empty slot next to an occupied one in its row, rows top to bottom."""
        for row in self.state.rows:
            color = row.color
            taken = self.cards[color] | self.jokers[color]
            for value in range(1, 22):
                if value not in taken and (value - 1 in taken or value + 1 in taken):
                    yield Slot(color, value)

    def any_empty_slot(self) -> bool:
        return any(len(self.cards[c]) + len(self.jokers[c]) < 21 for c in self.cards)

    # -- what the player may hold ---------------------------------------------------------

    def _visible_elsewhere(self) -> tuple[set[str], int]:
        """Number cards and joker count in known hands of others and the known pile."""
        if self._elsewhere is None:
            self._elsewhere = visible_elsewhere(self.state.players, self.player, self.pile)
        return self._elsewhere

    def is_visible(self, card: str, include_own_hand: bool = False) -> bool:
        """The card is on the table, in another known hand or in the known pile."""
        cards, jokers = self._visible_elsewhere()
        if card == JOKER:
            seen = jokers + sum(len(j) for j in self.jokers.values())
            if include_own_hand:
                seen += self.hand.count(JOKER)
            return seen >= JOKER_COUNT
        if card in cards:
            return True
        if include_own_hand and card in self.hand:
            return True
        slot = Slot.parse(card)
        return slot.value in self.cards[slot.color]

    def holds(self, card: str) -> bool:
        """The card is in the hand, or for a hidden hand not ruled out by what is visible."""
        if self.hidden_hand:
            return self.hand_count > 0 and not self.is_visible(card)
        return card in self.hand

    def playable(self) -> list[str]:
        """Section 8's "can place": the number cards in hand whose slot is empty and touches."""
        playable = []
        for card in self.hand:
            if card != JOKER:
                slot = Slot.parse(card)
                if not self.occupied(slot) and self.touches_row(slot):
                    playable.append(card)
        return playable

    @property
    def pile_size(self) -> int:
        return self.pile.count if isinstance(self.pile, Hidden) else len(self.pile)

    # -- the checks, in the order of RULES.md section 10 -----------------------------------

    def violation(self, index: int, action: Action) -> Violation | None:
        """The first check `action` fails at `index`, or None; changes nothing."""
        if self.pending is not None:
            at, bridge = self.pending
            if not (isinstance(action, Place) and action.slot == bridge.target):
                return Violation(
                    Code.BRIDGE_NOT_FOLLOWED,
                    at,
                    f"The bridge from {bridge.source} to {bridge.target} must be followed at "
                    f"once by the {bridge.target.describe()} or a joker in slot {bridge.target}.",
                )
        if self.ended:
            return Violation(
                Code.ACTION_AFTER_GAME_END,
                index,
                "The game ended when the last card of the hand was placed; nothing may follow.",
            )
        if isinstance(action, Place):
            return self._place_violation(index, action)
        if isinstance(action, Bridge):
            return self._bridge_violation(index, action)
        if isinstance(action, Swap):
            return self._swap_violation(index, action)
        if isinstance(action, Draw):
            return self.shared_draw_violation(index, action.card)
        return self.pass_violation(index)

    def _place_violation(self, index: int, action: Place) -> Violation | None:
        card, slot = action
        name = describe_card(card)
        if self.placed >= MAX_CARDS_PER_TURN:
            return Violation(
                Code.CARD_LIMIT,
                index,
                f"{_card_at(action)} would be the 5th card placed this turn; bridges and "
                "swapped-in cards do not count.",
            )
        if not self.holds(card):
            return Violation(Code.CARD_NOT_IN_HAND, index, self._not_in_hand(card))
        if self.occupied(slot):
            what = "a joker" if slot.value in self.jokers[slot.color] else f"the {slot.describe()}"
            return Violation(
                Code.SLOT_OCCUPIED,
                index,
                f"Slot {slot} already holds {what}; the {name} cannot go there.",
            )
        if not (self.touches_row(slot) or self.is_bridge_target(slot)):
            return Violation(
                Code.NOT_ADJACENT,
                index,
                f"{_card_at(action)} touches nothing: neither {slot.color}{slot.value - 1} nor "
                f"{slot.color}{slot.value + 1} is occupied, and no bridge leads to {slot}.",
            )
        return None

    def _not_in_hand(self, card: str) -> str:
        name = describe_card(card)
        if self.hidden_hand:
            return f"The {name} cannot be in player {self.player}'s hand: it is visible elsewhere."
        return f"Player {self.player} has no {name} in hand."

    def _bridge_violation(self, index: int, action: Bridge) -> Violation | None:
        source, target = action
        if self.bridges_left == 0:
            return Violation(
                Code.NO_BRIDGE_LEFT, index, f"Player {self.player} has no bridge card left."
            )
        if source.color == target.color:
            return Violation(
                Code.BRIDGE_SAME_ROW,
                index,
                f"{source} and {target} are in the same row; a bridge leads to another row.",
            )
        if source.value != target.value:
            return Violation(
                Code.BRIDGE_VALUE_MISMATCH,
                index,
                f"A bridge joins slots of one value; {source} and {target} differ.",
            )
        if abs(self.order[source.color] - self.order[target.color]) != 1:
            return Violation(
                Code.BRIDGE_NOT_NEIGHBOR,
                index,
                f"The {COLOR_NAMES[source.color]} and {COLOR_NAMES[target.color]} rows are not "
                "neighbours; a bridge reaches only the row directly above or below.",
            )
        if not self.occupied(source):
            return Violation(
                Code.BRIDGE_SOURCE_EMPTY,
                index,
                f"Slot {source} is empty; a bridge starts from a card or joker on the table.",
            )
        if self.occupied(target):
            return Violation(
                Code.BRIDGE_TARGET_OCCUPIED,
                index,
                f"Slot {target} is already occupied; a bridge leads to an empty slot.",
            )
        return None

    def _swap_violation(self, index: int, action: Swap) -> Violation | None:
        slot = action.slot
        if slot.value not in self.jokers[slot.color]:
            return Violation(
                Code.SWAP_NO_JOKER,
                index,
                f"No joker lies in slot {slot}, so the {slot.describe()} cannot be swapped in.",
            )
        if not self.holds(action.card):
            return Violation(Code.CARD_NOT_IN_HAND, index, self._not_in_hand(action.card))
        return None

    # -- carrying actions out --------------------------------------------------------------

    def perform(self, index: int, action: Action) -> None:
        """Carry out an action that `violation` passed."""
        if isinstance(action, Place):
            self._place(action)
        elif isinstance(action, Bridge):
            self.bridges_left -= 1
            self.table_bridges.append(TableBridge(action.source, action.target))
            self.pending = (index, action)
        elif isinstance(action, Swap):
            self._swap(index, action)
        elif isinstance(action, Draw):
            self._draw(action)
        else:
            self.ender = action
            if self.hidden_hand:
                self.unchecked.append(Code.MUST_PLAY.value)
            self.events.append({"type": "passed", "player": self.player})

    def _place(self, action: Place) -> None:
        card, slot = action
        if self.hidden_hand:
            self.hand_count -= 1
        else:
            self.hand.remove(card)  # the first "J" for a joker
            self.hand_count = len(self.hand)
        if card == JOKER:
            self.jokers[slot.color].add(slot.value)
        else:
            self.cards[slot.color].add(slot.value)
        self.touched.add(slot.color)
        self.placed += 1
        self.pending = None
        self._award_bonus(slot)
        if self.hand_count == 0:
            self.ended = True

    def _award_bonus(self, slot: Slot) -> None:
        half = slot.half
        if half is None:
            return
        taken = self.cards[slot.color] | self.jokers[slot.color]
        if not taken.issuperset(HALVES[half]):
            return
        if sum(self.bonus) < BONUS_CARDS:
            self.bonus[self.player] += 1
            self.events.append(
                {"type": "bonus", "player": self.player, "row": slot.color, "half": half}
            )
        else:
            self.events.append({"type": "bonus_unavailable", "row": slot.color, "half": half})

    def _swap(self, index: int, action: Swap) -> None:
        color, value = action.slot
        self.jokers[color].remove(value)
        self.cards[color].add(value)
        self.touched.add(color)
        if not self.hidden_hand:
            self.hand.remove(action.card)
            self.hand.append(JOKER)
        if self.first_swap is None:
            self.first_swap = index

    def _draw(self, action: Draw) -> None:
        self.ender = action
        self.take_top_card(action.card)

    # -- the end of the turn ---------------------------------------------------------------

    def end_violation(self) -> Violation | None:
        """The end-of-turn checks: a turn cannot end on a bridge, nor swap without placing."""
        if self.pending is not None:
            at, bridge = self.pending
            return Violation(
                Code.BRIDGE_NOT_FOLLOWED,
                at,
                f"The turn ends on the bridge from {bridge.source} to {bridge.target}; the "
                f"{bridge.target.describe()} or a joker must follow it at once.",
            )
        if self.first_swap is not None and self.placed == 0:
            return Violation(
                Code.SWAP_WITHOUT_PLAY,
                self.first_swap,
                "A joker can only be swapped in a turn that also places a card.",
            )
        return None

    def is_complete(self) -> bool:
        """The actions so far already make a legal turn."""
        if self.ender is not None or self.ended:
            return True
        return self.placed > 0 and self.pending is None

    def result(self) -> TurnResult:
        """The state after the turn, with its events."""
        old = self.state
        players = list(old.players)
        for i, player in enumerate(players):
            if i == self.player:
                hand = Hidden(self.hand_count) if self.hidden_hand else tuple(self.hand)
                players[i] = Player(player.name, hand, self.bridges_left, self.bonus[i])
            elif player.bonus != self.bonus[i]:
                players[i] = player._replace(bonus=self.bonus[i])
        if isinstance(self.ender, Pass):
            passes = old.passes + 1
        elif isinstance(self.ender, Draw):
            passes = old.passes
        else:
            passes = 0
        touched = self.touched
        rows = tuple(
            Row(row.color, tuple(sorted(self.cards[row.color])), tuple(sorted(self.jokers[row.color])))
            if row.color in touched
            else row
            for row in old.rows
        )
        new = State(
            players=tuple(players),
            current=(old.current + 1) % len(players),
            rows=rows,
            bridges=tuple(self.table_bridges),
            pile=self.pile,
            passes=passes,
            ruleset=old.ruleset,
            checked=True,
        )
        return finish_turn(new, self.events, self.unchecked, self.ended, scores)


def _card_at(action: Place) -> str:
    if action.card == JOKER:
        return f"A joker in slot {action.slot}"
    return f"The {describe_card(action.card)}"
