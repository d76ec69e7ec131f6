"""The engine of the classic and junior games: one row per colour, grown card by card.

Classic Elfer raus! and the junior game (RULES-CLASSIC.md) share their whole mechanism:
a row holds one colour and grows one step at a time from where it began; playing is
compulsory; a player who cannot play draws, up to a limit, and may place the card drawn
last if it fits; the penalty is what is left in hand. What differs between them, and
between the classic options, is said by a `Variant` (built in `classic.py` and
`junior.py`): the deck, which cards may start a row, the opening turn, the draw limit,
whether a fitting drawn card must be placed, and the deal.

This module holds the rest, once: the state and its codec, the impossible-state checks
(INVALID_STATE), the turn in the check order of RULES-CLASSIC.md section 1, the legal
next actions, and the penalties.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from ..core.actions import Draw, Pass, Place, Turn
from ..core.cards import COLOR_NAMES, Slot, describe_card
from ..master.deal import MAX_SEED
from ..core.errors import MalformedInput, Violation, invalid_state
from ..core.steps import (
    Event,
    LegalActions,
    TurnResult,
    TurnSteps,
    check_mover,
    finish_turn,
    run_turn,
    visible_elsewhere,
)
from ..core.replay import ReplayResult, replay
from ..core.codes import Code
from ..master.state import Cards, GameState, Hidden

Action = Place | Draw | Pass


# -- the variant: what a ruleset and its options decide ---------------------------------


class Variant:
    """The rules of one game of the row family; `classic.py` and `junior.py` subclass it.

    A subclass sets the attributes below and may override the hooks `may_start`,
    `opening_violation`, `check_opening_state` and `opener`.
    """

    ruleset: str = ""
    colors: tuple[str, ...] = ()
    top: int = 0
    #: The colours and highest value any game of the ruleset has: a state or turn naming
    #: other cards is malformed, while one naming cards of another edition is impossible.
    parse_colors: tuple[str, ...] = ()
    parse_top: int = 0
    #: Rows lie from the start (1 and the top value of every colour) and none is started.
    rows_laid_out: bool = False
    draw_limit: int = 1
    must_place_drawn: bool = False
    min_players: int = 2
    max_players: int = 6

    def options_json(self) -> dict[str, Any] | None:
        """The state's `options` member, or None for a ruleset without options."""
        return None

    def hand_size(self, players: int) -> int:
        raise NotImplementedError

    def may_start(self, value: int, opening: int | None) -> bool:
        """A card of this value may begin the row of its colour."""
        return False

    def opening_violation(self, state: RowState, actions: Sequence[Action]) -> Violation | None:
        """The OPENING check on the turn (or a prefix of it); only while no row lies."""
        return None

    def opening_unchecked(self, state: RowState) -> bool:
        """OPENING could not be checked in full for lack of hidden cards."""
        return False

    def check_opening_state(self, state: RowState) -> None:
        """Impossible states particular to the opening; raise INVALID_STATE."""

    def opener(self, hands: list[tuple[str, ...]], first: int) -> int:
        """Who moves first after the deal."""
        return first

    def deal_is_playable(self, hands: list[tuple[str, ...]]) -> bool:
        """False when the deal must be redone."""
        return True

    # -- derived facts ---------------------------------------------------------------------

    @cached_property
    def slots(self) -> dict[str, Slot]:
        """Every card of the deck by name, in deck order (colour, then value)."""
        return {f"{c}{v}": Slot(c, v) for c in self.colors for v in range(1, self.top + 1)}

    @cached_property
    def parse_names(self) -> dict[str, Slot]:
        return {f"{c}{v}": Slot(c, v) for c in self.parse_colors for v in range(1, self.parse_top + 1)}

    @cached_property
    def deck_size(self) -> int:
        return len(self.slots)

    @cached_property
    def sort_key(self) -> dict[str, tuple[int, int]]:
        return {name: (self.colors.index(s.color), s.value) for name, s in self.slots.items()}

    def laid_out_rows(self) -> tuple[Run, ...]:
        if not self.rows_laid_out:
            return ()
        return tuple(Run(color, (1, self.top)) for color in self.colors)


# -- the state --------------------------------------------------------------------------


class Seat(NamedTuple):
    """A player: a name and a hand (the cards in order, or only their count)."""

    name: str
    hand: Cards

    @property
    def hand_size(self) -> int:
        return self.hand.count if isinstance(self.hand, Hidden) else len(self.hand)


class Run(NamedTuple):
    """One row: its colour and the values lying in it (kept as given, so checks can name them)."""

    color: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RowState(GameState):
    variant: Variant
    players: tuple[Seat, ...]
    current: int
    rows: tuple[Run, ...]
    opening: int | None
    pile: Cards
    passes: int
    #: Set on states the engine made itself, which need no validity check.
    checked: bool = field(default=False, compare=False, repr=False)

    @property
    def ruleset(self) -> str:
        return self.variant.ruleset

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON shape: row values sorted ascending, rows in the order started."""
        data: dict[str, Any] = {"ruleset": self.variant.ruleset}
        options = self.variant.options_json()
        if options is not None:
            data["options"] = options
        data["players"] = [{"name": p.name, "hand": _cards_json(p.hand)} for p in self.players]
        data["current"] = self.current
        data["rows"] = [{"color": r.color, "cards": sorted(r.cards)} for r in self.rows]
        if options is not None:
            data["opening"] = self.opening
        data["pile"] = _cards_json(self.pile)
        data["passes"] = self.passes
        return data


def read_state(data: Any, variant: Variant, fields: frozenset[str]) -> RowState:
    """A state of `variant` from its JSON shape; `fields` are the members it must have."""
    try:
        missing = fields - data.keys()
        if missing:
            raise MalformedInput(f"a {variant.ruleset} state needs {sorted(missing)}")
        extra = data.keys() - fields
        if extra:
            raise MalformedInput(f"a {variant.ruleset} state has no {sorted(extra)}")
        opening = data.get("opening")
        return RowState(
            variant=variant,
            players=tuple(_seat(p, variant) for p in data["players"]),
            current=_int(data["current"]),
            rows=tuple(_run(r, variant) for r in data["rows"]),
            opening=None if opening is None else _int(opening),
            pile=_cards(data["pile"], variant),
            passes=_int(data["passes"]),
        )
    except MalformedInput:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise MalformedInput(f"not a {variant.ruleset} game state: {exc}") from None


def _int(value: Any) -> int:
    if type(value) is not int:  # bool is an int subclass, and is no count
        raise MalformedInput(f"{value!r} is not an integer: write counts and indexes as integers")
    return value


def _cards(value: Any, variant: Variant) -> Cards:
    if isinstance(value, dict):
        if set(value) != {"count"}:
            raise MalformedInput("a hidden hand or pile is {\"count\": n}")
        count = _int(value["count"])
        if count < 0:
            raise MalformedInput("a card count cannot be negative")
        return Hidden(count)
    if not isinstance(value, list):
        raise MalformedInput("a hand or pile is a list of cards or {\"count\": n}")
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, str) or card not in variant.parse_names:
            raise MalformedInput(f"{card!r} is not a card of the {variant.ruleset} game")
    return cards


def _cards_json(cards: Cards) -> Any:
    return {"count": cards.count} if isinstance(cards, Hidden) else list(cards)


def _seat(data: Any, variant: Variant) -> Seat:
    if set(data) != {"name", "hand"}:
        raise MalformedInput("a player is {\"name\", \"hand\"}")
    name = data["name"]
    if not isinstance(name, str):
        raise MalformedInput("a player's name is a string")
    return Seat(name, _cards(data["hand"], variant))


def _run(data: Any, variant: Variant) -> Run:
    if set(data) != {"color", "cards"}:
        raise MalformedInput("a row is {\"color\", \"cards\"}")
    color = data["color"]
    if not isinstance(color, str) or color not in variant.parse_colors:
        raise MalformedInput(f"{color!r} is not a colour of the {variant.ruleset} game")
    cards = tuple(data["cards"])
    if any(type(v) is not int or not 1 <= v <= variant.parse_top for v in cards):
        raise MalformedInput(
            f"the {color} row's values are whole numbers from 1 to {variant.parse_top}"
        )
    return Run(color, cards)


# -- states that cannot happen ------------------------------------------------------------


def check_state(state: RowState) -> None:
    """Raise INVALID_STATE for a state that cannot happen; return None otherwise."""
    if state.checked:
        return
    variant = state.variant
    n = len(state.players)
    if not variant.min_players <= n <= variant.max_players:
        low, high = variant.min_players, variant.max_players
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise invalid_state(f"this game has {allowed} players, this one has {n}")
    if not 0 <= state.current < n:
        raise invalid_state(f"player {state.current} is to move, but the players are 0 to {n - 1}")
    _check_rows(state)
    _check_cards(state)
    if state.passes > 0 and state.pile_size > 0:
        raise invalid_state(
            f"passes is {state.passes} but the pile still has {state.pile_size} cards; "
            "passes only count once it is empty"
        )
    if state.passes > n:
        raise invalid_state(f"passes is {state.passes}, above the {n} players")
    if not state.rows:
        variant.check_opening_state(state)


def _check_rows(state: RowState) -> None:
    variant = state.variant
    seen: set[str] = set()
    for row in state.rows:
        name = COLOR_NAMES[row.color]
        if row.color not in variant.colors:
            raise invalid_state(f"the {name} row: this game has no {name} cards")
        if row.color in seen:
            raise invalid_state(f"the table has two {name} rows; each colour has one")
        seen.add(row.color)
        values = set(row.cards)
        if len(values) != len(row.cards):
            value = Counter(row.cards).most_common(1)[0][0]
            raise invalid_state(f"the {name} row lists its {value} twice")
        if any(v > variant.top for v in values):
            raise invalid_state(f"the {name} row holds a value above {variant.top}")
        if variant.rows_laid_out:
            _check_laid_out_row(name, values, variant.top)
        else:
            _check_started_row(state, name, values)
    if variant.rows_laid_out:
        if len(seen) != len(variant.colors):
            missing = [COLOR_NAMES[c] for c in variant.colors if c not in seen]
            raise invalid_state(f"the {', '.join(missing)} row is missing; every row lies from the start")
        if state.opening is not None:
            raise invalid_state("opening is set, but with the rows laid out no row was opened")
    elif state.rows:
        if state.opening is None:
            raise invalid_state("rows lie but opening is null; it is the value the first row began with")
        if not variant.may_start(state.opening, None):
            raise invalid_state(f"opening is {state.opening}, a value no row can begin with")
        if state.opening not in state.rows[0].cards:
            first = COLOR_NAMES[state.rows[0].color]
            raise invalid_state(
                f"opening is {state.opening} but the first row ({first}) does not hold it"
            )
    elif state.opening is not None:
        raise invalid_state(f"opening is {state.opening} but no row lies")


def _check_laid_out_row(name: str, values: set[int], top: int) -> None:
    if 1 not in values or top not in values:
        raise invalid_state(f"the {name} row lacks its 1 or its {top}, which lie from the start")
    low = 1
    while low + 1 in values:
        low += 1
    high = top
    while high - 1 in values and high - 1 > low:
        high -= 1
    stray = sorted(v for v in values if low < v < high)
    if stray:
        raise invalid_state(
            f"the {name} {stray[0]} lies apart: rows grow one step at a time from their ends"
        )


def _check_started_row(state: RowState, name: str, values: set[int]) -> None:
    if not values:
        raise invalid_state(f"the {name} row is empty; a row exists once its first card lies")
    if max(values) - min(values) + 1 != len(values):
        gap = next(v for v in range(min(values), max(values)) if v not in values)
        raise invalid_state(f"the {name} row has a gap at {gap}; rows grow without gaps")
    if not any(state.variant.may_start(v, state.opening) for v in values):
        raise invalid_state(f"the {name} row holds no value it could have begun with")


def _check_cards(state: RowState) -> None:
    variant = state.variant
    where: dict[str, str] = {}
    hidden = 0

    def put(card: str, zone: str) -> None:
        if card not in variant.slots:
            raise invalid_state(f"{card} is in {zone}, but it is not a card of this game")
        if card in where:
            other = where[card]
            if other == zone:
                raise invalid_state(f"{card} is twice in {zone}")
            raise invalid_state(f"{card} is both in {other} and in {zone}")
        where[card] = zone

    for row in state.rows:
        for value in row.cards:
            put(f"{row.color}{value}", f"the {COLOR_NAMES[row.color]} row")
    for i, player in enumerate(state.players):
        if isinstance(player.hand, Hidden):
            hidden += player.hand.count
        else:
            for card in player.hand:
                put(card, f"player {i}'s hand")
    if isinstance(state.pile, Hidden):
        hidden += state.pile.count
    else:
        for card in state.pile:
            put(card, "the pile")
    total = len(where) + hidden
    if total != variant.deck_size:
        raise invalid_state(
            f"the cards add up to {total}, counting hidden hands and pile; "
            f"the game has {variant.deck_size}"
        )


# -- a turn ---------------------------------------------------------------------------------


def check_turn_level(state: RowState, actions: Sequence[Action]) -> None:
    """OPENING, then TURN_MIXED for a pass with anything else (prefixes too)."""
    if not state.rows:
        found = state.variant.opening_violation(state, actions)
        if found is not None:
            raise found
    if len(actions) > 1:
        for index, action in enumerate(actions):
            if isinstance(action, Pass):
                raise Violation(
                    Code.TURN_MIXED, index, "A turn that passes does nothing else."
                )


def check_actions_in_deck(state: RowState, actions: Sequence[Action]) -> None:
    """Cards the game's deck does not have (another edition's colour) are malformed."""
    slots = state.variant.slots
    for action in actions:
        card = getattr(action, "card", None)
        if card is not None and card not in slots:
            raise MalformedInput(f"{card} is not a card of this game")


def apply_turn(state: RowState, turn: Turn) -> TurnResult:
    """Judge `turn` on `state`: the new state, or a Violation for the first failing check."""
    check_state(state)
    check_mover(state, turn.player)
    if not turn.actions:
        raise MalformedInput("a turn has at least one action")
    check_actions_in_deck(state, turn.actions)
    check_turn_level(state, turn.actions)
    progress = RowTurn(state)
    if not state.rows and state.variant.opening_unchecked(state):
        progress.note_unchecked(Code.OPENING)
    return run_turn(progress, turn.actions)


class RowTurn(TurnSteps):
    """The table as the current turn leaves it so far (see MASTER's `TurnInProgress`)."""

    def __init__(self, state: RowState):
        self.state = state
        self.variant = state.variant
        self.player = state.current
        me = state.players[self.player]
        self.hidden_hand = isinstance(me.hand, Hidden)
        self.hand: list[str] = [] if self.hidden_hand else list(me.hand)
        self.hand_count = me.hand_size
        self.rows: dict[str, set[int]] = {row.color: set(row.cards) for row in state.rows}
        self.opening = state.opening
        self.pile = state.pile
        self.placed = 0
        self.draws = 0
        self.last_draw: int | None = None  # index of the last draw
        self.drawn: str | None = None  # the card drawn last, None if unknown
        self.placed_after_draw = False
        self.passed = False
        self.ended = False  # the hand was emptied: the game is over
        self.events: list[Event] = []
        self.unchecked: list[str] = []
        self._elsewhere: set[str] | None = None

    def note_unchecked(self, code: Code) -> None:
        if code.value not in self.unchecked:
            self.unchecked.append(code.value)

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
                f"Player {self.player} can certainly place a card: every card the hand "
                "could hold fits.",
            )
        return None

    def is_visible(self, card: str, include_own_hand: bool = False) -> bool:
        """The card is on the table, in another known hand or in the known pile."""
        if self._elsewhere is None:
            self._elsewhere = visible_elsewhere(self.state.players, self.player, self.pile)[0]
        if card in self._elsewhere or (include_own_hand and card in self.hand):
            return True
        color, value = self.variant.slots[card]
        return value in self.rows.get(color, ())

    def holds(self, card: str) -> bool:
        """The card is in the hand, or for a hidden hand not ruled out by what is visible."""
        if self.hidden_hand:
            return self.hand_count > 0 and card in self.variant.slots and not self.is_visible(card)
        return card in self.hand

    @property
    def pile_size(self) -> int:
        return self.pile.count if isinstance(self.pile, Hidden) else len(self.pile)

    # -- the checks, in the order of RULES-CLASSIC.md ---------------------------------------

    def violation(self, index: int, action: Action) -> Violation | None:
        """The first check `action` fails at `index`, or None; changes nothing."""
        if self.ended:
            return Violation(
                Code.ACTION_AFTER_GAME_END,
                index,
                "The game ended when the last card of the hand was placed; nothing may follow.",
            )
        if isinstance(action, Place):
            return self._place_violation(index, action.card)
        if isinstance(action, Draw):
            return self._draw_violation(index, action)
        return self.pass_violation(index) or self.hidden_hand_must_play(index)

    def _place_violation(self, index: int, card: str) -> Violation | None:
        color, value = self.variant.slots[card]
        name = describe_card(card)
        if self.draws:
            if self.placed_after_draw:
                return Violation(
                    Code.PLAY_AFTER_DRAW,
                    index,
                    f"The drawn card was placed already; the {name} cannot follow it.",
                )
            if self.drawn is not None and card != self.drawn:
                return Violation(
                    Code.PLAY_AFTER_DRAW,
                    index,
                    f"After drawing, only the card drawn last ({describe_card(self.drawn)}) may "
                    f"be placed, not the {name}.",
                )
        if not self.holds(card):
            if self.hidden_hand:
                detail = f"The {name} cannot be in player {self.player}'s hand: it is visible elsewhere."
            else:
                detail = f"Player {self.player} has no {name} in hand."
            return Violation(Code.CARD_NOT_IN_HAND, index, detail)
        # SLOT_OCCUPIED comes next in RULES-CLASSIC.md's order, but it cannot fail here: a
        # card has one slot and exists once, so a card whose slot is taken is the card
        # lying there, which no hand holds and CARD_NOT_IN_HAND has already refused.
        row = self.rows.get(color)
        if row is None:
            if not self.variant.may_start(value, self.opening):
                return Violation(
                    Code.ROW_NOT_STARTED,
                    index,
                    f"There is no {COLOR_NAMES[color]} row yet, and the {name} cannot begin "
                    f"one ({self._starter_words()}).",
                )
        elif value - 1 not in row and value + 1 not in row:
            return Violation(
                Code.NOT_ADJACENT,
                index,
                f"The {name} touches nothing: neither {color}{value - 1} nor {color}{value + 1} "
                "lies in its row.",
            )
        return None

    def _starter_words(self) -> str:
        starters = [v for v in range(1, self.variant.top + 1) if self.variant.may_start(v, self.opening)]
        if not starters:
            return "no new row can begin"
        return "a new row begins with " + " or ".join(str(v) for v in starters)

    def _draw_violation(self, index: int, action: Draw) -> Violation | None:
        if self.placed:
            return Violation(
                Code.TURN_MIXED, index, "A player who placed a card this turn does not draw."
            )
        if self.draws == 0:
            playable = [] if self.hidden_hand else self.playable()
            if playable:
                return Violation(
                    Code.MUST_PLAY,
                    index,
                    f"Player {self.player} can place {', '.join(playable)}; a player who can "
                    "place a card must, and does not draw.",
                )
            found = self.hidden_hand_must_play(index)
            if found is not None:
                return found
        if self.draws >= self.variant.draw_limit:
            limit = self.variant.draw_limit
            return Violation(
                Code.DRAW_LIMIT,
                index,
                f"At most {limit} card{'s' if limit > 1 else ''} may be drawn in one turn.",
            )
        if self.draws and self.drawn is not None and self.fits(self.drawn):
            return Violation(
                Code.DRAW_AFTER_FIT,
                index,
                f"The drawn {describe_card(self.drawn)} fits, so the drawing stops there.",
            )
        return self.shared_draw_violation(index, action.card)

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
        if self.hidden_hand:
            self.hand_count -= 1
        else:
            self.hand.remove(card)
            self.hand_count = len(self.hand)
        row = self.rows.get(color)
        if row is None:
            self.rows[color] = {value}  # dicts keep insertion order: rows in the order started
            if self.opening is None:
                self.opening = value
        else:
            row.add(value)
        self.placed += 1
        if self.hand_count == 0:
            self.ended = True

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
                    f"The drawn {describe_card(self.drawn)} does not fit and only {self.draws} "
                    f"of {self.variant.draw_limit} cards were drawn; the player draws again.",
                )
        elif self.variant.must_place_drawn:
            return Violation(
                Code.MUST_PLACE_DRAWN,
                self.last_draw,
                f"The drawn {describe_card(self.drawn)} fits and must be placed at once.",
            )
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
            if self.variant.must_place_drawn:
                self.note_unchecked(Code.MUST_PLACE_DRAWN)
        players = list(old.players)
        me = players[self.player]
        hand = Hidden(self.hand_count) if self.hidden_hand else tuple(self.hand)
        players[self.player] = Seat(me.name, hand)
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
            else Run(color, tuple(sorted(values)))
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
        return finish_turn(new, self.events, self.unchecked, self.ended, scores)


# -- what may come next ---------------------------------------------------------------------


def next_actions(state: RowState, prefix: tuple[Action, ...]) -> tuple[list[Action], bool]:
    """The legal continuations of `prefix` and whether it is complete; raises its violation.

    Every action that passes the checks extends to a legal turn: a placement ends a legal
    turn as it stands, and after a draw there is always a legal way on (place a fitting
    card, or draw again while the limit and the pile allow, or stop).
    """
    check_state(state)
    if state.is_over:
        return [], False
    check_actions_in_deck(state, prefix)
    check_turn_level(state, prefix)
    turn = RowTurn(state)
    for index, action in enumerate(prefix):
        turn.take(index, action)
    complete = bool(prefix) and turn.is_complete()
    if turn.passed or turn.ended:
        return [], complete
    index = len(prefix)
    candidates: list[Action] = []
    if turn.hidden_hand:
        cards = [card for card in state.variant.slots if turn.fits(card)]
    else:
        cards = list(dict.fromkeys(card for card in turn.hand if turn.fits(card)))
    candidates.extend(Place(card, state.variant.slots[card]) for card in cards)
    candidates.append(Draw())
    candidates.append(Pass())
    actions = []
    for action in candidates:
        refused = turn.violation(index, action)
        # A draw is listed without its card even where the turn will have to name it.
        if refused is not None and not (
            isinstance(action, Draw) and refused.code is Code.DRAW_CARD_REQUIRED
        ):
            continue
        try:
            check_turn_level(state, (*prefix, action))
        except Violation:
            continue
        actions.append(action)
    return actions, complete


# -- penalties --------------------------------------------------------------------------


def scores(state: RowState) -> dict[str, Any]:
    """`{"finished", "scores", "winners"}`: each player's penalty, the values left in hand.

    The player who went out wins, whatever the hidden hands hold. Otherwise the lowest
    penalty wins (ties share); while a hidden hand leaves it open, winners is None.
    """
    entries = []
    for i, player in enumerate(state.players):
        if isinstance(player.hand, Hidden):
            penalty = 0 if player.hand.count == 0 else None
        else:
            penalty = sum(state.variant.slots[card].value for card in player.hand)
        entries.append({"player": i, "penalty": penalty})
    out = [i for i, p in enumerate(state.players) if p.hand_size == 0]
    if out:
        winners: list[int] | None = out
    elif any(e["penalty"] is None for e in entries):
        winners = None
    else:
        best = min(e["penalty"] for e in entries)
        winners = [e["player"] for e in entries if e["penalty"] == best]
    return {"finished": state.is_over, "scores": entries, "winners": winners}


# -- the deal ---------------------------------------------------------------------------------

#: A deal that must be redone this often in a row is treated as a bug, not looped on.
MAX_REDEALS = 10_000


def deal(
    variant: Variant, names: Sequence[str], seed: int, first: int, hidden: bool
) -> tuple[RowState, int]:
    """Shuffle what is not laid out, deal, and return the state and how often it was redone.

    Each hand is sorted (the deck's colour order, then value); the rest of the shuffled
    deck, in order, is the pile with its top card first. A deal the variant refuses
    (nobody holds an 11 where an 11 opens) is shuffled again from the same random stream.
    """
    n = len(names)
    if not variant.min_players <= n <= variant.max_players:
        low, high = variant.min_players, variant.max_players
        allowed = f"{low}" if low == high else f"{low} to {high}"
        raise MalformedInput(f"this game has {allowed} players, not {n}")
    if not 0 <= first < n:
        raise MalformedInput(f"the first player is one of 0 to {n - 1}, not {first}")
    if not 0 <= seed <= MAX_SEED:
        raise MalformedInput(f"the seed is a whole number from 0 to {MAX_SEED}")
    rows = variant.laid_out_rows()
    on_table = {f"{row.color}{v}" for row in rows for v in row.cards}
    deck = [card for card in variant.slots if card not in on_table]
    size = variant.hand_size(n)
    rng = random.Random(seed)
    for redeals in range(MAX_REDEALS):
        rng.shuffle(deck)
        hands = [
            tuple(sorted(deck[i * size : (i + 1) * size], key=variant.sort_key.__getitem__))
            for i in range(n)
        ]
        if variant.deal_is_playable(hands):
            break
    else:  # pragma: no cover - a probability far below one in 10^1000
        raise RuntimeError("no playable deal found")
    pile = tuple(deck[n * size :])
    state = RowState(
        variant=variant,
        players=tuple(
            Seat(name, Hidden(len(hand)) if hidden else hand) for name, hand in zip(names, hands)
        ),
        current=variant.opener(hands, first),
        rows=rows,
        opening=None,
        pile=Hidden(len(pile)) if hidden else pile,
        passes=0,
        checked=True,
    )
    return state, redeals


# -- turns on the wire ----------------------------------------------------------------------


def parse_action(data: Any, variant: Variant) -> Action:
    """A place, draw or pass naming cards of the ruleset; raises MalformedInput otherwise."""
    try:
        kind = data["type"]
        fields = set(data)
        names = variant.parse_names
        if kind == "place":
            if fields != {"type", "card"}:
                raise MalformedInput("a place action has exactly the fields ['card']")
            card = data["card"]
            if not isinstance(card, str) or card not in names:
                raise MalformedInput(f"{card!r} is not a card of the {variant.ruleset} game")
            return Place(card, names[card])
        if kind == "draw":
            if not fields <= {"type", "card"}:
                raise MalformedInput(f"unexpected fields in a draw: {sorted(fields - {'type'})}")
            card = data.get("card")
            if card is not None and (not isinstance(card, str) or card not in names):
                raise MalformedInput(f"{card!r} is not a card of the {variant.ruleset} game")
            return Draw(card)
        if kind == "pass":
            if fields != {"type"}:
                raise MalformedInput("a pass action has no fields")
            return Pass()
        if kind in ("bridge", "swap"):
            raise MalformedInput(f"the {variant.ruleset} game has no {kind} action")
    except MalformedInput:
        raise
    except (KeyError, TypeError, AttributeError) as exc:
        raise MalformedInput(f"not an action: {exc}") from None
    raise MalformedInput(f"unknown action type {kind!r}")


def parse_actions(data: Any, variant: Variant) -> tuple[Action, ...]:
    if not isinstance(data, list):
        raise MalformedInput("actions are a list")
    return tuple(parse_action(a, variant) for a in data)


def parse_turn(data: Any, variant: Variant) -> Turn:
    try:
        player = data["player"]
        if type(player) is not int:
            raise MalformedInput("a turn's player is a whole number")
        if set(data) != {"player", "actions"}:
            raise MalformedInput("a turn is {\"player\", \"actions\"}")
        return Turn(player, parse_actions(data["actions"], variant))
    except MalformedInput:
        raise
    except (KeyError, TypeError, AttributeError) as exc:
        raise MalformedInput(f"not a turn: {exc}") from None


# -- the ruleset's face -----------------------------------------------------------------------


class RowRuleset:
    """What the registry needs of a row-family ruleset; subclasses say how options become a
    `Variant` (`variant`) and which members a state has (`state_fields`)."""

    name = ""
    title = ""
    description = ""
    options: list[dict[str, Any]] = []
    codes: tuple[Code, ...] = ()
    state_fields: frozenset[str] = frozenset()

    def variant(self, options: Any) -> Variant:
        raise NotImplementedError

    def load_state(self, data: Any) -> RowState:
        return read_state(data, self.variant(data.get("options")), self.state_fields)

    def load_turn(self, data: Any) -> Turn:
        return parse_turn(data, self.variant(None))

    def load_actions(self, data: Any) -> tuple[Action, ...]:
        return parse_actions(data, self.variant(None))

    def check_state(self, state: RowState) -> None:
        check_state(state)

    def apply(self, state: RowState, turn: Turn) -> TurnResult:
        return apply_turn(state, turn)

    def legal_actions(self, state: RowState, prefix: tuple[Action, ...] = ()) -> LegalActions:
        actions, complete = next_actions(state, prefix)
        return LegalActions(state.current, actions, complete)

    def replay(self, state: RowState, turns: Sequence[Turn]) -> ReplayResult:
        return replay(state, turns, apply_turn, check_state)

    def scores(self, state: RowState) -> dict[str, Any]:
        check_state(state)
        return scores(state)

    def deal(self, names: Sequence[str], seed: int, first: int = 0, rows: Any = None,
             hidden: bool = False, options: Any = None) -> tuple[RowState, int]:
        if rows is not None:
            raise MalformedInput(f"the {self.name} game has no row order to choose")
        return deal(self.variant(options), names, seed, first, hidden)
