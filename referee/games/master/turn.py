"""A MASTER turn in progress: the checks of docs/games/master.md, "The codes", in their order.

`MasterTurn` copies what a turn can change out of the immutable state, then takes the
actions one at a time through the step loop of `core.turn.TurnSteps`: for each action
`violation()` runs that action's checks in the order the game page lists them and returns
the first that fails (or None) without changing anything; `perform()` carries a legal
action out. `legal.py` lists what may come next by asking the very same questions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...core.actions import Action, Bridge, Draw, Pass, Place, Swap
from ...core.cards import JOKER, Slot
from ...core.codes import Code
from ...core.errors import Violation
from ...core.turn import TurnResult, TurnSteps, mixed_turn
from ...i18n import Message
from ...i18n.terms import Card
from ...i18n.terms import Row as RowName
from ...i18n.terms import Slot as SlotName
from ...core.zones import Hidden
from .facts import MASTER
from .scoring import scores
from .state import Player, Row, State, TableBridge


def check_turn_shape(actions: Sequence[Action]) -> None:
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
            Message("A joker can only be swapped in a turn that places a card; this turn draws.")
            if isinstance(actions[enders[0]], Draw)
            else Message("A joker can only be swapped in a turn that places a card; this turn passes."),
        )
    found = mixed_turn(actions, (Draw, Pass))
    if found is not None:
        raise found


class MasterTurn(TurnSteps):
    """The table as the current turn leaves it so far."""

    def __init__(self, state: State):
        super().__init__(state)
        self.order = state.row_order()
        self.cards = {row.color: set(row.cards) for row in state.rows}
        self.jokers = {row.color: set(row.jokers) for row in state.rows}
        self.bridges_left = state.players[self.player].bridges
        self.table_bridges = list(state.bridges)
        self.bonus = [p.bonus for p in state.players]
        self.placed = 0
        self.touched: set[str] = set()  # colours of the rows this turn changed
        self.first_swap: int | None = None
        self.pending: tuple[int, Bridge] | None = None
        self.ender: Action | None = None  # a draw or a pass

    # -- what the table looks like -------------------------------------------------------

    def occupied(self, slot: Slot) -> bool:
        return slot.value in self.cards[slot.color] or slot.value in self.jokers[slot.color]

    def on_table(self, card: str) -> bool:
        slot = MASTER.slots[card]
        return slot.value in self.cards[slot.color]

    def touches_row(self, slot: Slot) -> bool:
        """A neighbour of the slot in its own row is occupied."""
        color, value = slot
        cards, jokers = self.cards[color], self.jokers[color]
        return (
            value - 1 in cards or value + 1 in cards or value - 1 in jokers or value + 1 in jokers
        )

    def is_bridge_target(self, slot: Slot) -> bool:
        return self.pending is not None and self.pending[1].target == slot

    def empty_slots_touching(self) -> Iterator[Slot]:
        """Every empty slot next to an occupied one in its row, rows top to bottom."""
        for row in self.state.rows:
            color = row.color
            taken = self.cards[color] | self.jokers[color]
            for value in MASTER.values:
                if value not in taken and (value - 1 in taken or value + 1 in taken):
                    yield Slot(color, value)

    def any_empty_slot(self) -> bool:
        return any(len(self.cards[c]) + len(self.jokers[c]) < MASTER.highest for c in self.cards)

    # -- what the player may hold ---------------------------------------------------------

    def is_visible(self, card: str, include_own_hand: bool = False) -> bool:
        """The card is on the table, in another known hand or in the known pile; a joker
        when all of the game's jokers are."""
        if card != JOKER:
            return super().is_visible(card, include_own_hand)
        seen = self.visible_elsewhere()[1] + sum(len(j) for j in self.jokers.values())
        if include_own_hand:
            seen += self.hand.count(JOKER)
        return seen >= MASTER.joker_count

    def playable(self) -> list[str]:
        """Section 8's "can place": the number cards in hand whose slot is empty and touches."""
        playable = []
        for card in self.hand:
            if card != JOKER:
                slot = MASTER.slots[card]
                if not self.occupied(slot) and self.touches_row(slot):
                    playable.append(card)
        return playable

    # -- the checks, in the order of docs/games/master.md, "The codes" ------------------

    def violation(self, index: int, action: Action) -> Violation | None:
        """The first check `action` fails at `index`, or None; changes nothing."""
        if self.pending is not None:
            at, bridge = self.pending
            if not (isinstance(action, Place) and action.slot == bridge.target):
                return Violation(
                    Code.BRIDGE_NOT_FOLLOWED,
                    at,
                    Message(
                        "The bridge from {source} to {target} must be followed at once by {card} "
                        "or a joker in its slot.",
                        source=SlotName(bridge.source), target=SlotName(bridge.target),
                        card=Card(bridge.target),
                    ),
                )
        found = self.after_game_end(index)
        if found is not None:
            return found
        if isinstance(action, Place):
            return self._place_violation(index, action)
        if isinstance(action, Bridge):
            return self._bridge_violation(index, action)
        if isinstance(action, Swap):
            return self._swap_violation(index, action)
        if isinstance(action, Draw):
            return self.draw_violation(index, action.card)
        return self.pass_violation(index)

    def _place_violation(self, index: int, action: Place) -> Violation | None:
        card, slot = action
        if self.placed >= MASTER.cards_per_turn:
            return Violation(
                Code.CARD_LIMIT,
                index,
                Message(
                    "{card} would be the 5th card placed this turn; bridges and swapped-in cards "
                    "do not count.",
                    card=_card_at(action),
                ),
            )
        if not self.holds(card):
            return self.not_in_hand(index, card)
        if self.occupied(slot):
            lying = JOKER if slot.value in self.jokers[slot.color] else str(slot)
            return Violation(
                Code.SLOT_OCCUPIED,
                index,
                Message(
                    "{lying} already lies in {slot}; {card} cannot go there.",
                    lying=Card(lying), slot=SlotName(slot), card=Card(card),
                ),
            )
        if not (self.touches_row(slot) or self.is_bridge_target(slot)):
            return Violation(
                Code.NOT_ADJACENT,
                index,
                _touches_nothing(action),
            )
        return None

    def _bridge_violation(self, index: int, action: Bridge) -> Violation | None:
        source, target = action
        if self.bridges_left == 0:
            return Violation(
                Code.NO_BRIDGE_LEFT, index, Message("{player} has no bridge card left.", player=self.who())
            )
        if source.color == target.color:
            return Violation(
                Code.BRIDGE_SAME_ROW,
                index,
                Message(
                    "{source} and {target} are in the same row; a bridge leads to another row.",
                    source=SlotName(source), target=SlotName(target),
                ),
            )
        if source.value != target.value:
            return Violation(
                Code.BRIDGE_VALUE_MISMATCH,
                index,
                Message(
                    "A bridge joins slots of one value; {source} and {target} differ.",
                    source=SlotName(source), target=SlotName(target),
                ),
            )
        if abs(self.order[source.color] - self.order[target.color]) != 1:
            return Violation(
                Code.BRIDGE_NOT_NEIGHBOR,
                index,
                Message(
                    "{source} and {target} are not neighbours; a bridge reaches only the row "
                    "directly above or below.",
                    source=RowName(source.color), target=RowName(target.color),
                ),
            )
        if not self.occupied(source):
            return Violation(
                Code.BRIDGE_SOURCE_EMPTY,
                index,
                Message(
                    "{source} is empty; a bridge starts from a card or joker on the table.",
                    source=SlotName(source),
                ),
            )
        if self.occupied(target):
            return Violation(
                Code.BRIDGE_TARGET_OCCUPIED,
                index,
                Message(
                    "{target} is already occupied; a bridge leads to an empty slot.",
                    target=SlotName(target),
                ),
            )
        return None

    def _swap_violation(self, index: int, action: Swap) -> Violation | None:
        slot = action.slot
        if slot.value not in self.jokers[slot.color]:
            return Violation(
                Code.SWAP_NO_JOKER,
                index,
                Message(
                    "No joker lies in {slot}, so {card} cannot be swapped in.",
                    slot=SlotName(slot), card=Card(slot),
                ),
            )
        if not self.holds(action.card):
            return self.not_in_hand(index, action.card)
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
            self.ender = action
            self.take_top_card(action.card)
        else:
            self.ender = action
            if self.hidden_hand:
                self.note_unchecked(Code.MUST_PLAY)
            self.events.append({"type": "passed", "player": self.player})

    def _place(self, action: Place) -> None:
        card, slot = action
        self.give_up(card)
        if card == JOKER:
            self.jokers[slot.color].add(slot.value)
        else:
            self.cards[slot.color].add(slot.value)
        self.touched.add(slot.color)
        self.placed += 1
        self.pending = None
        self._award_bonus(slot)

    def _award_bonus(self, slot: Slot) -> None:
        half = MASTER.half(slot.value)
        if half is None:
            return
        taken = self.cards[slot.color] | self.jokers[slot.color]
        if not taken.issuperset(MASTER.halves[half]):
            return
        if sum(self.bonus) < MASTER.bonus_cards:
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

    # -- the end of the turn ---------------------------------------------------------------

    def end_violation(self) -> Violation | None:
        """The end-of-turn checks: a turn cannot end on a bridge, nor swap without placing."""
        if self.pending is not None:
            at, bridge = self.pending
            return Violation(
                Code.BRIDGE_NOT_FOLLOWED,
                at,
                Message(
                    "The turn ends on the bridge from {source} to {target}; {card} or a joker must "
                    "follow it at once.",
                    source=SlotName(bridge.source), target=SlotName(bridge.target),
                    card=Card(bridge.target),
                ),
            )
        if self.first_swap is not None and self.placed == 0:
            return Violation(
                Code.SWAP_WITHOUT_PLAY,
                self.first_swap,
                Message("A joker can only be swapped in a turn that also places a card."),
            )
        return None

    def is_complete(self) -> bool:
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
        return self.finish(new, scores)


def _card_at(action: Place) -> Message | Card:
    if action.card == JOKER:
        return Message("a joker in {slot}", slot=SlotName(action.slot))
    return Card(action.card)


def _touches_nothing(action: Place) -> Message:
    """NOT_ADJACENT's message, naming only the neighbouring slots that exist."""
    color, value = action.slot
    neighbours = [Slot(color, v) for v in (value - 1, value + 1) if MASTER.lowest <= v <= MASTER.highest]
    if len(neighbours) == 1:
        return Message(
            "{card} touches nothing: {neighbour} is empty, and no bridge leads to this slot.",
            card=_card_at(action), neighbour=SlotName(neighbours[0]),
        )
    return Message(
        "{card} touches nothing: neither {below} nor {above} is occupied, and no bridge leads "
        "to this slot.",
        card=_card_at(action), below=SlotName(neighbours[0]), above=SlotName(neighbours[1]),
    )
