"""`BoxRuleset`: what every box game is as a `core.ruleset.Ruleset`.

The judging follows docs/games/index.md's check order: the state (INVALID_STATE),
then the turn as a whole (`GAME_OVER`, `NOT_YOUR_TURN`, `TURN_SHAPE`), then each action
(`ACTION_AFTER_GAME_END`, then the game's checks), then the end of the turn. A game
subclasses it naming its folder (`class Mogeln(BoxRuleset, folder=__package__)`), from
which the family takes each part by its role (`take_parts`), sets its codes, grammar and
action reader, and implements `score` and `view`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ...core.actions import Turn
from ...core.codes import Code
from ...core.errors import Violation
from ...core.ruleset import Ruleset, folder_part
from ...core.scoring import best_players
from ...core.turn import LegalActions, TurnResult
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
    family_readings = FAMILY_READINGS

    @classmethod
    def take_parts(cls, folder: str) -> None:
        """Besides every game's name, texts and situations, a box game's folder holds by
        role: its state (`state.<Game>State`) and turn (`turn.<Game>Turn`), named after
        the ruleset's class; its deal (`deal.deal`); its impossible states
        (`validity.check_game`); and, where it computes hints, `hints.hint`."""
        super().take_parts(folder)
        cls.state_type = folder_part(folder, "state", f"{cls.__name__}State")
        cls.turn_type = folder_part(folder, "turn", f"{cls.__name__}Turn")
        cls.new_deal = staticmethod(folder_part(folder, "deal", "deal"))
        cls.check_game = staticmethod(folder_part(folder, "validity", "check_game"))  # type: ignore[method-assign]
        cls.computed_hint = staticmethod(folder_part(folder, "hints", "hint", no_hint))
        cls.space = staticmethod(folder_part(folder, "space", "action_space"))

    grammar: Grammar
    reader: ActionReader
    #: The game's state, read by its `from_dict`; its `OPTIONS` are the game's options.
    state_type: type[BoxState]
    #: The game's turn: `turn_type(state, player)` is the player's turn on that table.
    turn_type: type[BoxTurn]
    min_players = 2
    max_players = 2
    #: The kinds of action that turn up a card from a face-down pile (`turns_up`).
    turned_up_kinds: frozenset[str] = frozenset()
    #: The codes of an action refused only for not naming its cards (listed without them).
    unnamed: frozenset[str] = frozenset({"DRAW_CARD_REQUIRED"})

    @property
    def options(self) -> list[dict[str, Any]]:
        return [o.listing() for o in self.state_type.OPTIONS]

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

    #: The middle says who put each card (Ratefix), rather than being a pile of cards.
    middle_holds_entries = False

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

    #: The hints the game computes (its folder's `hints.hint`).
    computed_hint: GameHint = staticmethod(no_hint)

    def game_hint(self, state: Any, code: Code, legal: list[dict] | None) -> Message | None:
        """The game's own hint for a refusal: the fixed one of its texts, else the one it
        computes, else None where the family's serves."""
        fixed = self.texts.hints.get(code)
        return Message(fixed) if fixed is not None else self.computed_hint(state, code, legal)

    # -- the game's part -------------------------------------------------------------------------

    def check_game(self, state: Any) -> None:
        """INVALID_STATE, with its reason, for what cannot happen in this game."""
        raise NotImplementedError

    def picture_facts(self, state: Any) -> PictureFacts:
        """What the picture of `state` shows that only the rules can say; most games: nothing."""
        return PictureFacts()

    def start_turn(self, state: Any, player: int, actions: Sequence[Any] = ()) -> BoxTurn:
        """`player`'s turn on the table `state`, scored by `score` if it ends the game
        (the grammar has checked the turn's shape before)."""
        steps = self.turn_type(state, player)
        steps.scores = self.score
        return steps

    def shape(self, state: Any) -> Grammar:
        """The turn shape as the table lies: `grammar`, or a game's grammar of this phase
        (Ratefix: a put while cards are put, a guess once they all lie)."""
        return self.grammar

    # -- reading turns -----------------------------------------------------------------------------

    def load_turn(self, data: Any) -> Turn:
        return self.reader.turn(data)

    def load_actions(self, data: Any) -> tuple[Any, ...]:
        return self.reader.actions(data)

    # -- judging ---------------------------------------------------------------------------------

    def kinds(self, state: Any, player: int, actions: Sequence[Any]) -> list[str]:
        """The kinds of `actions` as the grammar reads them; a game whose actions name a
        seat may read one that cannot be meant (the own, one that does not exist) as a
        kind the grammar does not have."""
        return [a.kind for a in actions]

    def turn_grammar(self, state: Any, player: int, kinds: Sequence[str], listing: bool) -> Grammar | None:
        """The grammar of `player`'s turn now, None where they may not act. A game that lets
        a player act out of turn (a Mogeln challenge in 2018) recognises that turn by its
        first kind; `listing` asks for the turns still open when `kinds` is empty."""
        return self.shape(state) if may_act(state, player) else None

    def apply(self, state: Any, turn: Any) -> TurnResult:
        self.check_state(state)
        kinds = self.kinds(state, turn.player, turn.actions)
        grammar = self.turn_grammar(state, turn.player, kinds, listing=False)
        if grammar is None or state.is_over:
            check_mover(state, turn.player)
        shape = grammar.violation(kinds, whole=True)
        if shape is not None:
            raise shape
        return self.start_turn(state, turn.player, turn.actions).run(turn.actions)

    def legal_actions(self, state: Any, prefix: Sequence[Any] = (), player: int | None = None) -> LegalActions:
        return self.partial_turn(state, prefix, player)[0]

    def partial_turn(self, state: Any, prefix: Sequence[Any],
                     player: int | None = None) -> tuple[LegalActions, list[Any]]:
        """`legal_actions`, with the events the prefix has caused so far (the cards it
        turned up)."""
        self.check_state(state)
        player = self.lister(state, player)
        if state.is_over or player is None:
            return LegalActions(player, [], False), []
        prefix = tuple(prefix)
        kinds = self.kinds(state, player, prefix)
        grammar = self.turn_grammar(state, player, kinds, listing=True)
        if grammar is None:
            return LegalActions(player, [], False), []
        shape = grammar.violation(kinds, whole=False)
        if shape is not None:
            raise shape
        steps = self.start_turn(state, player, prefix)
        for index, action in enumerate(prefix):
            steps.take(index, action)
        complete = grammar.accepts(kinds) and steps.is_complete()
        listed = []
        if not steps.ended:
            for action in steps.candidates():
                if (grammar.allows_next(kinds, self.kinds(state, player, (action,))[0])
                        and self.listable(steps.violation(len(prefix), action))):
                    listed.append(action)
        return LegalActions(player, listed, complete), steps.events

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

    def listable(self, refused: Any) -> bool:
        """An action passes, or is refused only for not naming its card (`unnamed`): the
        legal-actions answer lists an action that must name a card once, without it."""
        return refused is None or refused.code.value in self.unnamed

    def lister(self, state: Any, player: int | None) -> int | None:
        return whose(state, player)

    def deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> tuple[Any, int]:
        return self.new_deal(names, seed, first, hidden, options), 0

    def new_deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> Any:
        raise NotImplementedError

    def action_space(self, state: Any) -> list[dict[str, Any]]:
        return self.space(state)

    def view(self, state: Any, player: int | None) -> Any:
        """The state as `player` (None: a spectator) sees it at the table."""
        raise NotImplementedError


