"""Every ruleset as a PettingZoo AEC environment (docs/howto/game-ai.md).

    from referee.ai.pettingzoo_env import env
    game = env("master", players=2)
    game.reset(seed=7)                       # the deal of engine.new_game(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        mask = observation["action_mask"]
        game.step(None if termination or truncation else game.action_space(agent).sample(mask))

The agents are the seats, `player_0` to `player_<n-1>`. The environment goes round the
table in cycles: in each cycle every seat steps once, in seat order. A seat that may act
chooses an entry of the game's action space (the ruleset's `action_space`, then "end
turn", then "decline" where seats may act out of turn, then "wait"); any other seat's
mask offers "wait" only. A turn of several actions (or a play picked card by card) takes
several cycles of the same seat, and a seat that may act out of turn gets a decision step
of its own (`referee.ai.table`); in a simultaneous step every waiting seat acts in
the same cycle, in seat order, each seeing what its view shows (`referee.ai.table`: a card
another seat played face down stays hidden). The observation is
`{"observation": <the seat's view as a vector, referee.ai.observe>, "action_mask": <int8>}`.

Rewards come at the end, from `engine.scores` (`Table.returns`): a lone winner 1, the
others sharing -1. After `max_cycles` cycles every seat is truncated, with the rewards of
the table as it stands. An action outside the mask raises `IllegalAction` and changes
nothing (`illegal="raise"`, the default); with `illegal="penalty"` it changes nothing
either, costs the seat `ILLEGAL_PENALTY` and is reported in its `info`.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import aec_to_parallel

from .. import engine
from .observe import Layout
from .table import IllegalAction, Table, seat_names

__all__ = ["ILLEGAL_PENALTY", "MAX_CYCLES", "ElferRausEnv", "IllegalAction", "env", "parallel_env", "raw_env"]

#: The reward an action outside the mask costs the seat, with `illegal="penalty"`.
ILLEGAL_PENALTY = -1.0
#: The cycles before every seat is truncated, by default.
MAX_CYCLES = 2000


class ElferRausEnv(AECEnv):
    """One ruleset, seats and options as a PettingZoo AEC environment (see the module).

    `options` are the game's options as `GET /v1/rulesets` lists them; `illegal` is
    `"raise"` (an action outside the mask raises `IllegalAction`) or `"penalty"` (it costs
    the seat `ILLEGAL_PENALTY`). A wrong ruleset, seats or options raise the referee's own
    error (`MalformedInput`).
    """

    metadata: dict[str, Any] = {"name": "elfer_raus_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, ruleset: str = engine.DEFAULT_RULESET, players: int = 2,
                 options: dict[str, Any] | None = None, max_cycles: int = MAX_CYCLES,
                 illegal: str = "raise", render_mode: str | None = None) -> None:
        super().__init__()
        if illegal not in ("raise", "penalty"):
            raise ValueError(f'illegal is "raise" or "penalty", not {illegal!r}')
        # The referee's own errors for a wrong ruleset, seats or options, before anything else.
        self._table = Table.new(ruleset, players, 0, options)
        self.ruleset, self.players, self.game_options = ruleset, players, options
        self.layout = Layout.of(ruleset, players, options)
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = seat_names(players)
        self.agents = list(self.possible_agents)
        #: The entries of the action space: the ruleset's, "end turn", ("decline"), then "wait".
        self.entries = [*self._table.space.entries, {"type": "wait"}]
        self.wait = len(self.entries) - 1
        observation = spaces.Box(low=-np.inf, high=np.inf, shape=(self.layout.size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(len(self.entries),), dtype=np.int8)
        self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = spaces.Discrete(len(self.entries))
        self._blind = random.Random(0)

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space: the view as a vector and the action mask."""
        self._seat(agent)
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: the entries of the game's action space, then "wait"."""
        self._seat(agent)
        return self._action_space

    def _seat(self, agent: str) -> int:
        if agent not in self.possible_agents:
            raise KeyError(f"{agent!r} is not an agent of this game; the agents are {', '.join(self.possible_agents)}")
        return self.possible_agents.index(agent)

    # -- the episode -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal: `engine.new_game`'s for `seed` (a random seed when None)."""
        if seed is None:
            seed = random.randrange(2**53)
        self._table = Table.new(self.ruleset, self.players, seed, self.game_options)
        self._blind = random.Random(seed)  # the choices a seat makes blind
        self.seed = seed
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.cycles = 0
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's observation: `{"observation": <its view as a vector>, "action_mask": <int8>}`."""
        seat = self._seat(agent)
        return {"observation": self.layout.encode(self._table, seat), "action_mask": self._mask(seat)}

    def _mask(self, seat: int) -> np.ndarray[Any, Any]:
        mask = np.zeros(len(self.entries), dtype=np.int8)
        legal = self._table.legal(seat) if self._may_choose(seat) else []
        mask[legal] = 1
        if not legal and not self._table.is_over:
            mask[self.wait] = 1
        return mask

    def _may_choose(self, seat: int) -> bool:
        return self._table.acting == seat

    def step(self, action: int | np.integer[Any] | None) -> None:
        """The selected agent takes entry `action` of its mask (None once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        mask = self._mask(seat)
        if action is None or not 0 <= int(action) < len(self.entries) or not mask[int(action)]:
            if self.illegal == "raise":
                shown = self.entries[int(action)] if action is not None and 0 <= int(action) < len(self.entries) else action
                raise IllegalAction(f"{shown} is not a legal action for {agent} now; "
                                    f"legal: {np.flatnonzero(mask).tolist()}")
            self.rewards[agent] = ILLEGAL_PENALTY
            self.infos[agent] = {"illegal": action}
        elif int(action) != self.wait:
            self._table.act(int(action), self._blind)
        if self._table.is_over:
            self.rewards = dict(zip(self.agents, self._table.returns()))
            self.terminations = dict.fromkeys(self.agents, True)
        self._next_agent(seat)
        self._accumulate_rewards()

    def _next_agent(self, seat: int) -> None:
        following = (seat + 1) % self.players
        if following == 0:
            self.cycles += 1
            if self.cycles >= self.max_cycles and not self._table.is_over:
                returns = self._table.returns()
                for index, agent in enumerate(self.agents):
                    self.rewards[agent] += returns[index]
                self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[following]

    def render(self) -> str | None:
        """With `render_mode="ansi"`, a line saying who acts and how many turns were played."""
        if self.render_mode is None:
            return None
        acting = self._table.acting
        return f"{self.ruleset}: {'over' if acting is None else f'player_{acting} to act'}, " \
               f"{self._table.turns} turns played"

    def close(self) -> None:
        """Nothing to release: the game lives in process."""


def env(ruleset: str = engine.DEFAULT_RULESET, players: int = 2, options: dict[str, Any] | None = None,
        **kwargs: Any) -> ElferRausEnv:
    """An AEC environment of the ruleset (see the module); `kwargs` are `ElferRausEnv`'s
    (`max_cycles`, `illegal`, `render_mode`)."""
    return ElferRausEnv(ruleset, players, options, **kwargs)


#: The same as `env`, by the name PettingZoo's environments give it.
raw_env = env


def parallel_env(ruleset: str = engine.DEFAULT_RULESET, players: int = 2, options: dict[str, Any] | None = None,
                 **kwargs: Any) -> ParallelEnv:
    """The same game as a PettingZoo parallel environment: each step takes every seat's
    action of one cycle (a seat that may not act sends "wait")."""
    return aec_to_parallel(env(ruleset, players, options, **kwargs))
