"""Every game in process, for bots and game AI: one interface over all eleven rulesets.

A `CompactGame` holds one game with every card known and answers the engine's questions
on it, as MASTER's `Game` does (`referee/games/master/game.py`), the way python-chess's
`Board` and OpenSpiel's `State` do:

    game = compact.new("zweikampf", ["Ada", "Ben"], seed=7)
    while not game.is_over:
        while not game.turn_complete:                    # a turn, action by action
            game.take(random.choice(game.legal_actions()))
        game.end_turn()                                  # its events, as engine.apply's
    game.scores()

Every answer is the dict engine's (`referee.engine`): the same legal actions in the same
order, the same events (`turn_events` those of the turn being built so far, as
`engine.partial_turn` has them), the same refusals (a `Violation` with the same code,
action index and message); `game.state` is the state the engine would hold after the
same turns, so `engine` can take over at any point (`from_state` hands back).

What the listing leaves open: a Ratefix guess is listed once without its number, and a
flip from an empty Schnipp Schnapp stack needs the shuffle chance makes (`settle`).
`referee.compact.play` defines the one random turn the benchmarks and tests play.

Who acts: outside a simultaneous step `current` is the player to move and `waiting` is
empty; in one (everyone turns up a card, everyone puts one face down) `current` is None
and `waiting` names the seats still to act, each of which plays a turn of its own in any
order. `acting` is whichever of the two applies. A turn being built belongs to one seat,
`player`: the seat named to the first `take` (by default `acting[0]`). A game may let a
player act out of turn with some actions (a Mogeln challenge in its 2018 edition):
`legal_actions(seat)` lists them and `take(action, seat)` takes them.

Every ruleset's folder has a `game.py` with a `Game` class (pure Python over a compact
table of its own; only a refusal asks the dict engine to name it), and plays on it.
`EngineGame` is the same interface straight over `referee.engine`, exact for any state
and slow: a state that hides cards a table needs (a table game, a view) plays on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import engine
from ..core import extras
from ..core.actions import Turn
from ..core.compact import CompactGame, HiddenCards
from ..core.ruleset import Ruleset
from ..core.turn import Event, LegalActions
from ..core.zones import GameState
from ..games import COMPACT_GAMES

Action = Any


def game_type(ruleset: str) -> type[CompactGame]:
    """The class that plays `ruleset` in process: the registry's (`games.COMPACT_GAMES`),
    else `EngineGame`. MalformedInput for an unknown ruleset."""
    found: type[CompactGame] = COMPACT_GAMES.get(engine.find_ruleset(ruleset).name, EngineGame)
    return found


def new(ruleset: str, players: Sequence[str], seed: int, options: dict[str, Any] | None = None) -> CompactGame:
    """A fresh game of `ruleset`: exactly `engine.new_game`'s deal for the same seed and
    options (MalformedInput, the referee's own text, for a wrong one)."""
    state = engine.new_game(players, seed=seed, ruleset=ruleset, options=options).state
    return game_type(ruleset)(state)


def from_state(state: Any) -> CompactGame:
    """A game from a state (a `GameState` or its JSON); the state is checked
    (`INVALID_STATE`) unless the engine made it. A state that hides cards the compact
    table needs (a table game, a view) is played on `EngineGame` instead."""
    if isinstance(state, dict):
        state = engine.load_state(state)
    try:
        return game_type(state.ruleset)(state)
    except HiddenCards:
        return EngineGame(state)


class EngineGame(CompactGame):
    """`CompactGame` straight over `referee.engine`: exact for any ruleset, as slow as the
    dict engine (each action lists the turn again from its start)."""

    __slots__ = ("_state", "_rules", "_player", "_taken", "_listed")

    def __init__(self, state: Any):
        if isinstance(state, dict):
            state = engine.load_state(state)
        engine.check_state(state)
        self._state: GameState = state if state.checked else state.marked_checked()
        self._rules = engine.find_ruleset(state.ruleset)
        self._player: int | None = None
        self._taken: tuple[Action, ...] = ()
        self._listed: LegalActions | None = None  # the turn as built, once asked

    def copy(self) -> EngineGame:
        new = EngineGame.__new__(EngineGame)
        new._state, new._rules, new._player, new._taken, new._listed = (
            self._state, self._rules, self._player, self._taken, self._listed)
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
        if self._state.is_over:
            return ()
        current = self._state.current
        return (current,) if current is not None else self.waiting

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def player(self) -> int | None:
        """The seat whose turn is being built (None before its first action)."""
        return self._player

    @property
    def taken(self) -> tuple[Action, ...]:
        return self._taken

    def scores(self) -> dict[str, Any]:
        return engine.scores(self._state)

    def view(self, player: int | None) -> Any:
        return engine.view(self._state, player)

    def settle(self, action: Action, rng: Any, player: int | None = None) -> Action:
        """The action of `player` (by default the seat building the turn, else
        `acting[0]`) as the table plays it where chance decides part of it (a flip from
        an empty Schnipp Schnapp stack shuffles the pile turned over with a seed from
        `rng`, as a sealed game's referee does); any other action as it is."""
        seat = self._seat(player)
        return extras.sealed_pick(self._rules, self._state, seat, action, rng) if seat is not None else action

    # -- a turn, action by action -----------------------------------------------------------

    def _seat(self, player: int | None) -> int | None:
        if player is not None:
            return player
        if self._player is not None:
            return self._player
        acting = self.acting
        return acting[0] if acting else None

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """What may come next in the turn being built (of `player`, by default the seat
        building it, else `acting[0]`): `engine.legal_actions` after the actions taken."""
        seat = self._seat(player)
        if seat is None or self._state.is_over:
            return []
        if seat == self._player or not self._taken:
            return self._list(seat).actions
        return []

    def _list(self, seat: int | None) -> LegalActions:
        if self._listed is None or self._listed.player != seat:
            self._listed = engine.legal_actions(self._state, self._taken, seat)
        return self._listed

    @property
    def turn_complete(self) -> bool:
        return bool(self._taken) and bool(self._list(self._player).complete)

    @property
    def turn_events(self) -> list[Event]:
        """What the actions taken so far caused (the cards they turned up), as
        `engine.partial_turn` reports it."""
        return engine.partial_turn(self._state, self._taken, self._player)[1] if self._taken else []

    def take(self, action: Action, player: int | None = None) -> None:
        """Add an action to the turn being built; the engine's Violation if it cannot come
        next (the turn stays as it was)."""
        seat = self._seat(player)
        if seat is None:  # nobody may act: the engine says why (the game is over)
            engine.check_mover(self._state, 0)
            raise RuntimeError("nobody may act in this game now")
        if self._taken and seat != self._player:
            raise RuntimeError(f"player {self._player} is building a turn: end_turn() or abandon_turn() first")
        taken = self._taken + (action,)
        engine.check_mover(self._state, seat, taken)
        listed = engine.legal_actions(self._state, taken, seat)
        self._player, self._taken, self._listed = seat, taken, listed

    def end_turn(self) -> list[Event]:
        """Play the turn built with `take`: its events, as `engine.apply` reports them."""
        seat = self._seat(None)
        events = self._apply(Turn(seat if seat is not None else 0, self._taken))
        return events

    def abandon_turn(self) -> None:
        self._player, self._taken, self._listed = None, (), None

    def play(self, turn: Turn | Sequence[Action], player: int | None = None) -> list[Event]:
        """Play a whole turn (a `Turn`, or the actions of `player`, by default `acting[0]`):
        its events, or the engine's Violation (the game unchanged)."""
        if self._taken:
            raise RuntimeError("a turn is being built: end_turn() or abandon_turn() first")
        if not isinstance(turn, Turn):
            seat = self._seat(player)
            turn = Turn(seat if seat is not None else 0, tuple(turn))
        return self._apply(turn)

    def _apply(self, turn: Turn) -> list[Event]:
        result = engine.apply(self._state, turn)
        self._state = result.state
        self.abandon_turn()
        return result.events


def reference(ruleset: str) -> Ruleset:
    """The dict engine's ruleset, the reference every compact game answers as."""
    return engine.find_ruleset(ruleset)


__all__ = ["CompactGame", "EngineGame", "new", "from_state", "game_type", "reference"]
