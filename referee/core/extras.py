"""What only some games have: small protocols beside the core `Ruleset`.

The core `Ruleset` (`referee.core.ruleset`) asks what every game answers. A question only
some games answer is a protocol here, which a game's ruleset implements by having the
member; whoever asks checks for it (`answers(ruleset, FastCount)`, which is
`isinstance` remembered per ruleset class, as a protocol check reads every member) and
takes the plain answer where the game has none. The functions below give those plain
answers where more than one place asks.

- `Hints`: a hint for a refused turn (the games of the box; the row games' hints are read
  from the table by `referee.advice.refusals`);
- `BlindChoices`, `HiddenOrders`, `SealedUnnamed`: a sealed game's choices the referee
  makes for a player who cannot see them, the hands it reorders, and what a sealed
  action must leave out (`referee.sealed`);
- `ActsForOthers`: the other players an action acts for (a call several made at once),
  which a sealed seat may not (`referee.sealed.own_seat`);
- `OutOfTurn`, `GatheredPlays`: the actions a seat not to move may take, and a play the
  game-AI environments build card by card (`referee.ai.table`);
- `FastCount`, `PrintedExamples`, `ConstructedTables`, `PositionSituations`,
  `FinishedPositions`: what the kits for test authors use where a game has it
  (`referee.conformance`, `referee.testing`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeGuard, TypeVar, runtime_checkable

from .errors import Violation

P = TypeVar("P")


#: `answers` already found, by the ruleset's class and the protocol.
_ANSWERED: dict[tuple[type, type], bool] = {}


def answers(ruleset: Any, protocol: type[P]) -> TypeGuard[P]:
    """The ruleset has what `protocol` asks for: `isinstance`, remembered per ruleset
    class (a ruleset's members are its class's)."""
    key = (type(ruleset), protocol)
    found = _ANSWERED.get(key)
    if found is None:
        found = _ANSWERED[key] = isinstance(ruleset, protocol)
    return found


@runtime_checkable
class Hints(Protocol):
    def hint(self, state: Any, actions: Sequence[Any], violation: Violation, legal: list[dict] | None) -> Any:
        """The game's hint (an `i18n.Message`) for a refused turn, or None."""


@runtime_checkable
class BlindChoices(Protocol):
    def sealed_pick(self, state: Any, player: int, action: Any, rng: Any) -> Any:
        """The action as the referee plays it in a sealed game, where the player cannot
        see what they choose from: a choice made blind (a card drawn from a fan held face
        down) is made here with the game's `rng`; other actions are as sent."""


@runtime_checkable
class HiddenOrders(Protocol):
    def sealed_reorder(self, before: Any, after: Any, rng: Any) -> Any:
        """A sealed game's state after a turn, with every hand that others cannot see
        and that an order could betray reordered from the game's `rng`."""


@runtime_checkable
class SealedUnnamed(Protocol):
    def sealed_unnamed(self, action: Any) -> str | None:
        """The member a sealed game's action must leave out, or None (see `sealed_unnamed`)."""


@runtime_checkable
class ActsForOthers(Protocol):
    def acts_for_others(self, action: Any) -> tuple[int, ...]:
        """The other players an action acts for (a call they made at the same moment,
        which one person at the table records for all); () for an action of its player
        alone."""


@runtime_checkable
class OutOfTurn(Protocol):
    def out_of_turn(self, options: Any) -> tuple[str, ...]:
        """The kinds of action a seat not to move may take in a game of these options
        (a Mogeln challenge in 2018, a Schnipp Schnapp call); () where none."""


@runtime_checkable
class GatheredPlays(Protocol):
    #: The kind of action that may carry several cards of the hand at once (a Mogeln
    #: play), which a game-AI seat picks card by card.
    gathered: str


@runtime_checkable
class FastCount(Protocol):
    def fast_count(self, state: Any, depth: int) -> tuple[int, int] | None:
        """The (turns, states) that `referee count` finds `depth` turns deep from a checked
        state, by a faster walker of the ruleset's own where it has one for this state;
        None sends the count to the reference walker over `legal_actions`."""


@runtime_checkable
class PrintedExamples(Protocol):
    def printed_examples(self) -> list[tuple[str, str, str, dict[str, Any]]]:
        """The printed rulebook's examples: (name, description, endpoint, request)."""


@runtime_checkable
class ConstructedTables(Protocol):
    #: A position laid out directly rather than reached by play, for the kits:
    #: `constructed_table(rng, players=None, endgame=False)` (JSON shape).
    constructed_table: Callable[..., dict[str, Any]]


@runtime_checkable
class PositionSituations(Protocol):
    #: Situations shown by a position of the kit's pool with given options: name ->
    #: (options, endpoint, actions, what the actions get as a whole turn, description).
    position_situations: dict[str, tuple[dict[str, Any], str, list[dict[str, Any]], str, str]]


@runtime_checkable
class FinishedPositions(Protocol):
    #: A finished position made from a deal (JSON shapes), for a game whose random play
    #: seldom ends.
    finished_position: Callable[[dict[str, Any]], dict[str, Any]]


def sealed_pick(ruleset: Any, state: Any, player: int, action: Any, rng: Any) -> Any:
    """The action as a sealed game plays it (`BlindChoices.sealed_pick`): as sent where
    the game makes no blind choice."""
    if answers(ruleset, BlindChoices):
        return ruleset.sealed_pick(state, player, action, rng)
    return action


def sealed_picks(ruleset: Any, state: Any, player: int, actions: list[Any], rng: Any) -> list[Any]:
    """`sealed_pick` of each action; the list itself where the game makes no blind choice."""
    if answers(ruleset, BlindChoices):
        return [ruleset.sealed_pick(state, player, action, rng) for action in actions]
    return actions


def sealed_reorder(ruleset: Any, before: Any, after: Any, rng: Any) -> Any:
    """A sealed game's state after a turn (`HiddenOrders.sealed_reorder`): `after` as it
    is where the game reorders nothing."""
    if answers(ruleset, HiddenOrders):
        return ruleset.sealed_reorder(before, after, rng)
    return after


def acts_for_others(ruleset: Any, action: Any) -> tuple[int, ...]:
    """The other players an action acts for (`ActsForOthers.acts_for_others`): none where
    the game has no action that acts for others."""
    if answers(ruleset, ActsForOthers):
        return ruleset.acts_for_others(action)
    return ()


def sealed_unnamed(ruleset: Any, action: Any) -> str | None:
    """The member a sealed game's action must leave out, because the referee turns up
    what it would name: a game's own answer (`SealedUnnamed`) where it has one, else a
    draw's or a reveal's `card`; None when it names nothing so."""
    if answers(ruleset, SealedUnnamed):
        found = ruleset.sealed_unnamed(action)
        if found is not None:
            return found
    if ruleset.turns_up(action) and getattr(action, "card", None) is not None:
        return "card"
    return None


def out_of_turn(ruleset: Any, options: Any) -> tuple[str, ...]:
    """The kinds of action a seat not to move may take (`OutOfTurn`): none where the
    game says nothing."""
    return ruleset.out_of_turn(options) if answers(ruleset, OutOfTurn) else ()


def gathered(ruleset: Any) -> str | None:
    """The kind of action a game-AI seat builds card by card (`GatheredPlays`), or None."""
    return ruleset.gathered if answers(ruleset, GatheredPlays) else None
