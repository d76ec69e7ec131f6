"""A deal nobody can search: a sealed deal and the referee's blind choices come from the
seed and a 128-bit salt together, so one's own hand no longer names the seed.

The attack these tests repeat: a player of a sealed game knows their own hand and that
the deal is `random.Random(seed)` with a seed of 53 bits, and deals every seed until
one gives that hand (150-300 k seeds a second on one core; 2**53 on 100 GPUs in about
12 hours). With the salt, the generator's secret is seed * 2**128 + salt.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from referee import engine
from referee.core.deal import MAX_KEY, MAX_SEED, deal_key, new_salt
from referee.core.errors import MalformedInput
from referee.http import create_app
from referee.http import sealed as sealed_http
from referee.games.schnipp_schnapp.actions import Flip
from referee.sealed.sealing import Sealer, blind_generator, commitment, new_key

KEY = new_key()
CLIENT = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()
SALT = "0123456789abcdef0123456789abcdef"
NAMES = ["Ann", "Ben"]


def post(path, body):
    return CLIENT.post(path, data=json.dumps(body), content_type="application/json")


def test_the_deal_key_is_seed_and_salt_together_and_the_seed_alone_without_a_salt():
    assert deal_key(4711) == 4711
    assert deal_key(4711, SALT) == 4711 * 2**128 + 0x0123456789ABCDEF0123456789ABCDEF
    assert deal_key(1, "f" * 32) == 2**129 - 1
    assert deal_key(MAX_SEED, "f" * 32) == MAX_KEY == 2**181 - 1
    assert deal_key(0, "0" * 32) == 0 and deal_key(0, "0" * 31 + "1") == 1


@pytest.mark.parametrize("seed, salt", [(-1, None), (MAX_SEED + 1, None), (1, "0123"), (1, SALT.upper()),
                                        (1, SALT + "0"), (1, "g" * 32)])
def test_a_seed_out_of_range_or_a_salt_that_is_not_32_hex_digits_is_malformed(seed, salt):
    with pytest.raises(MalformedInput):
        deal_key(seed, salt)


def test_a_salt_is_128_random_bits():
    salts = {new_salt() for _ in range(64)}
    assert len(salts) == 64
    assert all(len(s) == 32 and int(s, 16) < 2**128 for s in salts)
    # Over 64 salts every one of the 128 bits is set in some and clear in others.
    for bit in range(128):
        ones = sum(1 for s in salts if int(s, 16) >> bit & 1)
        assert 0 < ones < 64, bit


def test_a_plain_deal_without_a_salt_is_the_seeded_deal_it_always_was():
    state = engine.new_game(NAMES, seed=42).state
    assert state.players[0].hand[:6] == ("R9", "R14", "R17", "R21", "Y1", "Y7")
    assert state.pile[:3] == ("Y20", "G3", "Y3")
    assert engine.new_game(NAMES, seed=42, ruleset="schwarzer-peter").state.players[0].hand[:6] == (
        "O4", "Y5", "Y13", "Y9", "O19", "Y3")


def test_a_salted_deal_is_another_deal_and_the_same_again_from_the_same_seed_and_salt():
    salted = engine.new_game(NAMES, seed=42, salt=SALT).state
    assert salted.players[0].hand[:6] == ("R2", "R7", "R14", "R17", "R20", "R21")
    assert salted.pile[:3] == ("B19", "R12", "R4")
    assert engine.new_game(NAMES, seed=42, salt=SALT).state == salted


@pytest.mark.parametrize("ruleset", sorted(engine.RULESETS))
def test_every_ruleset_deals_from_every_bit_of_seed_and_salt(ruleset):
    """The same seed with salts that differ in their lowest or their highest bit, and the
    same salt with another seed, each deal another game: the generator is seeded with
    both, whole."""
    names = ["Ann", "Ben", "Cleo"][: max(2, getattr(engine.find_ruleset(ruleset), "min_players", 2))]

    def start(seed, salt):
        return engine.new_game(names, seed=seed, salt=salt, ruleset=ruleset).state.to_dict()

    base = start(7, SALT)
    low = SALT[:-1] + format(int(SALT[-1], 16) ^ 1, "x")
    high = format(int(SALT[0], 16) ^ 8, "x") + SALT[1:]
    assert start(7, low) != base
    assert start(7, high) != base
    assert start(8, SALT) != base
    assert start(7, None) != base
    assert start(7, SALT) == base


def hand_of(state, seat):
    return list(state.players[seat].hand)


def search(hand, seeds, salt=None):
    """The seeds (of `seeds`) whose plain deal gives seat 0 this hand: the attack."""
    return [seed for seed in seeds if hand_of(engine.new_game(NAMES, seed=seed, salt=salt).state, 0) == hand]


def test_a_hand_of_a_sealed_game_no_longer_identifies_its_seed(monkeypatch):
    """A search over the seed space, on a sample that holds the game's true seed, finds
    nothing: the seed alone does not deal the hand. The same search finds the seed of a
    plain deal, so it is a search that works."""
    true_seed = 3_141_592_653_589_793
    monkeypatch.setattr(engine, "new_seed", lambda: true_seed)
    game = post("/v1/games", {"players": NAMES, "sealed": True}).json
    hand = post("/v1/views", {"game": game["game"], "seat": game["seats"][0]}).json["view"]["players"][0]["hand"]
    rng = random.Random(2024)
    sample = [true_seed] + [rng.randrange(MAX_SEED + 1) for _ in range(2000)] + list(range(500))
    assert search(hand, sample) == []
    plain = engine.new_game(NAMES, seed=true_seed).state
    assert search(hand_of(plain, 0), sample) == [true_seed]
    # With the seed and the salt the token holds, the hand is dealt again.
    sealed = Sealer([KEY]).open(game["game"])
    assert sealed.seed == true_seed
    assert search(hand, [true_seed], salt=sealed.salt) == [true_seed]


def test_every_sealed_game_draws_its_own_salt_and_commits_to_it(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 7)
    games = [post("/v1/games", {"players": NAMES, "sealed": True}).json for _ in range(8)]
    opened = [Sealer([KEY]).open(g["game"]) for g in games]
    assert len({s.salt for s in opened}) == 8  # the same seed, eight deals
    assert len({json.dumps(s.state) for s in opened}) == 8
    for game, sealed in zip(games, opened):
        assert game["commitment"] == commitment(7, sealed.salt)
        assert sealed.state == engine.new_game(NAMES, seed=7, salt=sealed.salt).state.to_dict()


def test_the_revealed_seed_and_salt_deal_a_sealed_games_start_again_through_post_v1_games(monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: 4711)
    monkeypatch.setattr(sealed_http, "deal_salt", lambda: SALT)
    game = post("/v1/games", {"players": NAMES, "ruleset": "schwarzer-peter", "sealed": True}).json
    plain = post("/v1/games", {"players": NAMES, "ruleset": "schwarzer-peter", "seed": 4711, "salt": SALT})
    assert plain.status_code == 201
    assert plain.json["seed"] == 4711 and plain.json["salt"] == SALT
    assert Sealer([KEY]).open(game["game"]).state == plain.json["state"]
    unsalted = post("/v1/games", {"players": NAMES, "ruleset": "schwarzer-peter", "seed": 4711}).json
    assert "salt" not in unsalted and unsalted["state"] != plain.json["state"]


@pytest.mark.parametrize("salt", ["0123", SALT.upper(), 7, SALT + "0"])
def test_a_plain_game_with_a_salt_that_is_not_32_hex_digits_is_a_schema_violation(salt):
    answer = post("/v1/games", {"players": NAMES, "seed": 1, "salt": salt})
    assert answer.status_code == 400
    assert answer.json["code"] == "SCHEMA_VIOLATION"
    assert answer.json["errors"][0]["pointer"] == "/salt"


def test_a_sealed_game_with_a_salt_is_a_schema_violation():
    answer = post("/v1/games", {"players": NAMES, "sealed": True, "salt": SALT})
    assert answer.status_code == 400
    assert answer.json["errors"] == [{"pointer": "/salt", "message":
                                      "A sealed game picks its own salt, revealed once the game is over: leave out salt."}]


def test_the_blind_choices_come_from_seed_and_salt_and_a_shuffle_from_128_bits():
    def first(seed, salt, turn=3, taken=0):
        return blind_generator(seed, salt, turn, taken).getrandbits(64)

    assert first(7, SALT) == first(7, SALT)
    assert len({first(7, SALT), first(7, "f" * 32), first(8, SALT), first(7, SALT, turn=4),
                first(7, SALT, taken=1)}) == 5
    state = engine.new_game(NAMES, seed=1, ruleset="schnipp-schnapp").state
    state = replace(state, players=(replace(state.players[0], stack=()),) + state.players[1:])
    rules = engine.find_ruleset("schnipp-schnapp")
    shuffles = [rules.sealed_pick(state, 0, Flip(), blind_generator(7, SALT, turn, 0)).shuffle for turn in range(32)]
    assert all(0 <= s < 2**128 for s in shuffles)
    assert max(s.bit_length() for s in shuffles) == 128  # today 128 bits; it was 32
    assert sum(1 for s in shuffles if s >= 2**96) >= 24
