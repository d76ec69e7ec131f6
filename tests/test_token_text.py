"""Only a token's own text opens: a token is its bytes, and no other text of them counts.

Base64 leaves the low bits of the last character before `=` unread (one `=`: 2 bits, so
3 other texts; two: 4 bits, 15 others), and Python's URL-safe decoder reads `+` and `/`
as `-` and `_`. The cipher opens all of them (AES-GCM of format 3 as Fernet of format 2),
each with its own `previous` digest and its own identity for whoever keeps track of
tokens; the referee refuses every one but the text it wrote.
"""

from __future__ import annotations

import base64
import json
import string

import pytest
from cryptography.fernet import Fernet

from referee.http import create_app
from referee.sealed.sealing import FERNET_FORMAT, Sealed, Sealer, TokenInvalid, new_key

KEY = new_key()
SEALER = Sealer([KEY])
ALPHABET = string.ascii_letters + string.digits + "-_"
SALT = "0123456789abcdef" * 2


def fernet_seal(sealed):
    """A token of format 2, as the referee sealed them before format 3."""
    return Fernet(KEY.encode("ascii")).encrypt(sealed.to_json(FERNET_FORMAT)).decode("ascii")


def token_ending_in(padding, seal=SEALER.seal):
    """A token whose text ends in exactly `padding` (the state made longer, past the
    padding's steps, until the bytes' length leaves that remainder)."""
    for length in range(0, 2048, 128):
        token = seal(Sealed("a" * 32, 0, 1, SALT, {"players": [], "filler": "x" * length}))
        if token.endswith(padding) and not token.endswith(padding + "="):
            return token
    raise AssertionError(f"no token ends in {padding}")


def other_texts(token):
    """Every other text that decodes to the token's bytes: the last character before the
    padding written with other unread bits, and `+` or `/` for `-` or `_`."""
    raw = base64.urlsafe_b64decode(token)
    last = len(token.rstrip("=")) - 1
    texts = {token[:last] + c + token[last + 1:] for c in ALPHABET}
    texts |= {token.replace("-", "+", 1), token.replace("_", "/", 1)}
    return sorted(t for t in texts if t != token and base64.urlsafe_b64decode(t) == raw)


@pytest.mark.parametrize("padding, others", [("=", 3), ("==", 15)])
def test_a_token_opens_under_its_own_text_only(padding, others):
    token = token_ending_in(padding)
    texts = other_texts(token)
    assert len([t for t in texts if "+" not in t and "/" not in t]) == others
    assert SEALER.open(token).salt == SALT  # its own text opens
    for text in texts:
        # The cipher alone would open each: it reads the same bytes.
        assert SEALER._opened(base64.urlsafe_b64decode(text)) == SEALER._opened(base64.urlsafe_b64decode(token))
        with pytest.raises(TokenInvalid):
            SEALER.open(text)


@pytest.mark.parametrize("padding, others", [("=", 3), ("==", 15)])
def test_a_format_2_token_opens_under_its_own_text_only(padding, others):
    token = token_ending_in(padding, fernet_seal)
    texts = other_texts(token)
    assert len([t for t in texts if "+" not in t and "/" not in t]) == others
    assert SEALER.open(token).salt == SALT
    fernet = Fernet(KEY.encode("ascii"))
    for text in texts:
        fernet.decrypt(text.encode("ascii"))  # the library alone would open each
        with pytest.raises(TokenInvalid):
            SEALER.open(text)


def test_a_token_written_with_plus_or_slash_is_refused():
    for length in range(64):
        token = SEALER.seal(Sealed("b" * length, 0, 1, SALT, {"players": []}))
        if "-" in token and "_" in token:
            break
    assert SEALER.open(token).salt == SALT
    with pytest.raises(TokenInvalid):
        SEALER.open(token.replace("-", "+"))
    with pytest.raises(TokenInvalid):
        SEALER.open(token.replace("_", "/"))


def test_over_http_another_text_of_a_token_is_token_invalid():
    client = create_app({"TESTING": True, "SEAL_KEYS": [KEY]}).test_client()
    # Games of more players seal longer, past the padding's steps: one ends in "=".
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]
    game = next(g for g in (client.post("/v1/games", json={"players": names[:n], "ruleset": r, "sealed": True}).json
                            for r in ("master", "junior") for n in range(2, 7)) if g["game"].endswith("="))
    token, seat = game["game"], game["seats"][0]
    assert client.post("/v1/views", json={"game": token, "seat": seat}).status_code == 200
    texts = other_texts(token)
    unread_bits = [t for t in texts if "+" not in t and "/" not in t]
    assert len(unread_bits) >= 3
    for text in texts:
        answer = client.post("/v1/views", data=json.dumps({"game": text, "seat": seat}), content_type="application/json")
        # A `+` or `/` is no character of a token: the body's schema refuses it first.
        code = "TOKEN_INVALID" if text in unread_bits else "SCHEMA_VIOLATION"
        assert answer.status_code == 400 and answer.json["code"] == code
        turn = {"player": 0, "actions": [{"type": "draw"}]}
        answer = client.post("/v1/turns", json={"game": text, "seat": seat, "turn": turn})
        assert answer.status_code == 400 and answer.json["code"] == code


# -- the check itself: `canonical` decides as decoding and encoding the whole text would,
# and decodes what it takes as the decoder does --

from hypothesis import given, strategies as st  # noqa: E402

from referee.sealed.sealing import canonical  # noqa: E402

#: Characters a text may be spelled in: the alphabet, its standard-base64 stand-ins, the
#: padding, and a few the decoder skips.
SPELLING = st.sampled_from(list(ALPHABET + "+/=. \n"))


def encoded_again(text: bytes) -> bool:
    try:
        return base64.urlsafe_b64encode(base64.urlsafe_b64decode(text)) == text
    except ValueError:
        return False


def is_canonical(text: bytes) -> bool:
    raw = canonical(text)
    if raw is not None:
        assert raw == base64.urlsafe_b64decode(text)
    return raw is not None


@given(st.lists(SPELLING, max_size=14).map(lambda chars: "".join(chars).encode("ascii")))
def test_any_text_is_canonical_exactly_when_it_is_its_bytes_encoded_again(text):
    assert is_canonical(text) is encoded_again(text)


@given(st.binary(max_size=40), st.data())
def test_a_written_text_with_one_character_changed_is_canonical_exactly_when_encoded_again(raw, data):
    text = bytearray(base64.urlsafe_b64encode(raw))
    assert canonical(bytes(text)) == raw
    if text:
        text[data.draw(st.integers(0, len(text) - 1))] = ord(data.draw(SPELLING))
    assert is_canonical(bytes(text)) is encoded_again(bytes(text))


@pytest.mark.parametrize("text, expected", [
    (b"QUJD", True), (b"QUI=", True), (b"QUJ=", False), (b"QQ==", True), (b"QR==", False),
    (b"QUJ+", False), (b"QU.D", False), (b"QQ=", False), (b"Q===", False), (b"QQ==QUJD", False),
    # `=` past a whole last group: the strict decoder reads "QUJD===" as "QUJD".
    (b"QUJD=", False), (b"QUJD===", False), (b"QUJD====", False), (b"QUJDQ===", False),
])
def test_texts_written_out(text, expected):
    assert is_canonical(text) is expected
    assert encoded_again(text) is expected


# -- the pattern of schemas/game-token.json admits every text `canonical` takes, so the
# short way may leave the pattern to the sealer (`contract.validator`, tokens_opened) --

import re  # noqa: E402

from referee.http.contract import TOKEN_SCHEMA, schema_text, validator  # noqa: E402

TOKEN_PATTERN = re.compile(json.loads(schema_text(TOKEN_SCHEMA))["pattern"])


@given(st.lists(SPELLING, max_size=14).map(lambda chars: "".join(chars)))
def test_any_text_the_sealer_would_decode_matches_the_schemas_pattern(text):
    if canonical(text.encode("ascii")):
        assert TOKEN_PATTERN.fullmatch(text)


@given(st.binary(min_size=1, max_size=40), st.data())
def test_a_written_text_changed_and_still_decoded_matches_the_schemas_pattern(raw, data):
    text = bytearray(base64.urlsafe_b64encode(raw))
    text[data.draw(st.integers(0, len(text) - 1))] = ord(data.draw(SPELLING))
    if canonical(bytes(text)):
        assert TOKEN_PATTERN.fullmatch(text.decode("ascii"))


def test_left_to_the_sealer_the_pattern_alone_goes_unchecked():
    turn = {"player": 0, "actions": [{"type": "draw"}]}
    whole, left = validator("turn-request.json"), validator("turn-request.json", tokens_opened=True)
    written = {"game": "QUJD", "seat": "0" * 64, "turn": turn}
    assert whole.is_valid(written) and left.is_valid(written)
    for text in ("QU+D", "QU/D", "Q=UD", "QUJD===", "QU D", "QUJDé"):
        assert not whole.is_valid({**written, "game": text}), text
        assert left.is_valid({**written, "game": text}), text
        assert canonical(text.encode("utf-8")) is None, text
    # Everything else is checked as ever: the token's length, the seat, the turn.
    for wrong in ({"game": ""}, {"game": "A" * 16385}, {"seat": 7}, {"turn": {"player": 0}}, {"extra": 1}):
        assert not left.is_valid({**written, **wrong}), wrong


def test_each_schema_is_compiled_once_for_each_way_however_it_is_asked_for():
    assert validator("turn-request.json", True) is validator("turn-request.json", tokens_opened=True)
    assert validator("turn-request.json") is validator("turn-request.json", False)
    assert validator("turn-request.json") is not validator("turn-request.json", tokens_opened=True)
