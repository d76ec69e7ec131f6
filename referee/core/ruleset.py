"""The `Ruleset` base every game implements, and the registry that finds one by name.

Like python-chess's variants: a ruleset bundles what differs between games (how a state
is read and checked, how a turn opens, the deal, the scores) behind one small interface,
and the judging that is the same for all of them lives here once: `apply` (the whole-turn
checks, then the step loop), `partial_turn` and `legal_actions`, `replay` and `scores`.
What only some games have is in `referee.core.extras`; what the row games say about their
table in `RowFacts`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
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


class Ruleset:
    """One game the referee judges: the questions every game answers.

    A subclass reads and checks its states (`load_state`, `check_state`), reads its turns
    (`load_turn`, `load_actions`), deals (`deal`), opens a turn on its table (`open_turn`:
    the checks on the turn as a whole, and the turn's `Steps`), lists what may come next
    (`next_actions`), and says what a seat sees (`view`, `view_events`) and how the game
    stands (`score`). The judging that is the same for every game is written here once,
    over those answers: `apply`, `partial_turn`, `legal_actions`, `replay`, `scores`.

    What only some games have is not asked here: the row games' facts (`RowFacts`), the
    hints of the box games, the blind choices of a sealed game and the kits' extras are
    small optional protocols (`referee.core.extras`), which a game implements where it has
    them.

    A game's ruleset names its folder, `class Zweikampf(BoxRuleset, folder=__package__)`:
    its name is the folder's, with hyphens, and its texts are the folder's `texts.toml`.
    Everything else the ruleset names itself (its state, turn, deal and the rest), by
    imports a reader and a type checker can follow."""

    def __init_subclass__(cls, folder: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if folder:
            cls.name = game_name(folder)
            cls.texts = load_texts(folder)

    name: str = ""
    #: The family of games: "rows" (MASTER, classic, junior) or "box" (the other games in
    #: the box, `referee.families.box`); tools written for one family's states ask this.
    family: str = "rows"
    #: What the game says to a person (its folder's `texts.toml`), which the properties
    #: below read.
    texts: GameTexts
    #: The seats a game can have (`seats` narrows them where an option does).
    min_players: int = 2
    max_players: int = 6
    #: The codes the ruleset reports, in its check order.
    codes: tuple[Code, ...] = ()

    @property
    def options(self) -> list[dict[str, Any]]:
        """The options of a new game, as `GET /v1/rulesets` lists them."""
        return []

    def seats(self, options: Any) -> range:
        """The numbers of players a game of these options can have."""
        return range(self.min_players, self.max_players + 1)

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
        """The readings the referee takes where the printed rules leave room (message ids)."""
        return self.texts.readings

    # -- the game's answers -----------------------------------------------------------------

    def load_state(self, data: Any) -> Any:
        """A state from its JSON shape; raises MalformedInput."""
        raise NotImplementedError

    def load_turn(self, data: Any) -> Turn:
        """A turn from its JSON shape; raises MalformedInput."""
        raise NotImplementedError

    def load_actions(self, data: Any) -> tuple[Action, ...]:
        """A list of actions (a turn prefix) from its JSON shape; raises MalformedInput."""
        raise NotImplementedError

    def check_state(self, state: Any) -> None:
        """Raise INVALID_STATE, with its reason, for a state that cannot happen."""
        raise NotImplementedError

    def deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> tuple[Any, int]:
        """A seeded deal with the game's `options` (None: the defaults), and how often it
        was redone."""
        raise NotImplementedError

    def open_turn(self, state: Any, player: int, actions: Sequence[Any], listing: bool) -> Steps | None:
        """`player`'s turn on the checked table `state` as far as `actions` go: the checks
        on the turn as a whole, then the turn's working copy (`Steps`), which judges each
        action. Judging a whole turn (`listing` false), a turn that may not be taken
        raises its violation (`GAME_OVER`, `NOT_YOUR_TURN`, the turn's shape); listing
        what may follow a prefix, a player with nothing to list gets None.

        The row games: the one to move, and at least one action."""
        if listing:
            if state.is_over or player != state.current:
                return None
        else:
            check_mover(state, player)
            if not actions:
                raise MalformedInput("a turn has at least one action")
        return self.start_turn(state, player, actions)

    def start_turn(self, state: Any, player: int, actions: Sequence[Any]) -> Steps:
        """The checks on the turn (or a prefix of it, `actions`) as a whole that come
        after the mover's, and the turn's working copy of the table (`open_turn`)."""
        raise NotImplementedError

    def next_actions(self, steps: Any, index: int) -> Iterable[Any]:
        """Every action that can legally come next after the actions `steps` has taken,
        as action `index`."""
        raise NotImplementedError

    def score(self, state: Any) -> dict[str, Any]:
        """`{"finished", "scores", "winners"}` of a checked state."""
        raise NotImplementedError

    def action_space(self, state: Any) -> list[dict[str, Any]]:
        """Every action a player of `state`'s game (its seats and options) may be offered,
        each once in wire form, what the referee turns up left out (a drawn card): the
        fixed action space of the game-AI environments (docs/howto/game-ai.md)."""
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

    def check_mover(self, state: Any, player: int, actions: Sequence[Any] = ()) -> None:
        """`GAME_OVER`, then `NOT_YOUR_TURN` unless `player` may act now (with `actions`,
        for a game where some turns may be taken out of turn)."""
        check_mover(state, player)

    def lister(self, state: Any, player: int | None) -> int | None:
        """Whose legal actions `/v1/legal-actions` lists: `player`, by default the one to
        move; MalformedInput for a player who does not exist."""
        if player is None:
            return state.current
        if not 0 <= player < len(state.players):
            raise MalformedInput(f"there is no player {player} in this game")
        return player

    def turns_up(self, action: Any) -> bool:
        """The action turns up a card its player cannot know before (a draw): in a sealed
        game the referee names that card, and the request ends with it."""
        return isinstance(action, Draw)

    # -- judging, the same for every ruleset ----------------------------------------------------

    def apply(self, state: Any, turn: Turn) -> TurnResult:
        """The new state after a legal turn, or a Violation for the first failing check."""
        self.check_state(state)
        steps = self.open_turn(state, turn.player, turn.actions, listing=False)
        assert steps is not None  # a turn that may not be taken has raised
        return steps.run(turn.actions)

    def legal_actions(self, state: Any, prefix: Sequence[Any] = (), player: int | None = None) -> LegalActions:
        """The legal continuations of `prefix` for `player` (default: the one to move);
        raises the prefix's own violation, if any.

        The end-of-turn checks are not applied to the prefix. A finished game has no legal
        actions, nor has a player who may not act now.
        """
        return self.partial_turn(state, prefix, player)[0]

    def partial_turn(self, state: Any, prefix: Sequence[Any],
                     player: int | None = None) -> tuple[LegalActions, list[Event]]:
        """`legal_actions`, with the events the prefix has caused so far (its draws, the
        cards it turned up)."""
        self.check_state(state)
        player = self.lister(state, player)
        prefix = tuple(prefix)
        steps = None if player is None else self.open_turn(state, player, prefix, listing=True)
        if steps is None:
            return LegalActions(player, [], False), []
        for index, action in enumerate(prefix):
            steps.take(index, action)
        complete = steps.is_turn()
        return LegalActions(player, list(self.next_actions(steps, len(prefix))), complete), steps.events

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
        """`score` of a state, checked first."""
        self.check_state(state)
        return self.score(state)


class RowFacts:
    """What the games played on rows (MASTER, classic, junior) say about their table,
    which the pictures and the kits for test authors ask (`referee.pictures.table`,
    `referee.testing`, `referee.conformance`); mixed into their rulesets."""

    #: The highest value of a row.
    top: int = 0
    #: The bonus cards of the game (MASTER's seven; 0 for a game without).
    bonus_cards: int = 0
    #: The jokers of the game (MASTER's four); bridge cards dealt (MASTER); the order of
    #: the rows chosen at the deal (MASTER's `rows`).
    jokers: int = 0
    bridges: bool = False
    chooses_row_order: bool = False
    #: Codes the ruleset lists that no request can get.
    unreachable_codes: frozenset[Code] = frozenset()
    #: The ruleset's turns, read by `Wire`.
    wire: Wire

    def row_colors(self, options: Any) -> tuple[str, ...]:
        """The colours a row can have in a game of these options, in the game's order."""
        raise NotImplementedError

    def load_turn(self, data: Any) -> Turn:
        return self.wire.turn(data)

    def load_actions(self, data: Any) -> tuple[Action, ...]:
        return self.wire.actions(data)


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
