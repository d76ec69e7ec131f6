"""`referee verify RECORD`: did a sealed game's deal, and every card drawn or turned up, come from its seed?

When a sealed game starts, the referee gives its `commitment` (SHA-256 of
`"{seed}:{salt}"`); once it is over, `POST /v1/scores` reveals `seed` and `salt`. A
player (or a spectator) who kept what they saw can then check that the referee dealt
exactly the plain deal of that seed and salt (`POST /v1/games` with both) and that every
card drawn was the top of that pile. The record is JSON:

    {"commitment": "9f86…", "seed": 4711, "salt": "0123…cdef",
     "game": {"ruleset": "master", "players": ["Ann", "Ben"], "first": 0},
     "seat": 0, "hand": ["R2", "Y7", …],
     "turns": [{"player": 0, "actions": [{"type": "draw"}],
                "events": [{"type": "drew", "player": 0, "card": "G5"}]}, …]}

- `game`: the body of the `POST /v1/games` that started it, without `sealed` (its
  `ruleset`, `players`, `first`, `rows`, `options`);
- `seat` and `hand`: whose record it is (null for a spectator) and the hand that seat
  was dealt (left out for a spectator);
- `turns`: every turn in order, its actions as played (a draw without its card) and
  the events that seat was shown (`events` of each sealed answer; a spectator keeps
  `public`). A turn left open over several requests is one turn.

The check replays the turns on the seeded deal, making each blind choice the referee
made (a place in a fan held face down, an open pile shuffled, a hand reordered) from
the same secret as it did (`sealing.blind_generator`): a card played that the seeded
deal did not put in that hand, a drawn card that was not that pile's top, or a hand
dealt otherwise, all name the first turn (or the deal) where the record and the seed
part.
"""

from __future__ import annotations

import json
from typing import Any

from .. import engine
from ..core.errors import MalformedInput, Violation
from ..core.extras import sealed_pick, sealed_reorder
from .sealing import blind_generator, commitment


#: The events that name a card the seed decided: drawn into a hand, or turned up from a
#: face-down pile (a reveal of the games of the box, a trick turned up).
TURNED_UP = ("drew", "revealed")


class NotARecord(Exception):
    """The file is not a record of a sealed game; the message says what is wrong."""


class Mismatch(Exception):
    """The record and the seed part; the message names where (the deal, or turn n)."""


def read_record(path: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            record = json.loads(f.read())
    except OSError as exc:
        raise NotARecord(f"it cannot be read ({exc.strerror})") from None
    except ValueError as exc:
        raise NotARecord(f"it is not JSON: {exc}") from None
    if not isinstance(record, dict):
        raise NotARecord("a record is a JSON object")
    for member, kind in (("commitment", str), ("seed", int), ("salt", str), ("game", dict), ("turns", list)):
        if not isinstance(record.get(member), kind):
            raise NotARecord(f'"{member}" is missing or not a {kind.__name__}')
    return record


def verify(record: dict[str, Any]) -> int:
    """The number of turns checked; Mismatch where the record and its seed part."""
    if commitment(record["seed"], record["salt"]) != record["commitment"]:
        raise Mismatch("the commitment: it is not the SHA-256 of the seed and salt given")
    game = record["game"]
    try:
        state = engine.new_game(
            game.get("players", []), seed=record["seed"], first=game.get("first", 0),
            ruleset=game.get("ruleset", engine.DEFAULT_RULESET),
            options=engine.with_rows(game.get("options"), game.get("rows")), salt=record["salt"],
        ).state
    except MalformedInput as exc:
        raise NotARecord(f"the game cannot be dealt: {exc}") from None
    rules = engine.find_ruleset(state.ruleset)
    seat = record.get("seat")
    if seat is not None and "hand" in record:
        if not 0 <= seat < len(state.players) or not hasattr(state.players[seat], "hand"):
            raise NotARecord(f"seat {seat} holds no hand in this game: leave out hand")
        dealt = list(state.players[seat].hand)
        if record["hand"] != dealt:
            raise Mismatch(f"the deal: seat {seat} was given {record['hand']}, the seed deals {dealt}")
    for number, entry in enumerate(record["turns"]):
        try:
            turn = rules.load_turn({"player": entry["player"], "actions": entry["actions"]})
        except (MalformedInput, KeyError, TypeError) as exc:
            raise NotARecord(f"turn {number}: {exc}") from None
        try:
            result, after = as_sealed(rules, state, turn, number, record["seed"], record["salt"])
        except Violation as refused:
            raise Mismatch(f"turn {number}: the seeded game refuses it ({refused.code.value}: {refused.detail})") from None
        seen = rules.view_events(result.events, seat)
        drawn = [e for e in seen if e["type"] in TURNED_UP]
        recorded = [e for e in entry.get("events", []) if isinstance(e, dict) and e.get("type") in TURNED_UP]
        if len(recorded) != len(drawn):
            raise Mismatch(f"turn {number}: {len(recorded)} cards drawn or turned up recorded, "
                           f"the seeded game makes {len(drawn)}")
        for mine, theirs in zip(recorded, drawn):
            if mine.get("card") is not None and mine.get("card") != theirs["card"]:
                what = "drawn" if theirs["type"] == "drew" else "turned up"
                raise Mismatch(f"turn {number}: {mine['card']} was {what}, but the seeded game gives {theirs['card']}")
        state = after
    return len(record["turns"])


def as_sealed(rules: engine.Ruleset, state: Any, turn: Any, number: int, seed: int, salt: str) -> tuple[Any, Any]:
    """Turn `number` played as the sealed game played it: each blind choice (a place in
    a fan, a shuffle) made from the deal's secret as the referee made it, request by
    request (a request ends with each action that turns up a card), and the hands
    reordered as the referee reordered them. The turn's result, and the state after.
    `rules` is the game's ruleset, and `state` one it made (so checked already)."""
    taken: list[Any] = []
    rng, ended = blind_generator(seed, salt, number, 0), False
    for action in turn.actions:
        if ended:  # the request before ended with a card turned up: a new one
            rng = blind_generator(seed, salt, number, len(taken))
        taken.append(sealed_pick(rules, state, turn.player, action, rng))
        ended = rules.turns_up(action)
    if ended and rules.legal_actions(state, taken, turn.player).actions:
        # The rules let the turn go on after the card: a request without actions ended it.
        rng = blind_generator(seed, salt, number, len(taken))
    result = rules.apply(state, engine.Turn(turn.player, tuple(taken)))
    return result, sealed_reorder(rules, state, result.state, rng)
