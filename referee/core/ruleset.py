"""The `Ruleset` base every game implements, and the registry that finds one by name.

Like python-chess's variants: a ruleset bundles what differs between games (how a state
is read and checked, how a turn starts, the deal, the scores) behind one interface, and
the judging that is the same for all of them lives here once: `apply` (the whole-turn
checks, then the step loop), `legal_actions`, `replay` and `scores`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any, NamedTuple

from .actions import Action, Draw, Turn
from .codes import Code
from .errors import MalformedInput, Violation
from .texts import GameTexts, load_texts
from .turn import Event, LegalActions, Steps, TurnResult, check_mover
from .wire import Wire


class NewGame(NamedTuple):
    """A fresh deal: the state, the seed it came from, and how often it was redone."""

    state: Any
    seed: int
    redeals: int


class ReplayResult:
    """The state after a list of legal turns, with each turn's events and unchecked rules."""

    __slots__ = ("state", "events", "unchecked")

    def __init__(self, state: Any, events: list[list[Event]], unchecked: list[list[str]]):
        self.state = state
        self.events = events
        self.unchecked = unchecked


def game_name(folder: str) -> str:
    """A game's name: its folder's (the last part of its package), with hyphens."""
    return folder.rpartition(".")[2].replace("_", "-")


#: `folder_part`'s default for a part every game of the family must have.
REQUIRED: Any = object()


def folder_part(folder: str, module: str, attribute: str, default: Any = REQUIRED) -> Any:
    """`attribute` of the module `module` in the game's package `folder`; `default` where
    the folder has no such module or the module no such attribute, and an ImportError at
    import time for a part that is required and missing."""
    found = default
    if find_spec(f"{folder}.{module}") is not None:
        found = getattr(import_module(f"{folder}.{module}"), attribute, default)
    if found is REQUIRED:
        raise ImportError(f"the game {folder} has no {module}.{attribute}")
    return found


class Ruleset:
    """One game the referee judges. A subclass sets the class attributes and implements
    `load_state`, `check_state`, `start_turn`, `next_actions`, `score`, `deal` and `view`;
    `wire` reads its turns.

    A game's ruleset names its folder, `class Zweikampf(BoxRuleset, folder=__package__)`,
    and takes from it by role what every game's folder holds (`take_parts`): its name (the
    folder's, with hyphens), its texts (`texts.toml`) and its printed situations
    (`situations.SITUATIONS`, where it has them). A family takes more (`BoxRuleset`)."""

    def __init_subclass__(cls, folder: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if folder:
            cls.take_parts(folder)

    @classmethod
    def take_parts(cls, folder: str) -> None:
        """Set what the game's folder holds by role (see the class docstring)."""
        cls.name = game_name(folder)
        cls.texts = load_texts(folder)
        cls.situations = folder_part(folder, "situations", "SITUATIONS", cls.situations)

    name: str = ""
    #: The family of games: "rows" (MASTER, classic, junior) or "box" (the other games in
    #: the box, `referee.families.box`); tools written for one family's states ask this.
    family: str = "rows"
    #: What the game says to a person (its folder's `texts.toml`), which the properties
    #: below read.
    texts: GameTexts
    #: Readings several games of the family share, by the key a game's texts name them
    #: with (`family_readings`).
    family_readings: Mapping[str, str] = {}
    #: The seats a game can have (`seats` narrows them where an option does).
    min_players: int = 2
    max_players: int = 6
    #: The highest value of a row (the row games; 0 for a game without rows).
    top: int = 0
    #: The bonus cards of the game (MASTER's seven; 0 for a game without).
    bonus_cards: int = 0
    #: The jokers of the game (MASTER's four); bridge cards dealt (MASTER); the order of
    #: the rows chosen at the deal (MASTER's `rows`).
    jokers: int = 0
    bridges: bool = False
    chooses_row_order: bool = False

    # -- what the kits for test authors ask (`referee.testing`, `referee.conformance`) -------

    #: Codes the ruleset lists that no request can get.
    unreachable_codes: frozenset[Code] = frozenset()
    #: The printed rules' situations that the conformance kit searches random games for:
    #: (name, description, a test on (state before, turn, answer)).
    situations: tuple[tuple[str, str, Callable[[Any, Any, Any], bool]], ...] = ()
    #: Situations shown by a position of the kit's pool with given options: name ->
    #: (options, endpoint, actions, what the actions get as a whole turn, description).
    position_situations: dict[str, tuple[dict[str, Any], str, list[dict[str, Any]], str, str]] = {}
    #: A position laid out directly rather than reached by play, for the kits:
    #: `constructed_table(rng, players=None, endgame=False)` (JSON shape), or None.
    constructed_table: Callable[..., dict[str, Any]] | None = None
    #: A finished position made from a deal (JSON shapes), for a game whose random play
    #: seldom ends; or None.
    finished_position: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    def printed_examples(self) -> list[tuple[str, str, str, dict[str, Any]]]:
        """The printed rulebook's examples: (name, description, endpoint, request)."""
        return []
    #: The codes the ruleset reports, in its check order.
    codes: tuple[Code, ...] = ()
    wire: Wire

    @property
    def options(self) -> list[dict[str, Any]]:
        """The options of a new game, as `GET /v1/rulesets` lists them."""
        return []

    # -- the ruleset's part ------------------------------------------------------------------

    def load_state(self, data: Any) -> Any:
        """A state from its JSON shape; raises MalformedInput."""
        raise NotImplementedError

    def check_state(self, state: Any) -> None:
        """Raise INVALID_STATE, with its reason, for a state that cannot happen."""
        raise NotImplementedError

    def start_turn(self, state: Any, player: int, actions: Sequence[Any]) -> Steps:
        """The checks on `player`'s turn (or a prefix of it, `actions`) as a whole that come
        after the mover's, and the turn's working copy of the table."""
        raise NotImplementedError

    def next_actions(self, steps: Any, index: int) -> Iterable[Action]:
        """Every action that can legally come next after the actions `steps` has taken,
        as action `index`."""
        raise NotImplementedError

    def score(self, state: Any) -> dict[str, Any]:
        """`{"finished", "scores", "winners"}` of a checked state."""
        raise NotImplementedError

    def deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> tuple[Any, int]:
        """A seeded deal with the game's `options` (None: the defaults), and how often it
        was redone."""
        raise NotImplementedError

    def view(self, state: Any, player: int | None) -> Any:
        """The state as `player` sees it at the table (None: a spectator), itself a state
        of this ruleset: every card that player cannot see replaced by a count (the other
        hands, face-down piles, cards played face down and not yet revealed), the rest as
        it lies. `state` is checked and `player` is a seat or None when this is called."""
        raise NotImplementedError

    def view_events(self, events: Sequence[Event], player: int | None) -> list[Event]:
        """A turn's events as `player` (None: a spectator) sees them: a card another
        player drew is not named. A ruleset whose events name other hidden cards
        overrides this."""
        return [
            {**event, "card": None}
            if event.get("type") == "drew" and event.get("player") != player and "card" in event
            else event
            for event in events
        ]

    @property
    def title(self) -> str:
        """The game's name as a person reads it (a message id: the rules reference
        translates it)."""
        return self.texts.title

    @property
    def description(self) -> str:
        """One paragraph for `GET /v1/rulesets`."""
        return self.texts.description

    @property
    def summary(self) -> str:
        """The game in a few sentences, for the rules reference (a message id)."""
        return self.texts.summary

    @property
    def readings(self) -> tuple[str, ...]:
        """The readings the referee takes where the printed rules leave room (message ids):
        those the game shares with its family first, then its own."""
        return tuple(self.family_readings[key] for key in self.texts.family_readings) + self.texts.readings

    def seats(self, options: Any) -> range:
        """The numbers of players a game of these options can have."""
        return range(self.min_players, self.max_players + 1)

    def row_colors(self, options: Any) -> tuple[str, ...]:
        """The colours a row can have in a game of these options, in the game's order (the
        row games; none for a game without rows)."""
        return ()

    def hint(self, state: Any, actions: Sequence[Action], violation: Violation,
             legal: list[dict] | None) -> Any:
        """A game's own hint (an `i18n.Message`) for a refused turn, or None; the row games'
        hints are read from the table by `referee.advice.refusals`."""
        return None

    def fast_count(self, state: Any, depth: int) -> tuple[int, int] | None:
        """The (turns, states) that `referee count` finds `depth` turns deep from a checked
        state, by a faster walker of the ruleset's own where it has one for this state;
        None sends the count to the reference walker over `legal_actions`."""
        return None

    # -- reading turns ---------------------------------------------------------------------------

    def load_turn(self, data: Any) -> Turn:
        return self.wire.turn(data)

    def load_actions(self, data: Any) -> tuple[Action, ...]:
        return self.wire.actions(data)

    # -- judging, the same for every ruleset ----------------------------------------------------

    def apply(self, state: Any, turn: Turn) -> TurnResult:
        """The new state after a legal turn, or a Violation for the first failing check."""
        self.check_state(state)
        check_mover(state, turn.player)
        if not turn.actions:
            raise MalformedInput("a turn has at least one action")
        return self.start_turn(state, turn.player, turn.actions).run(turn.actions)

    def legal_actions(self, state: Any, prefix: Sequence[Action] = (), player: int | None = None) -> LegalActions:
        """The legal continuations of `prefix` for `player` (default: the one to move);
        raises the prefix's own violation, if any.

        The end-of-turn checks are not applied to the prefix. A finished game has no legal
        actions, nor has a player who is not to move.
        """
        return self.partial_turn(state, prefix, player)[0]

    def partial_turn(self, state: Any, prefix: Sequence[Action],
                     player: int | None = None) -> tuple[LegalActions, list[Event]]:
        """`legal_actions`, with the events the prefix has caused so far (its draws)."""
        self.check_state(state)
        player = self.lister(state, player)
        if state.is_over or player != state.current:
            return LegalActions(player, [], False), []
        prefix = tuple(prefix)
        steps = self.start_turn(state, state.current, prefix)
        for index, action in enumerate(prefix):
            steps.take(index, action)
        complete = bool(prefix) and steps.is_complete()
        return LegalActions(state.current, list(self.next_actions(steps, len(prefix))), complete), steps.events

    #: Whether `POST /v1/games` deals it sealed: its turns, views and events carry a
    #: sealed game (what turns up a card is named by `turns_up`, and nothing leaks).
    sealable = True

    def check_mover(self, state: Any, player: int, actions: Sequence[Action] = ()) -> None:
        """`GAME_OVER`, then `NOT_YOUR_TURN` unless `player` may act now (with `actions`,
        for a game where some turns may be taken out of turn)."""
        check_mover(state, player)

    def turns_up(self, action: Any) -> bool:
        """The action turns up a card its player cannot know before (a draw): in a sealed
        game the referee names that card, and the request ends with it."""
        return isinstance(action, Draw)

    def sealed_unnamed(self, action: Any) -> str | None:
        """The member a sealed game's action must leave out, because the referee turns up
        what it would name (a draw's or a reveal's `card`); None when it names nothing so."""
        if self.turns_up(action) and getattr(action, "card", None) is not None:
            return "card"
        return None

    def acts_for_others(self, action: Any) -> tuple[int, ...]:
        """The other players an action acts for (a call they made at the same moment, which
        one person at the table records for all); none by default. In a sealed game a seat
        acts for itself alone, so such an action is refused there."""
        return ()

    def sealed_reorder(self, before: Any, after: Any, rng: Any) -> Any:
        """A sealed game's state after a turn, with every hand that others cannot see
        and that an order could betray reordered from the game's `rng` (a card drawn
        from a fan held face down); by default `after` as it is."""
        return after

    def sealed_pick(self, state: Any, player: int, action: Any, rng: Any) -> Any:
        """The action as the referee plays it in a sealed game, where the player cannot
        see what they choose from: a choice made blind (a card drawn from a fan held face
        down) is made here with the game's `rng`; other actions are as sent."""
        return action

    def lister(self, state: Any, player: int | None) -> int | None:
        """Whose legal actions `/v1/legal-actions` lists: `player`, by default the one to
        move; MalformedInput for a player who does not exist."""
        if player is None:
            return state.current
        if not 0 <= player < len(state.players):
            raise MalformedInput(f"there is no player {player} in this game")
        return player

    def replay(self, state: Any, turns: Sequence[Turn]) -> ReplayResult:
        """Apply the turns in order; stop at the first violation, which then carries `turn`
        (the index of the failing turn, or None for an impossible starting state)."""
        try:
            self.check_state(state)
        except Violation as violation:
            raise violation.during_replay(None)
        events: list[list[Event]] = []
        unchecked: list[list[str]] = []
        for index, turn in enumerate(turns):
            try:
                result = self.apply(state, turn)
            except Violation as violation:
                raise violation.during_replay(index)
            state = result.state
            events.append(result.events)
            unchecked.append(result.unchecked)
        return ReplayResult(state, events, unchecked)

    def scores(self, state: Any) -> dict[str, Any]:
        self.check_state(state)
        return self.score(state)


class Registry(Mapping[str, Ruleset]):
    """The rulesets the referee knows, by name (like python-chess's `find_variant`)."""

    def __init__(self, rulesets: Iterable[Ruleset]):
        self._by_name: dict[str, Ruleset] = {r.name: r for r in rulesets}

    def __getitem__(self, name: str) -> Ruleset:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)

    def find(self, name: Any) -> Ruleset:
        """The ruleset called `name`; MalformedInput for any other name."""
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            raise MalformedInput(f"unknown ruleset {name!r}; known: {sorted(self)}") from None

    def using(self, code: Code) -> list[str]:
        """The names of the rulesets that report `code`."""
        return [r.name for r in self.values() if code in r.codes]
