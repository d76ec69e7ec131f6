"""The example players of `referee.games.master.bots`: whole games, every turn legal by the dict engine."""

from __future__ import annotations

from pathlib import Path

from referee import engine
from referee.games.master.bots import RandomPlayer, greedy, play_out
from referee.core.actions import Turn
from referee.games.master.game import Game


def recorded_game(players, seed: int):
    """Play a game out, recording each turn; (start state, turns, game)."""
    game = Game.new([f"P{i}" for i in range(len(players))], seed=seed)
    start, turns = game.state, []
    while not game.is_over:
        players[game.current](game)
        turns.append(Turn(game.current, game.taken))
        game.end_turn()
    return start, turns, game


def test_greedy_against_random_plays_legal_turns_to_the_end():
    for seed in range(3):
        start, turns, game = recorded_game([greedy, RandomPlayer(seed)], seed)
        replayed = engine.replay(start, turns)
        assert replayed.state == game.state and replayed.state.is_over
        assert game.scores() == engine.scores(replayed.state)


def test_greedy_places_its_highest_number_cards_first():
    game = Game.new(["Timo", "Vera"], seed=42)
    # Timo holds Y12, G12 and B12 that fit; greedy lays them (highest first, ties in the
    # listed order), then nothing else of his fits without a joker or a bridge.
    greedy(game)
    assert [a.to_dict() for a in game.taken] == [
        {"type": "place", "card": "Y12"}, {"type": "place", "card": "G12"}, {"type": "place", "card": "B12"},
    ]
    assert game.turn_complete


def test_the_random_player_plays_the_benchmarks_random_games():
    # The same seed gives the same game as `bench/positions.play_game`'s random player,
    # which builds its turns through engine.legal_actions.
    _, turns, game = recorded_game([RandomPlayer(5)] * 2, 5)
    assert (len(turns), game.is_over) == (105, True)


def test_play_out_returns_the_scores_of_the_finished_game():
    game = Game.new(["Ada", "Ben", "Cleo"], seed=3)
    outcome = play_out(game, [greedy] * 3)
    assert outcome["finished"] and outcome == engine.scores(game.state)


def test_the_guides_bot_example_prints_what_it_says(capsys):
    page = (Path(__file__).parents[1] / "docs" / "howto" / "bots.md").read_text(encoding="utf-8")
    code = page[page.index("```python\n") + len("```python\n"):]
    code = code[:code.index("\n```\n")]
    exec(compile(code, "docs/howto/bots.md", "exec"), {})
    said = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    assert capsys.readouterr().out.splitlines() == said
