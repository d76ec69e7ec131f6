"""What every ruleset's turn shares: the step loop, the shared checks, and the results.

A turn is judged on a working copy of what it can change (`Steps`: `TurnSteps` in the row
games, subclassed by MASTER's `games/master/turn.py` and the row games'
`families/rows/turn.py`; `BoxTurn` in the box games). For each action,
`violation()` runs that action's checks in the ruleset's order and returns the first
that fails (or None) without changing anything; `perform()` carries a legal action out.
`run` strings these together for `/v1/turns`, and the legal-action listings ask the very
same `violation()` questions, so the two cannot disagree.

The checks written here once serve every ruleset:

- the first whole-turn checks (`GAME_OVER`, `NOT_YOUR_TURN`) and the rule that a draw or
  a pass is a turn of its own (`TURN_MIXED`);
- what a player whose hand is hidden may hold: any card not visible elsewhere
  (docs/games/master.md, "Hidden cards"), and `CARD_NOT_IN_HAND` where it cannot;
- nothing after the hand's last card (`ACTION_AFTER_GAME_END`);
- the draw checks (`PILE_EMPTY`, `DRAW_CARD_REQUIRED`, `DRAW_MISMATCH`,
  `CARD_UNAVAILABLE`) and the draw itself; the pass checks (`PASS_PILE_NOT_EMPTY`,
  `MUST_PLAY`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .actions import Draw
from ..i18n import Counted, Message
from ..i18n.terms import Card, Player
from ..i18n.terms import cards as card_listing
from .codes import Code
from .errors import Violation
from .zones import Hidden, count_cards, visible_elsewhere

Event = dict[str, Any]


class TurnResult:
    """The outcome of a legal turn: the new state, its events and the unchecked rules.

    Attributes:
        state: The state after the turn (a new object; the state given is unchanged).
        events: What happened, in order, as `POST /v1/turns` lists them (`drew`,
            `revealed`, `scored`, ...), each a JSON object.
        unchecked: The rules the referee could not check because the cards involved are
            hidden from it, by code.
    """

    __slots__ = ("state", "events", "unchecked")

    def __init__(self, state: Any, events: list[Event], unchecked: list[str]):
        self.state = state
        self.events = events
        self.unchecked = unchecked

    def __repr__(self) -> str:
        return f"TurnResult(events={self.events!r}, unchecked={self.unchecked!r})"


class LegalActions:
    """What may legally come next after a turn prefix, and whether the prefix is a turn.

    Attributes:
        player: The player whose turn this is.
        actions: Every action that may legally come next, in a fixed order (the engine's
            action objects; `to_dict()` gives each one's JSON shape).
        complete: Whether the prefix given is already a whole turn that may be played.
    """

    __slots__ = ("player", "actions", "complete")

    def __init__(self, player: int, actions: list[Any], complete: bool):
        self.player = player
        self.actions = actions
        self.complete = complete

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape `POST /v1/legal-actions` answers."""
        return {
            "player": self.player,
            "actions": [a.to_dict() for a in self.actions],
            "complete": self.complete,
        }


def check_mover(state: Any, player: int) -> None:
    """`GAME_OVER`, then `NOT_YOUR_TURN`: the first checks on any turn of any ruleset."""
    if state.is_over:
        raise Violation(Code.GAME_OVER, None, Message("The game is over; no more turns can be played."))
    if player != state.current:
        named = player if 0 <= player < len(state.players) else None
        raise Violation(
            Code.NOT_YOUR_TURN,
            None,
            Message(
                "It is {mover}'s turn, not {player}'s.",
                mover=player_term(state, state.current),
                player=player_term(state, named) if named is not None else Player(player),
            ),
        )


def player_term(state: Any, index: int) -> Player:
    """Player `index` of the state, named for messages: "Vera"."""
    return Player(index, state.players[index].name)


def mixed_turn(actions: Sequence[Any], alone: tuple[type, ...]) -> Violation | None:
    """`TURN_MIXED` at the first action of the kinds that must be a turn of their own
    (`alone`), when the turn holds anything besides it."""
    if len(actions) > 1:
        for index, action in enumerate(actions):
            if isinstance(action, alone):
                return Violation(Code.TURN_MIXED, index, ending_alone(action))
    return None


def ending_alone(action: Any) -> Message:
    """TURN_MIXED's message for a turn whose draw or pass came with other actions."""
    if isinstance(action, Draw):
        return Message("A turn that draws does nothing else.")
    return Message("A turn that passes does nothing else.")


class Steps:
    """A turn's working copy of the table in any family, and the step loop over its
    actions: a subclass supplies `violation`, `perform`, `end_violation`, `is_complete`
    and `result`, and sets `state`, `player`, `events`, `unchecked` and `taken`."""

    state: Any
    player: int
    events: list[Event]
    unchecked: list[str]
    taken: list[Any]  # the actions carried out so far

    def violation(self, index: int, action: Any) -> Violation | None:
        raise NotImplementedError

    def perform(self, index: int, action: Any) -> None:
        raise NotImplementedError

    def end_violation(self) -> Violation | None:
        raise NotImplementedError

    def is_complete(self) -> bool:
        """The actions so far already make a legal turn."""
        raise NotImplementedError

    def is_turn(self) -> bool:
        """The actions taken so far are a whole legal turn (at least one action)."""
        return bool(self.taken) and self.is_complete()

    def result(self) -> TurnResult:
        raise NotImplementedError

    def take(self, index: int, action: Any) -> None:
        """Check the action and carry it out; raise its violation if it breaks a rule."""
        found = self.violation(index, action)
        if found is not None:
            raise found
        self.perform(index, action)
        self.taken.append(action)

    def run(self, actions: Iterable[Any]) -> TurnResult:
        """Take the actions in order, then the end-of-turn checks; the first failure raises."""
        for index, action in enumerate(actions):
            self.take(index, action)
        found = self.end_violation()
        if found is not None:
            raise found
        return self.result()

    def who(self, index: int | None = None) -> Player:
        """A player (the mover by default), named for messages."""
        return player_term(self.state, self.player if index is None else index)

    def note_unchecked(self, code: Code) -> None:
        if code.value not in self.unchecked:
            self.unchecked.append(code.value)


class TurnSteps(Steps):
    """The table as the current turn leaves it so far, in a row game.

    A subclass copies what its turns can change out of the state, and supplies
    `violation`, `perform`, `end_violation`, `is_complete`, `result` and `on_table`
    (the card lies on the table now). What may come next is the ruleset's
    `next_actions`, which asks a turn's `violation()` (its `legal` module imports the
    turn, never the other way round).
    """

    def __init__(self, state: Any):
        self.state = state
        self.player: int = state.current
        me = state.players[self.player]
        self.hidden_hand = isinstance(me.hand, Hidden)
        self.hand: list[str] = [] if self.hidden_hand else list(me.hand)
        self.hand_count = count_cards(me.hand)
        self.pile = state.pile
        self.ended = False  # the hand was emptied: the game is over
        self.events: list[Event] = []
        self.unchecked: list[str] = []
        self.taken: list[Any] = []  # the actions carried out so far
        self._elsewhere: tuple[set[str], int] | None = None

    # -- the ruleset's part ----------------------------------------------------------------

    def on_table(self, card: str) -> bool:
        raise NotImplementedError

    def playable(self) -> list[str]:
        """The cards of a known hand that could be placed now, in hand order."""
        raise NotImplementedError

    def finish(self, state: Any, scores: Callable[[Any], dict[str, Any]]) -> TurnResult:
        """The turn's result, with the `game_over` event (and the ruleset's `scores`) when
        the turn ended the game: a hand was emptied, or every player has now passed."""
        if self.ended or state.passes >= len(state.players):
            outcome = scores(state)
            self.events.append(
                {
                    "type": "game_over",
                    "reason": "out" if self.ended else "blocked",
                    "scores": outcome["scores"],
                    "winners": outcome["winners"],
                }
            )
        return TurnResult(state, self.events, self.unchecked)

    # -- what the player holds -----------------------------------------------------------------

    @property
    def pile_size(self) -> int:
        return count_cards(self.pile)

    def visible_elsewhere(self) -> tuple[set[str], int]:
        """Number cards and joker count in known hands of others and the known pile."""
        if self._elsewhere is None:
            self._elsewhere = visible_elsewhere(self.state.players, self.player, self.pile)
        return self._elsewhere

    def is_visible(self, card: str, include_own_hand: bool = False) -> bool:
        """The number card is on the table, in another known hand or in the known pile."""
        return (
            card in self.visible_elsewhere()[0]
            or (include_own_hand and card in self.hand)
            or self.on_table(card)
        )

    def holds(self, card: str) -> bool:
        """The card is in the hand, or for a hidden hand not ruled out by what is visible."""
        if self.hidden_hand:
            return self.hand_count > 0 and not self.is_visible(card)
        return card in self.hand

    def give_up(self, card: str) -> None:
        """The card leaves the hand (the first `"J"` for a joker); an empty hand ends the game."""
        if self.hidden_hand:
            self.hand_count -= 1
        else:
            self.hand.remove(card)
            self.hand_count = len(self.hand)
        if self.hand_count == 0:
            self.ended = True

    def take_top_card(self, named: str | None) -> str | None:
        """Move the pile's top card into the hand (the card named, for a hidden pile, or
        None where it is unknown), record the `drew` event, and return the card."""
        if isinstance(self.pile, Hidden):
            card = named
            self.pile = Hidden(self.pile.count - 1)
        else:
            card = self.pile[0]
            self.pile = self.pile[1:]
            self._elsewhere = None  # the drawn card left the known pile: forget what was seen
        if self.hidden_hand:
            self.hand_count += 1
        else:
            self.hand.append(card)  # a known hand drawing from a hidden pile named the card
            self.hand_count = len(self.hand)
        self.events.append({"type": "drew", "player": self.player, "card": card})
        return card

    # -- the shared checks ---------------------------------------------------------------------

    def after_game_end(self, index: int) -> Violation | None:
        """`ACTION_AFTER_GAME_END`: nothing follows the hand's last card."""
        if self.ended:
            return Violation(
                Code.ACTION_AFTER_GAME_END,
                index,
                Message("The game ended when the last card of the hand was placed; nothing may follow."),
            )
        return None

    def not_in_hand(self, index: int, card: str) -> Violation:
        """`CARD_NOT_IN_HAND` for a card the player does not (or cannot) hold."""
        if self.hidden_hand:
            detail = Message(
                "{card} cannot be in the hand of {player}: it is visible elsewhere.",
                card=Card(card), player=self.who(),
            )
        elif card == "J":
            detail = Message("{player} has no joker in hand.", player=self.who())
        else:
            detail = Message("{player} does not hold {card}.", player=self.who(), card=Card(card))
        return Violation(Code.CARD_NOT_IN_HAND, index, detail)

    def draw_violation(self, index: int, named: str | None) -> Violation | None:
        """The draw checks in their order (docs/games/master.md, "The codes"), after the
        ruleset's own."""
        pile = self.pile
        pile_hidden = isinstance(pile, Hidden)
        if self.pile_size == 0:
            return Violation(Code.PILE_EMPTY, index, Message("The draw pile is empty; there is nothing to draw."))
        if pile_hidden and not self.hidden_hand and named is None:
            return Violation(
                Code.DRAW_CARD_REQUIRED,
                index,
                Message(
                    "The hand of {player} is known but the pile is not: say which card was drawn.",
                    player=self.who(),
                ),
            )
        if not pile_hidden and named is not None and named != pile[0]:
            return Violation(
                Code.DRAW_MISMATCH,
                index,
                Message(
                    "The top card of the pile is {top}, not {card}.", top=Card(pile[0]), card=Card(named)
                ),
            )
        if pile_hidden and named is not None and self.is_visible(named, include_own_hand=True):
            return Violation(
                Code.CARD_UNAVAILABLE,
                index,
                Message("{card} cannot have been drawn: it is visible elsewhere.", card=Card(named)),
            )
        return None

    def pass_violation(self, index: int) -> Violation | None:
        """`PASS_PILE_NOT_EMPTY`, then `MUST_PLAY`: a pass needs an empty pile and nothing
        to place. A hidden hand's cards are unknown, so its `MUST_PLAY` is not judged here;
        the playable cards are asked for only once the pile is empty (legal-action
        listings ask about a pass at every turn start)."""
        if self.pile_size > 0:
            return Violation(
                Code.PASS_PILE_NOT_EMPTY,
                index,
                Counted(
                    "The draw pile still has {n} card; a player may pass only once it is empty.",
                    "The draw pile still has {n} cards; a player may pass only once it is empty.",
                    self.pile_size,
                ),
            )
        cards = [] if self.hidden_hand else self.playable()
        if cards:
            return Violation(
                Code.MUST_PLAY,
                index,
                Message(
                    "The pile is empty and {player} can place {cards}; a player who can place a card must.",
                    player=self.who(), cards=card_listing(cards, "or"),
                ),
            )
        return None
