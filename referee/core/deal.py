"""What every ruleset's seeded deal shares: the seed, its salt, and the checks on them.

The same seed and players give the same deal. Seeds are whole numbers a JSON client can
carry exactly (a double holds integers up to 2**53 exactly; see `MAX_SEED`), so a seed
alone is at most 53 bits: anyone who sees one hand could try every seed until one deals
it. A deal that must stay secret (a sealed game's) is therefore also salted: `salt` is
32 hex digits (128 bits) picked at random, and the generator is seeded with both
together, the whole number `seed * 2**128 + salt` (the salt read as a hex number), a
secret of 181 bits that no search can cover. A plain deal without a salt is seeded with
the seed alone, as it always was.

A ruleset's deal takes that whole number, its *deal key*, as its `seed` and shuffles
with `random.Random(seed)`, which seeds the generator with every bit of it.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence

from ..i18n import Message
from .errors import MalformedInput

MAX_SEED = 2**53 - 1  # JSON-safe: JavaScript and jq read larger integers rounded
#: The salt's size: 128 random bits, written as 32 lowercase hex digits.
SALT_BITS = 128
SALT = re.compile(r"[0-9a-f]{32}")
#: The largest deal key: a seed and a salt together.
MAX_KEY = ((MAX_SEED + 1) << SALT_BITS) - 1
SEED_RANGE = f"the seed is a whole number from 0 to {MAX_SEED}"


def new_seed() -> int:
    """A random seed, for a deal the client did not seed."""
    return secrets.randbelow(MAX_SEED + 1)


def new_salt() -> str:
    """A random salt: 128 bits from the operating system's generator, in hex."""
    return secrets.token_hex(SALT_BITS // 8)


def deal_key(seed: int, salt: str | None = None) -> int:
    """The whole number a deal's generator is seeded with: the seed alone, or with a salt
    `seed * 2**128 + salt`; MalformedInput for a seed out of range or a salt that is not
    32 lowercase hex digits."""
    if not 0 <= seed <= MAX_SEED:
        raise MalformedInput(SEED_RANGE)
    if salt is None:
        return seed
    if not isinstance(salt, str) or not SALT.fullmatch(salt):
        raise MalformedInput("the salt is 32 lowercase hex digits")
    return seed << SALT_BITS | int(salt, 16)


def check_deal(names: Sequence[str], first: int, seed: int, min_players: int, max_players: int) -> None:
    """The player count, the first player and the deal key of a deal; MalformedInput
    otherwise."""
    n = len(names)
    if not min_players <= n <= max_players:
        # The setup of a table page meets this first: said in the reader's language.
        if min_players == max_players:
            raise MalformedInput(Message("this game is for {count} players, not {n}", count=min_players, n=n))
        raise MalformedInput(Message("this game is for {low} to {high} players, not {n}", low=min_players,
                                     high=max_players, n=n))
    if not 0 <= first < n:
        raise MalformedInput(f"the first player is one of 0 to {n - 1}, not {first}")
    if not 0 <= seed <= MAX_KEY:
        raise MalformedInput(SEED_RANGE)
