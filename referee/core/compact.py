"""`CompactGame`, the interface of every ruleset's game in process, and `TableGame`, what
their compact tables share (`referee.compact` says how to get one; MASTER's
`games/master/game.py` is the model).

A game's compact table keeps the cards in plain lists and small integers, judges each
action on them and builds the dict engine's state only when asked (`state`, a refusal,
a view, the scores at the end). Its subclass supplies the table:

- `_load(state)`: the table from a checked state (`HiddenCards` where a card it needs is
  hidden: such a game plays straight over the engine); `_build()`: the state of the table;
- `_open(seat, first)`: may `seat` (already in `_seat`) begin a turn now (with the action
  `first`, or None for a listing)? It sets up the turn's working fields;
- `_moves()`: the legal next actions, in the engine's order; `_take(action)`: carry the
  action out if it passes its checks, else return False and change nothing;
  `_complete()`: the actions taken make a whole turn; `_commit()`: end the turn (its
  events, as the engine reports them, gathered in `events` as the actions are taken);
- `names`, the players' names; `_current`, `_waiting` and `_over`, kept up to date; its
  fields named in `NESTED`, `MIXED`, `LISTS` and `SHARED` (how a copy copies them).

The table decides legal or not; only a refusal asks the reference (the game's ruleset,
whose `check_mover`, `legal_actions` and `apply` are what `referee.engine` calls) to name
it, so its code, index and message are the engine's by construction. A turn works on the
table itself, a copy of it (`_copy`) kept to give back on `abandon_turn` or a refused
`play`, and to build `state` from while the turn is being built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .actions import Turn
from .errors import MalformedInput
from .turn import Event
from .zones import check_viewer


Action = Any


@runtime_checkable
class CompactGame(Protocol):
    """What a game in process answers, for every ruleset (`referee.compact` says how to
    get one). Every answer is the dict engine's: the same legal actions in the same
    order, the same events, and for an illegal action the same `Violation`."""

    def __init__(self, state: Any) -> None:
        """The game from a state (a `GameState` or its JSON), checked unless the engine
        made it."""
        ...

    @property
    def ruleset(self) -> str:
        """The ruleset's name (`"zweikampf"`)."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def current(self) -> int | None:
        """The player to move; None in a step where several act at once (`waiting`) and
        once the game is over."""
        ...

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to act in a step where several act at once; empty otherwise."""
        ...

    @property
    def acting(self) -> tuple[int, ...]:
        """Who may act now: `(current,)`, or `waiting`, or nobody once the game is over."""
        ...

    @property
    def player(self) -> int | None:
        """The seat whose turn is being built; None before its first action."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game has ended; then no turn can be played."""
        ...

    @property
    def taken(self) -> tuple[Action, ...]:
        """The actions of the turn being built, in order."""
        ...

    @property
    def turn_complete(self) -> bool:
        """Whether the actions taken make a whole turn that `end_turn` may play."""
        ...

    @property
    def turn_events(self) -> list[Event]:
        """What the turn being built has caused so far (cards drawn or turned up), as
        `engine.partial_turn` reports it."""
        ...

    @property
    def state(self) -> Any:
        """The dict engine's state after the turns played (the turn being built is not
        in it): `referee.engine` can take over from it at any point."""
        ...

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action that may come next in the turn being built, in the engine's order;
        `player` asks for a seat that may act out of turn (a Mogeln challenge)."""
        ...

    def take(self, action: Action, player: int | None = None) -> None:
        """Add `action` to the turn being built (of `player`, by default `acting[0]`).

        Raises:
            Violation: the action is illegal here, with the engine's code, action index
                and message; the game is left as it was.
        """
        ...

    def end_turn(self) -> list[Event]:
        """Play the turn built so far and answer its events, as `engine.apply` does.

        Raises:
            Violation: the actions taken are not a whole turn.
        """
        ...

    def abandon_turn(self) -> None:
        """Forget the turn being built; the game is as it was before its first action."""
        ...

    def play(self, turn: Turn | Sequence[Action], player: int | None = None) -> list[Event]:
        """Take every action of `turn` and end the turn: its events.

        Raises:
            Violation: an action or the whole turn is illegal; the game is left as it was.
        """
        ...

    def copy(self) -> CompactGame:
        """An independent copy, the turn being built included."""
        ...

    def scores(self) -> dict[str, Any]:
        """`{"finished", "scores", "winners"}`, as `engine.scores` answers."""
        ...

    def view(self, player: int | None) -> Any:
        """The state as `player` (None: a spectator) sees it, as `engine.view` answers."""
        ...

    def settle(self, action: Action, rng: Any, player: int | None = None) -> Action:
        """`action` as the table plays it where chance decides part of it (a flip from an
        empty Schnipp Schnapp stack gets a shuffle seed from `rng`); any other action as
        it is."""
        ...


class HiddenCards(MalformedInput):
    """The state hides a card the compact table needs (a table game, a view): such a game
    is played straight over the engine instead (`referee.compact.from_state`)."""


class TableGame(CompactGame):
    """The interface over a compact table (see the module)."""

    __slots__ = ("_current", "_waiting", "_over", "_seat", "_taken", "_before", "_state")
    #: The dict engine's ruleset of the game: the reference that names refusals.
    reference: Any
    #: The table's own fields, by how `_copy` copies them: lists of lists, lists of lists
    #: and values, lists, and values no turn changes in place; `FIELDS` are all of them.
    NESTED: tuple[str, ...] = ()
    MIXED: tuple[str, ...] = ()
    LISTS: tuple[str, ...] = ()
    SHARED: tuple[str, ...] = ()
    FIELDS: tuple[str, ...] = ()

    def __init__(self, state: Any):
        if isinstance(state, dict):
            state = self.reference.load_state(state)
        if not state.checked:
            self.reference.check_state(state)
            state = state.marked_checked()
        self._seat: int | None = None
        self._taken: list[Any] = []
        self._before: TableGame | None = None
        self._state = state
        self._load(state)

    # -- the table's part ---------------------------------------------------------------------

    def _load(self, state: Any) -> None:
        raise NotImplementedError

    def _build(self) -> Any:
        raise NotImplementedError

    def _open(self, seat: int, first: Any) -> bool:
        raise NotImplementedError

    def _moves(self) -> list[Any]:
        raise NotImplementedError

    def _take(self, action: Any) -> bool:
        raise NotImplementedError

    def _complete(self) -> bool:
        raise NotImplementedError

    def _commit(self) -> list[Event]:
        raise NotImplementedError

    def _copy(self) -> TableGame:
        """The table as it lies, without a turn being built: each field copied (`NESTED`
        two levels deep, `MIXED` two where an item is a list, `LISTS` one, `SHARED` not at
        all)."""
        cls = type(self)
        new = object.__new__(cls)
        new._current, new._waiting, new._over = self._current, self._waiting, self._over
        new._seat, new._taken, new._before, new._state = None, [], None, self._state
        for name in cls.NESTED:
            setattr(new, name, [v[:] for v in getattr(self, name)])
        for name in cls.MIXED:
            setattr(new, name, [v[:] if type(v) is list else v for v in getattr(self, name)])
        for name in cls.LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in cls.SHARED:
            setattr(new, name, getattr(self, name))
        return new

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.FIELDS = cls.NESTED + cls.MIXED + cls.LISTS + cls.SHARED

    def _restore(self, other: TableGame) -> None:
        self._current, self._waiting, self._over = other._current, other._waiting, other._over
        for name in self.FIELDS:
            setattr(self, name, getattr(other, name))
        self._seat, self._taken, self._before = None, [], None

    # -- what the game shows --------------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        return self.reference.name

    @property
    def state(self) -> Any:
        """The state after the turns played (the turn being built is not in it)."""
        if self._state is None:
            self._state = self._build()
        return self._state

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.names)

    @property
    def current(self) -> int | None:
        return (self._before or self)._current

    @property
    def waiting(self) -> tuple[int, ...]:
        return (self._before or self)._waiting

    @property
    def acting(self) -> tuple[int, ...]:
        table = self._before or self
        if table._over:
            return ()
        return (table._current,) if table._current is not None else table._waiting

    @property
    def is_over(self) -> bool:
        return (self._before or self)._over

    @property
    def player(self) -> int | None:
        """The seat whose turn is being built (None before its first action)."""
        return self._seat if self._taken else None

    @property
    def taken(self) -> tuple[Any, ...]:
        return tuple(self._taken)

    def scores(self) -> dict[str, Any]:
        return self.reference.score(self.state)

    def view(self, player: int | None) -> Any:
        state = self.state
        check_viewer(state, player)
        return self.reference.view(state, player)

    def settle(self, action: Any, rng: Any, player: int | None = None) -> Any:
        """The action as the table plays it where chance decides part of it; by default
        as it is."""
        return action

    def copy(self) -> TableGame:
        """An independent copy (the turn being built included)."""
        if not self._taken:
            return self._copy()
        new = self._before._copy()
        for action in self._taken:
            new.take(action, self._seat)
        return new

    # -- a turn, action by action -----------------------------------------------------------------

    def _first_seat(self, player: int | None) -> int | None:
        if player is not None:
            return player
        acting = self.acting
        return acting[0] if acting else None

    def legal_actions(self, player: int | None = None) -> list[Any]:
        """What may come next in the turn being built (of `player`, by default the seat
        building it, else `acting[0]`), as `engine.legal_actions` lists it."""
        if self._taken:
            return self._moves() if player is None or player == self._seat else []
        seat = self._first_seat(player)
        if seat is None or self._over:
            return []
        self._seat = seat
        if not self._open(seat, None):
            return self.reference.legal_actions(self.state, (), seat).actions
        return self._moves()

    @property
    def turn_complete(self) -> bool:
        return bool(self._taken) and self._complete()

    @property
    def turn_events(self) -> list[Event]:
        """What the actions taken so far caused (the cards they turned up), as
        `engine.partial_turn` reports it: the table's `events` of the turn."""
        return list(self.events) if self._taken else []

    def take(self, action: Any, player: int | None = None) -> None:
        """Add an action to the turn being built (by `player`, by default the seat building
        it, else `acting[0]`); the engine's Violation if it cannot come next (the turn
        stays as it was)."""
        if self._taken:
            if player is not None and player != self._seat:
                raise RuntimeError(f"player {self._seat} is building a turn: end_turn() or abandon_turn() first")
            if not self._take(action):
                self._refuse((*self._taken, action), self._seat, whole=False)
            self._taken.append(action)
            return
        seat = self._seat = self._first_seat(player)
        if seat is None or self._over or not self._open(seat, action):
            self._refuse((action,), 0 if seat is None else seat, whole=False)
        before = self._copy()
        if not self._take(action):
            self._refuse((action,), seat, whole=False)
        self._before, self._seat, self._state = before, seat, before._state
        self._taken.append(action)

    def end_turn(self) -> list[Event]:
        """Play the turn built with `take`: its events, as `engine.apply` reports them."""
        if not self._taken or not self._complete():
            seat = self._seat if self._taken else self._first_seat(None)
            self._refuse(tuple(self._taken), 0 if seat is None else seat, whole=True)
        self._state = None  # `_commit` may build the new state (for the scores at the end)
        events = self._commit()
        self._seat, self._taken, self._before = None, [], None
        return events

    def abandon_turn(self) -> None:
        """Forget the actions taken in this turn."""
        if self._taken:
            self._restore(self._before)

    def play(self, turn: Turn | Sequence[Any], player: int | None = None) -> list[Event]:
        """Play a whole turn (a `Turn`, or the actions of `player`, by default `acting[0]`):
        its events, or the engine's Violation (the game unchanged)."""
        if self._taken:
            raise RuntimeError("a turn is being built: end_turn() or abandon_turn() first")
        if isinstance(turn, Turn):
            seat, actions = turn.player, tuple(turn.actions)
        else:
            seat, actions = self._first_seat(player), tuple(turn)
            seat = 0 if seat is None else seat
        self._seat = seat
        if actions and not self._over and self._open(seat, actions[0]):
            before = self._copy()
            for action in actions:
                if not self._take(action):
                    break
                self._taken.append(action)
            else:
                if self._complete():
                    self._before = before
                    return self.end_turn()
            self._restore(before)
        self._refuse(actions, seat, whole=True)
        raise AssertionError("unreachable")

    # -- refusals ------------------------------------------------------------------------------------

    def _refuse(self, actions: tuple[Any, ...], player: int, whole: bool) -> None:
        """Raise the reference's Violation (or MalformedInput) for what the table refused."""
        state = self.state
        if whole:
            self.reference.apply(state, Turn(player, actions))
        else:
            self.reference.check_mover(state, player, actions)
            self.reference.legal_actions(state, actions, player)
        raise AssertionError(f"the compact table refused what the reference accepts: {player} {actions}")


__all__ = ["TableGame", "HiddenCards"]
