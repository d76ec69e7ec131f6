"""Engine micro-benchmarks, in process: no HTTP, no JSON, no schema.

    python bench/engine_bench.py            # the full round (~1 minute)
    python bench/engine_bench.py --quick    # one short round (the CI smoke test)

The position is `positions.typical_turn()`: a 2-player mid-game state and a legal turn
of 4 placed cards with a bridge. "Loaded" states come from `engine.load_state`, as on
every request, and are re-checked against docs/games/master.md, `INVALID_STATE` on every call (the
engine cannot know a client's state is possible); "engine-made" states carry the
engine's `checked` mark and skip that check, so the difference is the impossible-state check.

Targets (the issue): apply ≤ 50 µs median, legal actions at the start of a turn
≤ 300 µs median; full random games are reported as games/s for 2 and 6 players. The
classic (original edition) and junior games get the same figures at 4 players, without
targets.
"""

from __future__ import annotations

import time

import _common
from _common import Figure, header, measure, verdict
from positions import play_game, typical_turn
from referee import engine
from referee.games.master.validity import check_state


def run(quick: bool) -> list[Figure]:
    number, runs = (200, 3) if quick else (5000, 7)
    state_dict, turn_dict = typical_turn()
    loaded = engine.load_state(state_dict)
    made = loaded.marked_checked()
    turn = engine.load_turn(turn_dict)
    result = engine.apply(loaded, turn)
    assert not loaded.checked and made.checked

    print(_common.machine())
    print(f"position: {len(state_dict['players'])} players, hands "
          f"{[len(p['hand']) for p in state_dict['players']]}, pile {len(state_dict['pile'])}; "
          f"turn: {[a['type'] + ':' + a.get('card', a.get('to', '')) for a in turn_dict['actions']]}")
    figures = []

    header("engine, one position")
    f = measure("engine.apply, loaded state", lambda: engine.apply(loaded, turn), number, runs)
    print(f.line(verdict(f, 50e-6, "≤ 50 µs")))
    figures.append(f)
    f = measure("engine.apply, engine-made state", lambda: engine.apply(made, turn), number, runs)
    print(f.line())
    figures.append(f)
    f = measure("engine.legal_actions, loaded state", lambda: engine.legal_actions(loaded), number, runs)
    print(f.line(verdict(f, 300e-6, "≤ 300 µs")))
    figures.append(f)
    f = measure("engine.legal_actions, engine-made state", lambda: engine.legal_actions(made), number, runs)
    print(f.line())
    figures.append(f)
    prefix = turn.actions[:2]  # after the bridge and its card
    f = measure("engine.legal_actions, after 2 actions", lambda: engine.legal_actions(made, prefix), number, runs)
    print(f.line())
    figures.append(f)
    f = measure("validity.check_state (impossible states), loaded state", lambda: check_state(loaded), number, runs)
    print(f.line())
    figures.append(f)
    f = measure("engine.load_state (dict → State)", lambda: engine.load_state(state_dict), number, runs)
    print(f.line())
    figures.append(f)
    f = measure("State.to_dict (State → dict)", result.state.to_dict, number, runs)
    print(f.line())
    figures.append(f)

    header("random full games (players choose among legal next actions)")
    games, game_runs = (2, 2) if quick else (20, 5)
    for players in (2, 6):
        rates, turn_rates = [], []
        for _ in range(game_runs):
            seed = 1000 * players  # the same games in every run
            turns = 0
            start = time.perf_counter()
            for _ in range(games):
                _, played, _ = play_game(players, seed)
                turns += len(played)
                seed += 1
            elapsed = time.perf_counter() - start
            rates.append(games / elapsed)
            turn_rates.append(turns / elapsed)
        detail = f"{game_runs} runs × {games} games"
        f = Figure(f"random games, {players} players", rates, "games/s", detail)
        print(f.line())
        figures.append(f)
        f = Figure(f"  the same, turns per second", turn_rates, "turns/s", detail)
        print(f.line())
        figures.append(f)
    figures.extend(other_rulesets(number, runs, games, game_runs))
    return figures


def other_rulesets(number: int, runs: int, games: int, game_runs: int) -> list[Figure]:
    """The classic and junior games: one turn and the legal actions, mid-game, and games/s."""
    figures = []
    for ruleset, options in (("classic", {"edition": "original"}), ("junior", None)):
        header(f"{ruleset}{' ' + str(options) if options else ''}, 4 players")
        initial, played, _ = play_game(4, 7, ruleset=ruleset, options=options)
        state = initial
        for turn in played[:8]:  # a few turns in: rows have begun, hands are still full-ish
            state = engine.apply(state, turn).state
        loaded = engine.load_state(state.to_dict())
        turn = played[8]
        f = measure(f"{ruleset}: engine.apply, loaded state", lambda: engine.apply(loaded, turn), number, runs)
        print(f.line())
        figures.append(f)
        f = measure(f"{ruleset}: engine.legal_actions, loaded state",
                    lambda: engine.legal_actions(loaded), number, runs)
        print(f.line())
        figures.append(f)
        rates = []
        for _ in range(game_runs):
            start = time.perf_counter()
            for seed in range(games):
                play_game(4, seed, ruleset=ruleset, options=options)
            rates.append(games / (time.perf_counter() - start))
        f = Figure(f"{ruleset}: random games, 4 players", rates, "games/s", f"{game_runs} runs × {games} games")
        print(f.line())
        figures.append(f)
    return figures


def main(argv: list[str] | None = None) -> None:
    run(_common.quick_flag(__doc__, argv))


if __name__ == "__main__":
    main()
