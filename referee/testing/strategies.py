"""Hypothesis strategies for Elfer raus! states, turns and games (see `referee.testing`)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, strategies as st

from .. import engine
from ..core.extras import ConstructedTables, answers
from . import play as plays
from .decks import GameKind, game_kinds

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
Data = dict[str, Any]


def rngs() -> st.SearchStrategy[random.Random]:
    """A `random.Random` from a seed Hypothesis draws (and shrinks towards 0)."""
    return st.integers(0, 2**32 - 1).map(random.Random)


def kinds(ruleset: str | None = None) -> st.SearchStrategy[GameKind]:
    """A ruleset with its options: `"master"`, `"classic"` (any combination) or `"junior"`;
    with `ruleset` None each ruleset is as likely, whatever its number of options."""
    if ruleset is None:
        return st.sampled_from(sorted(engine.ROW_GAMES)).flatmap(lambda name: st.sampled_from(game_kinds(name)))
    return st.sampled_from(game_kinds(ruleset))


def _hiding(draw, state: Data, hidden: bool | None) -> Data:
    if hidden is None:
        hidden = draw(st.booleans(), label="hidden")
    return plays.hide_at_random(state, draw(rngs(), label="which hidden")) if hidden else state


@st.composite
def deals(draw, ruleset: str | None = None, hidden: bool | None = False) -> Data:
    """A fresh seeded deal (JSON shape): any number of players the game allows, any first
    player, for MASTER any order of the rows. `hidden`: False (everything known), True
    (some hands and perhaps the pile as counts) or None (either)."""
    kind = draw(kinds(ruleset), label="game")
    n = draw(st.integers(2, kind.max_players), label="players")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    first = draw(st.integers(0, n - 1), label="first")
    rules = engine.find_ruleset(kind.ruleset)
    rows = draw(st.permutations(rules.row_colors(kind.options)), label="rows") if rules.chooses_row_order else None
    game = engine.new_game(NAMES[:n], seed=seed, first=first, ruleset=kind.ruleset,
                           options=engine.with_rows(kind.options, rows))
    return _hiding(draw, game.state.to_dict(), hidden)


@st.composite
def positions(draw, ruleset: str | None = None, hidden: bool | None = False, max_turns: int = 60) -> Data:
    """A position of a running game reached by random legal play from a deal (JSON shape);
    in MASTER the mover sometimes gets the jokers of the pile and the other hands, so
    that jokers and swaps come up often."""
    state = draw(deals(ruleset, hidden=False))
    turns = draw(st.integers(0, max_turns), label="turns played")
    rng = draw(rngs(), label="play")
    state, _ = plays.play(state, rng, turns)
    if plays.jokers_in_game(state) and draw(st.booleans(), label="jokers to mover"):
        state = plays.give_jokers(state, draw(st.integers(1, 4)))
    return _hiding(draw, state, hidden)


def constructing() -> list[str]:
    """The row games that lay out positions directly (`extras.ConstructedTables`)."""
    return [name for name in engine.ROW_GAMES if answers(engine.find_ruleset(name), ConstructedTables)]


@st.composite
def tables(draw, hidden: bool | None = False, players: int | None = None, ruleset: str | None = None) -> Data:
    """A position the game lays out directly (`extras.ConstructedTables`; by default the
    first game that does, MASTER: dense rows, islands behind bridges, jokers on the
    table, the bonus cards running out, an empty pile)."""
    rules = engine.find_ruleset(ruleset or constructing()[0])
    assert answers(rules, ConstructedTables), f"{rules.name} lays out no positions"
    construct = rules.constructed_table
    rng = draw(rngs(), label="table")
    try:
        state = construct(rng, players=players)
    except ValueError:  # too few cards left off the table for that many players
        assume(False)
    assume(plays.is_possible(state))
    return _hiding(draw, state, hidden)


def states(ruleset: str | None = None, hidden: bool | None = None) -> st.SearchStrategy[Data]:
    """Any possible state of `ruleset` (or of every ruleset): deals, positions of random
    play and, for a game that lays them out (MASTER), constructed tables; hands and pile
    known or hidden."""
    options = [deals(ruleset, hidden), positions(ruleset, hidden)]
    if ruleset is None or ruleset in constructing():
        options.append(tables(hidden, ruleset=ruleset))
    return st.one_of(options)


@st.composite
def impossible_states(draw, ruleset: str | None = None) -> Data:
    """A state that cannot happen (docs/games/master.md, `INVALID_STATE`): a possible one
    with one fact broken."""
    state = draw(states(ruleset, hidden=None))
    broken = plays.impossible(state, draw(rngs(), label="break"))
    try:
        assume(not plays.is_possible(broken))
    except engine.MalformedInput:
        assume(False)
    return broken


@st.composite
def legal_turns(draw, state: Data) -> dict[str, Any]:
    """A legal turn for the player to move in `state` (JSON shape), built from
    legal-actions action by action. The game must not be over."""
    turn = plays.legal_turn(state, draw(rngs(), label="turn"))
    assume(turn is not None)
    return turn


@st.composite
def arbitrary_turns(draw, state: Data) -> dict[str, Any]:
    """A turn that may or may not be legal: a legal one with a deliberate mistake
    (an action added, dropped, repeated, moved or replaced, past the 4-card limit, past
    the end of the hand, by the wrong player), or actions picked near the layout."""
    rng = draw(rngs(), label="mistake")
    kind = draw(st.sampled_from(plays.MISTAKES), label="kind of mistake")
    base = None if plays.is_over(state) else plays.legal_turn(state, rng)
    return plays.mistake(state, base, rng, kind)


@st.composite
def games(draw, ruleset: str | None = None, max_turns: int = 400) -> tuple[Data, list[dict[str, Any]]]:
    """A deal and the legal turns of a game played from it by random play to its end (or
    `max_turns`): the body of `POST /v1/replays`, as `(state, turns)`."""
    state = draw(deals(ruleset, hidden=False))
    _, turns = plays.play(state, draw(rngs(), label="play"), max_turns)
    return state, turns
