"""Every ruleset as an OpenSpiel game (docs/howto/game-ai.md), registered with
`pyspiel.register_game` as `python_elfer_raus_<ruleset>` (hyphens as underscores):

    import pyspiel
    import referee.ai.openspiel_game  # registers the games
    game = pyspiel.load_game("python_elfer_raus_master", {"players": 2})

A game of imperfect information with explicit chance. The first node is the deal, a
chance node whose outcome `k` (one of `deals`, equally likely) deals exactly
`engine.new_game(seed=k)`: the seed is the deal, so a chosen outcome reproduces the
referee's deal. Cards a seat turns up later (a draw, a reveal) lie where that deal put
them, not drawn at a chance node of their own: a face-down pile is not always in random
order later on (cards won go under a stack in an order everyone saw), so a fresh draw
would change the game. A choice a seat makes blind (a card drawn from a fan held face
down) is the referee's, drawn from the history, as in a sealed game. The actions are the entries of
the ruleset's action space, then "end turn" (`referee.ai.table`); the player to act is
the seat that chooses now (in a simultaneous step each waiting seat in turn, in seat
order). A game ends when the referee says so, or is cut short after `max_turns` turns
(or `max_turns` × `STEPS` steps); the returns are `Table.returns`.

The observation (tensor and string) is the seat's view with its open turn
(`referee.ai.observe`); the information state is the same, so that ISMCTS groups the
worlds a seat cannot tell apart, which `resample_from_infostate` draws
(`referee.ai.worlds`).
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import numpy as np
import pyspiel

from .. import engine
from .observe import Layout
from .table import Table
from .worlds import resample

__all__ = ["DEALS", "GAMES", "MAX_TURNS", "STEPS", "ElferRausGame", "ElferRausState", "game_name"]

#: The deals the chance node chooses among, and the turns before a game is cut short.
DEALS = 1000
MAX_TURNS = 1000
#: The steps a turn may take on average before a game is cut short (a MASTER turn may lay
#: many cards, most turns take one or two).
STEPS = 64


def game_name(ruleset: str) -> str:
    """The name a ruleset's game is registered by: `python_elfer_raus_<ruleset>`, hyphens
    as underscores (`pyspiel.load_game(game_name("schwarzer-peter"))`)."""
    return "python_elfer_raus_" + ruleset.replace("-", "_")


class ElferRausGame(pyspiel.Game):
    """One ruleset's game, with the parameters `players`, `deals` and `max_turns` (a
    subclass per ruleset names it, `RULESET`, registered under `game_name(RULESET)`)."""

    RULESET = engine.DEFAULT_RULESET

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**self.default_params(), **(params or {})}
        players = int(params["players"])
        probe = Table.new(self.RULESET, players, 0)  # the referee's error for wrong seats
        super().__init__(self.game_type(), pyspiel.GameInfo(
            num_distinct_actions=len(probe.space),
            max_chance_outcomes=int(params["deals"]),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # The deal, then at most STEPS a turn (`is_terminal` holds a game to it).
            max_game_length=int(params["max_turns"]) * STEPS + 1,
        ), params)

    # What the game's parameters say, read from them (a game unpickled by OpenSpiel's
    # serialization keeps its parameters, not other attributes).
    @property
    def ruleset(self) -> str:
        """The ruleset's name (`master`, `schwarzer-peter`, ...)."""
        return self.RULESET

    @property
    def players(self) -> int:
        """The number of seats."""
        return int(self.get_parameters()["players"])

    @property
    def deals(self) -> int:
        """The deals the chance node chooses among (seeds 0 to `deals` - 1)."""
        return int(self.get_parameters()["deals"])

    @property
    def max_turns(self) -> int:
        """The turns after which a game is cut short."""
        return int(self.get_parameters()["max_turns"])

    @property
    def layout(self) -> Layout:
        """The observation's features for these seats (`referee.ai.observe`)."""
        return Layout.of(self.RULESET, self.players)

    @classmethod
    def default_params(cls) -> dict[str, Any]:
        """The parameters a game takes when none are given: the fewest seats the ruleset
        allows (at least 2), `DEALS` and `MAX_TURNS`."""
        rules = engine.RULESETS[cls.RULESET]
        return {"players": max(2, rules.min_players), "deals": DEALS, "max_turns": MAX_TURNS}

    @classmethod
    def game_type(cls) -> pyspiel.GameType:
        """The game's type as OpenSpiel registers it: imperfect information, explicit
        chance, zero sum, rewards at the end."""
        rules = engine.RULESETS[cls.RULESET]
        return pyspiel.GameType(
            short_name=game_name(cls.RULESET),
            long_name=f"Elfer raus! {rules.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=rules.max_players,
            min_num_players=rules.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=cls.default_params(),
        )

    def new_initial_state(self) -> ElferRausState:
        """A game before the deal (a chance node)."""
        return ElferRausState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        """The observer of a seat's view and open turn, for observations and information
        states alike."""
        return SeatObserver(self)


class ElferRausState(pyspiel.State):
    """A game in progress: before the deal, the chance node; then the table."""

    def __init__(self, game: ElferRausGame) -> None:
        super().__init__(game)
        self.game = game
        self.table: Table | None = None
        self.seed: int | None = None

    def current_player(self) -> int:
        """The seat that chooses now, or OpenSpiel's chance or terminal player."""
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        acting = self.table.acting  # None only once the game is over
        if acting is None or self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return acting

    def _legal_actions(self, player: int) -> list[int]:
        # OpenSpiel asks a chance node for its outcomes, not here: the table is dealt.
        assert self.table is not None
        return self.table.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely: outcome `k` deals `engine.new_game(seed=k)`."""
        p = 1.0 / self.game.deals
        return [(seed, p) for seed in range(self.game.deals)]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self.seed = action
            self.table = Table.new(self.game.ruleset, self.game.players, action)
            return
        # A blind choice comes from the deal and the moment, so a history replays alike.
        self.table.act(action, random.Random(f"{self.seed}:{len(self.history())}"))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return json.dumps(Table.new(self.game.ruleset, self.game.players, 0).space.entries[action]) \
            if self.table is None else json.dumps(self.table.space.entries[action])

    def is_terminal(self) -> bool:
        """Whether the referee says the game is over, or it is cut short (`max_turns`)."""
        table = self.table
        if table is None:
            return False
        return (table.is_over or table.turns >= self.game.max_turns
                or len(self.history()) >= self.game.max_turns * STEPS)

    def returns(self) -> list[float]:
        """Each seat's reward at the end (`Table.returns`), 0 for every seat before."""
        if self.table is None or not self.is_terminal():
            return [0.0] * self.game.players
        return self.table.returns()

    def resample_from_infostate(self, player: int, sampler: Any) -> ElferRausState:
        """A state `player` cannot tell from this one (its hidden cards dealt anew)."""
        clone: ElferRausState = self.clone()
        if self.table is None or clone.table is None:
            return clone
        rng = random.Random(sampler() if callable(sampler) else random.random())
        seen = self.table.open_turn(player)
        for _ in range(20):
            try:  # the turn being built is played again in the new world
                clone.table.state = resample(self.table.state, player, rng)
                if clone.table.open_turn(player) == seen:
                    return clone
            except engine.Violation:
                pass
        clone.table.state = self.table.state
        return clone

    def __str__(self) -> str:
        if self.table is None:
            return "before the deal"
        return json.dumps(self.table.state.to_dict())


class SeatObserver:
    """The observer OpenSpiel asks for tensors and strings: a seat's view and open turn."""

    def __init__(self, game: ElferRausGame):
        self.layout = game.layout
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ElferRausState, player: int) -> None:
        self.tensor.fill(0)
        if state.table is not None:
            self.tensor[:] = self.layout.encode(state.table, player)

    def string_from(self, state: ElferRausState, player: int) -> str:
        if state.table is None:
            return "before the deal"
        taken, turned_up = state.table.open_turn(player)
        view = state.table.view(player).to_dict()
        return json.dumps({"player": player, "view": view, "taken": taken, "turned up": turned_up},
                          sort_keys=True)


def _register() -> dict[str, type[ElferRausGame]]:
    games = {}
    for ruleset in engine.RULESETS:
        name = f"ElferRaus_{ruleset.replace('-', '_')}"
        cls = cast("type[ElferRausGame]", type(name, (ElferRausGame,), {"RULESET": ruleset, "__module__": __name__}))
        globals()[name] = cls  # found by name, as pickling (serialization) asks
        pyspiel.register_game(cls.game_type(), cls)
        games[ruleset] = cls
    return games


#: Every ruleset's game class, registered with OpenSpiel when the module is imported.
GAMES = _register()
