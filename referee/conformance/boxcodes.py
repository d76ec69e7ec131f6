"""The corpus's code scenarios for the games of the box: for every code a box ruleset
lists (but INVALID_STATE) and for an accepted turn, the smallest `/v1/turns` request
found that gets it.

As for the row games (`scenarios.find_code_cases`), the cases are searched for, not
written by hand: seeded random games of every edition and option of the ruleset are
played with the corpus's walker (`testing.boxplay`), and at each position a legal turn is
sent beside mistakes made from it, on the whole state and on one player's view (where
cards that player cannot see are counts, so that the draw codes and CARDS_HIDDEN show):

- another player's turn, or a player who does not exist (NOT_YOUR_TURN);
- an action left out, repeated, or followed by an action of another kind the game has
  (TURN_SHAPE, the end-of-turn codes, ACTION_AFTER_GAME_END);
- a field changed: a card named for another card of the deck or left out, a number or
  a seat moved by one, a word swapped (the game's own codes for the cards and seats);
- a turn after the end of the game (GAME_OVER).

Every request kept is one the contract's schema accepts, so that it reads the same over
HTTP. The search is seeded, so an export is reproducible.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any

from .. import engine
from ..core.extras import FinishedPositions, answers
from ..http.contract import validator
from ..testing.boxplay import box_kinds, box_turn
from .answers import REQUEST_SCHEMAS, expected, outcome, request_size

Case = Callable[[str, str, str, dict[str, Any]], dict[str, Any]]
Data = dict[str, Any]
#: A game is played this long at most (an Überall anschließen game of random play ends
#: after about 2,000 turns), or until every code is found; its first positions are all
#: looked at, then every 25th, and the last few.
LONGEST = 2500
POSITIONS = 40
#: Games played per edition and option at most, until every code is found.
GAMES = 3


def find_box_code_cases(case: Case, ruleset: str, seed: int = 0) -> list[dict[str, Any]]:
    rules = engine.find_ruleset(ruleset)
    wanted = {c.value for c in rules.codes} - {"INVALID_STATE"} | {"accepted"}
    best: dict[str, Data] = {}
    schema = validator(REQUEST_SCHEMAS["turns"])
    for game, kind in ((g, k) for g in range(seed, seed + GAMES) for k in box_kinds() if k.ruleset == ruleset):
        if game > seed + 1 and set(best) >= wanted:
            break
        rng = random.Random(f"corpus-codes:{kind}:{game}")
        names = ["Ada", "Ben", "Cleo", "Dan"][:max(rules.min_players, min(3, rules.max_players))]
        state = engine.new_game(names, seed=game, ruleset=ruleset, options=kind.options).state.to_dict()
        # One action of each kind the game has: as the game listed it, else bare.
        listed: dict[str, Data] = {k: {"type": k} for step in rules.grammar.steps.values() for k in step}

        def look_at(position: Data, legal: Data | None) -> None:
            for variant in variants(position, rng):
                for turn in turns_from(variant, legal, list(listed.values()), rng):
                    request = {"state": variant, "turn": turn}
                    if not schema.is_valid(request):
                        continue
                    got = outcome(expected("turns", request))
                    if got in wanted and (got not in best or request_size(request) < request_size(best[got])):
                        best[got] = request

        dealt = state
        last: deque[tuple[Data, Data | None]] = deque(maxlen=5)
        for number in range(LONGEST):
            legal = box_turn(state, rng)
            for action in listed_along(state, legal):
                if listed.get(action["type"]) == {"type": action["type"]}:
                    listed[action["type"]] = action
            if number < POSITIONS or number % 25 == 0:
                look_at(state, legal)
            if number == 1 and answers(rules, FinishedPositions):  # once the game's actions have been listed
                look_at(rules.finished_position(dealt), None)
            else:
                last.append((state, legal))
            if legal is None or set(best) >= wanted:
                break
            state = expected("turns", {"state": state, "turn": legal}).body["state"]
        for position, legal in last:  # the end of the game
            look_at(position, legal)
    return [case(f"codes/{ruleset}/{code}", f"a {ruleset} turn that gets {code}", "/v1/turns", best[code])
            for code in sorted(best)]


def listed_along(state: Data, legal: Data | None) -> Iterator[Data]:
    """Every action listed for the turn's player before each of its actions."""
    if legal is None:
        return
    loaded = engine.load_state(state)
    for cut in range(len(legal["actions"]) + 1):
        prefix = engine.load_actions(legal["actions"][:cut], loaded.ruleset)
        yield from engine.legal_actions(loaded, prefix, legal["player"]).to_dict()["actions"]


def variants(state: Data, rng: random.Random) -> list[Data]:
    """The state, and a player's view of it (the other players' cards counted)."""
    loaded = engine.load_state(state)
    seen = engine.view(loaded, rng.randrange(len(state["players"]))).to_dict()
    return [state] if seen == state else [state, seen]


def turns_from(state: Data, legal: Data | None, listed: list[Data], rng: random.Random) -> Iterator[Data]:
    players = len(state["players"])
    if legal is None:  # the game is over: any turn
        for action in listed:
            yield {"player": 0, "actions": [action]}
        return
    player, actions = legal["player"], legal["actions"]
    yield legal
    yield {"player": (player + 1) % players, "actions": actions}
    yield {"player": players, "actions": actions}
    yield {"player": player, "actions": []}
    yield {"player": player, "actions": actions + actions}
    for index in range(len(actions)):
        yield {"player": player, "actions": actions[:index]}
        yield {"player": player, "actions": actions[:index] + actions[index + 1:]}
        yield {"player": player, "actions": actions[:index + 1] + actions[index:]}
        for changed in _changed(state, actions[index], rng):
            yield {"player": player, "actions": actions[:index] + [changed] + actions[index + 1:]}
    for other in listed:
        yield {"player": player, "actions": actions + [other]}
        yield {"player": player, "actions": [other] + actions}
        for anyone in range(players):
            yield {"player": anyone, "actions": [other]}


def _changed(state: Data, action: Data, rng: random.Random) -> Iterator[Data]:
    """The action with one field changed, left out or added (the schema sorts out the
    fields a kind does not have)."""
    deck = sorted(engine.load_state(state).deck)
    named = sorted(_named(state)) or deck
    players = len(state["players"])
    for field, value in action.items():
        if field == "type":
            continue
        yield {k: v for k, v in action.items() if k != field}
        if isinstance(value, str) and value[:1].isupper() and value[1:].isdigit():  # a card
            yield {**action, field: rng.choice(deck)}
        elif isinstance(value, list) and all(isinstance(c, str) for c in value):  # cards
            yield {**action, field: [rng.choice(deck) for _ in value]}
            yield {**action, field: value + [rng.choice(deck)]}
        elif isinstance(value, int) and not isinstance(value, bool):
            yield {**action, field: value + 1}
            yield {**action, field: max(value - 1, 0)}
        if isinstance(value, (str, int)) and field in ("word", "from", "to"):  # the other words and places
            for other in ("schnapp", "schnipp", "middle", "own", "pile", *range(players)):
                if other != value:
                    yield {**action, field: other}
    if "card" not in action:
        yield {**action, "card": rng.choice(deck)}
        yield {**action, "card": rng.choice(named)}  # a card listed elsewhere
    if "index" not in action:
        yield {**action, "index": 0}
    if "cards" not in action:
        yield {**action, "cards": [rng.choice(deck)]}
    if "with" not in action:
        yield {**action, "with": [rng.randrange(players + 1)]}


def _named(value: Any) -> set[str]:
    """The card names a state lists."""
    if isinstance(value, dict):
        return {card for v in value.values() for card in _named(v)}
    if isinstance(value, list):
        return {card for v in value for card in _named(v)}
    if isinstance(value, str) and value[:1] in "ORYGB" and value[1:].isdigit():
        return {value}
    return set()
