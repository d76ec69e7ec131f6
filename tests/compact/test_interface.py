"""`referee.compact`'s interface itself: the turn being built, copies, the seats of a
simultaneous step, what a listing leaves open, and the game the registry gives each
ruleset (the answers themselves are held to the engine's by `test_side_by_side.py`)."""

from __future__ import annotations

import random

import pytest

from referee import compact, engine
from referee.compact.play import random_turn
from referee.core.actions import Turn
from referee.games.ratefix.state import Guess
from referee.families.box.actions import Reveal
from referee.games.schnipp_schnapp.actions import Flip


def test_every_ruleset_of_the_registry_plays_on_a_compact_game_of_its_own():
    for name in engine.RULESETS:
        game = compact.new(name, ["Ada", "Ben", "Cleo"][:max(2, engine.find_ruleset(name).min_players)], 1)
        assert isinstance(game, compact.CompactGame)
        assert (game.ruleset, type(game).__module__) == (name, f"referee.games.{name.replace('-', '_')}.game")


def test_a_turn_being_built_is_copied_and_abandoned_without_touching_the_other():
    game = compact.new("zweikampf", ["Ada", "Ben"], 7)
    dealt = game.state
    game.take(game.legal_actions(0)[0], 0)
    assert (game.player, game.taken, game.waiting) == (0, (Reveal(),), (0, 1))
    assert game.turn_events == [{"type": "revealed", "player": 0, "card": "O10"}]
    assert game.state == dealt, "the turn being built is not in the state"
    copy = game.copy()
    game.abandon_turn()
    assert (game.player, game.taken, game.turn_events, game.state) == (None, (), [], dealt)
    assert copy.end_turn() == [{"type": "revealed", "player": 0, "card": "O10"}]
    assert (copy.waiting, game.waiting) == ((1,), (0, 1))


def test_a_seat_building_a_turn_keeps_it_until_it_ends():
    game = compact.new("zweikampf", ["Ada", "Ben"], 7)
    game.take(game.legal_actions(1)[0], 1)
    assert game.legal_actions(0) == []
    with pytest.raises(RuntimeError, match="player 1 is building a turn"):
        game.take(Reveal(), 0)
    game.end_turn()
    assert game.waiting == (0,)


def test_a_whole_turn_is_played_from_a_turn_or_a_seats_actions():
    game = compact.new("hoechste-karte", ["Ada", "Ben", "Cleo"], 2)
    first = game.play(Turn(2, (game.legal_actions(2)[0],)))
    assert first == [] and game.waiting == (0, 1)
    assert game.play(game.legal_actions(1)[:1], player=1) == [] and game.waiting == (0,)
    with pytest.raises(engine.Violation) as refused:
        game.play(game.legal_actions(0)[:1], player=1)
    assert (refused.value.code.value, refused.value.action) == ("NOT_YOUR_TURN", None)
    assert [e["type"] for e in game.play(game.legal_actions(0)[:1])][:3] == ["revealed"] * 3


def test_a_ratefix_guess_is_listed_without_its_number_and_taken_with_one():
    game = compact.new("ratefix", ["Ada", "Ben"], 1)
    for seat in game.waiting:
        game.play(game.legal_actions(seat), player=seat)
    assert (game.current, game.legal_actions()) == (0, [Guess()])
    with pytest.raises(engine.MalformedInput, match="a guess says its value"):
        game.take(Guess())
    assert game.taken == ()
    game.play([Guess(21)])
    assert game.current == 1


def test_a_flip_from_an_empty_schnipp_schnapp_stack_is_settled_with_a_shuffle():
    game = compact.new("schnipp-schnapp", ["Ada", "Ben"], 3)
    rng = random.Random(3)
    while not game.is_over:
        seat = game.acting[0]
        if not game.state.players[seat].stack and Flip() in game.legal_actions(seat):
            break
        random_turn(game, rng)
    assert not game.is_over
    with pytest.raises(engine.Violation) as refused:
        game.copy().take(Flip(), seat)
    assert refused.value.code.value == "DRAW_CARD_REQUIRED"
    settled = game.settle(Flip(), random.Random(1), seat)
    assert settled.shuffle == random.Random(1).getrandbits(128)
    before = game.state
    events = game.play([settled], player=seat)
    turned = list(before.players[seat].open)
    random.Random(settled.shuffle).shuffle(turned)
    assert events[0] == {"type": "revealed", "player": seat, "card": turned[0]}
    assert game.state.players[seat].stack == tuple(turned[1:]), "the stack stays known"
    assert game.state == engine.apply(before, Turn(seat, (settled,))).state


def test_a_game_whose_state_hides_cards_plays_straight_over_the_engine():
    state = engine.new_game(["Ada", "Ben"], seed=4, ruleset="farben-sammeln").state
    view = engine.view(state, 0)
    game = compact.from_state(view)
    assert type(game).__name__ == "EngineGame"
    assert game.legal_actions() == engine.legal_actions(view).actions
    table = compact.from_state(engine.new_game(["Ada", "Ben"], seed=4, hidden=True).state)
    assert type(table).__name__ == "EngineGame"
