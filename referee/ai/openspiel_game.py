"""Every ruleset as an OpenSpiel game (docs/howto/game-ai.md), registered with
`pyspiel.register_game` as `python_elfer_raus_<ruleset>` (hyphens as underscores):

    import pyspiel
    import referee.ai.openspiel_game  # registers the games
    game = pyspiel.load_game("python_elfer_raus_master", {"players": 2})

A game of imperfect information with explicit chance. The first node is the deal, a
chance node whose outcome `k` (one of `deals`, equally likely) deals exactly
`engine.new_game(seed=k)`: the seed is the deal, so a chosen outcome reproduces the
referee's deal. A draw a seat chooses (an action that turns up a card it cannot know) is
followed by a chance node over the cards it may turn up: the run of cards nobody has seen
at the top of that pile, each alike (`referee.ai.draws`); a card someone has seen is drawn
where it lies. A card drawn blind from a fan held face down (Schwarzer Peter) is a chance
node too, over every card of that fan, each alike. The actions are the entries of
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

import functools
import json
import random
from typing import Any, cast

import numpy as np
import pyspiel

from .. import engine
from . import draws
from .observe import Layout
from .table import Table
from .worlds import hidden_cards, resample

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
            max_chance_outcomes=max(int(params["deals"]), len(draws.CARDS)),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # The deal, then at most STEPS a turn (`is_terminal` holds a game to it), and
            # the chance event of a draw chosen last.
            max_game_length=int(params["max_turns"]) * STEPS + 2,
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

    @functools.cached_property
    def max_turns(self) -> int:
        """The turns after which a game is cut short (asked at every step: read once)."""
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
    """A game in progress: before the deal, the chance node; then the table, with a
    chance node after each draw chosen from a run of cards nobody has seen
    (`referee.ai.draws`)."""

    def __init__(self, game: ElferRausGame) -> None:
        super().__init__(game)
        self.game = game
        self.table: Table | None = None
        self.seed: int | None = None
        self.fresh: frozenset[str] = frozenset()  # the cards nobody has seen
        self.drawing: tuple[int, draws.Draw] | None = None  # a draw chosen, its card not yet

    def current_player(self) -> int:
        """The seat that chooses now, or OpenSpiel's chance or terminal player."""
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        acting = self.table.acting  # None only once the game is over
        if acting is None or self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.drawing is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return acting

    def _legal_actions(self, player: int) -> list[int]:
        # OpenSpiel asks a chance node for its outcomes, not here: the table is dealt.
        assert self.table is not None
        return self.table.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Before the deal the deals, equally likely: outcome `k` deals
        `engine.new_game(seed=k)`. At a draw the cards it may turn up, each card's
        index in `draws.CARDS` with its share of the run of unseen cards."""
        if self.drawing is not None:
            return self.drawing[1].outcomes()
        p = 1.0 / self.game.deals
        return [(seed, p) for seed in range(self.game.deals)]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self.seed = action
            self.table = Table.new(self.game.ruleset, self.game.players, action)
            self.fresh = draws.unseen_at_deal(self.table.state)
            return
        table = self.table
        # A blind choice comes from the deal and the moment, so a history replays alike; a
        # draw chance has chosen the card of is taken with the moment it was tried at (a
        # blind pick lands where it did then, and the chosen card was put there).
        moment = len(self.history()) - (self.drawing is not None)
        rng = random.Random(f"{self.seed}:{moment}")
        turns = table.turns
        card: str | None
        if self.drawing is not None:  # the card chance turned up
            index, chosen = self.drawing
            self.drawing = None
            card, shuffled = draws.draw(table, index, chosen, action, rng)
            self.fresh = self.fresh | shuffled
        else:
            card, found = draws.pending(table, action, self.fresh, rng)
            if found is not None:
                self.drawing = (action, found)
                return
            table.act(action, rng)
        if card is not None:
            self.fresh = self.fresh - {card}
        if table.turns != turns:
            self.fresh = draws.after_turn(self.fresh, table.state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.table is None else f"draw {draws.CARDS[action]}"
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
                world = resample(self.table.state, player, rng)
                clone.table.state = world
                if clone.table.open_turn(player) == seen:
                    clone.fresh = self._fresh_in(world, player)
                    return clone
            except engine.Violation:
                pass
        clone.table.state = self.table.state
        return clone

    def _fresh_in(self, world: Any, player: int) -> frozenset[str]:
        """The unseen cards of another world: the cards that lie there where unseen
        cards lie here (`resample` deals the hidden cards anew in the same places)."""
        assert self.table is not None  # a world is drawn once the cards are dealt
        before, after = hidden_cards(self.table.state, player), hidden_cards(world, player)
        moved = {new for old, new in zip(before, after) if old in self.fresh}
        return frozenset(self.fresh - set(before)) | moved

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
