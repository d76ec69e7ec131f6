"""What every ruleset's turn shares: the mover checks, hidden information and the draw.

Each ruleset has its own `TurnInProgress` (MASTER's in `turn.py`, the classic and junior
games' in `rowgame.py`), but they agree on these parts, which live here once:

- the result of a legal turn (`TurnResult`), of a legal-actions question
  (`LegalActions`), and how a turn is run action by action;
- the first whole-turn checks (`GAME_OVER`, `NOT_YOUR_TURN`);
- what a player whose hand is hidden may hold: any card not visible elsewhere (RULES.md
  section 12);
- the draw checks shared by all rulesets (`PILE_EMPTY`, `DRAW_CARD_REQUIRED`,
  `DRAW_MISMATCH`, `CARD_UNAVAILABLE`), and the draw itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from .cards import JOKER, describe_card
from .errors import Violation
from .codes import Code
from ..master.state import Hidden

Event = dict[str, Any]


class TurnResult:
    """The outcome of a legal turn: the new state, its events and the unchecked rules."""

    __slots__ = ("state", "events", "unchecked")

    def __init__(self, state: Any, events: list[Event], unchecked: list[str]):
        self.state = state
        self.events = events
        self.unchecked = unchecked

    def __repr__(self) -> str:
        return f"TurnResult(events={self.events!r}, unchecked={self.unchecked!r})"


class LegalActions:
    __slots__ = ("player", "actions", "complete")

    def __init__(self, player: int, actions: list[Any], complete: bool):
        self.player = player
        self.actions = actions
        self.complete = complete

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "actions": [a.to_dict() for a in self.actions],
            "complete": self.complete,
        }


class Progress(Protocol):
    """What `run_turn` needs of a ruleset's turn in progress."""

    def take(self, index: int, action: Any) -> None: ...
    def check_end(self) -> None: ...
    def result(self) -> TurnResult: ...


class TurnSteps:
    """The step loop of every ruleset's turn in progress: check an action, then carry it out.

    A subclass supplies `violation` (the action's checks, changing nothing), `perform`
    and `end_violation`; the legal-action generators ask `violation` the same questions.
    For the shared draw and pass checks and the draw itself it also has `pile`,
    `pile_size`, `player`, `hidden_hand`, `hand`, `hand_count`, `events`, the cache
    `_elsewhere` of what is visible, `is_visible(card, include_own_hand)` and `playable()`.
    """

    def shared_draw_violation(self, index: int, named: str | None) -> Violation | None:
        """The draw checks every ruleset makes, after its own."""
        return draw_violation(
            index, named, self.pile, self.pile_size, self.player, self.hidden_hand,
            lambda card: self.is_visible(card, True),
        )

    def take_top_card(self, named: str | None) -> str | None:
        """Move the pile's top card into the hand (the card named, for a hidden pile, or
        None where it is unknown), record the `drew` event, and return the card."""
        if isinstance(self.pile, Hidden):
            card = named
            self.pile = Hidden(self.pile.count - 1)
        else:
            card = self.pile[0]
            self.pile = self.pile[1:]
            self._elsewhere = None  # the drawn card left the known pile: forget what was seen
        if self.hidden_hand:
            self.hand_count += 1
        else:
            self.hand.append(card)  # a known hand drawing from a hidden pile named the card
            self.hand_count = len(self.hand)
        self.events.append({"type": "drew", "player": self.player, "card": card})
        return card

    def pass_violation(self, index: int) -> Violation | None:
        # A hidden hand's cards are unknown: MUST_PLAY is listed as unchecked instead.
        playable = list if self.hidden_hand else self.playable
        return pass_violation(index, self.pile_size, self.player, playable)

    def violation(self, index: int, action: Any) -> Violation | None:
        raise NotImplementedError

    def perform(self, index: int, action: Any) -> None:
        raise NotImplementedError

    def end_violation(self) -> Violation | None:
        raise NotImplementedError

    def take(self, index: int, action: Any) -> None:
        """Check the action and carry it out; raise its violation if it breaks a rule."""
        found = self.violation(index, action)
        if found is not None:
            raise found
        self.perform(index, action)

    def check_end(self) -> None:
        found = self.end_violation()
        if found is not None:
            raise found


def pass_violation(
    index: int, pile_size: int, player: int, playable: Callable[[], list[str]]
) -> Violation | None:
    """`PASS_PILE_NOT_EMPTY`, then `MUST_PLAY`: a pass needs an empty pile and nothing to place.

    `playable` lists the cards the player could place; it is asked only once the pile is
    empty (legal-action listings ask about a pass at every turn start).
    """
    if pile_size > 0:
        return Violation(
            Code.PASS_PILE_NOT_EMPTY,
            index,
            f"The draw pile still has {pile_size} cards; a player may pass only once it is empty.",
        )
    cards = playable()
    if cards:
        return Violation(
            Code.MUST_PLAY,
            index,
            f"The pile is empty and player {player} can place {', '.join(cards)}; "
            "a player who can place a card must.",
        )
    return None


def finish_turn(
    state: Any, events: list[Event], unchecked: list[str], went_out: bool,
    scores: Callable[[Any], dict[str, Any]],
) -> TurnResult:
    """The turn's result, with the `game_over` event (and the ruleset's `scores`) when the
    turn ended the game: a hand was emptied, or every player has now passed in a row."""
    if went_out or state.passes >= len(state.players):
        outcome = scores(state)
        events.append(
            {
                "type": "game_over",
                "reason": "out" if went_out else "blocked",
                "scores": outcome["scores"],
                "winners": outcome["winners"],
            }
        )
    return TurnResult(state, events, unchecked)


def run_turn(progress: Progress, actions: Iterable[Any]) -> TurnResult:
    """Take the actions in order, then the end-of-turn checks; the first failure raises."""
    for index, action in enumerate(actions):
        progress.take(index, action)
    progress.check_end()
    return progress.result()


def check_mover(state: Any, player: int) -> None:
    """`GAME_OVER`, then `NOT_YOUR_TURN`: the first checks on any turn of any ruleset."""
    if state.is_over:
        raise Violation(Code.GAME_OVER, None, "The game is over; no more turns can be played.")
    if player != state.current:
        raise Violation(
            Code.NOT_YOUR_TURN,
            None,
            f"It is player {state.current}'s turn ({state.players[state.current].name}), "
            f"not player {player}'s.",
        )


def visible_elsewhere(players: Iterable[Any], me: int, pile: Any) -> tuple[set[str], int]:
    """Number cards and the joker count in the known hands of the others and the known pile.

    Hidden zones contribute nothing.
    """
    cards: set[str] = set()
    jokers = 0
    zones = [p.hand for i, p in enumerate(players) if i != me]
    zones.append(pile)
    for zone in zones:
        if not isinstance(zone, Hidden):
            for card in zone:
                if card == JOKER:
                    jokers += 1
                else:
                    cards.add(card)
    return cards, jokers


def draw_violation(
    index: int,
    named: str | None,
    pile: Any,
    pile_size: int,
    player: int,
    hand_hidden: bool,
    is_visible: Callable[[str], bool],
) -> Violation | None:
    """The draw checks of RULES.md section 10 in their order; `is_visible` sees own hand too."""
    pile_hidden = isinstance(pile, Hidden)
    if pile_size == 0:
        return Violation(Code.PILE_EMPTY, index, "The draw pile is empty; there is nothing to draw.")
    if pile_hidden and not hand_hidden and named is None:
        return Violation(
            Code.DRAW_CARD_REQUIRED,
            index,
            f"Player {player}'s hand is known but the pile is not: say which card was drawn.",
        )
    if not pile_hidden and named is not None and named != pile[0]:
        return Violation(
            Code.DRAW_MISMATCH,
            index,
            f"The top card of the pile is the {describe_card(pile[0])}, "
            f"not the {describe_card(named)}.",
        )
    if pile_hidden and named is not None and is_visible(named):
        return Violation(
            Code.CARD_UNAVAILABLE,
            index,
            f"The {describe_card(named)} cannot have been drawn: it is visible elsewhere.",
        )
    return None
