"""A MASTER game in process, for bots: play whole games without a dict at every turn.

Like python-chess's `Board` (`legal_moves`, `push`, `copy`) and OpenSpiel's `State`
(`legal_actions`, `apply_action`, `clone`), a `Game` holds one game on a compact board
(`board.py`) and answers the engine's questions on it:

    game = Game.new(["Ada", "Ben"], seed=7)
    while not game.is_over:
        turn = random.choice(game.complete_turns())     # every legal whole turn
        game.play(turn)                                  # the events, as engine.apply's
    game.scores()

or action by action, as `POST /v1/legal-actions` offers them:

    game.legal_actions()       # what may come next in the turn being built
    game.take(action)          # add it (a Violation, exactly the engine's, if illegal)
    game.turn_complete         # the actions taken make a whole turn
    game.end_turn()            # play them

Every answer is the dict engine's: the same legal actions in the same order, the same
events, and for an illegal action or turn the same Violation (code, index, message),
which the dict engine itself provides (`turn.py` is the reference: the compact path
decides legal or not, and only a refusal asks the reference to name it). `game.state`
is the `State` the dict engine would hold after the same turns, so the two can be
swapped at any point. Every hand and the pile must be known (a bot's own game); a
table game with hidden cards stays with `engine`.

`Game` is MASTER's `referee.compact.CompactGame` (`referee.compact` documents the
interface every ruleset shares): MASTER has no simultaneous step, so `waiting` is empty
and `acting` is the player to move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from ...core.actions import Action, Place, Turn
from ...core.cards import JOKER
from ...core.compact import CompactGame, HiddenCards
from ...core.errors import MalformedInput
from ...core.ruleset import Ruleset
from ...core.turn import Event, check_mover
from ...core.zones import check_viewer
from .board import Board
from .facts import MASTER
from .perft import walk
from .ruleset import Master
from .scoring import scores
from .state import State
from .steps import BoardTurn, game_over
from .validity import check_state

#: The dict engine's MASTER, the reference that names every refusal.
_REFERENCE = Master()
MASTER_NAME = Master.name


class Game(CompactGame):
    """One MASTER game with every card known (see the module)."""

    __slots__ = ("_board", "_steps")

    def __init__(self, state: State | dict[str, Any]):
        """A game from a state, or from its JSON shape; the state is checked
        (`INVALID_STATE`) unless the engine made it."""
        if isinstance(state, dict):
            state = State.from_dict(state)
        if not state.checked:
            check_state(state)
        try:
            self._board = Board.from_state(state)
        except ValueError as exc:
            raise HiddenCards(str(exc)) from None
        self._steps: BoardTurn | None = None

    @classmethod
    def new(cls, players: Sequence[str], seed: int, first: int = 0,
            rows: Sequence[str] | None = None) -> Game:
        """A fresh seeded deal, as `engine.new_game` deals it."""
        state, _ = _REFERENCE.deal(players, seed, first, False, None if rows is None else {"rows": rows})
        return cls(state)

    def copy(self) -> Game:
        """An independent copy (the turn being built included)."""
        new = Game.__new__(Game)
        new._board = self._board.copy()
        new._steps = None
        if self._steps is not None:
            for action in self._steps.taken:
                new._turn().take(action)
        return new

    # -- what the game shows --------------------------------------------------------------

    @property
    def state(self) -> State:
        """The state after the turns played (the turn being built is not in it)."""
        return self._board.to_state()

    @property
    def ruleset(self) -> str:
        return MASTER_NAME

    @property
    def current(self) -> int:
        return self._board.current

    @property
    def waiting(self) -> tuple[int, ...]:
        return ()

    @property
    def acting(self) -> tuple[int, ...]:
        """Who may act now: the player to move, nobody once the game is over."""
        return () if self._board.is_over else (self._board.current,)

    @property
    def player(self) -> int | None:
        """The seat whose turn is being built (None before its first action)."""
        return self._board.current if self._steps is not None and self._steps.taken else None

    @property
    def is_over(self) -> bool:
        return self._board.is_over

    @property
    def players(self) -> tuple[str, ...]:
        return self._board.names

    def hand(self, player: int) -> tuple[str, ...]:
        """The cards `player` holds, as wire names (`"R9"`, `"J"`)."""
        return tuple(self._board.hands[player])

    @property
    def pile_size(self) -> int:
        """How many cards the draw pile holds."""
        return self._board.pile_size

    def scores(self) -> dict[str, Any]:
        """`{"finished", "scores", "winners"}`, as `engine.scores`."""
        return scores(self.state)

    def view(self, player: int | None) -> State:
        """The state as `player` (None: a spectator) sees it, as `engine.view`."""
        state = self.state
        check_viewer(state, player)
        return _REFERENCE.view(state, player)

    def settle(self, action: Action, rng: Any, player: int | None = None) -> Action:
        """The action as listed: nothing in MASTER is left to chance once the deal is made."""
        return action

    # -- a turn, action by action ---------------------------------------------------------

    def _turn(self) -> BoardTurn:
        if self._steps is None:
            self._steps = BoardTurn(self._board)
        return self._steps

    @property
    def taken(self) -> tuple[Action, ...]:
        """The actions of the turn being built."""
        return tuple(self._steps.taken) if self._steps is not None else ()

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every action that can legally come next in the turn being built (the answer of
        `engine.legal_actions(game.state, game.taken, player)`)."""
        if player is not None and player != self._board.current:
            if not 0 <= player < len(self._board.hands):
                raise MalformedInput(f"there is no player {player} in this game")
            return []
        if self._board.over:
            return []
        steps = self._steps
        if steps is None:
            steps = self._steps = BoardTurn(self._board)
        return steps.next_actions()

    @property
    def turn_events(self) -> list[Event]:
        """What the actions taken so far caused (the cards drawn), as
        `engine.partial_turn` reports it."""
        return list(self._steps.events) if self._steps is not None and self._steps.taken else []

    @property
    def turn_complete(self) -> bool:
        """The actions taken so far make a whole legal turn."""
        return self._steps is not None and bool(self._steps.taken) and self._steps.is_complete()

    def take(self, action: Action, player: int | None = None) -> None:
        """Add an action to the turn being built (by `player`, by default the one to
        move); raise the engine's Violation if it cannot legally come next (the turn stays
        as it was)."""
        if player is not None and player != self._board.current or self._board.over:
            check_mover(self.state, self._board.current if player is None else player)
        steps = self._steps
        if steps is None:
            steps = self._steps = BoardTurn(self._board)
        if self._board.over or not steps.take(action):
            self._refuse(tuple(steps.taken) + (action,), whole=False)

    def end_turn(self) -> list[Event]:
        """Play the turn built with `take`; its events, as `engine.apply` reports them."""
        steps = self._steps
        if steps is None or not steps.taken or not steps.is_complete():
            self._refuse(tuple(steps.taken) if steps else (), whole=True)
        self._steps = None
        return self._finish(steps)

    def abandon_turn(self) -> None:
        """Forget the actions taken in this turn."""
        self._steps = None

    # -- whole turns ----------------------------------------------------------------------

    def play(self, turn: Turn | Sequence[Action], player: int | None = None) -> list[Event]:
        """Play a whole turn (a `Turn`, or the actions of `player`, by default the one to
        move); its events, as `engine.apply` reports them, or the engine's Violation (the
        game unchanged)."""
        if isinstance(turn, Turn):
            player, actions = turn.player, turn.actions
        else:
            player, actions = self._board.current if player is None else player, tuple(turn)
        if self._steps is not None:
            raise RuntimeError("a turn is being built: end_turn() or abandon_turn() first")
        board = self._board
        steps = BoardTurn(board)
        if player != board.current or board.is_over or not actions:
            self._refuse(actions, whole=True, player=player)
        for action in actions:
            if not steps.take(action):
                self._refuse(actions, whole=True, player=player)
        if not steps.is_complete():
            self._refuse(actions, whole=True, player=player)
        return self._finish(steps)

    def complete_turns(self) -> list[tuple[Action, ...]]:
        """Every distinct legal complete turn of the player to move (as `referee count`
        counts them), each as its actions.

        Mind the cost: a hand with jokers and bridges on a full table can have tens of
        thousands of turns, and listing them can take seconds (tens of seconds in the
        worst positions). A bot that plays many games builds its turn action by action
        with `legal_actions` and `take` instead.

        Raises:
            RuntimeError: a turn is being built (`end_turn` or `abandon_turn` first).
        """
        if self._steps is not None:
            raise RuntimeError("a turn is being built: end_turn() or abandon_turn() first")
        return walk(self._board, listing=True).listing or []

    # -- inside -----------------------------------------------------------------------------

    def _finish(self, steps: BoardTurn) -> list[Event]:
        events = steps.commit()
        board = self._board
        if steps.ended or board.passes >= len(board.hands):
            events.append(game_over(board.to_state(), steps.ended))
        return events

    def _refuse(self, actions: tuple[Action, ...], whole: bool, player: int | None = None) -> NoReturn:
        """Raise the reference's Violation (or MalformedInput) for what the compact path
        refused: the dict engine names it, with the same code, index and message."""
        _check_records(actions)
        state = self._board.to_state()
        if whole:
            turn = Turn(self._board.current if player is None else player, actions)
            Ruleset.apply(_REFERENCE, state, turn)
        else:
            Ruleset.legal_actions(_REFERENCE, state, actions)
        raise AssertionError(f"the compact board refused what the reference accepts: {actions}")


def _check_records(actions: Sequence[Action]) -> None:
    """A number card goes to its own slot: the wire never reads another placement, and
    a bot's hand-made `Place("R5", Slot("G", 3))` is refused as malformed."""
    for action in actions:
        if type(action) is Place and action.card != JOKER and MASTER.slots.get(action.card) != action.slot:
            raise MalformedInput(f"{action.card} is placed in its own slot, not in {action.slot}")


__all__ = ["Game"]
