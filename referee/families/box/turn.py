"""`BoxTurn`: one player's turn in a box game, checked and carried out action by action.

The same shape as `core.turn.TurnSteps`: `violation(index, action)` returns the first
failing check of an action without changing anything, `perform` carries a legal one out,
and `run` strings them together with `ACTION_AFTER_GAME_END` first and the end-of-turn
checks last; the legal-action listing asks the very same `violation` questions. What is
written here once:

- `turn_up_violation`: the draw codes for a card turned up or taken from a pile
  (`DRAW_CARD_REQUIRED`, `DRAW_MISMATCH`, `CARD_UNAVAILABLE`, in that order, a known
  pile checked only against its top);
- `finish`: the `game_over` event, with the game's scores, when the turn ended the game.

Each kind of action is one `Step` (its checks and its move) in the turn's table `STEPS`,
which the ruleset holds to the kinds its reader reads when the game is imported
(`BoxRuleset.__init_subclass__`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from ...core.codes import Code
from ...core.errors import Violation
from ...core.turn import Event, Steps, TurnResult
from ...core.zones import Cards, Hidden
from ...i18n import Message
from ...i18n.terms import Card
from .piles import take_top


class Step(NamedTuple):
    """One kind of action in a game's turn: `check(turn, index, action)` returns the
    action's first failing check (or None) without changing anything, and
    `perform(turn, index, action)` carries out an action whose checks passed."""

    check: Callable[[Any, int, Any], Violation | None]
    perform: Callable[[Any, int, Any], None]


class BoxTurn(Steps):
    """The table as `player`'s turn leaves it so far. A game's subclass copies what its
    turns change and supplies its `STEPS` (for each kind of action its checks and its
    move, written as the turn's methods and named in the table at the end of the class),
    `candidates`, `new_state`, and where it has them `end_violation` and `is_complete`.
    `scores` are the game's, for the `game_over` event; `grammar` and `kinds` the turn's
    shape and the kinds its actions so far read as (`BoxRuleset.open_turn` sets them)."""

    #: Each kind of action the game's turns hold, and its `Step`.
    STEPS: Mapping[str, Step] = {}
    scores: Callable[[Any], dict[str, Any]]
    grammar: Any
    kinds: list[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game of one kind of action (Zweikampf's reveal): its checks and its move are
        # the turn's own, with no lookup on every action. No other kind gets this far:
        # the grammar refuses it first (TURN_SHAPE), and candidates are the game's.
        # A turn that writes its own `violation` or `perform` keeps it.
        check, perform = next(iter(cls.STEPS.values())) if len(cls.STEPS) == 1 else (BoxTurn.violation,
                                                                                    BoxTurn.perform)
        if "violation" not in cls.__dict__:
            setattr(cls, "violation", check)
        if "perform" not in cls.__dict__:
            setattr(cls, "perform", perform)

    def __init__(self, state: Any, player: int, deck: frozenset[str] | None = None):
        self.state = state
        self.player = player
        self.deck = state.deck if deck is None else deck
        self.players = list(state.players)  # each as the turn leaves it
        self.ended = False  # the player's part of the game ended in this turn
        self.events: list[Event] = []
        self.unchecked: list[str] = []
        self.taken: list[Any] = []

    # -- the game's part -----------------------------------------------------------------------

    def violation(self, index: int, action: Any) -> Violation | None:
        """The first failing check of `action`, changing nothing, or None: the check of
        the action's kind in `STEPS`."""
        return self.STEPS[action.kind].check(self, index, action)

    def perform(self, index: int, action: Any) -> None:
        """Carry out an action its checks passed: the move of its kind in `STEPS`."""
        self.STEPS[action.kind].perform(self, index, action)

    def candidates(self) -> Iterable[Any]:
        """The actions to try as the next one (each is listed if it passes `violation`)."""
        raise NotImplementedError

    def new_state(self) -> Any:
        """The state the legal turn leads to (marked checked)."""
        raise NotImplementedError

    def end_violation(self) -> Violation | None:
        return None

    def is_complete(self) -> bool:
        return self.end_violation() is None

    def is_turn(self) -> bool:
        """The actions so far make a whole turn of the game's shape."""
        return self.grammar.accepts(self.kinds) and self.is_complete()

    # -- the step loop -------------------------------------------------------------------------

    def take(self, index: int, action: Any) -> None:
        found = self.after_game_end(index)
        if found is not None:
            raise found
        super().take(index, action)

    def result(self) -> TurnResult:
        return self.finish(self.new_state(), self.scores)

    def finish(self, state: Any, scores: Callable[[Any], dict[str, Any]]) -> TurnResult:
        if state.is_over:
            self.events.append(self.game_over(scores(state)))
        return TurnResult(state, self.events, self.unchecked)

    def game_over(self, outcome: dict[str, Any]) -> Event:
        """The `game_over` event of a game whose `score` is `outcome`."""
        return game_over(outcome)

    def after_game_end(self, index: int) -> Violation | None:
        if self.ended:
            return Violation(Code.ACTION_AFTER_GAME_END, index, Message(
                "The game ended for {player} earlier in this turn; nothing may follow.", player=self.who()))
        return None

    # -- shared moves ----------------------------------------------------------------------------

    def turn_up_own(self, named: str | None) -> str | None:
        """Take the top card off the mover's face-down stack: the card (from a hidden
        stack, the one `named`, which the checks have made sure of where it must be)."""
        me = self.players[self.player]
        card, rest = take_top(me.stack, named)
        self.players[self.player] = replace(me, stack=rest)
        return card

    # -- shared checks -------------------------------------------------------------------------

    def turn_up_violation(self, index: int, named: str | None, source: Cards,
                          listed: Callable[[str], bool]) -> Violation | None:
        """The draw codes for a card taken from `source` (a pile, top first, or hidden):
        `listed(card)` says the card lies elsewhere in the state as the turn left it."""
        if named is None:
            if isinstance(source, Hidden):
                return Violation(Code.DRAW_CARD_REQUIRED, index, Message(
                    "The pile is face down and the referee cannot see it: say which card was turned up."))
            return None
        if not isinstance(source, Hidden):
            if named != source[0]:
                return Violation(Code.DRAW_MISMATCH, index, Message(
                    "The top card there is {top}, not {card}.", top=Card(source[0]), card=Card(named)))
            return None
        if named not in self.deck:
            return Violation(Code.CARD_UNAVAILABLE, index, Message(
                "{card} is not a card of this game.", card=Card(named)))
        if listed(named):
            return Violation(Code.CARD_UNAVAILABLE, index, Message(
                "{card} cannot have been turned up: it is listed elsewhere in the state.", card=Card(named)))
        return None


def game_over(outcome: dict[str, Any]) -> Event:
    """The `game_over` event of a game whose `score` is `outcome`: its scores and winners."""
    return {"type": "game_over", "scores": outcome["scores"], "winners": outcome["winners"]}
