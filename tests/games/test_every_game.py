"""What every game in the registry keeps, checked the same way for each: whole random games
from seeded deals, played from what the referee lists, and after every turn

- the turn built from the listed actions is accepted (the listing agrees with `apply`),
  and `apply` leaves its input as it was;
- the new state reads back from its JSON to the same JSON and passes the state checks
  (every card there once, every fact a real game keeps);
- every seat's view, and a spectator's, is itself a sound state of the game, and viewing
  it again changes nothing;

and at the end: the scores are final, nobody has an action left, and a further turn is
`GAME_OVER`. The game folders' own tests keep only what is particular to their game."""

from __future__ import annotations

import copy
import json
import random

import pytest

from referee import engine
from referee.core.extras import FinishedPositions, answers
from referee.testing import play as row_play
from referee.testing.boxplay import box_kinds, box_turn, completed, movers
from referee.testing.decks import game_kinds

#: Turns checked in full in one game; after them every 25th, up to LONGEST, where a game
#: that has not ended stops (a game of Farben sammeln hardly ever ends by random play: its
#: end is checked on the ruleset's finished position).
CHECKED = 300
LONGEST = 3000
#: Games of each kind (edition and options) of a game.
GAMES_EACH = 2


def kinds(name: str) -> list[tuple[str, dict | None]]:
    """Every edition and yes/no option of the game (the kits' own lists of kinds)."""
    if engine.find_ruleset(name).family == "box":
        return [(k.ruleset, k.options) for k in box_kinds() if k.ruleset == name]
    return [(k.ruleset, k.options) for k in game_kinds(name)]


def random_turn(state: dict, rng: random.Random) -> dict | None:
    """A legal turn built from the listed actions, by the testing kit's walker of the
    game's family; None when the game is over."""
    if engine.find_ruleset(state.get("ruleset", engine.DEFAULT_RULESET)).family == "box":
        return box_turn(state, rng)
    return None if row_play.is_over(state) else row_play.legal_turn(state, rng)


def players_of(state: dict) -> list[int | None]:
    return [*range(len(state["players"])), None]


def assert_sound(state: dict) -> None:
    loaded = engine.load_state(state)
    assert loaded.to_dict() == state
    assert engine.load_state(json.loads(json.dumps(state))).to_dict() == state
    engine.check_state(loaded)


def assert_views_sound(state: dict) -> None:
    loaded = engine.load_state(state)
    for seat in players_of(state):
        seen = engine.view(loaded, seat)
        engine.check_state(engine.load_state(seen.to_dict()))
        assert engine.view(seen, seat).to_dict() == seen.to_dict()
        assert (seen.is_over, seen.current) == (loaded.is_over, loaded.current)
        if seat is not None:  # a seat's view lets it act when the whole state does (a sealed turn checks either)
            assert mover_refusal(seen, seat) == mover_refusal(loaded, seat)


def mover_refusal(state, seat: int) -> str | None:
    """The code `check_mover` refuses the seat with now, or None."""
    try:
        engine.check_mover(state, seat)
    except engine.Violation as refused:
        return refused.code.value
    return None


def play_a_game(name: str, options: dict | None, seed: int, longest: int = LONGEST) -> tuple[dict, int]:
    """The state at the end of a random game, and how many turns it took; every turn's
    invariants checked on the way."""
    seats = engine.find_ruleset(name).seats(options)
    rng = random.Random(f"every-game:{name}:{seed}")
    players = rng.randint(seats[0], min(seats[-1], 4))
    names = ["Ada", "Ben", "Cleo", "Dan", "Eva", "Finn"][:players]
    state = engine.new_game(names, seed=seed, first=rng.randrange(players), ruleset=name,
                            options=options).state.to_dict()
    assert_sound(state)
    assert_views_sound(state)
    for number in range(longest):
        turn = random_turn(state, rng)
        if turn is None:
            return state, number
        before = copy.deepcopy(state)
        loaded = engine.load_state(state)
        result = engine.apply(loaded, engine.load_turn(turn, name))
        assert loaded.to_dict() == before, "apply changed its input"
        state = result.state.to_dict()
        if number < CHECKED or number % 25 == 0:
            assert_sound(state)
        if number % 10 == 0 and number < CHECKED:
            assert_views_sound(state)
    return state, longest


def assert_over(state: dict) -> None:
    """The scores are final, nobody may act, and a turn is GAME_OVER."""
    loaded = engine.load_state(state)
    engine.check_state(loaded)
    assert engine.scores(loaded)["finished"] is True
    for seat in range(len(state["players"])):
        assert engine.legal_actions(loaded, (), seat).to_dict()["actions"] == []
    with pytest.raises(engine.Violation) as refused:
        engine.apply(loaded, engine.load_turn({"player": 0, "actions": [{"type": "pass"}]}, loaded.ruleset))
    assert refused.value.code == "GAME_OVER"


@pytest.mark.parametrize("name", list(engine.RULESETS))
def test_every_game_plays_whole_random_games_keeping_its_invariants(name):
    ended = 0
    rules = engine.find_ruleset(name)
    finished = rules.finished_position if answers(rules, FinishedPositions) else None
    longest = CHECKED if finished is not None else LONGEST
    for seed in range(GAMES_EACH):
        for ruleset, options in kinds(name):
            state, turns = play_a_game(ruleset, options, seed, longest)
            if turns < longest:
                ended += 1
                assert_over(state)
    if finished is not None:
        for ruleset, options in kinds(name):
            dealt = engine.new_game(["Ada", "Ben", "Cleo"], seed=1, ruleset=ruleset, options=options)
            assert_over(finished(dealt.state.to_dict()))
            ended += 1
    assert ended > 0, f"no game of {name} ended within {LONGEST} turns"


@pytest.mark.parametrize("name", list(engine.RULESETS))
def test_every_game_says_who_may_act_in_a_fresh_deal(name):
    rules = engine.find_ruleset(name)
    seats = rules.seats(None)
    players = min(max(3, seats[0]), seats[-1])
    state = engine.new_game(["Ada", "Ben", "Cleo"][:players], seed=1, ruleset=name).state.to_dict()
    may_act = movers(state) if rules.family == "box" else [state["current"]]
    assert may_act
    loaded = engine.load_state(state)
    for seat in range(len(state["players"])):
        listed = engine.legal_actions(loaded, (), seat).to_dict()["actions"]
        assert bool(listed) == (seat in may_act), (seat, may_act)


def test_random_play_completes_an_action_as_its_game_declares_its_kind():
    """A kind word two games share is completed by each game's own declaration: a guess
    of Ratefix gets a value, a flip of Schnipp Schnapp a card where the stack is hidden."""
    ratefix = engine.load_state(engine.new_game(["Ada", "Ben"], seed=1, ruleset="ratefix").state.to_dict())
    guess = completed(ratefix, 0, {"type": "guess"}, random.Random(4))
    assert guess == {"type": "guess", "value": random.Random(4).randint(0, 120)}
    assert completed(ratefix, 0, {"type": "put"}, random.Random(4)) == {"type": "put"}
    hidden = engine.load_state(engine.new_game(["Ada", "Ben"], seed=1, ruleset="schnipp-schnapp", hidden=True)
                               .state.to_dict())
    flip = completed(hidden, 0, {"type": "flip"}, random.Random(4))
    assert set(flip) == {"type", "card"} and flip["card"] in hidden.deck
    assert completed(hidden, 0, {"type": "call", "word": "schnapp"}, random.Random(4)) == {
        "type": "call", "word": "schnapp"}
