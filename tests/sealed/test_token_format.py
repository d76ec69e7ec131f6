"""Tokens of format 3 (AES-GCM), tried as a cheat would: a bit flipped anywhere, a token
cut short, one sealed under a foreign key, an envelope of one format holding the other's
payload; and tokens of format 2 (Fernet) sealed before the switch, which still open and
play on (their next token is of format 3). Every nonce is fresh."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import os

import pytest
from cryptography.fernet import Fernet
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from referee.sealed.sealing import (FERNET_FORMAT, FORMAT, _TOKEN_LABEL, Sealed, Sealer, TokenInvalid, _derive, _made,
                                    new_key)
from support.sealed_games import KEY, client, opened, post

SALT = "0123456789abcdef" * 2
SEALER = Sealer([KEY])
SEALED = Sealed("c" * 32, 3, 77, SALT, {"players": [{"name": "Ann"}], "pile": ["R7", "G10"]})


def raw(token: str) -> bytes:
    return base64.urlsafe_b64decode(token)


def text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii")


def fernet_token(sealed: Sealed, key: str = KEY) -> str:
    """A token of format 2, as the referee sealed them before format 3."""
    return Fernet(key.encode("ascii")).encrypt(sealed.to_json(FERNET_FORMAT)).decode("ascii")


def test_a_token_of_format_3_is_laid_out_as_the_docs_say():
    data = raw(SEALER.seal(SEALED, now=1_700_000_000))
    assert data[0] == FORMAT == 3
    assert int.from_bytes(data[1:9], "big") == 1_700_000_000
    # version, time, nonce, the padded payload, the tag
    assert len(data) == 1 + 8 + 12 + len(SEALED.to_json()) + 16
    assert SEALER.open(text(data)) == SEALED


def test_contents_built_by_slot_are_what_the_constructor_makes_field_for_field():
    # `_made` sets the slots one by one, in the order the fields are declared: each value
    # must land in its own field, those left out of equality too.
    fields = ("c" * 32, 3, 77, SALT, {"pile": ["R7"]}, [{"type": "draw"}], "d" * 64, {"turn": 3}, "e" * 64, 1_700)
    made = _made(*fields)
    assert type(made) is Sealed
    assert dataclasses.astuple(made) == dataclasses.astuple(Sealed(*fields)) == fields
    opened = Sealed(*fields)
    following = opened.following(4, {"pile": []}, [], None)
    assert dataclasses.astuple(following) == ("c" * 32, 4, 77, SALT, {"pile": []}, [], "e" * 64, None, "", 0)


def test_a_token_opened_says_when_it_was_sealed_in_either_format():
    assert SEALER.open(SEALER.seal(SEALED, now=1_700_000_000)).issued == 1_700_000_000
    fernet = Fernet(KEY.encode("ascii")).encrypt_at_time(SEALED.to_json(FERNET_FORMAT), 1_600_000_000).decode("ascii")
    assert SEALER.open(fernet).issued == 1_600_000_000
    assert SEALED.issued == 0  # contents not opened from a token


@pytest.mark.parametrize("where", ["version", "time", "nonce", "ciphertext", "tag"])
def test_a_bit_flipped_anywhere_is_refused(where):
    data = raw(SEALER.seal(SEALED))
    start = {"version": 0, "time": 1, "nonce": 9, "ciphertext": 21, "tag": len(data) - 16}[where]
    for offset in range(start, min(start + 12, len(data))):
        for bit in range(8):
            changed = bytearray(data)
            changed[offset] ^= 1 << bit
            with pytest.raises(TokenInvalid):
                SEALER.open(text(bytes(changed)))


def test_a_token_cut_short_is_refused():
    data = raw(SEALER.seal(SEALED))
    for length in (0, 1, 9, 20, 21, 36, 37, len(data) - 16, len(data) - 1):
        with pytest.raises(TokenInvalid):
            SEALER.open(text(data[:length]))


def test_a_token_sealed_under_a_foreign_key_is_refused_in_either_format():
    foreign = new_key()
    with pytest.raises(TokenInvalid):
        SEALER.open(Sealer([foreign]).seal(SEALED))
    with pytest.raises(TokenInvalid):
        SEALER.open(fernet_token(SEALED, foreign))


def test_an_envelope_opens_only_its_own_formats_payload():
    # A Fernet envelope around a payload that says format 3, and an AES-GCM one around
    # a payload that says format 2 (both made with the referee's own key: only a test can).
    with pytest.raises(TokenInvalid):
        SEALER.open(Fernet(KEY.encode("ascii")).encrypt(SEALED.to_json(FORMAT)).decode("ascii"))
    head, nonce = bytes((FORMAT,)) + (1_700_000_000).to_bytes(8, "big"), os.urandom(12)
    wrong = AESGCM(_derive(KEY, _TOKEN_LABEL)).encrypt(nonce, SEALED.to_json(FERNET_FORMAT), head)
    with pytest.raises(TokenInvalid):
        SEALER.open(text(head + nonce + wrong))
    right = AESGCM(_derive(KEY, _TOKEN_LABEL)).encrypt(nonce, SEALED.to_json(FORMAT), head)
    assert SEALER.open(text(head + nonce + right)) == SEALED


def test_an_unknown_version_byte_is_refused():
    data = bytearray(raw(SEALER.seal(SEALED)))
    for version in (0, 1, 2, 4, 0x7F, 0x81, 0xFF):
        data[0] = version
        with pytest.raises(TokenInvalid):
            SEALER.open(text(bytes(data)))


def test_every_token_has_a_fresh_96_bit_nonce():
    tokens = [raw(SEALER.seal(SEALED, now=1_700_000_000)) for _ in range(2000)]
    nonces = {t[9:21] for t in tokens}
    assert len(nonces) == 2000 and {len(n) for n in nonces} == {12}
    assert len({t[21:] for t in tokens}) == 2000  # so no two ciphertexts alike either
    assert all(SEALER.open(text(t)) == SEALED for t in tokens)


def test_a_format_2_token_opens_under_rotated_keys_and_its_next_token_is_format_3():
    old, new = new_key(), new_key()
    token = fernet_token(SEALED, old)
    assert Sealer([new, old]).open(token) == SEALED
    following = Sealer([new, old]).seal(SEALED)
    assert raw(following)[0] == FORMAT
    assert Sealer([new]).open(following) == SEALED
    with pytest.raises(TokenInvalid):
        Sealer([new]).open(token)  # its key gone from the list: it no longer opens


def test_a_format_2_token_flipped_or_cut_is_refused():
    data = raw(fernet_token(SEALED))
    for offset in (0, 1, 9, 30, len(data) - 1):
        changed = bytearray(data)
        changed[offset] ^= 0x04
        with pytest.raises(TokenInvalid):
            SEALER.open(text(bytes(changed)))
    with pytest.raises(TokenInvalid):
        SEALER.open(text(data[:-1]))


def test_a_game_sealed_in_format_2_before_the_switch_plays_on_once():
    store = client()
    game = post(store, "/v1/games", {"players": ["Ann", "Ben"], "sealed": True}, 201)
    assert raw(game["game"])[0] == FORMAT
    # The same game as the referee sealed it before format 3.
    old = fernet_token(opened(game["game"]))
    turn = {"game": old, "seat": game["seats"][0], "turn": {"player": 0, "actions": [{"type": "draw"}]}}
    played = post(store, "/v1/turns", turn, 200)
    assert raw(played["game"])[0] == FORMAT
    assert played["previous"] == hashlib.sha256(raw(old)).hexdigest()
    again = post(store, "/v1/turns", turn, 409)
    assert again["code"] == "TOKEN_SPENT" and again["game"] == played["game"]


def test_seat_keys_are_the_documented_hmac_and_stay_the_same_across_releases():
    # Seat keys are handed out once and kept by the players: a release that made them
    # otherwise would lock every seat of the games under way out.
    key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    game = "0123456789abcdef0123456789abcdef"
    assert Sealer([key]).seats(game, 3) == [
        "7904b1442631764752dacfcb34694475d11e037be481a976b25c9114e595fd1e",
        "c3bab626d1773f1dbc9ddae1a8ed52649390c6e54e27f302be122a2668c297c1",
        "96b7fe40780f97d2aae708402ae707ad24f7494b13fb642e1e27bbda79e4eae9",
    ]
    # As the module's docs say: HMAC-SHA256 of "{game}:{seat}" under the HKDF secret.
    secret = _derive(key, b"elfer-referee seat keys")
    assert hmac.new(secret, f"{game}:1".encode("ascii"), hashlib.sha256).hexdigest() == Sealer([key]).seats(game, 3)[1]
    # Told again, by the player a turn names and by the search over all seats, under a
    # rotated list too (the key no longer first).
    rotated = Sealer([new_key(), key])
    assert [rotated.seat(game, 3, seat_key) for seat_key in Sealer([key]).seats(game, 3)] == [0, 1, 2]
    assert [rotated.seat(game, 3, seat_key, likely=2) for seat_key in Sealer([key]).seats(game, 3)] == [0, 1, 2]
