"""What the store knows of a token: its identity and its age, read from its bytes.

A token's text is URL-safe base64, and base64 can spell the same bytes in several texts
(the unused low bits of the last digit before `=`, characters the decoder skips).
Whatever text a token comes in, the referee goes by its decoded bytes: the same bytes
are the same token, for spending and for `previous`.

Only called on a token the sealer has opened (so authenticated): the time in its
bytes (bytes 1 to 8, big-endian seconds, in both formats: `sealing` says them) is the
referee's own.
"""

from __future__ import annotations

import base64
import hashlib


def decoded(token: str) -> bytes:
    """The token's bytes, decoded as the sealer decodes them."""
    return base64.urlsafe_b64decode(token.encode("ascii"))


def identity(token: str) -> bytes:
    """The token's identity in the store: SHA-256 of its decoded bytes (`previous` is
    the same digest, in hex)."""
    return hashlib.sha256(decoded(token)).digest()


def issued_at(token: str) -> int:
    """When the token was sealed (Unix seconds), from its own timestamp. Base64 spells
    every 3 bytes in 4 characters of their own, so the first 12 characters are bytes 0
    to 8: only they are decoded."""
    return sealed_at(decoded(token[:12]))


def sealed_at(raw: bytes) -> int:
    """When a token whose bytes (or first 9 bytes) are `raw` was sealed: bytes 1 to 8,
    big-endian Unix seconds, in either format."""
    return int.from_bytes(raw[1:9], "big")
