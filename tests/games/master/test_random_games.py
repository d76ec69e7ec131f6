"""Whole games of random legal play, with the game's invariants checked after every turn.

The players choose among `engine.legal_actions`, so these tests check two things at once:
that whatever legal-actions offers really is legal (the engine accepts every turn built
from it, and every listed action can be finished), and that the states the engine makes
are states that can happen (docs/games/master.md, `INVALID_STATE`) and keep the game's
material intact.

The exactness of legal-actions is checked against `tests/support/oracle.py`, a brute-force
search that knows nothing of `referee/legal.py` and asks only `engine.apply`.

Profiles: "ci" (the default: derandomized, quick) and "thorough" (HYPOTHESIS_PROFILE=
thorough); both are registered in `tests/conftest.py`.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

from support.oracle import Oracle
from referee import engine
from referee.core.actions import Action, Bridge, Draw, Pass, Place, Swap
from referee.core.cards import JOKER, Slot
from referee.core.errors import Violation
from referee.core.zones import Hidden, count_cards
from referee.games.master.facts import MASTER

COLORS = MASTER.colors
from referee.games.master.state import State
from referee.games.master.validity import check_state

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
NUMBER_CARDS = tuple(f"{c}{v}" for c in COLORS for v in range(1, 22))
TOTAL = 84 + 4
# Written out from docs/games/master.md, "Set-up" on purpose, rather than imported from the engine.
BRIDGES_PER_PLAYER = {2: 4, 3: 4, 4: 3, 5: 3, 6: 2}
HAND_SIZE = {2: 20, 3: 20, 4: 15, 5: 12, 6: 12}
LOW, HIGH = range(1, 11), range(12, 22)

# Whole games are long: no per-example deadline, and big inputs are expected.
GAMES = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# The oracle tests are the point of this file: they get more examples (24 whole games in
# CI's profile, each checked at every position; 400 with HYPOTHESIS_PROFILE=thorough).
ORACLE = settings(GAMES, max_examples=2 * settings.default.max_examples)


# -- strategies ---------------------------------------------------------------------------


@st.composite
def deals(draw, players=st.integers(2, 6), hidden: bool = False) -> State:
    """A fresh seeded deal: 2 to 6 players, any first player, any order of the rows."""
    n = draw(players)
    seed = draw(st.integers(0, 2**32))
    first = draw(st.integers(0, n - 1))
    rows = draw(st.permutations(COLORS))
    state, used, _ = engine.new_game(NAMES[:n], seed=seed, first=first, hidden=hidden, options={"rows": list(rows)})
    assert used == seed
    return state


def _kind(action: Action) -> str:
    if isinstance(action, Place):
        return "joker" if action.card == JOKER else "place"
    return type(action).__name__.lower()


@st.composite
def next_actions(draw, actions: list[Action]) -> Action:
    """One of the listed actions; the kind first, so bridges, swaps and jokers come up
    as often as plain placements (there are far fewer of them). A draw or a pass, which
    ends the turn, only now and then when something else can be done."""
    kinds = sorted({_kind(a) for a in actions})
    plays = [k for k in kinds if k not in ("draw", "pass")]
    if plays and draw(st.integers(0, 5)) > 0:
        kinds = plays
    kind = draw(st.sampled_from(kinds))
    return draw(st.sampled_from([a for a in actions if _kind(a) == kind]))


@st.composite
def legal_turns(draw, state: State, checks=None) -> engine.Turn:
    """A turn built action by action from legal-actions, stopping when the prefix is
    complete and Hypothesis says so, or when nothing more can be added.

    `checks(state, prefix, listed)` is called on every prefix before it is extended.
    """
    prefix: list[Action] = []
    while True:
        listed = engine.legal_actions(state, prefix)
        if checks is not None:
            checks(state, prefix, listed)
        if not listed.actions:
            assert listed.complete, f"the prefix {prefix} is a dead end"
            break
        if listed.complete and draw(st.booleans()):
            break
        prefix.append(draw(next_actions(listed.actions)))
    return engine.Turn(state.current, tuple(prefix))


@st.composite
def played_games(draw, deal=deals(), max_turns: int = 300):
    """A deal and the turns of a game played from it by random legal play, to its end
    (or `max_turns`), with every intermediate state and event list."""
    state = draw(deal)
    initial = state
    turns, states, events = [], [state], []
    while not state.is_over and len(turns) < max_turns:
        turn = draw(legal_turns(state))
        result = engine.apply(state, turn)
        turns.append(turn)
        states.append(result.state)
        events.append(result.events)
        state = result.state
    return initial, turns, states, events


@st.composite
def positions(draw, max_turns: int = 40) -> State:
    """A position of a running game, reached by random legal play; sometimes the player
    to move is then given the jokers lying in the pile or in other hands, in exchange
    for some of their own cards, so that jokers and swaps come up often."""
    state = draw(deals())
    turns = draw(st.integers(0, max_turns))
    for _ in range(turns):
        turn = draw(legal_turns(state))
        after = engine.apply(state, turn).state
        if after.is_over:
            break
        state = after
    if draw(st.booleans()):
        state = give_jokers(state, draw(st.integers(1, 4)))
    return state


def give_jokers(state: State, wanted: int) -> State:
    """The same position with up to `wanted` jokers moved into the hand of the player to
    move from the pile or the other hands, each in exchange for a number card."""
    data = state.to_dict()
    me = data["players"][data["current"]]["hand"]
    zones = [data["pile"]] + [p["hand"] for i, p in enumerate(data["players"]) if i != data["current"]]
    for zone in zones:
        for i, card in enumerate(zone):
            numbers = [j for j, c in enumerate(me) if c != JOKER]
            if card == JOKER and wanted > 0 and numbers:
                j = numbers[0]
                zone[i], me[j] = me[j], zone[i]
                wanted -= 1
    return engine.load_state(data)


def hide(state: State, players, pile: bool) -> State:
    """The same position with the given players' hands (and the pile) as counts."""
    data = state.to_dict()
    for i in players:
        data["players"][i]["hand"] = {"count": len(data["players"][i]["hand"])}
    if pile:
        data["pile"] = {"count": len(data["pile"])}
    return engine.load_state(data)


# -- invariants -----------------------------------------------------------------------------


def occupied(data: dict) -> dict[str, set[int]]:
    return {r["color"]: set(r["cards"]) | set(r["jokers"]) for r in data["rows"]}


def completed_halves(data: dict) -> int:
    return sum(
        1 for slots in occupied(data).values() for half in (LOW, HIGH) if slots.issuperset(half)
    )


def check_position(state: State) -> None:
    """What holds in every state the engine makes, hidden hands or not."""
    data = state.to_dict()
    # Section 11, on a fresh copy that is not marked as checked.
    fresh = engine.load_state(data)
    assert not fresh.checked
    check_state(fresh)

    # The material: 84 number cards and 4 jokers, each number card once.
    n = len(data["players"])
    zones = [[f"{r['color']}{v}" for v in r["cards"]] + [JOKER] * len(r["jokers"]) for r in data["rows"]]
    zones += [p["hand"] for p in data["players"] if isinstance(p["hand"], list)]
    if isinstance(data["pile"], list):
        zones.append(data["pile"])
    seen = Counter(card for zone in zones for card in zone)
    assert all(times == 1 for card, times in seen.items() if card != JOKER), seen
    assert seen[JOKER] <= 4
    hidden = sum(z["count"] for z in [p["hand"] for p in data["players"]] + [data["pile"]] if isinstance(z, dict))
    assert sum(seen.values()) + hidden == TOTAL
    if hidden == 0:
        assert set(seen) - {JOKER} == set(NUMBER_CARDS) and seen[JOKER] == 4

    # Every row keeps its 11; no slot holds a card and a joker.
    for row in data["rows"]:
        assert 11 in row["cards"] and not set(row["cards"]) & set(row["jokers"])

    # Bonus cards: min(7, completed half-rows).
    assert sum(p["bonus"] for p in data["players"]) == min(7, completed_halves(data))

    # Bridge cards: the deal's number, and each one on the table joins neighbouring rows
    # at one value, both ends occupied.
    assert sum(p["bridges"] for p in data["players"]) + len(data["bridges"]) == BRIDGES_PER_PLAYER[n] * n
    order = [r["color"] for r in data["rows"]]
    taken = occupied(data)
    for bridge in data["bridges"]:
        a, b = bridge["from"], bridge["to"]
        assert a[1:] == b[1:], bridge
        assert abs(order.index(a[0]) - order.index(b[0])) == 1, bridge
        assert int(a[1:]) in taken[a[0]] and int(b[1:]) in taken[b[0]], bridge

    # The JSON round trip changes nothing.
    again = engine.load_state(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    assert again == state


def check_turn(before: State, before_data: dict, turn: engine.Turn, result) -> None:
    """What holds between a state and the state after a legal turn."""
    after = result.state
    old, new = before_data, after.to_dict()
    n = len(old["players"])
    assert before.to_dict() == old, "apply() changed its input"
    assert new["current"] == (old["current"] + 1) % n
    check_position(after)

    # The table only grows: a number card never leaves; a joker leaves only by a swap.
    swapped = {str(a.slot) for a in turn.actions if isinstance(a, Swap)}
    for r_old, r_new in zip(old["rows"], new["rows"]):
        assert r_old["color"] == r_new["color"]
        assert set(r_old["cards"]) <= set(r_new["cards"])
        for v in set(r_old["jokers"]) - set(r_new["jokers"]):
            assert f"{r_old['color']}{v}" in swapped and v in r_new["cards"]
    assert new["bridges"][: len(old["bridges"])] == old["bridges"]
    laid = [{"from": str(a.source), "to": str(a.target)} for a in turn.actions if isinstance(a, Bridge)]
    assert new["bridges"][len(old["bridges"]):] == laid

    me_old, me_new = old["players"][turn.player], new["players"][turn.player]
    assert me_new["bridges"] == me_old["bridges"] - len(laid)
    placed = [a for a in turn.actions if isinstance(a, Place)]
    kinds = {type(a) for a in turn.actions}
    if Draw in kinds:
        assert new["passes"] == old["passes"]
        assert _size(new["pile"]) == _size(old["pile"]) - 1
        assert _size(me_new["hand"]) == _size(me_old["hand"]) + 1
    elif Pass in kinds:
        assert new["passes"] == old["passes"] + 1 and _size(old["pile"]) == 0
        assert me_new["hand"] == me_old["hand"]
    else:
        assert 1 <= len(placed) <= 4
        assert new["passes"] == 0
        assert _size(me_new["hand"]) == _size(me_old["hand"]) - len(placed)
        assert new["pile"] == old["pile"]
        if isinstance(me_old["hand"], list):
            expected = Counter(me_old["hand"]) + Counter(JOKER for _ in swapped)
            expected -= Counter(swapped) + Counter(a.card for a in placed)
            assert Counter(me_new["hand"]) == expected
    for i, (p_old, p_new) in enumerate(zip(old["players"], new["players"])):
        if i != turn.player:
            assert p_old["hand"] == p_new["hand"] and p_old["bridges"] == p_new["bridges"]
        assert p_new["bonus"] >= p_old["bonus"]

    # A swap never earns a bonus card; only the player to move earns them.
    earned = sum(p["bonus"] for p in new["players"]) - sum(p["bonus"] for p in old["players"])
    bonus_events = [e for e in result.events if e["type"] == "bonus"]
    assert earned == len(bonus_events)
    assert all(e["player"] == turn.player for e in bonus_events)

    if after.is_over:
        assert result.events[-1]["type"] == "game_over"
        check_scores(after)
    else:
        assert not any(e["type"] == "game_over" for e in result.events)


def _size(cards) -> int:
    return cards["count"] if isinstance(cards, dict) else len(cards)


def check_scores(state: State) -> None:
    """Section 9, computed here from the hands."""
    answer = engine.scores(state)
    assert answer["finished"] == state.is_over
    totals = []
    for i, player in enumerate(state.players):
        line = answer["scores"][i]
        assert line["bonus"] == 11 * player.bonus
        if isinstance(player.hand, Hidden) and player.hand.count > 0:
            assert (line["hand"], line["jokers"], line["total"]) == (None, None, None)
            totals.append(None)
            continue
        cards = () if isinstance(player.hand, Hidden) else player.hand  # a count of 0 is known
        hand = -sum(int(c[1:]) for c in cards if c != JOKER)
        jokers = -11 * cards.count(JOKER)
        assert (line["hand"], line["jokers"]) == (hand, jokers)
        assert line["total"] == 11 * player.bonus + hand + jokers
        totals.append(line["total"])
    if None in totals:
        assert answer["winners"] is None
    else:
        assert answer["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]


def check_listed_actions_extend(state: State, prefix: list[Action], listed) -> None:
    """Every listed action leads somewhere: the longer prefix is a legal turn or can
    still be extended. A prefix that ends on a bridge is never complete."""
    for action in listed.actions:
        further = engine.legal_actions(state, prefix + [action])
        assert further.complete or further.actions, (prefix, action)
    if prefix and isinstance(prefix[-1], Bridge):
        assert not listed.complete
        target = prefix[-1].target
        assert listed.actions and all(isinstance(a, Place) and a.slot == target for a in listed.actions)
    assert len(set(listed.actions)) == len(listed.actions), "an action is listed twice"


# -- whole games, known hands -------------------------------------------------------------


class WholeGames(RuleBasedStateMachine):
    """Games from seeded deals, played turn by turn to their end; a new deal follows."""

    def __init__(self):
        super().__init__()
        self.state: State | None = None
        self.turns_played = 0

    @initialize(state=deals())
    def deal(self, state):
        check_position(state)
        for player in state.players:
            assert len(player.hand) == HAND_SIZE[len(state.players)]
        self.state = state
        self.turns_played = 0

    @rule(data=st.data())
    def play_a_turn(self, data):
        """The player to move takes a turn; after a game's end, a new deal."""
        if self.state.is_over:
            event(f"a game of {len(self.state.players)} ended after {self.turns_played} turns")
            self.deal(data.draw(deals(), label="next deal"))
            return
        state = self.state
        before = copy.deepcopy(state.to_dict())
        # Half the time the turn is built on a loaded copy, which gets a full check.
        if data.draw(st.booleans(), label="from a loaded copy"):
            state = engine.load_state(copy.deepcopy(before))
        given_dict = copy.deepcopy(before)
        loaded = engine.load_state(given_dict)
        turn = data.draw(legal_turns(state, check_listed_actions_extend), label="turn")
        note(f"turn {self.turns_played}: {turn.to_dict()}")
        result = engine.apply(loaded, turn)
        assert given_dict == before, "apply() changed the dict its state came from"
        check_turn(loaded, before, turn, result)
        # Every fifth turn, the oracle on the new position.
        self.turns_played += 1
        if self.turns_played % 5 == 0 and not result.state.is_over:
            check_against_oracle(result.state, [])
        self.state = result.state

    @invariant()
    def position_is_possible(self):
        check_position(self.state)


WholeGames.TestCase.settings = settings(GAMES, stateful_step_count=80)
test_whole_games_keep_their_invariants = pytest.mark.slow(WholeGames.TestCase)


@GAMES
@given(game=played_games())
def test_every_random_game_ends_and_scores(game):
    initial, turns, states, events = game
    final = states[-1]
    assert final.is_over, "300 turns and still not over"
    over = events[-1][-1]
    assert over["type"] == "game_over"
    event(f"{len(final.players)} players, game over: {over['reason']}")
    if over["reason"] == "out":
        assert any(count_cards(p.hand) == 0 for p in final.players)
    else:
        assert final.passes == len(final.players) and final.pile_size == 0
    assert over["scores"] == engine.scores(final)["scores"]
    assert engine.legal_actions(final).actions == []
    with pytest.raises(Violation) as refused:
        engine.apply(final, engine.Turn(final.current, (Pass(),)))
    assert refused.value.code == "GAME_OVER"


@GAMES
@given(game=played_games(), loaded=st.booleans())
def test_replay_gives_the_same_game_as_turn_by_turn(game, loaded):
    initial, turns, states, events = game
    start = engine.load_state(initial.to_dict()) if loaded else initial
    turns_data = [t.to_dict() for t in turns]
    replayed = engine.replay(start, [engine.load_turn(t) for t in turns_data])
    assert replayed.state.to_dict() == states[-1].to_dict()
    assert replayed.state == states[-1]
    assert replayed.events == events
    assert start.to_dict() == initial.to_dict()
    # A replay in two halves ends in the same place.
    half = len(turns) // 2
    first = engine.replay(start, turns[:half])
    assert first.state == states[half]
    assert engine.replay(first.state, turns[half:]).state == states[-1]


# -- legal-actions against the oracle ------------------------------------------------------


def check_against_oracle(state: State, prefix: list[Action], oracle: Oracle | None = None) -> set:
    """legal-actions lists exactly the actions the oracle can finish, and says `complete`
    exactly when the prefix alone is a legal turn."""
    oracle = oracle or Oracle(state)
    listed = engine.legal_actions(state, prefix)
    expected = oracle.next_actions(prefix)
    got = set(listed.actions)
    assert got == expected, (
        f"prefix {[a.to_dict() for a in prefix]}: listed but not finishable "
        f"{sorted(map(str, got - expected))}; finishable but not listed "
        f"{sorted(map(str, expected - got))}"
    )
    assert listed.complete == (bool(prefix) and oracle.is_complete(prefix))
    return expected


def walk_with_oracle(data, state: State) -> None:
    """A random prefix walk on `state`, checking legal-actions against the oracle at each
    step, and once per step an arbitrary (often illegal) next action."""
    oracle = Oracle(state)
    prefix: list[Action] = []
    while True:
        viable = check_against_oracle(state, prefix, oracle)
        # Any candidate at all: legal-actions refuses exactly the dead prefixes, with the
        # violation /v1/turns would report.
        wild = data.draw(st.sampled_from(oracle.candidates()), label="any next action")
        check_prefix_answer(state, prefix + [wild], oracle)
        if not viable or (prefix and oracle.is_complete(prefix) and data.draw(st.booleans())):
            return
        chosen = data.draw(next_actions(sorted(viable, key=str)), label="next action")
        if chosen == Draw():
            # Listed bare; where the turn must name the card (hidden pile, known hand),
            # name one that may be drawn.
            chosen = next(d for d in oracle.draws if oracle.is_complete(prefix + [d]))
        prefix.append(chosen)
        event(f"walked through a {_kind(prefix[-1])}")
        note(f"prefix: {[a.to_dict() for a in prefix]}")


def check_prefix_answer(state: State, prefix: list[Action], oracle: Oracle) -> None:
    if oracle.is_dead(prefix):
        with pytest.raises(Violation) as refused:
            engine.legal_actions(state, prefix)
        with pytest.raises(Violation) as judged:
            engine.apply(state, engine.Turn(state.current, tuple(prefix)))
        assert (refused.value.code, refused.value.action) == (judged.value.code, judged.value.action)
    else:
        check_against_oracle(state, prefix, oracle)


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
    n = len(state.players)
    hidden = data.draw(st.sets(st.integers(0, n - 1), min_size=1), label="hidden hands")
    state = hide(state, hidden, pile=data.draw(st.booleans(), label="hidden pile"))
    note(f"state: {json.dumps(state.to_dict())}")
    walk_with_oracle(data, state)


@pytest.mark.slow
@ORACLE
@given(data=st.data())
def test_bridges_to_islands_and_jokers_are_listed_exactly(data):
    """Hand-made positions where bridges matter: a sparse table with islands reached by
    earlier bridges, jokers on the table and in hand, and few bridge cards left."""
    state = data.draw(island_positions(), label="position")
    note(f"state: {json.dumps(state.to_dict())}")
    walk_with_oracle(data, state)


@st.composite
def island_positions(draw) -> State:
    """A position built by hand: each row gets a run around its 11 and maybe an island
    (a run that does not touch it) joined to a neighbouring row by a bridge; jokers lie in
    some slots; the rest of the cards are dealt between two hands and the pile."""
    order = list(draw(st.permutations(COLORS)))
    n = draw(st.integers(2, 3))
    rows = {c: set() for c in COLORS}
    jokers = {c: set() for c in COLORS}
    for c in COLORS:
        lo = draw(st.integers(1, 11))
        hi = draw(st.integers(11, 21))
        rows[c].update(range(lo, hi + 1))
    bridges = []
    for upper, lower in zip(order, order[1:]):
        if draw(st.booleans()):
            src, dst = draw(st.sampled_from([(upper, lower), (lower, upper)]))
            candidates = sorted(rows[src] - rows[dst] - {v for v in range(1, 22) if v - 1 in rows[dst] or v + 1 in rows[dst]})
            if candidates:
                v = draw(st.sampled_from(candidates))
                rows[dst].add(v)
                bridges.append({"from": f"{src}{v}", "to": f"{dst}{v}"})
                # the island may already have grown a little
                if draw(st.booleans()) and 1 <= v + 1 <= 21 and v + 1 not in rows[dst] and v + 2 not in rows[dst]:
                    rows[dst].add(v + 1)
    for c in COLORS:
        choices = sorted(v for v in rows[c] if v != 11)
        if choices and draw(st.booleans()):
            jokers[c].add(draw(st.sampled_from(choices)))
    for c in COLORS:
        rows[c] -= jokers[c]
    swappable = [f"{c}{v}" for c in COLORS for v in sorted(jokers[c])]
    on_table = {f"{c}{v}" for c in COLORS for v in rows[c]}
    rest = [card for card in NUMBER_CARDS if card not in on_table]
    rest += [JOKER] * (4 - sum(len(j) for j in jokers.values()))
    rest = draw(st.permutations(rest))
    sizes = [draw(st.integers(3, 9)) for _ in range(n)]
    hands, start = [], 0
    for size in sizes:
        hands.append(list(rest[start : start + size]))
        start += size
    pile = list(rest[start:])
    if draw(st.booleans()):  # late game: the pile may be gone
        pile_cut = draw(st.integers(0, len(pile)))
        hands[-1].extend(pile[pile_cut:])
        pile = pile[:pile_cut]
    current = draw(st.integers(0, n - 1))
    # Make sure the player to move holds a joker when one is still off the table.
    me = hands[current]
    if JOKER not in me:
        for zone in hands + [pile]:
            if JOKER in zone and zone is not me and me:
                i = zone.index(JOKER)
                zone[i], me[0] = me[0], zone[i]
                break
    # ... and sometimes the cards that can be swapped for the jokers on the table.
    for k, card in enumerate(swappable):
        if (k == 0 or draw(st.booleans())) and card not in me:
            zone = next(z for z in hands + [pile] if card in z)
            i, j = zone.index(card), draw(st.integers(0, len(me) - 1))
            if me[j] != JOKER:
                zone[i], me[j] = me[j], zone[i]
    per = BRIDGES_PER_PLAYER[n]
    left = per * n - len(bridges)
    held = [per] * n
    for i in range(n):  # the bridges on the table came from somebody
        while sum(held) > left and held[i] > 0 and draw(st.booleans()):
            held[i] -= 1
    while sum(held) > left:
        i = max(range(n), key=lambda k: held[k])
        held[i] -= 1
    # Bonus cards for the half-rows already complete, won by somebody.
    complete = sum(1 for c in COLORS for half in (LOW, HIGH) if (rows[c] | jokers[c]).issuperset(half))
    bonus = [0] * n
    for _ in range(min(7, complete)):
        bonus[draw(st.integers(0, n - 1))] += 1
    data = {
        "ruleset": "master",
        "players": [
            {"name": NAMES[i], "hand": hands[i], "bridges": held[i], "bonus": bonus[i]}
            for i in range(n)
        ],
        "current": current,
        "rows": [{"color": c, "cards": sorted(rows[c]), "jokers": sorted(jokers[c])} for c in order],
        "bridges": bridges,
        "pile": pile,
        "passes": 0,
    }
    state = engine.load_state(data)
    check_state(state)
    return state


# -- hidden hands ---------------------------------------------------------------------------


def view_of(truth: State, known: set[int], pile_hidden: bool) -> State:
    return hide(truth, [i for i in range(len(truth.players)) if i not in known], pile_hidden)


def agrees(view: State, truth: State) -> None:
    """A view shows the truth, less what it hides."""
    v, t = view.to_dict(), truth.to_dict()
    for key in ("current", "rows", "bridges", "passes"):
        assert v[key] == t[key], key
    assert _size(v["pile"]) == _size(t["pile"])
    if isinstance(v["pile"], list):
        assert v["pile"] == t["pile"]
    for pv, pt in zip(v["players"], t["players"]):
        assert (pv["bridges"], pv["bonus"]) == (pt["bridges"], pt["bonus"])
        assert _size(pv["hand"]) == _size(pt["hand"])
        if isinstance(pv["hand"], list):
            assert pv["hand"] == pt["hand"]


def as_seen(view: State, truth: State, turn: engine.Turn) -> engine.Turn:
    """The turn as it is reported at a physical table: a known hand drawing from a
    hidden pile names the card."""
    hand = view.players[view.current].hand
    if isinstance(turn.actions[0], Draw) and isinstance(view.pile, Hidden) and not isinstance(hand, Hidden):
        return engine.Turn(turn.player, (Draw(truth.pile[0]),))
    return turn


@GAMES
@given(data=st.data())
def test_games_at_a_physical_table_follow_the_true_game(data):
    """The same random game twice: once with every card known (the truth, which decides
    the turns) and once as a physical table sees it (hidden hands and pile)."""
    truth = data.draw(deals(), label="deal")
    n = len(truth.players)
    known = data.draw(st.sets(st.integers(0, n - 1), max_size=n - 1), label="known hands")
    pile_hidden = data.draw(st.booleans(), label="hidden pile")
    view = view_of(truth, known, pile_hidden)
    check_position(view)
    turns = 0
    while not truth.is_over and turns < 300:
        turns += 1

        def also_in_view(state, prefix, listed, view=view, truth=truth):
            # Hidden cards only widen what may come next: every truly legal action is
            # listed for the view too, and a complete turn stays complete.
            if prefix:
                prefix = list(as_seen(view, truth, engine.Turn(truth.current, tuple(prefix))).actions)
            seen = engine.legal_actions(view, prefix)
            assert set(listed.actions) <= set(seen.actions), prefix
            assert seen.complete or not listed.complete, prefix

        turn = data.draw(legal_turns(truth, also_in_view), label="turn")
        note(f"turn: {turn.to_dict()}")
        truth_result = engine.apply(truth, turn)
        reported = as_seen(view, truth, turn)
        before = copy.deepcopy(view.to_dict())
        view_result = engine.apply(view, reported)
        check_turn(view, before, reported, view_result)
        agrees(view_result.state, truth_result.state)
        assert without_game_over(view_result.events) == [
            seen_event(e, reported, view) for e in without_game_over(truth_result.events)
        ]
        me_hidden = isinstance(view.players[view.current].hand, Hidden)
        if isinstance(turn.actions[0], Pass) and me_hidden:
            assert "MUST_PLAY" in view_result.unchecked
        if me_hidden and not view.is_over:
            imagine_a_play(data, view)
        truth, view = truth_result.state, view_result.state
    assert truth.is_over and view.is_over


def without_game_over(events):
    return [e for e in events if e["type"] != "game_over"]


def seen_event(event: dict, reported: engine.Turn, view: State) -> dict:
    """A truth event as the view reports it: a draw from a hidden pile that named no
    card shows none."""
    if event["type"] == "drew" and isinstance(view.pile, Hidden) and reported.actions[0].card is None:
        return event | {"card": None}
    return event


def imagine_a_play(data, view: State) -> None:
    """A hidden hand may play any card the visible ones do not rule out: the engine takes
    it, and the count drops by one."""
    places = [a for a in engine.legal_actions(view).actions if isinstance(a, Place)]
    if not places:
        return
    place = data.draw(st.sampled_from(places), label="imagined card")
    result = engine.apply(view, engine.Turn(view.current, (place,)))
    me = view.current
    assert result.state.players[me].hand == Hidden(count_cards(view.players[me].hand) - 1)
    row = next(r for r in result.state.rows if r.color == place.slot.color)
    assert place.slot.value in (row.jokers if place.card == JOKER else row.cards)
    check_position(result.state)


@GAMES
@given(state=deals(hidden=True))
def test_a_hidden_deal_is_all_counts(state):
    n = len(state.players)
    assert all(p.hand == Hidden(HAND_SIZE[n]) for p in state.players)
    assert state.pile == Hidden(80 + 4 - HAND_SIZE[n] * n)
    check_position(state)
    listed = engine.legal_actions(state)
    # Nothing is visible but the 11s: every card but them may be placed where it touches.
    assert Draw() in listed.actions and Pass() not in listed.actions
    assert {a for a in listed.actions if isinstance(a, Place) and a.card != JOKER} == {
        Place(f"{c}{v}", Slot(c, v)) for c in COLORS for v in (10, 12)
    }
