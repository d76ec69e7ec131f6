"""What every ruleset's seeded deal shares: the seed and the checks on its arguments.

The same seed and players give the same deal. Seeds are whole numbers a JSON client can
carry exactly (a double holds integers up to 2**53 exactly; see `MAX_SEED`).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from .errors import MalformedInput

MAX_SEED = 2**53 - 1  # JSON-safe: JavaScript and jq read larger integers rounded


def new_seed() -> int:
    """A random seed, for a deal the client did not seed."""
    return secrets.randbelow(MAX_SEED + 1)


def check_deal(names: Sequence[str], first: int, seed: int, min_players: int, max_players: int) -> None:
    """The player count, the first player and the seed of a deal; MalformedInput otherwise."""
    n = len(names)
    if not min_players <= n <= max_players:
        allowed = f"{min_players}" if min_players == max_players else f"{min_players} to {max_players}"
        raise MalformedInput(f"this game has {allowed} players, not {n}")
    if not 0 <= first < n:
        raise MalformedInput(f"the first player is one of 0 to {n - 1}, not {first}")
    if not 0 <= seed <= MAX_SEED:
        raise MalformedInput(f"the seed is a whole number from 0 to {MAX_SEED}")
