"""`BoxRuleset`: what every box game is as a `core.ruleset.Ruleset`.

The judging follows docs/games/index.md's check order: the state (INVALID_STATE),
then the turn as a whole (`GAME_OVER`, `NOT_YOUR_TURN`, `TURN_SHAPE`), then each action
(`ACTION_AFTER_GAME_END`, then the game's checks), then the end of the turn. A game
subclasses it with its name, texts, options, grammar, action reader and deck, and
implements `load_state`, `check_state`, `start_turn`, `score`, `deal` and `view`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.codes import Code
from ...core.errors import MalformedInput, Violation
from ...core.ruleset import Ruleset
from ...core.turn import LegalActions, TurnResult
from ...i18n import Message
from .actions import ActionReader, BoxTurnRecord
from .grammar import Grammar
from .options import Option
from .seats import check_mover, may_act, whose
from .texts import card_not_in_hand_hint, family_hint
from .turn import BoxTurn


class BoxRuleset(Ruleset):
    family = "box"
    grammar: Grammar
    reader: ActionReader
    declared: tuple[Option, ...] = ()
    min_players = 2
    max_players = 2
    #: The kinds of action that turn up a card from a face-down pile (`turns_up`).
    turned_up_kinds: frozenset[str] = frozenset()
    #: A box game is dealt sealed once its `turns_up` is given and its sealed games are
    #: tested (tests/http/test_sealed_leaks.py).
    sealable = False
    #: The codes of an action refused only for not naming its cards (listed without them).
    unnamed: frozenset[str] = frozenset({"DRAW_CARD_REQUIRED"})

    @property
    def options(self) -> list[dict[str, Any]]:  # type: ignore[override]
        return [o.listing() for o in self.declared]

    #: The middle says who put each card (Ratefix), rather than being a pile of cards.
    middle_holds_entries = False

    def hint(self, state: Any, actions: Sequence[Any], violation: Violation,
             legal: list[dict] | None) -> Message | None:
        """The turn's shape for TURN_SHAPE, the family's hint for a card turned up and not
        named right, else the game's own (`game_hint`), else for CARD_NOT_IN_HAND the cards
        that can be played."""
        code = violation.code
        if code is Code.TURN_SHAPE:
            return Message(self.texts.TURN_SHAPE)
        found = family_hint(code, legal)
        if found is None:
            found = self.game_hint(state, code, legal)
        if found is None and code is Code.CARD_NOT_IN_HAND:
            found = card_not_in_hand_hint(legal)
        return found

    def game_hint(self, state: Any, code: Code, legal: list[dict] | None) -> Message | None:
        """The game's own hint for a refusal (`hint` in its texts), or None where the
        family's serves."""
        own = getattr(self.texts, "hint", None)
        return None if own is None else own(state, code, legal)

    # -- the game's part -------------------------------------------------------------------------

    def start_turn(self, state: Any, player: int) -> BoxTurn:  # type: ignore[override]
        raise NotImplementedError

    def shape(self, state: Any) -> Grammar:
        """The turn shape as the table lies: `grammar`, or a game's grammar of this phase
        (Ratefix: a put while cards are put, a guess once they all lie)."""
        return self.grammar

    # -- reading turns -----------------------------------------------------------------------------

    def load_turn(self, data: Any) -> BoxTurnRecord:  # type: ignore[override]
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
        return self.start_turn(state, turn.player).run(turn.actions, self.score)

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
        steps = self.start_turn(state, player)
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

    def check_mover(self, state: Any, player: int) -> None:
        """GAME_OVER, then NOT_YOUR_TURN for a player who may not act now, neither in turn
        nor out of it (a Mogeln challenge in 2018 may come from anyone but its maker)."""
        if not state.is_over and 0 <= player < len(state.players) and not may_act(state, player):
            if self.turn_grammar(state, player, (), listing=True) is not None:
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

    def deal(self, names: Sequence[str], seed: int, first: int, rows: Any, hidden: bool,
             options: Any) -> tuple[Any, int]:
        if rows is not None:
            raise MalformedInput(f"the {self.name} game has no row order to choose")
        return self.new_deal(names, seed, first, hidden, options), 0

    def new_deal(self, names: Sequence[str], seed: int, first: int, hidden: bool, options: Any) -> Any:
        raise NotImplementedError

    def view(self, state: Any, player: int | None) -> Any:
        """The state as `player` (None: a spectator) sees it at the table."""
        raise NotImplementedError


