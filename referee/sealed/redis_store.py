"""The store for several instances: Redis or Valkey, through redis-py.

A spend is one short Lua script, atomic on the server: `SET spent NX EX` and, when it
set, the game's latest token and turn into the game's hash; when it did not, the hash's
latest instead. A claim is `HSETNX` on the same hash. Every key of a game carries the
game's id in braces (a Redis Cluster hash tag), so one script touches one slot. Keys
expire after the retention; the game's hash is renewed by every spend, so a game that
goes on keeps its claimed seats.

Timeouts are short: a store that does not answer within a second is unavailable (503),
and the game goes on once it answers again (redis-py reconnects by itself).
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .store import Latest, Spent, StoreUnavailable

SPEND = """
if redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[3]) then
  redis.call('HSET', KEYS[2], 'token', ARGV[1], 'turn', ARGV[2])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  return false
end
return redis.call('HMGET', KEYS[2], 'token', 'turn')
"""
CLAIM = """
local claimed = redis.call('HSETNX', KEYS[1], ARGV[1], '1')
if claimed == 1 and redis.call('TTL', KEYS[1]) < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
end
return claimed
"""
PREFIX = "elfer"
TIMEOUT_SECONDS = 1.0


class RedisStore:
    keeps = True

    def __init__(self, url: str, days: int):
        self.where = _without_password(url)
        self.seconds = days * 86400
        # No retries inside the client: a spend whose answer was lost may have happened,
        # and sent again it would find its own token spent. The 503 says to send the
        # request again, which is safe: a spend that happened then answers 409 with it.
        self._client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS,
                                             socket_connect_timeout=TIMEOUT_SECONDS, health_check_interval=30,
                                             retry=Retry(NoBackoff(), 0))
        self._spend = self._client.register_script(SPEND)
        self._claim = self._client.register_script(CLAIM)

    def spend(self, game: str, token: bytes, following: Latest) -> None:
        keys = [f"{PREFIX}:{{{game}}}:spent:{token.hex()}", f"{PREFIX}:{{{game}}}:game"]
        try:
            found = self._spend(keys=keys, args=[following.token, following.turn, self.seconds])
        except redis.RedisError as exc:
            raise StoreUnavailable(str(exc)) from None
        if found is None:
            return None
        token_text, turn = found
        raise Spent(Latest(token_text.decode("ascii"), int(turn)) if token_text is not None else None)

    def claim(self, game: str, seat: int) -> bool:
        try:
            return self._claim(keys=[f"{PREFIX}:{{{game}}}:game"], args=[f"seat:{seat}", self.seconds]) == 1
        except redis.RedisError as exc:
            raise StoreUnavailable(str(exc)) from None

    def close(self) -> None:
        self._client.close()


def _without_password(url: str) -> str:
    """The URL as the log may show it."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))
