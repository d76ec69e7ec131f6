"""Whole games of random legal play for the rulesets `classic` and `junior`, with the
game's invariants checked after every turn (docs/games/classic.md, design/classic.md).

The players choose among `engine.legal_actions`, building each turn action by action
and stopping at a complete prefix now and then, so these tests check at once that
whatever legal-actions offers really is legal (the engine accepts every turn built from
it, and every listed action can be finished) and that the states the engine makes keep
the deck intact, round-trip through JSON, and end in a game over with consistent scores.
Every option combination of `classic` gets its own games.

The exactness of legal-actions is checked against `tests/support/oracle.py`, a
brute-force search that knows nothing of the rulesets' legal-actions and asks only
`engine.apply`.

Every choice is drawn from Hypothesis as the game needs it (`Players`): the deal (how
many players, the seed, who starts, which hands and whether the pile are hidden) and
then, turn by turn, each action out of those listed, whether to stop at a complete
prefix, and the smaller choices (judge a reloaded copy, name a drawn card, imagine a
hidden hand's play). So a failure shrinks towards few players, a small seed and the
first player, and to a game that runs only up to the failing turn, with every choice
the simplest one (a placement before a draw, the first listed; stop as soon as the
turn is complete; skip the optional checks) except the few the failure needs. A whole
game runs to some 100 turns and 130 actions at most, a few hundred small draws: well
inside Hypothesis's buffer of 8,192 bytes (a small integer takes two, a yes/no one),
so no game is cut short.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from support.oracle import Oracle, deck, key
from referee import engine
from referee.core.errors import Violation

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
# Written out from docs/games/classic.md on purpose, rather than imported from the engine.
HAND_SIZE = {"classic": {2: 20, 3: 20, 4: 15, 5: 12, 6: 10}, "junior": {n: 5 for n in range(2, 7)}}
DRAW_LIMIT = {"classic": 3, "junior": 1}
ROW_STARTS = {"eleven": {11}, "ten-to-twelve": {10, 11, 12}}


class Game(NamedTuple):
    """A ruleset and its options: what `new_game` is asked for."""

    ruleset: str
    options: dict[str, Any] | None

    @property
    def players(self) -> range:
        return range(2, 3) if self.options and self.options["without_blue"] else range(2, 7)

    def __str__(self) -> str:
        if self.options is None:
            return self.ruleset
        o = self.options
        return f"{self.ruleset}-{o['edition']}-{o['start']}" + ("-without-blue" if o["without_blue"] else "")


CLASSIC_GAMES = [
    Game("classic", {"edition": edition, "start": start, "without_blue": without_blue})
    for edition in ("2018", "original")
    for start in ("eleven", "ends", "ten-to-twelve", "any")
    for without_blue in (False, True)
]
GAMES_OF_EVERY_KIND = CLASSIC_GAMES + [Game("junior", None)]
EVERY_KIND = pytest.mark.parametrize("game", GAMES_OF_EVERY_KIND, ids=str)

# Whole games are long: no per-example deadline, and big inputs are expected.
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
# One test per kind of game, 17 kinds: a few games of each.
PER_KIND = settings(SLOW, max_examples=max(3, settings.default.max_examples // 5))


# -- strategies ---------------------------------------------------------------------------


@st.composite
def deals(draw, game: Game, hidden: bool = False):
    """A fresh seeded deal of `game`: any number of players it allows, any first player."""
    n = draw(st.sampled_from(game.players), label="players")
    seed = draw(st.integers(0, 2**32), label="seed")
    first = draw(st.integers(0, n - 1), label="first")
    dealt = engine.new_game(
        NAMES[:n], seed=seed, first=first, hidden=hidden, ruleset=game.ruleset, options=game.options
    )
    assert dealt.seed == seed
    return dealt.state


def kind(action) -> str:
    return action.to_dict()["type"]


class Players:
    """The players' choices, each drawn from Hypothesis when it is made, so that a failing
    game shrinks choice by choice. Every choice shrinks towards the simplest game: a
    placement rather than a draw or a pass, the first one listed, stopping a turn as soon
    as it is complete, and "no" to whatever is done only `sometimes`.

    `draw` is `st.data().draw` or a composite strategy's `draw`.
    """

    def __init__(self, draw):
        self.draw = draw

    def sometimes(self, tenths: int, label: str) -> bool:
        """Yes `tenths` times in ten."""
        return self.draw(st.integers(0, 9), label=label) >= 10 - tenths

    def pick(self, actions) -> Any:
        """One of the listed actions: a placement nine times in ten where both a
        placement and something else are listed (the game moves on)."""
        places = [a for a in actions if kind(a) == "place"]
        others = [a for a in actions if kind(a) != "place"]
        if places and others:
            options = others if self.sometimes(1, "draw or pass rather than place") else places
        else:
            options = places or others
        return options[self.draw(st.integers(0, len(options) - 1), label="action")]

    def build_turn(self, state, checks=None) -> engine.Turn:
        """A turn built action by action from legal-actions, stopping at a complete
        prefix when the player chooses to or where nothing more is listed.

        `checks(state, prefix, listed)` is called on every prefix before it is extended.
        """
        prefix: list = []
        while True:
            listed = engine.legal_actions(state, prefix)
            if checks is not None:
                checks(state, prefix, listed)
            if not listed.actions:
                assert listed.complete, f"the prefix {prefix} is a dead end"
                break
            if listed.complete and not self.draw(st.booleans(), label="go on"):
                break
            prefix.append(self.pick(listed.actions))
        return engine.Turn(listed.player, tuple(prefix))


# -- the facts of a state, from its JSON shape ---------------------------------------------


def size(cards) -> int:
    return cards["count"] if isinstance(cards, dict) else len(cards)


def is_over(data: dict) -> bool:
    return any(size(p["hand"]) == 0 for p in data["players"]) or data["passes"] >= len(data["players"])


def value(card: str) -> int:
    return int(card[1:])


def colors_of(data: dict) -> list[str]:
    return list(dict.fromkeys(card[0] for card in deck(data)))


def top_value(data: dict) -> int:
    return 11 if data["ruleset"] == "junior" else 20


def table_cards(data: dict) -> list[str]:
    return [f"{row['color']}{v}" for row in data["rows"] for v in row["cards"]]


def is_run(values: list[int]) -> bool:
    return not values or values == list(range(values[0], values[0] + len(values)))


def grown_from_both_ends(values: list[int], top: int) -> bool:
    """1..a and b..top, as rows that start with their ends lie (ends, junior)."""
    if values[0] != 1 or values[-1] != top:
        return False
    low = next(i for i, v in enumerate(values + [None]) if v != i + 1)
    return is_run(values[low:]) and all(v == i + 1 for i, v in enumerate(values[:low]))


# -- invariants -----------------------------------------------------------------------------


def check_position(state) -> None:
    """What holds in every state the engine makes, hidden hands or not."""
    data = state.to_dict()
    n = len(data["players"])
    assert data["ruleset"] in ("classic", "junior")
    assert 0 <= data["current"] < n and 0 <= data["passes"] <= n
    if data["passes"] > 0:
        assert size(data["pile"]) == 0, "passes are counted only once the pile is gone"

    # The material: every card of the deck once, hidden counts included.
    cards = deck(data)
    zones = [table_cards(data)] + [p["hand"] for p in data["players"] if isinstance(p["hand"], list)]
    if isinstance(data["pile"], list):
        zones.append(data["pile"])
    seen = Counter(card for zone in zones for card in zone)
    assert all(times == 1 for times in seen.values()), [c for c, t in seen.items() if t > 1]
    assert set(seen) <= set(cards), set(seen) - set(cards)
    hidden = sum(z["count"] for z in [p["hand"] for p in data["players"]] + [data["pile"]] if isinstance(z, dict))
    assert sum(seen.values()) + hidden == len(cards)
    if hidden == 0:
        assert set(seen) == set(cards)

    # The rows: one per colour at most, values sorted, each grown without gaps from a
    # legal start.
    colors = [row["color"] for row in data["rows"]]
    assert len(set(colors)) == len(colors) and set(colors) <= set(colors_of(data))
    top = top_value(data)
    for row in data["rows"]:
        values = row["cards"]
        assert values and values == sorted(set(values)), row
        assert 1 <= values[0] and values[-1] <= top, row
    if data["ruleset"] == "junior":
        assert colors == ["O", "Y", "G", "B"]
        assert "opening" not in data and "options" not in data
        assert all(grown_from_both_ends(row["cards"], 11) for row in data["rows"]), data["rows"]
    else:
        start = data["options"]["start"]
        if start == "ends":
            assert colors == colors_of(data) and data["opening"] is None
            assert all(grown_from_both_ends(row["cards"], 20) for row in data["rows"]), data["rows"]
        else:
            assert all(is_run(row["cards"]) for row in data["rows"]), data["rows"]
            if not data["rows"]:
                assert data["opening"] is None
            else:
                opening = data["opening"]
                assert opening in data["rows"][0]["cards"]
                allowed = ROW_STARTS.get(start, {opening})
                assert opening in allowed
                assert all(allowed & set(row["cards"]) for row in data["rows"]), data["rows"]

    # The JSON round trips change nothing.
    assert engine.load_state(data).to_dict() == data
    again = engine.load_state(json.loads(json.dumps(data)))
    assert again.to_dict() == data


def placed_cards(turn: engine.Turn) -> list[str]:
    return [a.to_dict()["card"] for a in turn.actions if kind(a) == "place"]


def check_turn(before_data: dict, turn: engine.Turn, result, before_state=None) -> None:
    """What holds between a state and the state after a legal turn."""
    if before_state is not None:
        assert before_state.to_dict() == before_data, "apply() changed its input"
    old, new = before_data, result.state.to_dict()
    n = len(old["players"])
    assert new["current"] == (old["current"] + 1) % n
    check_position(result.state)
    for field in ("ruleset", "options"):
        assert new.get(field) == old.get(field)

    kinds = [kind(a) for a in turn.actions]
    placed = placed_cards(turn)
    draws = kinds.count("draw")
    assert draws <= DRAW_LIMIT[old["ruleset"]]
    if "pass" in kinds:
        assert kinds == ["pass"] and size(old["pile"]) == 0

    # The table only grows, by exactly the cards placed; rows keep their order.
    old_rows = {r["color"]: r["cards"] for r in old["rows"]}
    new_rows = {r["color"]: r["cards"] for r in new["rows"]}
    assert [r["color"] for r in new["rows"]][: len(old["rows"])] == [r["color"] for r in old["rows"]]
    for color, values in old_rows.items():
        assert set(values) <= set(new_rows[color])
    assert Counter(table_cards(new)) - Counter(table_cards(old)) == Counter(placed)
    assert len(table_cards(new)) == len(table_cards(old)) + len(placed)
    if old.get("opening") is not None:
        assert new["opening"] == old["opening"]
    elif old["ruleset"] == "classic" and old["options"]["start"] != "ends" and placed:
        assert not old["rows"] and new["opening"] == value(placed[0])

    # The pile loses its top cards, one per draw, and says so in one event per draw.
    assert size(new["pile"]) == size(old["pile"]) - draws
    drew = [e for e in result.events if e["type"] == "drew"]
    assert len(drew) == draws and all(e["player"] == turn.player for e in drew)
    if isinstance(old["pile"], list):
        assert new["pile"] == old["pile"][draws:]
        assert [e["card"] for e in drew] == old["pile"][:draws]
    named = [a.to_dict().get("card") for a in turn.actions if kind(a) == "draw"]
    for e, name in zip(drew, named):
        if name is not None:
            assert e["card"] == name

    # The mover's hand keeps its order, loses what was placed and gains what was drawn
    # at its end; every other hand stays as it was.
    me_old, me_new = old["players"][turn.player], new["players"][turn.player]
    assert size(me_new["hand"]) == size(me_old["hand"]) + draws - len(placed)
    drawn = old["pile"][:draws] if isinstance(old["pile"], list) else named
    if isinstance(me_old["hand"], list) and None not in drawn:
        expected = list(me_old["hand"]) + drawn
        for card in placed:
            expected.remove(card)
        assert me_new["hand"] == expected
    for i, (p_old, p_new) in enumerate(zip(old["players"], new["players"])):
        assert p_old["name"] == p_new["name"]
        if i != turn.player:
            assert p_old["hand"] == p_new["hand"]

    # Passes: a pass counts, a placement resets, a draw without one keeps the count.
    if "pass" in kinds:
        assert new["passes"] == old["passes"] + 1
        assert result.events[0] == {"type": "passed", "player": turn.player}
    elif placed:
        assert new["passes"] == 0
    else:
        assert new["passes"] == old["passes"]

    over = [e for e in result.events if e["type"] == "game_over"]
    if is_over(new):
        assert len(over) == 1 and result.events[-1] is over[0]
        reason = "out" if any(size(p["hand"]) == 0 for p in new["players"]) else "blocked"
        assert over[0]["reason"] == reason
        answer = check_scores(result.state)
        assert (over[0]["scores"], over[0]["winners"]) == (answer["scores"], answer["winners"])
    else:
        assert not over


def penalties(data: dict) -> list[int | None]:
    """Each player's penalty, the sum of the values in hand (None: a hidden hand)."""
    found = []
    for p in data["players"]:
        hand = p["hand"]
        if isinstance(hand, dict):
            found.append(0 if hand["count"] == 0 else None)
        else:
            found.append(sum(value(c) for c in hand))
    return found


def expected_winners(data: dict) -> list[int] | None:
    out = [i for i, p in enumerate(data["players"]) if size(p["hand"]) == 0]
    if out:
        return out
    found = penalties(data)
    if None in found:
        return None
    return [i for i, t in enumerate(found) if t == min(found)]


def check_scores(state) -> dict:
    """The scores of design/classic.md, computed here from the hands."""
    data = state.to_dict()
    answer = engine.scores(state)
    assert answer["finished"] == is_over(data)
    assert answer["scores"] == [{"player": i, "penalty": t} for i, t in enumerate(penalties(data))]
    assert answer["winners"] == expected_winners(data)
    assert state.to_dict() == data
    return answer


def check_listed_actions(state, prefix: list, listed) -> None:
    """Every listed action leads somewhere: the longer prefix is a legal turn or can
    still be extended; nothing is listed twice; the turn is the current player's. Where
    every card is known, the list is what the rules say, worked out here (`rules_say`)."""
    data = state.to_dict()
    assert listed.player == data["current"]
    keys = [key(a) for a in listed.actions]
    assert len(set(keys)) == len(keys), "an action is listed twice"
    for action in listed.actions:
        further = engine.legal_actions(state, prefix + [action])
        assert further.complete or further.actions, (prefix, action)
    if all_known(data):
        expected, complete = rules_say(data, [a.to_dict() for a in prefix])
        assert set(keys) == expected, (
            f"prefix {[a.to_dict() for a in prefix]}: listed but not by the rules {sorted(set(keys) - expected)}; "
            f"by the rules but not listed {sorted(expected - set(keys))}"
        )
        assert listed.complete == complete, prefix


# -- the rules, worked out naively from docs/games/classic.md for positions with every card known --


def all_known(data: dict) -> bool:
    return isinstance(data["pile"], list) and all(isinstance(p["hand"], list) for p in data["players"])


def may_start_a_row(data: dict, card: str, rows: dict[str, set[int]]) -> bool:
    if data["ruleset"] == "junior":
        return False
    start, v = data["options"]["start"], value(card)
    if start == "ends":
        return False
    if start == "any":
        return not rows or v == data["opening"]
    return v in ROW_STARTS[start]


def fits(data: dict, card: str, rows: dict[str, set[int]]) -> bool:
    """The card can be placed: next to its row's cards, or it starts its colour's row."""
    color, v = card[0], value(card)
    if color in rows:
        return v not in rows[color] and (v - 1 in rows[color] or v + 1 in rows[color])
    return may_start_a_row(data, card, rows)


def rules_say(data: dict, prefix: list[dict]) -> tuple[set[str], bool]:
    """The next actions after `prefix` (keys; a draw bare) and whether `prefix` is a
    complete turn, for a position with every card known."""
    draw, pass_ = {"type": "draw"}, {"type": "pass"}
    as_keys = lambda actions: {json.dumps(a, sort_keys=True) for a in actions}  # noqa: E731
    place = lambda card: {"type": "place", "card": card}  # noqa: E731
    if is_over(data):
        return set(), False
    rows = {r["color"]: set(r["cards"]) for r in data["rows"]}
    hand = list(data["players"][data["current"]]["hand"])
    pile = list(data["pile"])
    opening_turn = data["ruleset"] == "classic" and data["options"]["start"] != "ends" and not rows
    drawn, placed, passed = [], 0, False
    for action in prefix:
        if action["type"] == "place":
            card = action["card"]
            hand.remove(card)
            rows.setdefault(card[0], set()).add(value(card))
            placed += 1
        elif action["type"] == "draw":
            drawn.append(pile[len(drawn)])
            hand.append(drawn[-1])
        else:
            passed = True
    if passed or (drawn and placed):
        return set(), True
    if drawn:
        last = drawn[-1]
        if fits(data, last, rows):
            # Junior: the drawn card may be kept; classic 2018: the first drawn card only.
            may_keep = data["ruleset"] == "junior" or (
                data["options"]["edition"] == "2018" and len(drawn) == 1
            )
            return as_keys([place(last)]), may_keep
        if len(drawn) < DRAW_LIMIT[data["ruleset"]] and len(drawn) < len(pile):
            return as_keys([draw]), False
        return set(), True
    if opening_turn and placed:
        return set(), True  # the opening places one card
    if opening_turn and data["options"]["start"] == "eleven":
        elevens = [f"{c}11" for c in colors_of(data)]
        held = [c for c in elevens if any(c in p["hand"] for p in data["players"])]
        return as_keys([place(held[0])] if held[0] in hand else []), False
    placeable = [c for c in dict.fromkeys(hand) if fits(data, c, rows)]
    if placed:
        return as_keys(place(c) for c in placeable), True
    if placeable:
        return as_keys(place(c) for c in placeable), False
    return as_keys([draw] if pile else [pass_]), False


def check_opening(state, game: Game) -> None:
    """A fresh deal's first turn. With `eleven` and every hand known, the only legal
    turn is the placing of the highest-priority 11, by its holder; other starts offer
    only cards that may start a row, one card a turn."""
    data = state.to_dict()
    listed = engine.legal_actions(state)
    if game.ruleset == "junior" or game.options["start"] == "ends":
        assert listed.actions
        return
    start = game.options["start"]
    hand = data["players"][data["current"]]["hand"]
    if start == "eleven" and isinstance(hand, list):
        elevens = [f"{c}11" for c in colors_of(data)]
        held = [c for c in elevens if any(c in p["hand"] for p in data["players"])]
        assert held[0] in hand, "the holder of the highest-priority 11 opens"
        assert [a.to_dict() for a in listed.actions] == [{"type": "place", "card": held[0]}]
        assert not listed.complete
        after = engine.legal_actions(state, list(listed.actions))
        assert after.complete and after.actions == []
        return
    for action in listed.actions:
        if kind(action) == "place":
            card = action.to_dict()["card"]
            assert start == "any" or value(card) in ROW_STARTS[start], card
            again = engine.legal_actions(state, [action])
            assert again.complete and not any(kind(a) == "place" for a in again.actions)


# -- whole games, every card known ----------------------------------------------------------


def turn_bound(data: dict) -> int:
    """No game lasts longer: each turn places a card, draws one, or passes, and at most
    one player less than all passes between two placements."""
    cards, n = len(deck(data)), len(data["players"])
    return cards + size(data["pile"]) + n * (cards + 1)


def play(players: Players, state, checks=None):
    """A whole game from `state`: the turns, every state after each, every turn's events."""
    turns, states, events = [], [state], []
    bound = turn_bound(state.to_dict())
    while not state.is_over:
        assert len(turns) < bound, f"{bound} turns and the game is not over"
        turn = players.build_turn(state, checks)
        result = engine.apply(state, turn)
        turns.append(turn)
        states.append(result.state)
        events.append(result.events)
        state = result.state
    return turns, states, events


@EVERY_KIND
@PER_KIND
@given(data=st.data())
def test_whole_games_keep_their_invariants_after_every_turn(game, data):
    state = data.draw(deals(game), label="deal")
    players = Players(data.draw)
    check_position(state)
    check_opening(state, game)
    d = state.to_dict()
    for p in d["players"]:
        assert len(p["hand"]) == HAND_SIZE[game.ruleset][len(d["players"])]
    turns = 0
    while not state.is_over:
        assert turns < turn_bound(d), "the game does not end"
        before = copy.deepcopy(state.to_dict())
        # Half the time the turn is judged on a freshly loaded copy.
        given = copy.deepcopy(before)
        judged = engine.load_state(given) if players.sometimes(5, "judge a reloaded copy") else state
        turn = players.build_turn(judged, check_listed_actions)
        note(f"turn {turns}: {turn.to_dict()}")
        result = engine.apply(judged, turn)
        check_turn(before, turn, result, judged)
        assert state.to_dict() == before and given == before, "the input was changed"
        # The same turn from its JSON shape gives the same state.
        again = engine.apply(judged, engine.load_turn(json.loads(json.dumps(turn.to_dict())), ruleset=game.ruleset))
        assert again.state.to_dict() == result.state.to_dict() and again.events == result.events
        state = result.state
        turns += 1
    final = state.to_dict()
    event(f"{game}: {len(final['players'])} players, over after {turns} turns")
    assert engine.legal_actions(state).actions == []
    with pytest.raises(Violation) as refused:
        engine.apply(state, engine.Turn(final["current"], engine.load_actions([{"type": "pass"}], ruleset=game.ruleset)))
    assert refused.value.code == "GAME_OVER"


@EVERY_KIND
@PER_KIND
@given(data=st.data())
def test_replay_gives_the_same_game_as_turn_by_turn(game, data):
    initial = data.draw(deals(game), label="deal")
    turns, states, events = play(Players(data.draw), initial)
    final = states[-1].to_dict()
    over = events[-1][-1]
    assert over["type"] == "game_over"
    event(f"{game}: game over: {over['reason']}")
    start = engine.load_state(initial.to_dict())
    replayed = engine.replay(start, [engine.load_turn(t.to_dict(), ruleset=game.ruleset) for t in turns])
    assert replayed.state.to_dict() == final
    assert replayed.events == events
    half = len(turns) // 2
    first = engine.replay(initial, turns[:half])
    assert first.state.to_dict() == states[half].to_dict()
    assert engine.replay(first.state, turns[half:]).state.to_dict() == final


# -- hidden hands and piles -----------------------------------------------------------------


def hide(state, players, pile: bool):
    """The same position with the given players' hands (and the pile) as counts."""
    data = state.to_dict()
    for i in players:
        data["players"][i]["hand"] = {"count": size(data["players"][i]["hand"])}
    if pile:
        data["pile"] = {"count": size(data["pile"])}
    return engine.load_state(data)


def agrees(view, truth) -> None:
    """A view shows the truth, less what it hides."""
    v, t = view.to_dict(), truth.to_dict()
    for field in ("ruleset", "options", "current", "rows", "opening", "passes"):
        assert v.get(field) == t.get(field), field
    for zv, zt in [(v["pile"], t["pile"])] + [(pv["hand"], pt["hand"]) for pv, pt in zip(v["players"], t["players"])]:
        assert size(zv) == size(zt)
        if isinstance(zv, list):
            assert zv == zt


def as_seen(view, truth, turn: engine.Turn, players: Players) -> engine.Turn:
    """The turn as it is reported at a physical table: a known hand drawing from a hidden
    pile names each card; a hidden hand does not; from a known pile a draw may or may
    not name its (known) card."""
    v, t = view.to_dict(), truth.to_dict()
    hand_known = isinstance(v["players"][v["current"]]["hand"], list)
    pile_known = isinstance(v["pile"], list)
    actions, drawn = [], 0
    for action in turn.actions:
        if kind(action) == "draw":
            card = t["pile"][drawn]
            drawn += 1
            if (hand_known and not pile_known) or (pile_known and players.sometimes(5, "name the drawn card")):
                action = engine.load_actions([{"type": "draw", "card": card}], ruleset=t["ruleset"])[0]
            else:
                action = engine.load_actions([{"type": "draw"}], ruleset=t["ruleset"])[0]
        actions.append(action)
    return engine.Turn(turn.player, tuple(actions))


def seen_event(event: dict, view_data: dict, reported: engine.Turn) -> dict:
    """A truth event as the view reports it: a draw from a hidden pile that named no card
    shows none."""
    if event["type"] == "drew" and isinstance(view_data["pile"], dict):
        names = [a.to_dict().get("card") for a in reported.actions if kind(a) == "draw"]
        if all(name is None for name in names):
            return event | {"card": None}
    return event


def expected_unchecked(view: dict, reported: engine.Turn) -> set[str]:
    """The checks the referee cannot make on `reported` (design/classic.md): MUST_PLAY
    for a hidden hand that draws or passes; OPENING with `eleven` while any hand is
    hidden and an 11 that comes before the placed one is nowhere visible; and where the drawn cards are unknown (a hidden pile, draws naming no card)
    the checks that turn reached that need them."""
    found = set()
    kinds = [kind(a) for a in reported.actions]
    hand_hidden = isinstance(view["players"][view["current"]]["hand"], dict)
    if hand_hidden and kinds[0] in ("draw", "pass"):
        found.add("MUST_PLAY")
    if (
        view["ruleset"] == "classic" and view["options"]["start"] == "eleven" and not view["rows"]
        and any(isinstance(p["hand"], dict) for p in view["players"])
    ):
        placed = reported.actions[0].to_dict()["card"]
        first = "O" if view["options"]["edition"] == "2018" else "R"
        colors = [first, "Y", "G", "B"]
        visible = {c for p in view["players"] if isinstance(p["hand"], list) for c in p["hand"]}
        if isinstance(view["pile"], list):
            visible |= set(view["pile"])
        if any(f"{c}11" not in visible for c in colors[: colors.index(placed[0])]):
            found.add("OPENING")
    names = [a.to_dict().get("card") for a in reported.actions if kind(a) == "draw"]
    if names and isinstance(view["pile"], dict) and None in names:
        draws, placed = len(names), "place" in kinds
        if draws >= 2:
            found.add("DRAW_AFTER_FIT")
        if placed:
            found.add("PLAY_AFTER_DRAW")
        elif view["ruleset"] == "classic":
            if draws < 3 and view["pile"]["count"] > draws:
                found.add("DRAW_INCOMPLETE")
            # Original: every fitting drawn card must be placed; 2018: the second and third.
            if view["options"]["edition"] == "original" or draws >= 2:
                found.add("MUST_PLACE_DRAWN")
    return found


def without_game_over(events) -> list[dict]:
    return [e for e in events if e["type"] != "game_over"]


def imagine_a_play(players: Players, view) -> None:
    """A hidden hand may place any card the visible ones do not rule out: the engine
    takes it, and the count drops by one."""
    places = [a for a in engine.legal_actions(view).actions if kind(a) == "place"]
    if not places:
        return
    place = players.pick(places)
    result = engine.apply(view, engine.Turn(view.to_dict()["current"], (place,)))
    before, after = view.to_dict(), result.state.to_dict()
    me = before["current"]
    assert after["players"][me]["hand"] == {"count": before["players"][me]["hand"]["count"] - 1}
    assert place.to_dict()["card"] in table_cards(after)
    check_position(result.state)


def hidden_game(data, game: Game, from_hidden_deal: bool) -> None:
    """The same random game twice: once with every card known (the truth, which decides
    the turns) and once as a physical table sees it: some hands hidden and maybe the
    pile, or (`from_hidden_deal`) the `hidden=True` deal of the same seed."""
    n = data.draw(st.sampled_from(game.players), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    first = data.draw(st.integers(0, n - 1), label="first")
    players = Players(data.draw)
    deal = dict(seed=seed, first=first, ruleset=game.ruleset, options=game.options)
    truth = engine.new_game(NAMES[:n], **deal).state
    if from_hidden_deal:
        # The table tells who opens (on the 11s, the holder of the first 11): the truth's
        # opener. A hidden deal is never redealt, and only counts cards.
        view = engine.new_game(NAMES[:n], hidden=True, **{**deal, "first": truth.current}).state
        assert view.to_dict() == hide(truth, range(n), pile=True).to_dict()
    else:
        known = data.draw(st.sets(st.integers(0, n - 1), max_size=n - 1), label="known hands")
        pile_hidden = data.draw(st.booleans(), label="hidden pile")
        view = hide(truth, [i for i in range(n) if i not in known], pile_hidden)
    check_position(view)
    check_opening(view, game)
    turns = 0
    while not truth.is_over:
        assert turns < turn_bound(truth.to_dict())
        turns += 1
        turn = players.build_turn(truth, check_listed_actions)
        reported = as_seen(view, truth, turn, players)
        note(f"turn: {turn.to_dict()}, reported as {reported.to_dict()}")
        truth_result = engine.apply(truth, turn)
        before = copy.deepcopy(view.to_dict())
        view_result = engine.apply(view, reported)
        check_turn(before, reported, view_result, view)
        agrees(view_result.state, truth_result.state)
        assert without_game_over(view_result.events) == [
            seen_event(e, before, reported) for e in without_game_over(truth_result.events)
        ]
        assert set(view_result.unchecked) == expected_unchecked(before, reported)
        me = before["players"][before["current"]]
        if isinstance(me["hand"], dict) and not view_result.state.is_over and players.sometimes(3, "imagine a play"):
            imagine_a_play(players, view)
        truth, view = truth_result.state, view_result.state
    assert view.is_over
    event(f"{game}: hidden game over after {turns} turns")


@EVERY_KIND
@PER_KIND
@given(data=st.data())
def test_games_at_a_physical_table_follow_the_true_game(game, data):
    hidden_game(data, game, from_hidden_deal=False)


@pytest.mark.parametrize("game", [GAMES_OF_EVERY_KIND[0], GAMES_OF_EVERY_KIND[3], GAMES_OF_EVERY_KIND[-1]], ids=str)
@PER_KIND
@given(data=st.data())
def test_a_hidden_deal_takes_every_turn_of_the_true_game(game, data):
    hidden_game(data, game, from_hidden_deal=True)


# -- legal-actions against the oracle ------------------------------------------------------


@st.composite
def positions(draw, max_turns: int = 60):
    """A position of any kind of game after some random turns; a fresh deal (with its
    opening) one time in four."""
    game = draw(st.sampled_from(GAMES_OF_EVERY_KIND), label="game")
    state = draw(deals(game), label="deal")
    players = Players(draw)
    turns = 0 if draw(st.integers(0, 3)) == 0 else draw(st.integers(1, max_turns), label="turns")
    for _ in range(turns):
        if state.is_over:
            break
        state = engine.apply(state, players.build_turn(state)).state
    return state


def check_against_oracle(state, prefix: list, oracle: Oracle) -> set[str]:
    """legal-actions lists exactly the actions the oracle can finish, and says `complete`
    exactly when the prefix alone is a legal turn."""
    listed = engine.legal_actions(state, prefix)
    expected = {key(a) for a in oracle.next_actions(prefix)}
    got = {key(a) for a in listed.actions}
    assert got == expected, (
        f"prefix {[a.to_dict() for a in prefix]}: listed but not finishable "
        f"{sorted(got - expected)}; finishable but not listed {sorted(expected - got)}"
    )
    assert listed.complete == (bool(prefix) and oracle.is_complete(prefix))
    data = state.to_dict()
    if all_known(data):
        assert rules_say(data, [a.to_dict() for a in prefix]) == (expected, listed.complete)
    return expected


def check_prefix_answer(state, prefix: list, oracle: Oracle) -> None:
    """A dead prefix is refused by legal-actions with the violation apply reports; a
    finished game has no legal actions, whatever the prefix (as in MASTER)."""
    if state.is_over:
        listed = engine.legal_actions(state, prefix)
        assert (listed.actions, listed.complete) == ([], False)
        assert str(oracle.violations[tuple(prefix)].code) == "GAME_OVER"
    elif oracle.is_dead(prefix):
        with pytest.raises(Violation) as refused:
            engine.legal_actions(state, prefix)
        judged = oracle.violations[tuple(prefix)]
        assert (refused.value.code, refused.value.action) == (judged.code, judged.action)
    else:
        check_against_oracle(state, prefix, oracle)


def walk_with_oracle(data, state) -> None:
    """A random prefix walk on `state`, checking legal-actions against the oracle at each
    step, and once per step an arbitrary (often illegal) next action."""
    oracle = Oracle(state)
    listed_by_key = {key(a): a for a in oracle.candidates()}
    prefix: list = []
    while True:
        viable = check_against_oracle(state, prefix, oracle)
        wild = data.draw(st.sampled_from(oracle.candidates()), label="any next action")
        check_prefix_answer(state, prefix + [wild], oracle)
        if not viable or (prefix and oracle.is_complete(prefix) and data.draw(st.booleans())):
            return
        chosen = listed_by_key[data.draw(st.sampled_from(sorted(viable)), label="next action")]
        if kind(chosen) == "draw":
            # Listed bare; where the turn must name the card, name one that may be drawn.
            chosen = oracle.finishable_draw(prefix)
        prefix.append(chosen)
        event(f"walked through a {kind(chosen)}")
        note(f"prefix: {[a.to_dict() for a in prefix]}")


ORACLE = settings(SLOW, max_examples=4 * settings.default.max_examples)


@pytest.mark.slow
@ORACLE
@given(data=st.data())
def test_legal_actions_are_exactly_the_finishable_ones(data):
    state = data.draw(positions(), label="position")
    note(f"state: {json.dumps(state.to_dict())}")
    walk_with_oracle(data, state)


@pytest.mark.slow
@ORACLE
@given(data=st.data())
def test_legal_actions_are_exact_where_hands_and_pile_are_hidden(data):
    state = data.draw(positions(max_turns=25), label="position")
    n = len(state.to_dict()["players"])
    hidden = data.draw(st.sets(st.integers(0, n - 1), min_size=1), label="hidden hands")
    state = hide(state, hidden, pile=data.draw(st.booleans(), label="hidden pile"))
    note(f"state: {json.dumps(state.to_dict())}")
    walk_with_oracle(data, state)


@pytest.mark.slow
@ORACLE
@given(data=st.data())
def test_legal_actions_are_exact_where_the_pile_runs_out(data):
    """Late positions: the pile short or empty, where draws stop early and passes come up."""
    state = data.draw(positions(max_turns=200), label="position")
    state = data.draw(short_pile(state), label="short pile")
    note(f"state: {json.dumps(state.to_dict())}")
    walk_with_oracle(data, state)


@st.composite
def short_pile(draw, state):
    """The same table, with most of the pile moved into the hands (a valid state with
    0-2 cards left to draw)."""
    data = state.to_dict()
    if is_over(data) or not data["rows"]:
        return state  # before the opening, who holds which 11 decides who is to move
    pile = data["pile"]
    keep = draw(st.integers(0, min(2, len(pile))), label="cards left in the pile")
    hands = [p["hand"] for p in data["players"]]
    for card in pile[keep:]:
        hands[draw(st.integers(0, len(hands) - 1))].append(card)
    data["pile"] = pile[:keep]
    # With the pile gone, the players just before the one to move may have passed, as far
    # back as none of them holds a card that fits (docs/games/classic.md).
    data["passes"] = 0 if keep else draw(st.integers(0, could_have_passed(data)), label="passes")
    return engine.load_state(data)


def could_have_passed(data: dict) -> int:
    """How many players in a row before the one to move hold no card that fits."""
    rows = {r["color"]: set(r["cards"]) for r in data["rows"]}
    n, count = len(data["players"]), 0
    while count < n - 1:
        hand = data["players"][(data["current"] - count - 1) % n]["hand"]
        if any(fits(data, card, rows) for card in hand):
            break
        count += 1
    return count
