"""The engine's public face: plain data in, plain data or typed results out.

Everything here is pure: no web framework, no schema library, no serializer. The engine
is the door to the registry: each function finds the state's ruleset once (`_of`) and
asks it one question of the core interface (`core.ruleset.Ruleset`), whose judging is
written once for every game; nothing here restates a game's rules. Input is never
mutated; every call validates its state (`INVALID_STATE`, the impossible states each
game's page lists) before reasoning from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core.actions import Action, Turn
from .core.codes import Code
from .core.deal import deal_key, new_seed
from .core.errors import MalformedInput, Violation
from .core.ruleset import NewGame, ReplayResult, Ruleset
from .core.turn import LegalActions, TurnResult
from .core.zones import GameState, check_viewer
from .games import DEFAULT_RULESET, GAMES

__all__ = [
    "MalformedInput", "Violation", "GameState", "Turn", "TurnResult", "LegalActions",
    "ReplayResult", "RULESETS", "DEFAULT_RULESET", "ROW_GAMES", "NewGame", "Ruleset", "find_ruleset", "rulesets_using",
    "load_state", "load_turn", "load_actions", "check_state", "apply", "legal_actions",
    "replay", "scores", "new_game", "view", "view_events", "partial_turn", "check_mover", "turns_up",
]

#: Every ruleset the referee knows, by name.
RULESETS = GAMES
#: The games played on rows (MASTER, classic, junior), which the testing and conformance
#: kits (`referee.testing`, `referee.conformance`) are written for.
ROW_GAMES = tuple(name for name, ruleset in RULESETS.items() if ruleset.family == "rows")


def find_ruleset(name: Any) -> Ruleset:
    """The ruleset called `name`; MalformedInput for an unknown name."""
    return RULESETS.find(name)


def rulesets_using(code: Code) -> list[str]:
    """The names of the rulesets that report `code`."""
    return RULESETS.using(code)


def _of(state: GameState) -> Ruleset:
    """The one dispatch: the ruleset a state belongs to. Each function below asks it the
    question the function is named after (`core.ruleset.Ruleset` says what each means)."""
    return RULESETS.find(state.ruleset)


def load_state(data: Any) -> GameState:
    """A state from its JSON shape (any ruleset); raises MalformedInput."""
    if not isinstance(data, dict):
        raise MalformedInput("a game state is an object")
    state: GameState = find_ruleset(data.get("ruleset", DEFAULT_RULESET)).load_state(data)
    return state


def load_turn(data: Any, ruleset: str = DEFAULT_RULESET) -> Turn:
    """A turn from its JSON shape, naming cards of `ruleset`; raises MalformedInput."""
    return find_ruleset(ruleset).load_turn(data)


def load_actions(data: Any, ruleset: str = DEFAULT_RULESET) -> tuple[Action, ...]:
    """A list of actions (a turn prefix) naming cards of `ruleset`; raises MalformedInput."""
    return find_ruleset(ruleset).load_actions(data)


def check_state(state: GameState) -> None:
    """Raise INVALID_STATE, with its reason, for a state that cannot happen."""
    _of(state).check_state(state)


def apply(state: GameState, turn: Turn) -> TurnResult:
    """The new state after a legal turn, or a Violation with its code and action index."""
    return RULESETS.find(state.ruleset).apply(state, turn)  # `_of`, one call less on the hottest path


def legal_actions(state: GameState, prefix: Sequence[Action] = (), player: int | None = None) -> LegalActions:
    """Every action that can legally follow `prefix` for `player` (default: the one to
    move), and whether `prefix` is a whole turn."""
    return _of(state).legal_actions(state, tuple(prefix), player)


def partial_turn(state: GameState, prefix: Sequence[Action],
                 player: int | None = None) -> tuple[LegalActions, list[dict[str, Any]]]:
    """`legal_actions` after `prefix`, and the events the prefix caused (the cards it drew
    or turned up)."""
    return _of(state).partial_turn(state, tuple(prefix), player)


def replay(state: GameState, turns: Sequence[Turn]) -> ReplayResult:
    """The state after the turns, or the first Violation with its turn and action index."""
    return _of(state).replay(state, turns)


def check_mover(state: GameState, player: int, actions: Sequence[Action] = ()) -> None:
    """`GAME_OVER`, then `NOT_YOUR_TURN` unless `player` may act now (in a game of the box
    also out of turn, where the game lets `actions` be taken so)."""
    _of(state).check_mover(state, player, actions)


def turns_up(state: GameState, action: Action) -> bool:
    """The action turns up a card its player cannot know before (a draw, a reveal)."""
    return _of(state).turns_up(action)


def scores(state: GameState) -> dict[str, Any]:
    """`{"finished", "scores", "winners"}` of a state."""
    return _of(state).scores(state)


def view(state: GameState, player: int | None) -> GameState:
    """The state as `player` sees it at the table (None: a spectator): a state of the same
    ruleset with every card that player cannot see replaced by a count."""
    ruleset = _of(state)
    ruleset.check_state(state)
    check_viewer(state, player)
    seen: GameState = ruleset.view(state, player)
    return seen


def view_events(state: GameState, events: Sequence[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
    """A turn's events (of `state`'s ruleset) as `player` sees them (None: a spectator)."""
    return _of(state).view_events(events, player)


def new_game(
    players: Sequence[str],
    seed: int | None = None,
    first: int = 0,
    hidden: bool = False,
    ruleset: str = DEFAULT_RULESET,
    options: Any = None,
    salt: str | None = None,
) -> NewGame:
    """A fresh seeded deal, the seed it used (a random one when none is given), and how
    often the deal was redone (classic with the start on the 11s: until someone holds one).

    With a `salt` (32 hex digits) the deal comes from the seed and salt together, as a
    sealed game's does (`core.deal.deal_key`). `options` are the game's, as
    `GET /v1/rulesets` lists them; a game that chooses the order of its rows (MASTER) takes
    it as the option `rows` (`with_rows`).
    """
    seed = new_seed() if seed is None else seed
    state, redeals = find_ruleset(ruleset).deal(players, deal_key(seed, salt), first, hidden, options)
    return NewGame(state, seed, redeals)


def with_rows(options: Any, rows: Sequence[str] | None) -> Any:
    """A new game's options with the row order among them: the contract keeps `rows` a
    member of its own beside `options` (it is MASTER's, which has no other option)."""
    return options if rows is None else {**(options or {}), "rows": list(rows)}
