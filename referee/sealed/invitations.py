"""Invitations to an invited sealed game, and the seat keys claimed with them.

An invited game's starter gets one invitation per seat instead of the seat keys; each
player claims their seat with theirs (`POST /v1/seats`), once: the store records the
claim, so a second one is refused and a player whose invitation was taken knows it.
A claim may name a `claim` text its claimant chose; the same claim sent again (its
answer was lost) is answered the same key, made again from that text.

- An invitation is an HMAC-SHA256 (cut to 128 bits) of the game's id and the seat
  under a secret derived (HKDF) from a seal key: the referee tells one by recomputing it
  and stores none.
- A claimed seat key is a random part (128 bits, drawn at the claim) and an
  HMAC-SHA256 of the game, the seat and that part, under another derived secret. The
  referee checks a key by recomputing the HMAC over the part the key carries, so it
  stores no seat keys; and nobody holding the invitation can make the key, because
  they never see the random part, nor the secret. For a claim with a `claim` text the
  part is an HMAC of the game, the seat and that text under a third secret instead:
  the same for the same claim, and as unforeseeable without the secret.

Both are compared in constant time (`hmac.compare_digest`), under every key still in
the list, so rotation keeps running games' invitations and seats.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

_INVITATION_LABEL = b"elfer-referee invitations"
_CLAIMED_LABEL = b"elfer-referee claimed seat keys"
_PART_LABEL = b"elfer-referee claimed seat keys' parts"
#: Hex digits of an invitation (128 bits) and of a claimed seat key's random part.
INVITATION_DIGITS = 32
RANDOM_DIGITS = 32
#: A claimed seat key: the random part and a full HMAC-SHA256, in hex.
CLAIMED_KEY_DIGITS = RANDOM_DIGITS + 64


class InvitationInvalid(Exception):
    """Not an invitation of this game."""


class Invitations:
    """Makes and tells invitations and claimed seat keys, under a list of seal keys (the
    first makes new ones)."""

    def __init__(self, keys: list[str]):
        raws = [base64.urlsafe_b64decode(key.encode("ascii")) for key in keys]
        self._invitation_secrets = [_derive(raw, _INVITATION_LABEL) for raw in raws]
        self._claimed_secrets = [_derive(raw, _CLAIMED_LABEL) for raw in raws]
        self._part_secret = _derive(raws[0], _PART_LABEL)

    def invitations(self, game: str, players: int) -> list[str]:
        return [_invitation(self._invitation_secrets[0], game, seat) for seat in range(players)]

    def seat_of(self, game: str, players: int, invitation: Any) -> int:
        """The seat an invitation of this game opens; InvitationInvalid for anything else."""
        if not isinstance(invitation, str):
            raise InvitationInvalid("not an invitation")
        given = invitation.encode("ascii", "replace")
        found = None
        for secret in self._invitation_secrets:
            for seat in range(players):
                if hmac.compare_digest(given, _invitation(secret, game, seat).encode("ascii")):
                    found = seat
        if found is None:
            raise InvitationInvalid("not an invitation of this game")
        return found

    def new_seat_key(self, game: str, seat: int, claim: str | None = None) -> str:
        """A seat key for a seat just claimed: a fresh random part and its HMAC; for a
        claim text, the part that text makes (the same key each time it is sent)."""
        if claim is None:
            part = secrets.token_hex(RANDOM_DIGITS // 2)
        else:
            message = f"{game}:{seat}:{claim}".encode("utf-8")
            part = hmac.new(self._part_secret, message, hashlib.sha256).hexdigest()[:RANDOM_DIGITS]
        return part + _claimed_mac(self._claimed_secrets[0], game, seat, part)

    def claimed_seat(self, game: str, players: int, key: str) -> int | None:
        """The seat whose claimed key `key` is, or None."""
        if len(key) != CLAIMED_KEY_DIGITS:
            return None
        part, mac = key[:RANDOM_DIGITS], key[RANDOM_DIGITS:].encode("ascii", "replace")
        found = None
        for secret in self._claimed_secrets:
            for seat in range(players):
                if hmac.compare_digest(mac, _claimed_mac(secret, game, seat, part).encode("ascii")):
                    found = seat
        return found


def _derive(raw: bytes, label: bytes) -> bytes:
    """A secret of its own for each purpose (HKDF-SHA256 of the seal key)."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label).derive(raw)


def _invitation(secret: bytes, game: str, seat: int) -> str:
    return hmac.new(secret, f"{game}:{seat}".encode("ascii"), hashlib.sha256).hexdigest()[:INVITATION_DIGITS]


def _claimed_mac(secret: bytes, game: str, seat: int, part: str) -> str:
    return hmac.new(secret, f"{game}:{seat}:{part}".encode("ascii", "replace"), hashlib.sha256).hexdigest()
