"""The positions the benchmarks measure, built deterministically by seeded random play.

`typical_turn()` is "a typical 2-player mid-game state and a 3–4 card turn with a
bridge" (the issue's wording): seeded 2-player games are played by `random_turn` (the
random player below, choosing among `engine.legal_actions`) until, at least
`MIN_TURNS` turns in, the player to move has a legal turn that lays a bridge card and
places 3 or 4 cards, one of them the number card at the bridge's far end. The first
such position wins; the same code always finds the same one.

`random_turn` is also the player of the full random games (engine_bench) and of the
recorded games that replay_bench replays.

    python bench/positions.py        # print the position, its turn and the body sizes
"""

from __future__ import annotations

import json
import random

import _common  # noqa: F401  (import path)
from referee import engine
from referee.core.actions import Bridge, Draw, Pass, Place, Turn
from referee.core.cards import JOKER
from referee.games.master.state import State  # MASTER's state, built by hand here

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
MIN_TURNS = 16  # 8 turns each: rows have grown, hands are still full-ish
MAX_SEEDS = 200
MAX_TURNS_PER_GAME = 2000  # a random game ends far sooner; this only bounds the loop
BODY_TARGET = 5 * 1024  # the "5 KB JSON body"


def random_turn(state, rng: random.Random, stop: float = 0.5, legal_actions=engine.legal_actions) -> Turn:
    """A random legal turn for the player to move.

    Built action by action from `engine.legal_actions` (or the `legal_actions` given): a
    placement, bridge or swap is preferred to a draw or pass 5 times in 6 when there is
    one, and once the prefix is a complete turn the player stops with probability `stop`.
    """
    prefix: list = []
    while True:
        listed = legal_actions(state, prefix)
        if not listed.actions:
            break
        if listed.complete and rng.random() < stop:
            break
        plays = [a for a in listed.actions if not isinstance(a, (Draw, Pass))]
        pool = plays if plays and rng.random() < 5 / 6 else listed.actions
        prefix.append(rng.choice(pool))
    return Turn(state.current, tuple(prefix))


def play_game(players: int, seed: int, max_turns: int = MAX_TURNS_PER_GAME,
              ruleset: str = "master", options: dict | None = None, judge=engine):
    """A whole random game of any ruleset: (initial state, turns, final state).

    `judge` answers `legal_actions` and `apply` (the engine by default)."""
    rng = random.Random(seed)
    state, _, _ = engine.new_game(NAMES[:players], seed=seed, ruleset=ruleset, options=options)
    initial, turns = state, []
    while not state.is_over and len(turns) < max_turns:
        turn = random_turn(state, rng, legal_actions=judge.legal_actions)
        state = judge.apply(state, turn).state
        turns.append(turn)
    return initial, turns, state


def _placed(actions) -> int:
    return sum(isinstance(a, Place) for a in actions)


def bridge_turn(state: State) -> Turn | None:
    """A legal turn of 3–4 placed cards with a bridge whose target gets its number card.

    Bridges in the order legal-actions lists them; after the bridge and its card, number
    cards (no jokers) in the listed order, up to 4 placed in all.
    """
    start = engine.legal_actions(state)
    for bridge in (a for a in start.actions if isinstance(a, Bridge)):
        fills = [
            a for a in engine.legal_actions(state, [bridge]).actions
            if isinstance(a, Place) and a.card != JOKER
        ]
        if not fills:
            continue
        prefix = [bridge, fills[0]]
        while _placed(prefix) < 4:
            more = [
                a for a in engine.legal_actions(state, prefix).actions
                if isinstance(a, Place) and a.card != JOKER
            ]
            if not more:
                break
            prefix.append(more[0])
        if _placed(prefix) >= 3:
            # A plain placement first, the bridge in the middle, reads like a real turn;
            # keep that order when it is legal.
            for order in ([prefix[2], *prefix[:2], *prefix[3:]], prefix):
                turn = Turn(state.current, tuple(order))
                try:
                    result = engine.apply(state, turn)
                except engine.Violation:
                    continue
                if not result.state.is_over:
                    return turn
    return None


def typical_turn() -> tuple[dict, dict]:
    """(state_dict, turn_dict): the 2-player mid-game position and its bridge turn."""
    for seed in range(MAX_SEEDS):
        rng = random.Random(seed)
        state, _, _ = engine.new_game(NAMES[:2], seed=seed)
        for number in range(MAX_TURNS_PER_GAME):
            if state.is_over:
                break
            if number >= MIN_TURNS and state.pile_size > 0:
                turn = bridge_turn(state)
                if turn is not None:
                    return state.to_dict(), turn.to_dict()
            state = engine.apply(state, random_turn(state, rng)).state
    raise RuntimeError(f"no position with a 3-4 card bridge turn in {MAX_SEEDS} seeds")


def padded_json(data: dict, target: int = BODY_TARGET) -> bytes:
    """`data` as indented JSON, the indent chosen as the smallest that reaches `target`
    bytes (or 8 spaces at most): real JSON of the real state, only whitespace added."""
    for indent in range(1, 9):
        text = json.dumps(data, indent=indent).encode()
        if len(text) >= target:
            break
    return text


def turn_body(padded: bool = False) -> bytes:
    """The body of POST /v1/turns for the typical position: compact, or padded to ~5 KB."""
    state, turn = typical_turn()
    body = {"state": state, "turn": turn}
    return padded_json(body) if padded else json.dumps(body, separators=(",", ":")).encode()


def main() -> None:
    state, turn = typical_turn()
    print(json.dumps(turn))
    data = {"state": state, "turn": turn}
    print(f"hands: {[len(p['hand']) for p in state['players']]}, pile: {len(state['pile'])}, "
          f"table: {sum(len(r['cards']) + len(r['jokers']) for r in state['rows'])} cards, "
          f"bridges on table: {len(state['bridges'])}")
    compact = json.dumps(data, separators=(",", ":")).encode()
    print(f"body: {len(compact)} bytes compact, {len(padded_json(data))} bytes padded")


if __name__ == "__main__":
    main()
