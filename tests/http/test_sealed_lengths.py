"""Length tells nothing: a sealed token's length depends on what every player sees (the
ruleset, options, names, turn number, how many cards lie where), never on a hidden card,
the seed, or the card an open turn drew.

The attacks: a token at the start told the seed's digit count (26 of 30 games); a token
of an open turn told a one-digit drawn card from a two-digit one (16 of 16); and in games
that leave cards out of play (Ratefix) or set one aside unseen (Schwarzer Peter), the
names dealt would tell how many short ones are missing. The plaintext is now padded to
a multiple of 256 bytes from its length with every card name and the seed at their
widest.
"""

from __future__ import annotations

import json
import random

import pytest

from referee import engine
from referee.core.deal import MAX_SEED
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.sealed.sealing import PAD, Sealed, Sealer, new_key

KEY = new_key()
CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()
SALT = "5a17" * 8
SEEDS = [0, 7, 12345, MAX_SEED] + random.Random(28).sample(range(MAX_SEED + 1), 12)
#: Games whose start lays the same number of cards face up whatever the deal: in
#: Schwarzer Peter the pairs dealt are laid at once, in Schnipp Schnapp the quartets, so
#: their starts differ in public (their hidden parts are checked below, on the token).
SAME_START = sorted(set(engine.RULESETS) - {"schwarzer-peter", "schnipp-schnapp"})


def post(path, body):
    response = CLIENT.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 201), response.json
    return response.json


def names_for(ruleset):
    """Three players where the game seats them, else its most."""
    return ["Ann", "Ben", "Cleo"][:min(3, engine.find_ruleset(ruleset).max_players)]


def started(ruleset, seed, monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: seed)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    return post("/v1/games", {"ruleset": ruleset, "players": names_for(ruleset), "sealed": True})


@pytest.mark.parametrize("ruleset", SAME_START)
def test_a_start_token_is_as_long_whatever_the_seed_and_the_deal(ruleset, monkeypatch):
    games = [started(ruleset, seed, monkeypatch) for seed in SEEDS]
    opened = [Sealer([KEY]).open(g["game"]) for g in games]
    assert len({len(str(s.seed)) for s in opened}) >= 3  # seeds of 1, 5 and 16 digits
    assert len({json.dumps(s.state) for s in opened}) == len(SEEDS)  # dealt otherwise each time
    assert {len(g["game"]) for g in games} == {len(games[0]["game"])}


@pytest.mark.parametrize("ruleset, first", [("farben-sammeln", {"type": "take", "from": "pile"}),
                                            ("ueberall-anschliessen", {"type": "reveal"})])
def test_an_open_turns_token_is_as_long_whatever_card_was_drawn(ruleset, first, monkeypatch):
    drawn, lengths = set(), set()
    for seed in SEEDS:
        game = started(ruleset, seed, monkeypatch)
        mover = Sealer([KEY]).open(game["game"]).state["current"]
        answer = post("/v1/turns", {"game": game["game"], "seat": game["seats"][mover],
                                    "turn": {"player": mover, "actions": [first]}})
        assert answer["open"]  # the turn goes on after the card is seen
        drawn.add(len(answer["events"][0]["card"]))
        lengths.add(len(answer["game"]))
    assert drawn == {2, 3}  # one-digit and two-digit cards drawn
    assert len(lengths) == 1


def swapped(state, old, new):
    """The state with the card `old` named `new` wherever it lies (the JSON shape)."""
    return json.loads(json.dumps(state).replace(f'"{old}"', f'"{new}"'))


def test_a_hidden_card_of_another_width_and_a_seed_of_another_width_seal_alike(monkeypatch):
    """Schwarzer Peter sets a card aside unseen and Ratefix leaves cards out of play: the
    same table with a one-digit card where a two-digit one was (the card set aside or left
    out then two digits long) seals to the same length, as does another seed."""
    for ruleset in ("schwarzer-peter", "ratefix"):
        state = Sealer([KEY]).open(started(ruleset, 7, monkeypatch)["game"]).state
        held = json.dumps(state["players"][0])
        short = next(c for c in ("O1", "O2", "O3", "O4", "Y1", "Y2", "Y3") if f'"{c}"' in held)
        longer = next(c for c in ("O12", "O13", "O14", "Y12", "Y13", "Y14", "B16") if f'"{c}"' not in json.dumps(state))
        other = swapped(state, short, longer)
        assert len(json.dumps(other)) == len(json.dumps(state)) + 1
        # Every alignment against the padding's boundaries (the game's id made 0 to 255
        # characters long shifts the rest): at none does the hidden difference show.
        for shift in range(PAD):
            plain = Sealed("0" * shift, 3, 7, SALT, state).to_json()
            widened = Sealed("0" * shift, 3, MAX_SEED, SALT, other).to_json()
            assert len(plain) == len(widened) and len(plain) % PAD == 0, shift
        sealer = Sealer([KEY])
        assert len(sealer.seal(Sealed("0" * 32, 3, 7, SALT, state))) == len(
            sealer.seal(Sealed("0" * 32, 3, MAX_SEED, SALT, other)))


def test_an_open_turns_drawn_card_of_either_width_pads_alike_at_every_alignment():
    state = engine.new_game(["Ann", "Ben"], seed=1, salt=SALT).state.to_dict()
    for shift in range(PAD):
        lengths = {len(Sealed("0" * shift, 0, 1, SALT, state, [{"type": "draw", "card": card}]).to_json())
                   for card in ("J", "R7", "R17")}
        assert len(lengths) == 1, shift


def test_the_last_turns_cards_of_either_width_pad_alike_at_every_alignment():
    """The last turn a token keeps names the cards it turned up (public, but a one-digit
    card is shorter): how many events and of which kinds decide the length, never a card's
    width."""
    state = engine.new_game(["Ann", "Ben"], seed=1, salt=SALT, ruleset="hoechste-karte").state.to_dict()
    for shift in range(PAD):
        lengths = set()
        for first, second in (("O1", "Y2"), ("O11", "Y10"), ("O1", "Y10")):
            last = {"turn": 3, "player": 1, "public": [
                {"type": "revealed", "player": 0, "card": first}, {"type": "revealed", "player": 1, "card": second},
                {"type": "won", "player": 1, "cards": 2, "from": "trick"}]}
            lengths.add(len(Sealed("0" * shift, 3, 1, SALT, state, [], None, last).to_json()))
        assert len(lengths) == 1, shift


def test_the_padding_opens_to_the_same_contents():
    state = engine.new_game(["Ann", "Ben"], seed=1, salt=SALT).state.to_dict()
    sealed = Sealed("0" * 32, 0, 1, SALT, state, [{"type": "draw", "card": "J"}], "f" * 64)
    assert sealed.to_json().endswith(b" ")
    assert Sealed.from_json(sealed.to_json()) == sealed
    sealer = Sealer([KEY])
    assert sealer.open(sealer.seal(sealed)) == sealed


# -- the widening: counted by the shapes of short strings, as string by string --

import orjson  # noqa: E402
from hypothesis import given, strategies as st  # noqa: E402

from referee.sealed import sealing  # noqa: E402

SHORT_TEXTS = st.text(alphabet='R7J1:,{}[] "\\\nÄ', max_size=4)
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-5, 500) | SHORT_TEXTS,
                           lambda inner: st.lists(inner, max_size=5) | st.dictionaries(SHORT_TEXTS, inner, max_size=4),
                           max_leaves=20)


@given(JSON_VALUES)
def test_the_widening_is_each_strings_summed(value):
    data = orjson.dumps(value)
    string_by_string = sum(sealing.widening_of(s) for s in sealing._STRING.findall(data))
    assert sealing._widening(data) == string_by_string


@pytest.mark.parametrize("data, expected", [
    # "a" 2, "R7" 1, "J" 2, "R10" 0, "bb" 1, "" 0 (no card's name is empty)
    (b'{"a":["R7","J","R10"],"bb":""}', 6),
    # cards beside numbers, literals and nesting: "J" 2, "B1" 1, "x" 2
    (b'[1,"J",true,["B1"],{"x":null}]', 5),
    # ":" and "," are strings too, not of letters and digits: counted as they are
    (b'{"abc":[":",","]}', 0),
    # a string with a letter outside ASCII counts as it is; the key "Ab" 1
    (b'{"abc":"\xc3\x84","Ab":"\xc3\x84b"}', 1),
    # an escaped quote, counted string by string: "\"" as it is, "x" 2
    (b'{"abc":["\\"","x"]}', 2),
])
def test_the_widening_written_out(data, expected):
    assert sealing._widening(data) == expected


@pytest.mark.parametrize("string, expected", [
    (b'""', 0), (b'"J"', 2), (b'"R7"', 1), (b'"R10"', 0), (b'"-"', 0), (b'"7-"', 0), (b'"\\""', 0),
])
def test_the_widening_of_one_string(string, expected):
    assert sealing.widening_of(string) == expected
