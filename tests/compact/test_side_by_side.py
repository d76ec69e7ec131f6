"""Every ruleset's game in process (`referee.compact`) against the dict engine.

For every ruleset of the registry, random games are played on the compact game and
through `engine.legal_actions` / `engine.apply` side by side, the same random choices
(`referee.compact.play`'s random turn) made on each: before every action the legal
actions of the seat acting (as lists, in order) and whether the turn is complete, after
it the events the turn has caused so far (`engine.partial_turn`'s), and
the seats that may act (`current`, `waiting`: every seat a simultaneous step waits for is
stepped in turn, and now and then a seat acts out of turn where it may: a call, a
challenge); after every turn the events, the state and its JSON, a state read back
from its JSON, the views of every seat and of a spectator, and the scores. Beside each
legal turn, mistaken ones built from it (another seat, an action dropped, replaced or
added from the actions seen in the game, actions of a kind the game does not have, the
turn cut short, no action) go to both, action by action and as a whole, and the answers
must be the same: the same events and state, or the same Violation (code, index,
message), a refused turn leaving the game as it was.

The first game of each ruleset has the default options, the others options drawn from
those the ruleset lists. A few games per ruleset run in the normal suite; the slow test
plays many more.
"""

from __future__ import annotations

import os
import random

import pytest

from referee import compact, engine
from referee.compact.play import chosen, random_turn, with_a_value
from referee.core.actions import Turn
from referee.core.errors import MalformedInput, Violation
from referee.families.box.actions import Other

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
#: Games longer than this (random play seldom ends some games of the box) are cut off.
LONGEST = 120


def answer(play, *args):
    """What a call answers: ("ok", value) or ("refused", code, index, message)."""
    try:
        return ("ok", play(*args))
    except Violation as violation:
        return ("refused", violation.code, violation.action, violation.detail)
    except MalformedInput as problem:
        return ("malformed", str(problem))


def seats_for(ruleset: str, seed: int) -> int:
    rules = engine.find_ruleset(ruleset)
    return rules.min_players + seed % (min(rules.max_players, 5) - rules.min_players + 1)


def options_for(ruleset: str, players: int, seed: int) -> dict | None:
    """The defaults for seed 0; else each option's value drawn from those the ruleset
    lists, drawn again until the deal takes them (an edition's colours, enough cards)."""
    listed = engine.find_ruleset(ruleset).options
    if seed == 0 or not listed:
        return None
    rng = random.Random(f"options {seed}")
    for _ in range(100):
        options = {o["name"]: rng.choice(o["values"]) for o in listed}
        try:
            engine.check_state(engine.new_game(NAMES[:players], seed=seed, ruleset=ruleset, options=options).state)
        except (MalformedInput, Violation):
            continue
        return options
    raise AssertionError(f"no options of {ruleset} deal {players} players")


def engine_turn(state, player: int, actions) -> list:
    return engine.apply(state, Turn(player, tuple(actions))).events


def engine_prefix(state, player: int, actions) -> list:
    """The engine's listing after each longer prefix in turn, up to the first refused."""
    if not actions:
        return engine.legal_actions(state, (), player).actions
    for k in range(1, len(actions) + 1):
        engine.check_mover(state, player, tuple(actions[:k]))
        listed = engine.legal_actions(state, tuple(actions[:k]), player).actions
    return listed


def taken_one_by_one(game, player: int, actions) -> list:
    """Take the actions one at a time on a copy; the last listing (what may follow)."""
    for action in actions:
        game.take(action, player)
    return game.legal_actions(player)


def mistaken(turn: Turn, players: int, seen: list, rng: random.Random, box: bool) -> list[Turn]:
    """Turns built from a legal one with one thing changed (in a game of the box, also an
    action of a kind it does not have)."""
    actions = list(turn.actions)

    def other():
        return rng.choice(seen + [Other({"type": "nonsense"})] if box else seen)

    variants = [Turn((turn.player + 1) % players, turn.actions), Turn(players, turn.actions), Turn(turn.player, ())]
    if len(actions) > 1:
        i = rng.randrange(len(actions))
        variants.append(Turn(turn.player, tuple(actions[:i] + actions[i + 1:])))
        variants.append(Turn(turn.player, tuple(actions[:-1])))
    i = rng.randrange(len(actions))
    variants.append(Turn(turn.player, tuple(actions[:i] + [other()] + actions[i + 1:])))
    variants.append(Turn(turn.player, tuple(actions + [other()])))
    variants.append(Turn(turn.player, tuple([other()] + actions)))
    return variants


def same_refusals(game, state, turn: Turn, seen: list, rng: random.Random) -> None:
    box = engine.find_ruleset(state.ruleset).family == "box"
    for wrong in mistaken(turn, len(state.players), seen, rng, box):
        expected = answer(engine_turn, state, wrong.player, wrong.actions)
        other = game.copy()
        other.abandon_turn()
        assert answer(other.play, wrong) == expected, wrong
        if expected[0] == "ok":
            assert other.state == engine.apply(state, wrong).state, wrong
        else:
            assert other.state == state and other.taken == (), "a refused turn changes nothing"
        by_prefix = answer(engine_prefix, state, wrong.player, wrong.actions)
        one_by_one = game.copy()
        one_by_one.abandon_turn()
        assert answer(taken_one_by_one, one_by_one, wrong.player, wrong.actions) == by_prefix, wrong
        if by_prefix[0] == "ok" and wrong.actions and expected[0] != "ok":
            assert answer(one_by_one.end_turn) == expected, wrong


def check_after_turn(game, state) -> None:
    assert game.state == state and game.state.to_dict() == state.to_dict()
    assert compact.from_state(state.to_dict()).state.to_dict() == state.to_dict()
    assert game.is_over == state.is_over
    assert game.current == state.current
    assert game.waiting == tuple(getattr(state, "waiting", ()))
    assert game.acting == (() if state.is_over else (state.current,) if state.current is not None
                           else tuple(state.waiting))
    for seat in [None, *range(len(state.players))]:
        assert game.view(seat) == engine.view(state, seat)
    assert game.scores() == engine.scores(state)


def play_side_by_side(ruleset: str, seed: int, longest: int = LONGEST) -> int:
    """One random game of `ruleset` through both; the number of turns."""
    rng = random.Random(seed)
    players = seats_for(ruleset, seed)
    options = options_for(ruleset, players, seed)
    state = engine.new_game(NAMES[:players], seed=seed, ruleset=ruleset, options=options).state
    game = compact.new(ruleset, NAMES[:players], seed, options)
    check_after_turn(game, state)
    seen: list = []
    turns = 0
    while not state.is_over and turns < longest:
        acting = game.acting
        may = []  # the seats that may act now, in turn or out of it (a call, a challenge)
        for seat in range(players):
            listed = engine.legal_actions(state, (), seat).actions
            assert game.legal_actions(seat) == listed, (seat, acting)
            may += [seat] if listed else []
        seat = rng.choice(may) if rng.random() < 0.2 else acting[0] if len(acting) == 1 else rng.choice(acting)
        prefix: list = []
        while True:
            listed = engine.legal_actions(state, prefix, seat)
            assert game.legal_actions(seat) == listed.actions, (seed, turns, prefix)
            assert game.turn_complete == (bool(prefix) and listed.complete), (seed, turns, prefix)
            if prefix and listed.complete:
                break
            seen.extend(a for a in (with_a_value(a, rng) for a in listed.actions) if a not in seen)
            action = chosen(game, listed.actions, rng, seat)
            prefix.append(action)
            game.take(action, seat)
            assert game.player == seat and game.taken == tuple(prefix)
            assert game.turn_events == engine.partial_turn(state, prefix, seat)[1], (seed, turns, prefix)
        turn = Turn(seat, tuple(prefix))
        same_refusals(game, state, turn, seen, rng)
        result = engine.apply(state, turn)
        assert game.end_turn() == result.events, (seed, turn)
        state = result.state
        check_after_turn(game, state)
        turns += 1
    return turns


RULESETS = list(engine.RULESETS)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_random_games_get_the_same_answers_in_process_and_from_the_engine(ruleset):
    turns = [play_side_by_side(ruleset, seed, longest=60) for seed in range(4)]
    assert all(n > 0 for n in turns)


#: Games per ruleset of the slow test: many more under HYPOTHESIS_PROFILE=thorough.
MANY = 200 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else 12


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", RULESETS)
def test_many_random_games_get_the_same_answers(ruleset):
    for seed in range(4, 4 + MANY):
        play_side_by_side(ruleset, seed)


def test_every_ruleset_has_a_game_in_process_of_its_own():
    assert {name: compact.game_type(name).__name__ != "EngineGame" for name in RULESETS} == dict.fromkeys(
        RULESETS, True)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_game_from_a_view_answers_as_the_engine(ruleset):
    # A view hides cards: the game in process plays it straight over the engine, with the
    # engine's answers (the listings of every seat, and a turn of each listed action),
    # except Schnipp Schnapp's table, which keeps a stack nobody sees as a count.
    rng = random.Random(5)
    players = seats_for(ruleset, 1)
    game = compact.new(ruleset, NAMES[:players], 5)
    for _ in range(6):
        if not game.is_over:
            random_turn(game, rng)
    state = game.state
    for viewer in range(players):
        view = engine.view(state, viewer)
        for seat in range(players):
            listed = engine.legal_actions(view, (), seat).actions
            assert compact.from_state(view).legal_actions(seat) == listed
            for action in listed:
                expected = answer(engine_turn, view, seat, (action,))
                assert answer(compact.from_state(view.to_dict()).play, [action], seat) == expected, (seat, action)


def test_a_farben_sammeln_round_closed_in_process_ends_as_the_engine_ends_it():
    # Random play hardly ever closes the round: the mover is given a hand of one colour
    # (the ruleset's own finished position, not yet closed), takes the pile's top card,
    # discards what does not fit the colour and closes.
    dealt = engine.new_game(NAMES[:3], seed=2, ruleset="farben-sammeln").state.to_dict()
    data = engine.find_ruleset("farben-sammeln").finished_position(dealt)
    data["closed"], data["current"] = None, dealt["current"]
    state = engine.load_state(data)
    game = compact.from_state(data)
    colour = state.players[state.current].hand[0][0]
    taken: list = []
    for prefer in ("take", "discard", "close"):
        listed = engine.legal_actions(state, taken).actions
        assert game.legal_actions() == listed
        fitting = [a for a in listed if a.kind == prefer and getattr(a, "card", None) is not None
                   and a.card[0] != colour] or [a for a in listed if a.kind == prefer]
        taken.append(fitting[0])
        game.take(fitting[0])
    assert [a.kind for a in taken] == ["take", "discard", "close"]
    result = engine.apply(state, Turn(state.current, tuple(taken)))
    assert game.end_turn() == result.events and result.events[-1]["type"] == "game_over"
    assert game.state == result.state and game.is_over and game.acting == ()
    assert game.scores() == engine.scores(result.state)
