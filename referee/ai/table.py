"""A table in process for game AI: one game as a sealed game plays it, action by action.

Each seat acts on what it may know: the referee holds the whole state, a seat chooses
among the entries of its game's fixed action space (`Ruleset.action_space`, plus one
entry "end the turn"), and the referee fills in what the seat cannot name: the card a
draw turns up, a place drawn blind from a fan held face down (`core.extras.BlindChoices`),
as a sealed game does (docs/howto/game-ai.md). A turn of several actions is several
steps of the same seat; a turn ends by the "end the turn" entry, or by itself when no
action can follow. A play that may lay several cards at once (a Mogeln play,
`core.extras.GatheredPlays`) is picked card by card, then "end the turn" lays them.

Where a seat not to move may act (a Mogeln challenge in 2018, a Schnipp Schnapp call:
`core.extras.OutOfTurn`), every turn of a seat in its own turn is followed by a decision
step for each other seat that may act so now, clockwise from the left of the turn's
player (the seat that moves next acts in its own turn instead): it takes one of those
actions as its turn, or the entry "decline", and the next seat of the queue decides. A
seat with nothing it may take out of turn at its step is passed over.

In a simultaneous step (everyone turns up, everyone plays face down) the waiting seats
act one after the other in seat order, each turn played as it comes, as the referee plays
them: what a seat plays face down its view hides from the others until the referee turns
it up, and a card turned up lies face up for all, as at the table.

Pure Python over the compact games (`referee.compact`): the environments (`pettingzoo_env`, `openspiel_game`)
add numpy and the frameworks.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from .. import compact, engine
from ..core import extras

#: The wire form of the entry after the ruleset's: play the actions taken so far as a
#: whole turn (offered while they make a whole turn and more could follow).
END_TURN: dict[str, str] = {"type": "end turn"}
#: The wire form of the last entry of a game where seats may act out of turn: a seat in a
#: decision step takes none of the actions it may take out of turn.
DECLINE: dict[str, str] = {"type": "decline"}


class IllegalAction(ValueError):
    """An action index the seat may not take now (outside the action mask)."""


def key(action: dict[str, Any]) -> str:
    """An action's wire form as one canonical string."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


class Space:
    """A game's fixed action space: the ruleset's entries, then "end the turn", then
    "decline" where seats may act out of turn (`decline` is None where they may not)."""

    def __init__(self, entries: Sequence[dict[str, Any]], out_of_turn: bool = False):
        self.entries = [*entries, END_TURN, *([DECLINE] if out_of_turn else [])]
        self.end = len(entries)
        self.decline: int | None = self.end + 1 if out_of_turn else None
        self.index = {key(entry): i for i, entry in enumerate(self.entries)}
        if len(self.index) != len(self.entries):
            raise ValueError("an action space lists an action twice")
        # A listed action that leaves out a member (a guess listed without its value)
        # stands for every entry of its kind that has the members it names.
        self.memo: dict[Any, list[int]] = {}  # a listed action's entries, once found
        self.turning: dict[int, bool] = {}  # whether an entry turns up a card, once asked
        self.by_type: dict[str, list[int]] = {}
        for i, entry in enumerate(entries):
            self.by_type.setdefault(entry["type"], []).append(i)

    def __len__(self) -> int:
        return len(self.entries)

    @staticmethod
    def of(rules: Any, state: Any) -> Space:
        """The space of `state`'s game, made once for its ruleset, seats and options."""
        options = state.to_dict().get("options")
        found_key = (rules.name, len(state.players), key(options) if options is not None else "")
        found = _SPACES.get(found_key)
        if found is None:
            found = _SPACES[found_key] = Space(rules.action_space(state), bool(extras.out_of_turn(rules, options)))
        return found

    def matching(self, listed: dict[str, Any]) -> list[int]:
        """The entries a listed action (its unnamed members left out) stands for."""
        found = self.index.get(key(listed))
        if found is not None:
            return [found]
        items = listed.items()
        return [i for i in self.by_type.get(listed["type"], ()) if items <= self.entries[i].items()]


_SPACES: dict[tuple[str, int, str], Space] = {}


def seat_names(players: int) -> list[str]:
    return [f"player_{i}" for i in range(players)]


class Table:
    """One game for game AI (see the module): `new` deals it as `engine.new_game` does.
    The game is played on its compact game (`referee.compact`), which answers as the
    engine does."""

    def __init__(self, state: Any):
        self.rules = engine.find_ruleset(state.ruleset)
        self.game = compact.from_state(state)
        self.space = Space.of(self.rules, state)
        self.open: list[Any] = []  # the acting seat's actions in the turn being built
        self.taken: list[int] = []  # and the entries it chose for them (and for `picked`)
        self.picked: list[str] = []  # the cards of a gathered play picked so far
        self.deciding: list[int] = []  # the seats still to get a decision step, in order
        self.turns = 0
        self.out_of_turn = extras.out_of_turn(self.rules, state.to_dict().get("options"))
        self.gathered = extras.gathered(self.rules)
        self._listed: tuple[int, list[Any], bool, list[int]] | None = None  # until the table changes

    @classmethod
    def new(cls, ruleset: str, players: int, seed: int, options: Any = None) -> Table:
        """A seeded deal (the referee's own errors for a wrong seed, ruleset or options)."""
        return cls(engine.new_game(seat_names(players), seed=seed, ruleset=ruleset, options=options).state)

    def copy(self) -> Table:
        new = Table.__new__(Table)
        new.rules, new.game, new.space = self.rules, self.game.copy(), self.space
        new.open, new.taken, new.turns = list(self.open), list(self.taken), self.turns
        new.picked, new.deciding = list(self.picked), list(self.deciding)
        new.out_of_turn, new.gathered = self.out_of_turn, self.gathered
        new._listed = self._listed
        return new

    @property
    def state(self) -> Any:
        """The state of the turns played (not the turn being built)."""
        return self.game.state

    @state.setter
    def state(self, state: Any) -> None:
        """Another world: the same turn so far played on `state` (a Violation if it cannot be)."""
        self.game = compact.from_state(state)
        self._listed = None
        for action in self.open:
            self.game.take(action, self.acting)

    def __deepcopy__(self, memo: dict) -> Table:
        return self.copy()  # states are immutable: a copy shares them

    # -- who acts ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.game.players)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats a simultaneous step waits for (none outside one)."""
        return tuple(self.game.waiting)

    @property
    def acting(self) -> int | None:
        """The seat that chooses now: the first seat in a decision step, else the one to
        move, or in a simultaneous step the first seat still waiting; None once the game
        is over."""
        game = self.game
        if game.is_over:
            return None
        if self.deciding:
            return self.deciding[0]
        waiting = game.waiting
        return waiting[0] if waiting else game.current

    @property
    def deciding_now(self) -> bool:
        """Whether the acting seat is in a decision step (see the module)."""
        return bool(self.deciding) and not self.game.is_over

    # -- what a seat may do ----------------------------------------------------------------

    def _listing(self, seat: int) -> tuple[list[Any], bool, list[int]]:
        """The legal actions of `seat` now, whether its actions so far make a whole turn,
        and the entries the actions stand for (kept until the table changes: a seat's
        mask, its choice and the check after it ask alike)."""
        listed = self._listed
        if listed is not None and listed[0] == seat:
            return listed[1], listed[2], listed[3]
        actions = self.game.legal_actions(seat)
        complete = bool(self.open) and self.game.turn_complete
        deciding = self.deciding_now and not self.open
        if deciding:  # only what the seat may take out of turn
            actions = [action for action in actions if action.kind in self.out_of_turn]
        if self.picked:  # more cards for the play, or lay those picked
            actions = [action for action in actions
                       if action.kind == self.gathered and action.cards[0] not in self.picked]
            complete = True
        found: set[int] = set()
        memo = self.space.memo
        for action in actions:
            memo_key = (type(action), action)  # records of two kinds may hold equal fields
            try:
                matches = memo[memo_key]
            except (KeyError, TypeError):  # an action seen first, or one that is no key
                matches = self.space.matching(self._stripped(action))
                try:
                    memo[memo_key] = matches
                except TypeError:
                    pass
            if not matches:
                raise LookupError(f"the {self.rules.name} action space has no entry for {action.to_dict()}")
            found.update(matches)
        if (complete and actions) or self.picked:
            found.add(self.space.end)
        if deciding and self.space.decline is not None:
            found.add(self.space.decline)
        self._listed = (seat, actions, complete, sorted(found))
        return actions, complete, self._listed[3]

    def _stripped(self, action: Any) -> dict[str, Any]:
        """The wire form of a listed action without what the referee turns up."""
        data = action.to_dict()
        unnamed = extras.sealed_unnamed(self.rules, action)
        if unnamed is not None:
            data.pop(unnamed, None)
        return data

    def legal(self, seat: int | None = None) -> list[int]:
        """The entries `seat` (default: the acting one) may choose now, in space order."""
        if seat is None:
            seat = self.acting
        if seat is None or seat != self.acting:
            return []
        return list(self._listing(seat)[2])

    def act(self, index: int, rng: random.Random) -> None:
        """The acting seat takes entry `index`; `rng` makes the choices a seat makes
        blind (`core.extras.BlindChoices`). IllegalAction for an entry outside `legal()`."""
        seat = self.acting
        if seat is None:
            raise IllegalAction("the game is over")
        legal = self.legal(seat)
        if index not in legal:
            shown = self.space.entries[index] if 0 <= index < len(self.space) else index
            raise IllegalAction(f"{shown} is not a legal action for player_{seat} now; legal: {legal}")
        if index == self.space.decline:
            self.deciding.pop(0)
            self._pass_over_idle()
            return
        entry = self.space.entries[index]
        if index == self.space.end:
            if not self.picked:
                self._end_turn(seat)
                return
            # The cards picked, laid as one play.
            action = self.rules.load_actions([{"type": self.gathered, "cards": self.picked}])[0]
            self.picked = []
        elif entry["type"] == self.gathered:
            self.picked.append(entry["cards"][0])
            self.taken.append(index)
            self._listed = None
            return
        else:
            action = self._action(seat, index, rng)
        self.game.take(action, seat)
        self.open.append(action)
        if index != self.space.end:
            self.taken.append(index)
        self._listed = None
        actions, complete, _ = self._listing(seat)
        if complete and not actions:
            self._end_turn(seat)

    def _action(self, seat: int, index: int, rng: random.Random) -> Any:
        """The action the referee plays for entry `index`: a blind choice made with `rng`,
        else the one listed action that stands for the entry alone (with the card it turns
        up), else the entry as it is (a guess listed without its value)."""
        unnamed = self.rules.load_actions([self.space.entries[index]])[0]
        picked = extras.sealed_pick(self.rules, self.state, seat, unnamed, rng) if self.rules.turns_up(unnamed) else unnamed
        if picked != unnamed:
            return picked
        memo = self.space.memo
        matches = [a for a in self._listing(seat)[0] if memo.get((type(a), a)) == [index]]
        return matches[0] if len(matches) == 1 else unnamed

    def _end_turn(self, seat: int) -> None:
        decided = self.deciding_now and self.deciding[0] == seat
        self.open, self.taken, self.picked, self._listed = [], [], [], None
        self.game.end_turn()
        self.turns += 1
        if decided:
            self.deciding.pop(0)
        elif self.out_of_turn:  # the other seats' decision steps, from the player's left
            n = self.players
            self.deciding = [(seat + step) % n for step in range(1, n + 1)]
        self._pass_over_idle()

    def _pass_over_idle(self) -> None:
        """Drop from the queue of decision steps the seats that may take nothing out of
        turn now, and the seat that moves next (it acts in its own turn)."""
        game, deciding = self.game, self.deciding
        self._listed = None
        while deciding:
            if game.is_over:
                deciding.clear()
                break
            seat = deciding[0]
            mover = game.waiting[0] if game.waiting else game.current
            if seat != mover and any(action.kind in self.out_of_turn for action in game.legal_actions(seat)):
                break
            deciding.pop(0)

    # -- what a seat sees ------------------------------------------------------------------

    def view(self, seat: int) -> Any:
        """The table as `seat` sees it (`engine.view`)."""
        return self.game.view(seat)

    def open_turn(self, seat: int) -> tuple[list[int], list[str]]:
        """The entries `seat` has taken in the turn it is building, and the cards they
        turned up as `seat` saw them (none for a seat not building a turn)."""
        if seat != self.acting or not self.taken:
            return [], []
        taken = list(self.taken)
        state = self.state
        _, events = engine.partial_turn(state, self.open, seat) if self.open else (None, [])
        cards: list[str] = []
        for event in engine.view_events(state, events, seat):
            card = event.get("card")
            if isinstance(card, str):
                cards.append(card)
            for each in event.get("cards", ()) if isinstance(event.get("cards"), list) else ():
                if isinstance(each, str):
                    cards.append(each)
        return taken, cards

    def returns(self) -> list[float]:
        """Each seat's reward for the game as it stands (`engine.scores`' winners): 1 for
        a winner, less the winners' share of the table, scaled so that a lone winner gets
        1 and the rewards add up to 0 (two players: 1 and -1; a tie between all, or no
        winner yet: 0)."""
        winners = self.game.scores()["winners"] or []  # None: nobody has won yet
        n = self.players
        mean = len(winners) / n
        return [n / (n - 1) * ((1.0 if seat in winners else 0.0) - mean) for seat in range(n)]
