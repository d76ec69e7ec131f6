"""The deal and the scores of the rulesets `classic` and `junior`, with the expected
values written out (docs/games/classic.md, design/classic.md).

Deals: the same seed deals the same game; the hand and pile sizes per player count;
the 60 cards without blue; the rows laid out with `ends`; the opener and the redeals
with `eleven`. Scores: penalties (the values in hand), winners after going out and
after a blocked game (ties share), and a hidden hand's unknown penalty.
"""

from __future__ import annotations

import pytest

from referee import engine
from referee.core.errors import MalformedInput, Violation

NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eva", "Finn")
COLORS_2018, COLORS_ORIGINAL = ("O", "Y", "G", "B"), ("R", "Y", "G", "B")
EDITIONS = ("2018", "original")
STARTS = ("eleven", "ends", "ten-to-twelve", "any")


def options(edition="2018", start="eleven", without_blue=False) -> dict:
    return {"edition": edition, "start": start, "without_blue": without_blue}


def classic(n, seed=7, first=0, hidden=False, **chosen):
    return engine.new_game(NAMES[:n], seed=seed, first=first, hidden=hidden, ruleset="classic", options=options(**chosen))


def junior(n, seed=7, first=0, hidden=False):
    return engine.new_game(NAMES[:n], seed=seed, first=first, hidden=hidden, ruleset="junior")


def the_deck(colors, top) -> list[str]:
    return [f"{c}{v}" for c in colors for v in range(1, top + 1)]


def every_card(data: dict) -> list[str]:
    table = [f"{r['color']}{v}" for r in data["rows"] for v in r["cards"]]
    return table + [c for p in data["players"] for c in p["hand"]] + list(data["pile"])


def in_deck_order(hand: list[str], colors) -> bool:
    keys = [(colors.index(c[0]), int(c[1:])) for c in hand]
    return keys == sorted(keys)


# -- deals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("start", STARTS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_same_seed_deals_the_same_classic_game(edition, start):
    one = classic(3, seed=2024, edition=edition, start=start)
    two = classic(3, seed=2024, edition=edition, start=start)
    assert one.state.to_dict() == two.state.to_dict()
    assert (one.seed, one.redeals) == (two.seed, two.redeals)
    assert one.seed == 2024
    others = {str(classic(3, seed=s, edition=edition, start=start).state.to_dict()) for s in range(5)}
    assert len(others) == 5


def test_the_same_seed_deals_the_same_junior_game():
    assert junior(4, seed=99).state.to_dict() == junior(4, seed=99).state.to_dict()
    assert junior(4, seed=99).state.to_dict() != junior(4, seed=100).state.to_dict()


def test_a_game_without_a_seed_reports_the_seed_it_used():
    dealt = engine.new_game(NAMES[:2], ruleset="classic", options=options(start="any"))
    assert isinstance(dealt.seed, int)
    again = classic(2, seed=dealt.seed, start="any")
    assert again.state.to_dict() == dealt.state.to_dict()


# hand size, pile size; 80 cards (72 with the rows' ends laid out)
CLASSIC_SIZES = {2: (20, 40), 3: (20, 20), 4: (15, 20), 5: (12, 20), 6: (10, 20)}
ENDS_PILES = {2: 32, 3: 12, 4: 12, 5: 12, 6: 12}
JUNIOR_PILES = {2: 26, 3: 21, 4: 16, 5: 11, 6: 6}  # 44 - 8 on the table - 5 each


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("edition", EDITIONS)
def test_classic_deals_20_20_15_12_10_cards_and_the_rest_is_the_pile(n, edition):
    colors = COLORS_2018 if edition == "2018" else COLORS_ORIGINAL
    hand, pile = CLASSIC_SIZES[n]
    for start in ("ten-to-twelve", "any"):
        data = classic(n, seed=n, first=n - 1, edition=edition, start=start).state.to_dict()
        assert [len(p["hand"]) for p in data["players"]] == [hand] * n
        assert len(data["pile"]) == pile
        assert data["rows"] == [] and data["opening"] is None and data["passes"] == 0
        assert data["current"] == n - 1
        assert [p["name"] for p in data["players"]] == list(NAMES[:n])
        assert sorted(every_card(data)) == sorted(the_deck(colors, 20))
        assert all(in_deck_order(p["hand"], colors) for p in data["players"])
    data = classic(n, seed=n, edition=edition, start="ends").state.to_dict()
    assert [len(p["hand"]) for p in data["players"]] == [hand] * n
    assert len(data["pile"]) == ENDS_PILES[n]
    assert sorted(every_card(data)) == sorted(the_deck(colors, 20))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_junior_deals_5_cards_each_and_lays_out_the_1s_and_11s(n):
    dealt = junior(n, seed=n, first=n - 1)
    data = dealt.state.to_dict()
    assert dealt.redeals == 0
    assert data["ruleset"] == "junior" and "options" not in data
    assert [len(p["hand"]) for p in data["players"]] == [5] * n
    assert len(data["pile"]) == JUNIOR_PILES[n]
    assert data["rows"] == [{"color": c, "cards": [1, 11]} for c in COLORS_2018]
    assert data["current"] == n - 1 and data["passes"] == 0
    assert sorted(every_card(data)) == sorted(the_deck(COLORS_2018, 11))
    assert all(in_deck_order(p["hand"], COLORS_2018) for p in data["players"])


@pytest.mark.parametrize("n", [1, 7])
def test_junior_needs_2_to_6_players(n):
    with pytest.raises((MalformedInput, ValueError)):
        engine.new_game([f"P{i}" for i in range(n)], seed=1, ruleset="junior")


@pytest.mark.parametrize("start", STARTS)
@pytest.mark.parametrize("edition", EDITIONS)
def test_without_blue_two_players_share_60_cards(edition, start):
    dealt = classic(2, seed=11, edition=edition, start=start, without_blue=True)
    data = dealt.state.to_dict()
    colors = (COLORS_2018 if edition == "2018" else COLORS_ORIGINAL)[:3]
    assert data["options"] == options(edition, start, True)
    cards = every_card(data)
    assert len(cards) == 60 and not any(c.startswith("B") for c in cards)
    assert sorted(cards) == sorted(the_deck(colors, 20))
    assert [len(p["hand"]) for p in data["players"]] == [20, 20]
    assert len(data["pile"]) == (14 if start == "ends" else 20)
    if start == "ends":
        assert data["rows"] == [{"color": c, "cards": [1, 20]} for c in colors]


@pytest.mark.parametrize("n", [1, 3, 4, 6])
def test_without_blue_is_for_exactly_two_players(n):
    with pytest.raises((MalformedInput, ValueError)):
        engine.new_game([f"P{i}" for i in range(n)], seed=1, ruleset="classic", options=options(without_blue=True))


@pytest.mark.parametrize("n", [1, 7])
def test_classic_needs_2_to_6_players(n):
    with pytest.raises((MalformedInput, ValueError)):
        engine.new_game([f"P{i}" for i in range(n)], seed=1, ruleset="classic")


@pytest.mark.parametrize("edition", EDITIONS)
def test_ends_lays_out_the_1s_and_20s_as_four_rows_and_sets_no_opening(edition):
    colors = COLORS_2018 if edition == "2018" else COLORS_ORIGINAL
    dealt = classic(4, seed=5, first=2, edition=edition, start="ends")
    data = dealt.state.to_dict()
    assert data["rows"] == [{"color": c, "cards": [1, 20]} for c in colors]
    assert data["opening"] is None
    assert data["current"] == 2 and dealt.redeals == 0
    assert not any(c[1:] in ("1", "20") for p in data["players"] for c in p["hand"] + data["pile"])


def test_the_default_options_are_2018_eleven_with_blue():
    dealt = engine.new_game(NAMES[:2], seed=3, ruleset="classic")
    assert dealt.state.to_dict()["options"] == options()
    assert dealt.state.to_dict() == classic(2, seed=3).state.to_dict()
    partial = engine.new_game(NAMES[:2], seed=3, ruleset="classic", options={"start": "any"})
    assert partial.state.to_dict()["options"] == options(start="any")


def highest_eleven_holder(data: dict, colors) -> tuple[int, str]:
    for c in colors:
        for i, p in enumerate(data["players"]):
            if f"{c}11" in p["hand"]:
                return i, f"{c}11"
    raise AssertionError("nobody holds an 11")


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("edition", EDITIONS)
def test_eleven_the_holder_of_the_highest_priority_11_opens(edition, seed):
    colors = COLORS_2018 if edition == "2018" else COLORS_ORIGINAL
    n = 2 + seed % 5
    dealt = classic(n, seed=seed, first=n - 1, edition=edition)
    data = dealt.state.to_dict()
    holder, eleven = highest_eleven_holder(data, colors)
    assert data["current"] == holder
    assert data["rows"] == [] and data["opening"] is None
    # `first` is ignored: the deal decides who opens.
    assert classic(n, seed=seed, first=0, edition=edition).state.to_dict() == data
    listed = engine.legal_actions(dealt.state)
    assert [a.to_dict() for a in listed.actions] == [{"type": "place", "card": eleven}]
    opened = engine.apply(dealt.state, engine.Turn(holder, listed.actions)).state.to_dict()
    assert opened["rows"] == [{"color": eleven[0], "cards": [11]}] and opened["opening"] == 11
    assert opened["current"] == (holder + 1) % n


def redeals_of(seed: int, n: int = 2, **chosen) -> int:
    return classic(n, seed=seed, **chosen).redeals


# Found by searching the seeds from 0 up; pinned so that a change to the deal shows.
# With two players 40 of the 80 cards are dealt and nobody holds an 11 about once in 17
# deals (C(40,4)/C(80,4)); without blue, 3 of 60 cards, once in 30; with three players
# once in 330.
FIRST_REDEAL_SEED = 3  # 2018, eleven, two players: redealt once, Ben holds the O11
TWICE_REDEALT_SEED = 453  # the first seed redealt twice
FIRST_REDEAL_SEED_WITHOUT_BLUE = 5  # redealt once, Ada holds the O11
FIRST_REDEAL_SEED_THREE_PLAYERS = 76


def first_seed_with(redeals: int, n: int = 2, **chosen) -> int:
    return next(s for s in range(10_000) if redeals_of(s, n, **chosen) >= redeals)


def test_eleven_redeals_until_a_hand_holds_an_11_and_says_how_often():
    assert first_seed_with(1) == FIRST_REDEAL_SEED
    assert [redeals_of(s) for s in range(FIRST_REDEAL_SEED + 1)] == [0, 0, 0, 1]
    dealt = classic(2, seed=FIRST_REDEAL_SEED)
    assert dealt.redeals == 1
    data = dealt.state.to_dict()
    assert highest_eleven_holder(data, COLORS_2018) == (1, "O11")
    assert data["current"] == 1
    assert [len(p["hand"]) for p in data["players"]] == [20, 20] and len(data["pile"]) == 40
    assert sorted(every_card(data)) == sorted(the_deck(COLORS_2018, 20))
    # The other starts deal the same seed once.
    for start in ("ends", "ten-to-twelve", "any"):
        assert classic(2, seed=FIRST_REDEAL_SEED, start=start).redeals == 0


def test_eleven_may_redeal_more_than_once():
    dealt = classic(2, seed=TWICE_REDEALT_SEED)
    assert dealt.redeals == 2
    holder, _ = highest_eleven_holder(dealt.state.to_dict(), COLORS_2018)
    assert dealt.state.to_dict()["current"] == holder


def test_eleven_without_blue_and_with_three_players_redeal_too():
    assert first_seed_with(1, without_blue=True) == FIRST_REDEAL_SEED_WITHOUT_BLUE
    dealt = classic(2, seed=FIRST_REDEAL_SEED_WITHOUT_BLUE, without_blue=True)
    assert dealt.redeals == 1
    data = dealt.state.to_dict()
    assert highest_eleven_holder(data, COLORS_2018[:3]) == (0, "O11") and data["current"] == 0
    assert redeals_of(FIRST_REDEAL_SEED_THREE_PLAYERS, 3) == 1
    assert all(redeals_of(s, 3) == 0 for s in range(FIRST_REDEAL_SEED_THREE_PLAYERS))


@pytest.mark.parametrize("start", STARTS)
def test_a_hidden_deal_is_the_same_deal_as_counts(start):
    known = classic(3, seed=8, first=1, start=start).state.to_dict()
    hidden = classic(3, seed=8, first=1, start=start, hidden=True).state.to_dict()
    assert hidden["players"] == [{"name": n, "hand": {"count": 20}} for n in NAMES[:3]]
    assert hidden["pile"] == {"count": 20 if start != "ends" else 12}
    # On the 11s the seeded deal finds the opener (Cleo); a hidden one opens with `first`.
    assert (known["current"], hidden["current"]) == ((2, 1) if start == "eleven" else (1, 1))
    assert {k: v for k, v in hidden.items() if k not in ("players", "pile", "current")} == {
        k: v for k, v in known.items() if k not in ("players", "pile", "current")
    }
    assert junior(3, seed=8, hidden=True).state.to_dict()["pile"] == {"count": 21}


# -- scores --------------------------------------------------------------------------------


def position(hands, *, ruleset="classic", pile=(), current=0, passes=0, hidden=(), order=None, **chosen):
    """A state whose rows hold every card not in a hand or the pile (the test's cards
    are chosen so that these are rows that can happen); `hidden` players' hands as
    counts."""
    if ruleset == "junior":
        colors, top, opts = COLORS_2018, 11, None
    else:
        opts = options(**chosen)
        colors = COLORS_2018 if opts["edition"] == "2018" else COLORS_ORIGINAL
        colors = colors[:3] if opts["without_blue"] else colors
        top = 20
    away = {c for hand in hands for c in hand} | set(pile)
    rows = []
    for c in order or colors:
        values = [v for v in range(1, top + 1) if f"{c}{v}" not in away]
        if values:
            rows.append({"color": c, "cards": values})
    data = {
        "ruleset": ruleset,
        "players": [
            {"name": NAMES[i], "hand": {"count": len(h)} if i in hidden else list(h)} for i, h in enumerate(hands)
        ],
        "current": current,
        "rows": rows,
        "pile": list(pile),
        "passes": passes,
    }
    if ruleset == "classic":
        data["options"] = opts
        data["opening"] = None if opts["start"] == "ends" else 11
    return engine.load_state(data)


def test_a_player_who_goes_out_wins_and_the_others_pay_what_they_hold():
    state = position([[], ["O1", "O2", "O3", "Y20"], ["G1"]], current=1)
    assert engine.scores(state) == {
        "finished": True,
        "scores": [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 26}, {"player": 2, "penalty": 1}],
        "winners": [0],
    }


def test_placing_the_last_card_ends_the_game_with_the_scores():
    # Ada holds the orange 9 only; the orange row lies from 10 to 20, Ben holds 1-8.
    state = position([["O9"], ["O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8"]])
    result = engine.apply(state, engine.Turn(0, engine.load_actions([{"type": "place", "card": "O9"}], ruleset="classic")))
    scores = [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 36}]
    assert result.events[-1] == {"type": "game_over", "reason": "out", "scores": scores, "winners": [0]}
    assert engine.scores(result.state) == {"finished": True, "scores": scores, "winners": [0]}
    assert result.state.to_dict()["current"] == 1


def test_with_every_hand_known_a_classic_or_junior_game_cannot_block():
    # Every card missing from a row lies in some hand, so whoever holds the one next to a
    # row's end could place it: Ben cannot have passed holding the O3 (docs/games/classic.md).
    # A blocked game is only ever seen with hidden hands.
    for state in (
        position([["O1", "O2"], ["O3"]], passes=1),
        position([["O5", "O6"], ["O4"]], ruleset="junior", passes=1),
    ):
        with pytest.raises(Violation) as refused:
            engine.scores(state)
        assert (refused.value.code, refused.value.action) == ("INVALID_STATE", None)
    assert refused.value.reason == "Ben passed, but holds the orange 4, which could be placed on this table"


def test_a_blocked_game_ends_on_the_last_pass_and_a_hidden_hand_leaves_the_winners_open():
    # Ben (hidden) has passed; Ada cannot place O1 or O2 and passes: the game is blocked.
    state = position([["O1", "O2"], ["O3"]], passes=1, hidden={1})
    result = engine.apply(state, engine.Turn(0, engine.load_actions([{"type": "pass"}], ruleset="classic")))
    scores = [{"player": 0, "penalty": 3}, {"player": 1, "penalty": None}]
    assert result.events == [
        {"type": "passed", "player": 0},
        {"type": "game_over", "reason": "blocked", "scores": scores, "winners": None},
    ]
    assert engine.scores(result.state) == {"finished": True, "scores": scores, "winners": None}


def test_a_game_of_three_in_progress_has_one_leader_where_the_lowest_is_alone():
    state = position([["O1", "O2", "Y1"], ["O3", "Y20"], ["G1"]], pile=["B1"])
    assert engine.scores(state) == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 4}, {"player": 1, "penalty": 23}, {"player": 2, "penalty": 1}],
        "winners": [2],
    }


def test_a_game_in_progress_is_led_by_the_lowest_penalty():
    state = position([["O1", "O2"], ["O3", "Y1"], ["G1", "G2"]], pile=["B1", "B2"])
    assert engine.scores(state) == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 3}, {"player": 1, "penalty": 4}, {"player": 2, "penalty": 3}],
        "winners": [0, 2],
    }


def test_a_hidden_hand_has_no_penalty_and_there_are_no_winners_yet():
    state = position([["O1", "O2"], ["O3", "Y1"]], pile=["B1"], hidden={1})
    assert engine.scores(state) == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 3}, {"player": 1, "penalty": None}],
        "winners": None,
    }


def test_a_hidden_hand_blocks_with_unknown_scores():
    state = position([["O1", "O2"], ["O3"]], passes=1, current=1, hidden={0, 1})
    result = engine.apply(state, engine.Turn(1, engine.load_actions([{"type": "pass"}], ruleset="classic")))
    scores = [{"player": 0, "penalty": None}, {"player": 1, "penalty": None}]
    assert result.events[-1] == {"type": "game_over", "reason": "blocked", "scores": scores, "winners": None}
    assert "MUST_PLAY" in result.unchecked


def test_an_empty_hidden_hand_is_known_to_be_empty_and_wins():
    state = position([[], ["O1", "O2"]], hidden={0}, current=1)
    assert engine.scores(state) == {
        "finished": True,
        "scores": [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 3}],
        "winners": [0],
    }


def test_the_player_out_wins_even_where_another_hand_is_hidden():
    state = position([[], ["O1", "O2"], ["Y1"]], hidden={2}, current=1)
    assert engine.scores(state) == {
        "finished": True,
        "scores": [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 3}, {"player": 2, "penalty": None}],
        "winners": [0],
    }


def test_original_edition_and_ends_score_alike():
    state = position([["R2", "R3"], ["G19", "Y2"]], pile=["B5"], edition="original", start="ends")
    assert engine.scores(state) == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 5}, {"player": 1, "penalty": 21}],
        "winners": [0],
    }


def test_without_blue_scores_the_60_card_game():
    state = position([["O1"], ["G19", "G20"]], without_blue=True, pile=["Y20"])
    assert engine.scores(state) == {
        "finished": False,
        "scores": [{"player": 0, "penalty": 1}, {"player": 1, "penalty": 39}],
        "winners": [0],
    }


def test_junior_penalties_and_winners():
    state = position([["O5", "O6"], ["Y5", "B6"], []], ruleset="junior", current=2)
    assert engine.scores(state) == {
        "finished": True,
        "scores": [{"player": 0, "penalty": 11}, {"player": 1, "penalty": 11}, {"player": 2, "penalty": 0}],
        "winners": [2],
    }
    # In progress (the B7 in the pile): the lowest penalty leads, ties share the lead.
    leading = position([["O5", "O6"], ["Y5", "B6"], ["G2"]], ruleset="junior", pile=["B7"])
    assert engine.scores(leading)["winners"] == [2]
    tied = position([["O5", "O6"], ["Y5", "B6"], ["G5", "G6"]], ruleset="junior", pile=["B7"])
    assert engine.scores(tied)["winners"] == [0, 1, 2]


def test_junior_placing_the_last_card_ends_the_game():
    state = position([["O2"], ["Y5", "B6"]], ruleset="junior", order=COLORS_2018)
    result = engine.apply(state, engine.Turn(0, engine.load_actions([{"type": "place", "card": "O2"}], ruleset="junior")))
    scores = [{"player": 0, "penalty": 0}, {"player": 1, "penalty": 11}]
    assert result.events[-1] == {"type": "game_over", "reason": "out", "scores": scores, "winners": [0]}


@pytest.mark.parametrize("first", [0, 1, 2])
def test_eleven_with_a_hidden_deal_the_table_names_the_opener_and_nothing_is_redealt(first):
    # Seed 76 with three players: the seeded deal is redone once and Cleo holds the O11.
    seeded = classic(3, seed=FIRST_REDEAL_SEED_THREE_PLAYERS, first=first)
    assert (seeded.redeals, seeded.state.to_dict()["current"]) == (1, 2)
    hidden = classic(3, seed=FIRST_REDEAL_SEED_THREE_PLAYERS, first=first, hidden=True)
    data = hidden.state.to_dict()
    assert hidden.redeals == 0
    assert data["current"] == first
    assert data["players"] == [{"name": n, "hand": {"count": 20}} for n in NAMES[:3]]
    assert data["pile"] == {"count": 20} and data["rows"] == [] and data["opening"] is None
    # The opener lays the orange 11, the first by priority: nothing is left to ask. A
    # yellow 11 might come after an orange one in a hidden hand: that is the table's question.
    for eleven, asked in (("O11", []), ("Y11", ["OPENING"])):
        turn = engine.load_turn({"player": first, "actions": [{"type": "place", "card": eleven}]}, "classic")
        opened = engine.apply(hidden.state, turn)
        assert opened.state.to_dict()["current"] == (first + 1) % 3
        assert sorted(str(code) for code in opened.unchecked) == asked
