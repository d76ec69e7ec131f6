"""`BoxRuleset`: what every box game is as a `core.ruleset.Ruleset`.

The judging (`core.ruleset.Ruleset.apply`, written once for every game) follows
docs/games/index.md's check order: the state (INVALID_STATE), then the turn as a whole
(`GAME_OVER`, `NOT_YOUR_TURN`, `TURN_SHAPE`: `open_turn`), then each action
(`ACTION_AFTER_GAME_END`, then the game's checks), then the end of the turn. A game
subclasses it naming its folder (`class Mogeln(BoxRuleset, folder=__package__)`) and
names its parts: its state, turn, deal and impossible states, and where it has them its
printed situations and computed hints (`Zweikampf` in `referee/games/zweikampf/ruleset.py`
is the smallest); it sets its codes, grammar and action reader, and implements `score`
and `view`. The family holds the turn's table of steps to the kinds the game reads when
the game is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ...core.actions import Turn
from ...core.codes import Code
from ...core.errors import Violation
from ...core.ruleset import Ruleset
from ...core.scoring import best_players
from ...i18n import Message
from .actions import ActionReader
from .grammar import Grammar
from .options import check_options
from .seats import check_mover, check_player_count, may_act, whose
from .state import BoxState
from .texts import FAMILY_READINGS, card_not_in_hand_hint, family_hint
from .turn import BoxTurn


class PictureFacts(NamedTuple):
    """What a picture of the table shows beyond the state's wire form, as the game's rules
    decide it (`BoxRuleset.picture_facts`); the picture never decides a rule itself."""

    #: The players whose open pile's top card a call would rightly take now.
    callable: frozenset[int] = frozenset()
    #: The value the next play claims, in a game where plays claim a value.
    next_claim: int | None = None


#: The codes every box game reports first, in the check order: the state, then the turn as
#: a whole; a game's `codes` go on with its own.
FIRST_CODES = (Code.INVALID_STATE, Code.GAME_OVER, Code.NOT_YOUR_TURN, Code.TURN_SHAPE)


def most_wins(state: Any, counts: list[int], what: str = "cards") -> dict[str, Any]:
    """The scores of a game in which each player counts `what` (cards won, quartets), and
    the most wins, equals sharing the win."""
    return {
        "finished": state.is_over,
        "scores": [{"player": i, what: n} for i, n in enumerate(counts)],
        "winners": best_players(counts, max),
    }


#: A hint a game computes: (state, code, the legal actions listed) -> a Message or None.
GameHint = Callable[[Any, Code, "list[dict] | None"], "Message | None"]


def no_hint(state: Any, code: Code, legal: list[dict] | None) -> Message | None:
    """The hint of a game that computes none: the family's serves."""
    return None


class BoxRuleset(Ruleset):
    family = "box"
    #: Readings the games of the box share, by the key a game's texts name them with.
    family_readings = FAMILY_READINGS

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if hasattr(cls, "turn_type") and hasattr(cls, "reader"):  # a game, not a family's base
            check_steps(cls)

    # -- the game's parts, which its ruleset names ------------------------------------------------

    #: The game's state, read by its `from_dict`; its `OPTIONS` are the game's options.
    state_type: type[BoxState]
    #: The game's turn: `turn_type(state, player)` is the player's turn on that table.
    turn_type: type[BoxTurn]
    #: The seeded deal: `new_deal(names, seed, first, hidden, options)`, a checked state.
    new_deal: Callable[..., BoxState]
    #: What cannot happen in this game: `check_game(state)` raises INVALID_STATE with its
    #: reason (the family has checked the players and the options before).
    check_game: Callable[[Any], None]
    #: The hints the game computes, where it has any.
    computed_hint: GameHint = staticmethod(no_hint)
    #: Every action a player may be offered: `space(state)` (`Ruleset.action_space`).
    space: Callable[[Any], list[dict[str, Any]]]
    #: The printed rules' situations that the conformance kit searches random games for:
    #: (name, description, a test on (state before, turn, answer)).
    situations: tuple[tuple[str, str, Callable[[Any, Any, Any], bool]], ...] = ()
    grammar: Grammar
    reader: ActionReader
    min_players = 2
    max_players = 2
    #: The kinds of action that turn up a card from a face-down pile (`turns_up`).
    turned_up_kinds: frozenset[str] = frozenset()
    #: The codes of an action refused only for not naming its cards (listed without them).
    unnamed: frozenset[str] = frozenset({"DRAW_CARD_REQUIRED"})

    @property
    def options(self) -> list[dict[str, Any]]:
        return [o.listing() for o in self.state_type.OPTIONS]

    @property
    def readings(self) -> tuple[str, ...]:
        """Those the game shares with the other games of the box first, then its own."""
        return tuple(self.family_readings[key] for key in self.texts.family_readings) + self.texts.readings

    # -- the state -------------------------------------------------------------------------------

    def load_state(self, data: Any) -> BoxState:
        return self.state_type.from_dict(data)

    def check_state(self, state: Any) -> None:
        """What every game checks first (a state already checked is not checked again):
        the number of players, the options against the edition; then `check_game`."""
        if state.checked:
            return
        check_player_count(state, self.min_players, self.max_players)
        check_options(state.options)
        self.check_game(state)

    def deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> tuple[Any, int]:
        return self.new_deal(names, seed, first, hidden, options), 0

    # -- hints -----------------------------------------------------------------------------------

    def hint(self, state: Any, actions: Sequence[Any], violation: Violation,
             legal: list[dict] | None) -> Message | None:
        """The turn's shape for TURN_SHAPE, the family's hint for a card turned up and not
        named right, else the game's own (`game_hint`), else for CARD_NOT_IN_HAND the cards
        that can be played."""
        code = violation.code
        if code is Code.TURN_SHAPE:
            return Message(self.texts.turn_shape)
        found = family_hint(code, legal)
        if found is None:
            found = self.game_hint(state, code, legal)
        if found is None and code is Code.CARD_NOT_IN_HAND:
            found = card_not_in_hand_hint(legal)
        return found

    def game_hint(self, state: Any, code: Code, legal: list[dict] | None) -> Message | None:
        """The game's own hint for a refusal: the fixed one of its texts, else the one it
        computes, else None where the family's serves."""
        fixed = self.texts.hints.get(code)
        return Message(fixed) if fixed is not None else self.computed_hint(state, code, legal)

    def picture_facts(self, state: Any) -> PictureFacts:
        """What the picture of `state` shows that only the rules can say; most games: nothing."""
        return PictureFacts()

    # -- reading turns -----------------------------------------------------------------------------

    def load_turn(self, data: Any) -> Turn:
        return self.reader.turn(data)

    def load_actions(self, data: Any) -> tuple[Any, ...]:
        return self.reader.actions(data)

    # -- opening a turn ----------------------------------------------------------------------------

    def kinds(self, state: Any, player: int, actions: Sequence[Any]) -> list[str]:
        """The kinds of `actions` as the grammar reads them; a game whose actions name a
        seat may read one that cannot be meant (the own, one that does not exist) as a
        kind the grammar does not have."""
        return [a.kind for a in actions]

    def turn_grammar(self, state: Any, player: int, kinds: Sequence[str], listing: bool) -> Grammar | None:
        """The grammar of `player`'s turn now, None where they may not act. A game that lets
        a player act out of turn (a Mogeln challenge in 2018) recognises that turn by its
        first kind; `listing` asks for the turns still open when `kinds` is empty. A game
        whose turns change shape with the phase (Ratefix) says so here too."""
        return self.grammar if may_act(state, player) else None

    def open_turn(self, state: Any, player: int, actions: Sequence[Any], listing: bool) -> BoxTurn | None:
        """The player must be one who may act now, in turn or out of it (`GAME_OVER`,
        `NOT_YOUR_TURN`), and the kinds of the actions must fit the turn's grammar
        (`TURN_SHAPE`); the turn then remembers its grammar and kinds."""
        over = state.is_over
        if listing and over:
            return None
        kinds = self.kinds(state, player, actions)
        grammar = self.turn_grammar(state, player, kinds, listing)
        if grammar is None and listing:
            return None
        if grammar is None or over:
            check_mover(state, player)
        shape = grammar.violation(kinds, whole=not listing)
        if shape is not None:
            raise shape
        steps = self.start_turn(state, player, actions)
        steps.grammar, steps.kinds = grammar, kinds
        return steps

    def start_turn(self, state: Any, player: int, actions: Sequence[Any] = ()) -> BoxTurn:
        """`player`'s turn on the table `state`, scored by `score` if it ends the game."""
        steps = self.turn_type(state, player)
        steps.scores = self.score
        return steps

    def next_actions(self, steps: BoxTurn, index: int) -> list[Any]:
        """The turn's candidates that fit its grammar next and pass their checks, or are
        refused only for not naming their card (`listable`)."""
        if steps.ended:
            return []
        state, player, kinds = steps.state, steps.player, steps.kinds
        return [action for action in steps.candidates()
                if steps.grammar.allows_next(kinds, self.kinds(state, player, (action,))[0])
                and self.listable(steps.violation(index, action))]

    def listable(self, refused: Any) -> bool:
        """An action passes, or is refused only for not naming its card (`unnamed`): the
        legal-actions answer lists an action that must name a card once, without it."""
        return refused is None or refused.code.value in self.unnamed

    # -- who acts ----------------------------------------------------------------------------------

    def check_mover(self, state: Any, player: int, actions: Sequence[Any] = ()) -> None:
        """GAME_OVER, then NOT_YOUR_TURN for a player who may not act now, neither in turn
        nor out of it (a Mogeln challenge in 2018 may come from anyone but its maker);
        given `actions`, for one who may not take a turn of them now (a flip out of turn)."""
        if not state.is_over and 0 <= player < len(state.players) and not may_act(state, player):
            kinds = self.kinds(state, player, actions)
            if self.turn_grammar(state, player, kinds, listing=not kinds) is not None:
                return
        check_mover(state, player)

    def turns_up(self, action: Any) -> bool:
        return action.kind in self.turned_up_kinds

    def lister(self, state: Any, player: int | None) -> int | None:
        return whose(state, player)

    def action_space(self, state: Any) -> list[dict[str, Any]]:
        return self.space(state)


def check_steps(ruleset: type[BoxRuleset]) -> None:
    """A game's turn has a step for each kind of action its reader reads and no other, or
    the game fails to import, saying which kinds are missing or extra."""
    name = ruleset.name or ruleset.__name__
    read = set(ruleset.reader.kinds)
    stepped = set(ruleset.turn_type.STEPS)
    shaped = ruleset.grammar.kinds()
    missing, extra, unread = sorted(read - stepped), sorted(stepped - read), sorted(shaped - read)
    if missing or extra or unread:
        problems = ([f"{ruleset.turn_type.__name__}.STEPS has no step for {missing}"] if missing else []) + \
                   ([f"{ruleset.turn_type.__name__}.STEPS has steps for {extra}, which its reader does not read"]
                    if extra else []) + \
                   ([f"its grammar names {unread}, which its reader does not read"] if unread else [])
        raise TypeError(f"the game {name}: " + "; ".join(problems))
