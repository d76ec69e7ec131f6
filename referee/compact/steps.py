"""`StepsGame`: a game in process on its ruleset's own turn, kept alive between actions.

`EngineGame` asks `engine.legal_actions` after every action, which reads the turn again
from its start; a `StepsGame` holds the family's working copy of the turn (`core.turn.Steps`,
the very object `engine.apply` runs) and feeds it one action at a time: `take` asks the
action's checks and carries it out, `legal_actions` asks the same checks of the
candidates, `end_turn` takes the turn's result. States are the ruleset's own records, never
JSON, and each is marked checked as the engine marks its own.

The turn object decides legal or not; a refusal is named by the dict engine
(`referee.engine`, the reference), so its code, index and message are the engine's by
construction, and a refused action or turn changes nothing. A family says how its turns
begin and what is listed (`BoxSteps`, `RowSteps`); a ruleset whose folder has a compact
game of its own (`game.py`) plays on that instead (`referee.compact.game_type`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import engine
from ..core.actions import Turn
from ..core.errors import MalformedInput, Violation
from ..core.turn import Event


class StepsGame:
    """The interface of `referee.compact.CompactGame` over a live turn (see the module); a
    family's subclass supplies `_begin`, `_accepts`, `_listing` and `_complete`."""

    __slots__ = ("_state", "_rules", "_steps", "_player", "_kinds", "_grammar")

    def __init__(self, state: Any):
        if isinstance(state, dict):
            state = engine.load_state(state)
        engine.check_state(state)
        self._state = state if state.checked else state.marked_checked()
        self._rules = engine.find_ruleset(state.ruleset)
        self._reset()

    def _reset(self) -> None:
        self._steps: Any = None
        self._player: int | None = None
        self._kinds: list[str] = []
        self._grammar: Any = None

    def copy(self) -> StepsGame:
        new = object.__new__(type(self))
        new._state, new._rules = self._state, self._rules
        new._reset()
        for action in self.taken:
            new.take(action, self._player)
        return new

    # -- what the game shows --------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        return self._state.ruleset

    @property
    def state(self) -> Any:
        """The state after the turns played (the turn being built is not in it)."""
        return self._state

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self._state.players)

    @property
    def current(self) -> int | None:
        return self._state.current

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(getattr(self._state, "waiting", ()))

    @property
    def acting(self) -> tuple[int, ...]:
        state = self._state
        if state.is_over:
            return ()
        return (state.current,) if state.current is not None else tuple(state.waiting)

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def player(self) -> int | None:
        """The seat whose turn is being built (None before its first action)."""
        return self._player if self._steps is not None and self._steps.taken else None

    @property
    def taken(self) -> tuple[Any, ...]:
        return tuple(self._steps.taken) if self._steps is not None else ()

    def scores(self) -> dict[str, Any]:
        return engine.scores(self._state)

    def view(self, player: int | None) -> Any:
        return engine.view(self._state, player)

    def settle(self, action: Any, rng: Any, player: int | None = None) -> Any:
        """The action of `player` (by default the seat building the turn, else
        `acting[0]`) as the table plays it where chance decides part of it (a flip from
        an empty Schnipp Schnapp stack shuffles the pile turned over with a seed from
        `rng`, as a sealed game's referee does); any other action as it is."""
        seat = self._seat(player)
        return self._rules.sealed_pick(self._state, seat, action, rng) if seat is not None else action

    # -- a turn, action by action -----------------------------------------------------------

    def _seat(self, player: int | None) -> int | None:
        """`player`, else the seat building the turn, else the first who may act."""
        if player is not None:
            return player
        if self._steps is not None and self._steps.taken:
            return self._player
        acting = self.acting
        return acting[0] if acting else None

    def legal_actions(self, player: int | None = None) -> list[Any]:
        """What may come next in the turn being built (of `player`, by default the seat
        building it, else `acting[0]`), as `engine.legal_actions` lists it."""
        steps = self._steps
        if steps is not None and steps.taken:
            return self._listing() if player is None or player == self._player else []
        seat = self._seat(player)
        if seat is None or self._state.is_over:
            return []
        if (steps is None or seat != self._player) and not self._opens(seat):
            self._reset()
            return engine.legal_actions(self._state, (), seat).actions
        return self._listing()

    @property
    def turn_complete(self) -> bool:
        return self._steps is not None and bool(self._steps.taken) and self._complete()

    def take(self, action: Any, player: int | None = None) -> None:
        """Add an action to the turn being built; the engine's Violation if it cannot come
        next (the turn stays as it was)."""
        steps = self._steps
        if steps is not None and steps.taken:
            if player is not None and player != self._player:
                raise RuntimeError(f"player {self._player} is building a turn: end_turn() or abandon_turn() first")
        else:
            seat = self._seat(player)
            if seat is None or ((steps is None or seat != self._player) and not self._begin(seat, action)):
                self._refuse((action,), seat if seat is not None else 0, whole=False)
        if not self._accepts(action):
            self._refuse(self.taken + (action,), self._player, whole=False)

    def end_turn(self) -> list[Event]:
        """Play the turn built with `take`: its events, as `engine.apply` reports them."""
        steps = self._steps
        if steps is None or not steps.taken or not self._complete():
            seat = self._seat(None)
            self._refuse(self.taken, seat if seat is not None else 0, whole=True)
        result = steps.result()
        self._state = result.state
        self._reset()
        return result.events

    def abandon_turn(self) -> None:
        self._reset()

    def play(self, turn: Turn | Sequence[Any], player: int | None = None) -> list[Event]:
        """Play a whole turn (a `Turn`, or the actions of `player`, by default `acting[0]`):
        its events, or the engine's Violation (the game unchanged)."""
        if self._steps is not None:
            raise RuntimeError("a turn is being built: end_turn() or abandon_turn() first")
        if isinstance(turn, Turn):
            player, actions = turn.player, tuple(turn.actions)
        else:
            actions = tuple(turn)
            player = self._seat(player)
            if player is None:
                player = 0
        try:
            for action in actions:
                self.take(action, player)
            if not actions:
                self._refuse((), player, whole=True)
            return self.end_turn()
        except (Violation, MalformedInput):
            self._reset()
            self._refuse(actions, player, whole=True)
            raise AssertionError("unreachable")  # _refuse raises

    # -- the family's part --------------------------------------------------------------------

    def _opens(self, seat: int) -> bool:
        """Start the turn of `seat` for a listing; False where it cannot act (the engine
        lists for it then)."""
        raise NotImplementedError

    def _begin(self, seat: int, first: Any) -> bool:
        """Start the turn of `seat` whose first action is `first`; False where the
        engine refuses it before the action's own checks."""
        raise NotImplementedError

    def _accepts(self, action: Any) -> bool:
        """Check the action against the turn so far and carry it out if it passes."""
        raise NotImplementedError

    def _listing(self) -> list[Any]:
        raise NotImplementedError

    def _complete(self) -> bool:
        raise NotImplementedError

    # -- refusals -------------------------------------------------------------------------------

    def _refuse(self, actions: tuple[Any, ...], player: int, whole: bool) -> None:
        """Raise the reference's Violation (or MalformedInput) for what the turn refused,
        and forget the turn if it was refused as a whole."""
        if self._steps is not None and not self._steps.taken:
            self._reset()  # a turn opened by a listing or a refused first action
        state = self._state
        if whole:
            self._reset()
            engine.apply(state, Turn(player, actions))
        else:
            engine.check_mover(state, player, actions)
            engine.legal_actions(state, actions, player)
        raise AssertionError(f"the turn refused what the reference accepts: {actions}")


class BoxSteps(StepsGame):
    """A game of the box on its `BoxTurn` (`families/box/ruleset.py`'s judging, one action
    at a time)."""

    __slots__ = ()

    def _opens(self, seat: int) -> bool:
        state, rules = self._state, self._rules
        if state.is_over or not 0 <= seat < len(state.players):
            return False
        grammar = rules.turn_grammar(state, seat, (), listing=True)
        if grammar is None:
            return False
        self._grammar = grammar
        self._player = seat
        self._kinds = []
        self._steps = rules.start_turn(state, seat, ())
        return True

    def _begin(self, seat: int, first: Any) -> bool:
        state, rules = self._state, self._rules
        if state.is_over or not 0 <= seat < len(state.players):
            return False
        grammar = rules.turn_grammar(state, seat, rules.kinds(state, seat, (first,)), listing=True)
        if grammar is None:
            return False
        self._grammar = grammar
        self._player = seat
        self._kinds = []
        self._steps = rules.start_turn(state, seat, ())
        return True

    def _accepts(self, action: Any) -> bool:
        steps = self._steps
        kinds = self._kinds + self._rules.kinds(self._state, self._player, (action,))
        if self._grammar.violation(kinds, whole=False) is not None:
            return False
        index = len(steps.taken)
        if steps.after_game_end(index) is not None or steps.violation(index, action) is not None:
            return False
        steps.perform(index, action)
        steps.taken.append(action)
        self._kinds = kinds
        return True

    def _listing(self) -> list[Any]:
        steps, grammar, kinds, rules, state = self._steps, self._grammar, self._kinds, self._rules, self._state
        if steps.ended:
            return []
        index = len(steps.taken)
        listed = []
        for action in steps.candidates():
            if (grammar.allows_next(kinds, rules.kinds(state, self._player, (action,))[0])
                    and rules.listable(steps.violation(index, action))):
                listed.append(action)
        return listed

    def _complete(self) -> bool:
        return self._grammar.accepts(self._kinds) and self._steps.is_complete()


class RowSteps(StepsGame):
    """A classic or junior game on its `RowTurn` (`families/rows/turn.py` and `legal.py`)."""

    __slots__ = ()

    def _opens(self, seat: int) -> bool:
        state = self._state
        if state.is_over or seat != state.current:
            return False
        self._player = seat
        self._steps = self._rules.start_turn(state, seat, ())
        return True

    def _begin(self, seat: int, first: Any) -> bool:
        return self._opens(seat)

    def _accepts(self, action: Any) -> bool:
        steps = self._steps
        card = getattr(action, "card", None)
        if card is not None and card not in steps.variant.slots:
            return False
        actions = (*steps.taken, action)
        if steps.whole_turn_violation(actions) is not None:
            return False
        index = len(steps.taken)
        if steps.violation(index, action) is not None:
            return False
        steps.perform(index, action)
        steps.taken.append(action)
        return True

    def _listing(self) -> list[Any]:
        steps = self._steps
        return list(self._rules.next_actions(steps, len(steps.taken)))

    def _complete(self) -> bool:
        return self._steps.is_complete()


__all__ = ["StepsGame", "BoxSteps", "RowSteps"]
