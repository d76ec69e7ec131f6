"""What only some games have: each game implements exactly the optional protocols it
answers (`referee.core.extras`), and the others get the plain answers."""

from __future__ import annotations

import random

from referee import engine
from referee.core import extras
from referee.core.ruleset import RowFacts

PROTOCOLS = (extras.Hints, extras.BlindChoices, extras.HiddenOrders, extras.SealedUnnamed, extras.FastCount,
             extras.PrintedExamples, extras.ConstructedTables, extras.PositionSituations,
             extras.FinishedPositions, extras.OutOfTurn, extras.GatheredPlays)


#: What each game answers, written out; a game added since is held to the rule below alone.
ANSWERS = {
    "master": ["FastCount", "PrintedExamples", "ConstructedTables"],
    "classic": ["PositionSituations"],
    "junior": [],
    "zweikampf": ["Hints"],
    "farben-sammeln": ["Hints", "FinishedPositions"],
    "ueberall-anschliessen": ["Hints"],
    "hoechste-karte": ["Hints"],
    "mogeln": ["Hints", "SealedUnnamed", "OutOfTurn", "GatheredPlays"],
    "ratefix": ["Hints"],
    "schwarzer-peter": ["Hints", "BlindChoices", "HiddenOrders"],
    "schnipp-schnapp": ["Hints", "BlindChoices", "OutOfTurn"],
}


def answered(rules) -> list[str]:
    return [p.__name__ for p in PROTOCOLS if isinstance(rules, p)]


def answers_from_home(rules) -> list[str]:
    """The protocols whose every question the game's own folder or its family answers:
    none from the core (which gives the plain answers) or another game."""
    homes = (type(rules).__module__.rsplit(".", 1)[0] + ".", f"referee.families.{rules.family}.")
    found = []
    for protocol in PROTOCOLS:
        members = [m for m in {*vars(protocol), *vars(protocol).get("__annotations__", {})} if not m.startswith("_")]
        where = [next(c for c in type(rules).__mro__ if m in vars(c)) for m in members if hasattr(rules, m)]
        if members and len(where) == len(members) and all(c.__module__.startswith(homes) for c in where):
            found.append(protocol.__name__)
    return found


def test_each_game_answers_the_optional_questions_it_has_and_no_other():
    assert set(ANSWERS) <= set(engine.RULESETS)
    for name, rules in engine.RULESETS.items():
        if name in ANSWERS:
            assert answered(rules) == ANSWERS[name], name
        # Every game, and a new one alone: an optional answer is its own or its family's.
        assert answered(rules) == answers_from_home(rules), name
    assert [name for name, rules in engine.RULESETS.items() if isinstance(rules, RowFacts)] == \
        ["master", "classic", "junior"]


def test_a_game_answering_with_another_games_parts_would_be_caught():
    master = type(engine.find_ruleset("master"))
    borrowed = type("Borrowed", (master,), {"__module__": "referee.games.elsewhere.ruleset"})()
    assert answered(borrowed) == ["FastCount", "PrintedExamples", "ConstructedTables"]
    assert answers_from_home(borrowed) == []


def test_a_game_without_blind_choices_plays_a_sealed_action_as_sent_and_reorders_nothing():
    rules = engine.find_ruleset("master")
    state = engine.new_game(["Ann", "Ben"], seed=1).state
    draw = engine.load_actions([{"type": "draw"}])[0]
    assert extras.sealed_pick(rules, state, 0, draw, random.Random(1)) is draw
    assert extras.sealed_reorder(rules, state, state, random.Random(1)) is state


def test_a_sealed_action_leaves_out_the_card_it_turns_up_or_what_the_game_says():
    master, mogeln = engine.find_ruleset("master"), engine.find_ruleset("mogeln")
    assert extras.sealed_unnamed(master, engine.load_actions([{"type": "draw", "card": "R1"}])[0]) == "card"
    assert extras.sealed_unnamed(master, engine.load_actions([{"type": "draw"}])[0]) is None
    challenge = mogeln.load_actions([{"type": "challenge", "cards": ["O1"]}])[0]
    assert extras.sealed_unnamed(mogeln, challenge) == "cards"
    assert extras.sealed_unnamed(mogeln, mogeln.load_actions([{"type": "challenge"}])[0]) is None


def test_who_may_act_out_of_turn_and_which_play_gathers_cards():
    mogeln, schnipp, master = (engine.find_ruleset(name) for name in ("mogeln", "schnipp-schnapp", "master"))
    assert extras.out_of_turn(mogeln, {"edition": "2018"}) == ("challenge",)
    assert extras.out_of_turn(mogeln, {"edition": "original"}) == ()
    assert extras.out_of_turn(schnipp, {"edition": "2018", "together": False}) == ("call",)
    assert extras.out_of_turn(master, None) == ()
    assert extras.gathered(mogeln) == "play"
    assert extras.gathered(master) is None
