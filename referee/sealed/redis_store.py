"""The store for several instances: Redis or Valkey, one server or a cluster, through
redis-py.

A spend is one short Lua script, atomic on the server: `SET spent NX EXAT` and, when it
set, the game's latest token and turn into the game's hash; when it did not, the hash's
latest instead. A claim is one script on the same hash (the seat's field holds the
claim's digest). Every key of a game carries the game's id in braces (a Redis Cluster
hash tag), so each script touches one slot; the store's own record
(`elfer:store`) is a key of its own, read and written alone.

It fails closed (`referee.sealed.store`), by the server's clock, not an instance's:

- the scripts read the time from the server (`TIME`) and refuse there a token older
  than the retention (`Expired`), or sealed more than `AHEAD` seconds after the
  server's now (an instance whose clock runs ahead: StoreUnavailable). Keys expire by
  the server's TTL, at the token's own time plus the retention (and never sooner than
  `STALE` seconds from now), so a spent token's key outlives every moment it could
  be played;
- each instance writes the retention it keeps keys for into the store's record,
  valid for as long as such keys may live, and refuses every token older than the
  shortest retention still on record: an instance with a lowered
  `REFEREE_STORE_DAYS` makes every instance refuse what its keys will have
  forgotten, until they have all expired;
- the record holds the store's birth (`born`): a Redis that comes back empty (no
  append-only file) starts a new record, and every token sealed before it is
  refused, unless the server still holds the token's game (for a spend, with that
  token as its latest: not spent, or its spend would be), as a Redis of an earlier
  release, without a record, holds the games under way;
- a server whose `maxmemory-policy` is not `noeviction`, or that has evicted a key
  since its statistics were last reset, is refused: an evicted key is a forgotten
  spend. Checked at start, for `GET /readyz`, and before the spends of each second.

With `replicas=N` in the URL (`redis+cluster://…/?replicas=1`, the cluster's default),
a spend or a claim is answered only once `N` replicas hold it (`WAIT`, on the
connection that wrote it): a failover then promotes a replica that has it. So is a
refusal: the script writes again what it found (the spent key, the seat's field), and
a replica holding that write holds every write before it, so that a `409` never names
a token a failover could forget. Until the
replicas confirm, the answer is 503 STORE_UNAVAILABLE, which is safe: sent again, a
spend that did happen finds its token spent, and the store recognises the game's
latest token as the one this very spend wrote.

Timeouts are short: a store that does not answer within a second is unavailable (503),
and the game goes on once it answers again (redis-py reconnects by itself).

On one server without replicas, each thread runs its write scripts on a connection of
its own, made once and kept (`_line`): the pool's way costs a spend about a quarter of
its time (a lock, and a non-blocking read per command that makes sure no earlier answer
lies unread). Here no answer can lie unread: whatever goes wrong on the connection (a
timeout, a lost answer) closes it, so the next command opens a new one and never reads
an old answer. It waits for the answer awake for a moment, before it sleeps on the
socket, while the server's answers come that soon (`awake`). A cluster, and a write
that waits for replicas, go through the client as they always did.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from .awake import AwakeWait
from .store import Expired, Latest, Pending, Spent, StoreSettingInvalid, StoreUnavailable
from .tokens import identity

#: Seconds a token may be sealed after the server's now (clocks a little apart).
AHEAD = 600
#: Seconds every key lives at least after its write: longer than an instance goes
#: without reading the record again (CHECK_SECONDS), so that what an instance has not
#: yet read of the record cannot matter.
STALE = 300
#: Seconds between an instance's readings of the store's record and its memory policy.
CHECK_SECONDS = 1.0
#: Milliseconds a spend waits for its replicas (within the client's timeout of a second).
WAIT_MS = 500

# ARGV 3 to 8 of both scripts: issued, accepted seconds, kept seconds, born, AHEAD, STALE.
_CHECKS = """
local now = tonumber(redis.call('TIME')[1])
local issued = tonumber(ARGV[3])
if issued < tonumber(ARGV[6]) then return 'before' end
if now > issued + tonumber(ARGV[4]) then return 'expired' end
if issued > now + tonumber(ARGV[7]) then return 'ahead' end
local keep = math.max(issued + tonumber(ARGV[5]), now + tonumber(ARGV[8])) + 1
"""
# ARGV 1, 2 and 9: the latest token, its turn and its time (sealed by this instance now).
SPEND = _CHECKS + """
if redis.call('SET', KEYS[1], '1', 'NX', 'EXAT', keep) then
  redis.call('HSET', KEYS[2], 'token', ARGV[1], 'turn', ARGV[2])
  local latest = math.min(tonumber(ARGV[9]), now + tonumber(ARGV[7]))
  local game = math.max(keep, latest + tonumber(ARGV[5]) + 1)
  if redis.call('EXPIRETIME', KEYS[2]) < game then redis.call('EXPIREAT', KEYS[2], game) end
  return false
end
-- Written again, so that WAIT covers the spend this refusal reports (a replica that
-- acknowledges this write has every write before it).
redis.call('SET', KEYS[1], '1', 'XX', 'KEEPTTL')
return redis.call('HMGET', KEYS[2], 'token', 'turn')
"""
# ARGV 1 and 2: the seat's field, the claim's digest ('' for none).
CLAIM = _CHECKS + """
local held = redis.call('HGET', KEYS[1], ARGV[1])
local claimed = 0
if not held then
  if ARGV[2] == '' then redis.call('HSET', KEYS[1], ARGV[1], '-') else redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
  claimed = 1
else
  redis.call('HSET', KEYS[1], ARGV[1], held)  -- written again: WAIT then covers the claim found
  if ARGV[2] ~= '' and held == ARGV[2] then claimed = 1 end
end
if claimed == 1 and redis.call('EXPIRETIME', KEYS[1]) < keep then redis.call('EXPIREAT', KEYS[1], keep) end
return claimed
"""
# The store's record: its birth, and each retention keys are kept for, until when.
# ARGV: this instance's retention in days, seconds its entry lives.
RECORD = """
local now = tonumber(redis.call('TIME')[1])
local born = redis.call('HGET', KEYS[1], 'born')
if not born then
  born = now
  redis.call('HSET', KEYS[1], 'born', born)
end
local field = 'days:' .. ARGV[1]
local held = tonumber(redis.call('HGET', KEYS[1], field) or '0')
if held < now + tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], field, now + tonumber(ARGV[2])) end
local shortest = tonumber(ARGV[1])
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  if string.sub(entries[i], 1, 5) == 'days:' then
    if tonumber(entries[i + 1]) < now then
      redis.call('HDEL', KEYS[1], entries[i])
    else
      shortest = math.min(shortest, tonumber(string.sub(entries[i], 6)))
    end
  end
end
return {tonumber(born), shortest}
"""
PROBE = """
redis.call('SET', KEYS[1], ARGV[1], 'EX', 60)
return redis.call('GET', KEYS[1])
"""
PREFIX = "elfer"
RECORD_KEY = f"{PREFIX}:store"
TIMEOUT_SECONDS = 1.0
SCHEMES = ("redis://", "rediss://", "redis+cluster://", "rediss+cluster://")


@dataclass(frozen=True)
class Setting:
    """A `REFEREE_STORE` URL read: the client's URL (or the cluster's nodes), and how
    many replicas confirm a write."""

    cluster: bool
    url: str
    nodes: tuple[tuple[str, int], ...]
    replicas: int
    where: str


def read_setting(url: str) -> Setting:
    """`redis://…`, `rediss://…`, or `redis+cluster://[user:password@]host:port,host:port,…`
    (`rediss+cluster://` with TLS), each with an optional `?replicas=N`."""
    scheme, _, rest = url.partition("://")
    cluster = scheme.endswith("+cluster")
    base, _, query = rest.partition("?")
    options = dict(parse_qsl(query))
    try:
        replicas = int(options.pop("replicas", "1" if cluster else "0"))
    except ValueError:
        raise StoreSettingInvalid(f"replicas= in {_without_password(url)} is not a whole number") from None
    if replicas < 0:
        raise StoreSettingInvalid(f"replicas= in {_without_password(url)} is below 0")
    plain_scheme = scheme.removesuffix("+cluster")
    kept = f"{plain_scheme}://{base}" + (f"?{urlencode(options)}" if options else "")
    nodes: tuple[tuple[str, int], ...] = ()
    if cluster:
        netloc = base.split("/", 1)[0]
        hosts = netloc.rpartition("@")[2]
        try:
            nodes = tuple(_node(host) for host in hosts.split(",") if host)
        except ValueError:
            raise StoreSettingInvalid(f"{_without_password(url)}: each node is host:port") from None
        if not nodes:
            raise StoreSettingInvalid(f"{_without_password(url)} names no node")
    return Setting(cluster, kept, nodes, replicas, _without_password(url))


class RedisStore:
    keeps = True

    def __init__(self, url: str, days: int):
        setting = read_setting(url)
        self.setting = setting
        self.where = setting.where
        self.days = days
        self.seconds = days * 86400
        self._born = 0
        self._accepted = self.seconds
        self._checked_until = 0.0
        self._refusal: str | None = None
        self._lock = threading.Lock()
        self._made: Any = None
        #: Each thread's connection for the write scripts (one server, no replicas),
        #: and all of them, for `close`.
        self._lines = threading.local()
        self._held: list[Any] = []
        #: How the answers on those connections are waited for (awake while they come soon).
        self._awake = AwakeWait()

    @property
    def _client(self) -> Any:
        """The client, made when first needed: a cluster's asks its nodes for the map of
        slots as it is made, and a cluster that cannot be reached is StoreUnavailable
        then, not an error at start-up."""
        if self._made is not None:
            return self._made
        # No retries inside the client: a spend whose answer was lost may have happened,
        # and sent again it would find its own token spent. The 503 says to send the
        # request again, which is safe: a spend that happened then answers 409 with it.
        # (A cluster's client follows a moved slot, and may send a spend again after a
        # failover: the spend then knows its own latest token, see `spend`.)
        options: dict[str, Any] = dict(socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS,
                                       health_check_interval=30, retry=Retry(NoBackoff(), 0))
        if self.setting.cluster:
            from redis.cluster import ClusterNode, RedisCluster

            parts = urlsplit(self.setting.url)
            try:
                client = RedisCluster(
                    startup_nodes=[ClusterNode(host, port) for host, port in self.setting.nodes],
                    username=unquote(parts.username) if parts.username else None,
                    password=unquote(parts.password) if parts.password else None,
                    ssl=parts.scheme == "rediss", require_full_coverage=True, **options)
            except (redis.RedisError, redis.exceptions.RedisClusterException) as exc:
                raise StoreUnavailable(f"the Redis store at {self.where} cannot be reached: {exc}") from None
        else:
            client = redis.Redis.from_url(self.setting.url, **options)
        self._spend = client.register_script(SPEND)
        self._claim = client.register_script(CLAIM)
        self._record = client.register_script(RECORD)
        self._probe = client.register_script(PROBE)
        self._made = client
        return client

    # What is checked before the writes of each second.

    def _servers(self, section: str) -> list[tuple[str, dict[str, Any]]]:
        """INFO `section` of every server that holds keys (each primary of a cluster)."""
        if self.setting.cluster:
            found = self._client.info(section, target_nodes=self._client.PRIMARIES)
            return sorted(found.items())
        return [(self.where, self._client.info(section))]

    def _evicting(self) -> str | None:
        for where, info in self._servers("memory"):
            policy = info.get("maxmemory_policy")
            if policy != "noeviction":
                return (f"the Redis store at {where} may evict keys (maxmemory-policy {policy}), and an evicted key is "
                        "a forgotten spend: set maxmemory-policy noeviction")
        for where, info in self._servers("stats"):
            evicted = int(info.get("evicted_keys", 0))
            if evicted:
                return (f"the Redis store at {where} has evicted {evicted} keys, so spends may have been forgotten: "
                        "set maxmemory-policy noeviction, and once every token of that time has expired, "
                        "CONFIG RESETSTAT")
        return None

    def _check(self) -> str | None:
        """Read the memory policy and the store's record; the reason to refuse, if any."""
        try:
            reason = self._evicting()
            if reason is not None:
                return reason
            # This instance's entry lives as long as a key it writes within the next
            # CHECK_SECONDS may: the retention, a token sealed AHEAD, and STALE.
            born, shortest = self._record(keys=[RECORD_KEY], args=[self.days, self.seconds + AHEAD + STALE + 300])
        except redis.RedisError as exc:
            return f"the Redis store at {self.where} cannot be reached: {self._failed(exc)}"
        except StoreUnavailable as exc:
            return str(exc)
        self._born, self._accepted = int(born), min(self.seconds, int(shortest) * 86400)
        return None

    def _checked(self) -> None:
        """StoreUnavailable when the store may not be written; read once a second."""
        if time.monotonic() >= self._checked_until:
            with self._lock:
                if time.monotonic() >= self._checked_until:
                    self._refusal = self._check()
                    self._checked_until = time.monotonic() + CHECK_SECONDS
        if self._refusal is not None:
            raise StoreUnavailable(self._refusal)

    # The writes.

    def _line(self) -> Any:
        """This thread's connection for the write scripts, made by the client's pool
        once (with the client's settings) and held here, not lent; made again in a
        forked child (a connection is not shared across a fork). It connects on its
        first command."""
        lines = self._lines
        held = getattr(lines, "connection", None)
        if held is not None and lines.pid == os.getpid():
            return held
        with self._lock:
            made = self._client.connection_pool.make_connection()
            self._held.append(made)
        lines.connection, lines.pid = made, os.getpid()
        return made

    def _on_line(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """Run a write script on this thread's connection (`_line`)."""
        return self._answer(self._send(script, keys, args), script, keys, args)

    def _send(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """Send a write script on this thread's connection (`_line`) as EVALSHA: the
        connection, whose answer `_answer` reads."""
        connection = self._line()
        try:
            connection.send_command("EVALSHA", script.sha, len(keys), *keys, *args)
        except BaseException:
            connection.disconnect()
            raise
        return connection

    def _answer(self, connection: Any, script: Any, keys: list[str], args: list[Any]) -> Any:
        """The answer to the script `_send` sent; EVAL when the server no longer holds
        the script (a restart). Any failure closes the connection, so that an answer
        not read whole is never taken for the next command's; it reconnects on its
        next command."""
        try:
            try:
                return self._awake.answer(connection)
            except redis.exceptions.NoScriptError:
                connection.send_command("EVAL", script.script, len(keys), *keys, *args)
                return connection.read_response()
        except BaseException:
            connection.disconnect()
            raise

    def _on_own_line(self) -> bool:
        """Whether the write scripts go on each thread's connection (`_line`): one
        server, no replicas to wait for."""
        return not self.setting.cluster and not self.setting.replicas

    def _run(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """Run a write script; with replicas, on one connection of the key's server,
        followed by WAIT on that connection, so that the answer waits for them."""
        if self._on_own_line():
            return self._on_line(script, keys, args)
        if not self.setting.replicas:  # a cluster's client finds the key's server
            return script(keys=keys, args=args)
        if self.setting.cluster:
            node = self._client.get_node_from_key(keys[0])
            client = self._client.get_redis_connection(node)
        else:
            client = self._client
        pipe = client.pipeline(transaction=False)
        pipe.eval(script.script, len(keys), *keys, *args)
        pipe.execute_command("WAIT", self.setting.replicas, WAIT_MS)
        found, confirmed = pipe.execute()
        # Whatever the script found (a spend, a token spent, a seat claimed or taken),
        # it wrote last, so the replicas hold what it answers once they hold that.
        if found not in (b"expired", b"before", b"ahead") and confirmed < self.setting.replicas:
            raise StoreUnavailable(f"{confirmed} of {self.setting.replicas} replicas confirmed the write in time")
        return found

    def _failed(self, exc: redis.RedisError) -> StoreUnavailable:
        """A failure told as unavailable; a cluster reads its nodes again (a failover)."""
        if self.setting.cluster and self._made is not None:
            try:
                self._made.nodes_manager.initialize()
            except (redis.RedisError, redis.exceptions.RedisClusterException):
                pass
        return StoreUnavailable(str(exc))

    def _arguments(self, head: list[Any], issued: int, tail: tuple[Any, ...], born: int | None = None) -> list[Any]:
        """A write script's ARGV: `head` (ARGV 1 and 2), then ARGV 3 to 8 for a token
        sealed at `issued`, then `tail`."""
        return [*head, issued, self._accepted, self.seconds, self._born if born is None else born, AHEAD, STALE,
                *tail]

    def _write(self, script: Any, keys: list[str], head: list[Any], issued: int, known: Any,
               tail: tuple[Any, ...] = (), sent: tuple[Any, list[Any]] | None = None) -> Any:
        """Run a write script (or read its answer, when `_send` has sent it: `sent`, the
        connection and the ARGV it was sent with). A token sealed before the store's
        record (`before`) is still taken when `known()` says the store holds its game as
        it was: the games under way when the record was made (a Redis of an earlier
        release) go on, while a Redis that came back empty holds no game, and refuses
        them all."""
        try:
            if sent is None:
                found = self._run(script, keys, self._arguments(head, issued, tail))
            else:
                found = self._answer(sent[0], script, keys, sent[1])
            if found == b"before" and known():
                found = self._run(script, keys, self._arguments(head, issued, tail, born=0))
        except redis.RedisError as exc:
            raise self._failed(exc) from None
        if found in (b"expired", b"before"):
            raise Expired(self._born)
        if found == b"ahead":
            raise StoreUnavailable("the token was sealed ahead of the store's clock: an instance's clock is wrong")
        return found

    def spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> None:
        self.begin_spend(game, token, following, issued, played).finish()

    def begin_spend(self, game: str, token: bytes, following: Latest, issued: int, played: str) -> Pending:
        """The spend's script sent now on this thread's connection, when it has one
        (`_on_own_line`), its answer read by `finish()`; otherwise all of it then."""
        self._checked()
        keys = [f"{PREFIX}:{{{game}}}:spent:{token.hex()}", f"{PREFIX}:{{{game}}}:game"]
        head, tail = [following.token, following.turn], (int(time.time()) + 1,)
        sent = None
        if self._on_own_line():
            args = self._arguments(head, issued, tail)
            try:
                sent = (self._send(self._spend, keys, args), args)
            except redis.RedisError as exc:
                raise self._failed(exc) from None

        def latest_is_this_token() -> bool:  # then it was not spent: its spend would be the latest
            held = self._client.hget(keys[1], "token")
            return held is not None and identity(held.decode("ascii")) == token

        def finish() -> None:
            found = self._write(self._spend, keys, head, issued, latest_is_this_token, tail, sent)
            if found is None:
                return None
            token_text, turn = found
            latest = Latest(token_text.decode("ascii"), int(turn)) if token_text is not None else None
            if latest == following:
                # This very spend, sent again by the client library after a lost answer.
                return None
            raise Spent(latest)

        return Pending(finish) if sent is None else Pending(finish, sent[0].disconnect)

    def claim(self, game: str, seat: int, claim: bytes | None, issued: int) -> bool:
        self._checked()
        key = f"{PREFIX}:{{{game}}}:game"
        found = self._write(self._claim, [key], [f"seat:{seat}", claim.hex() if claim else ""], issued,
                            lambda: self._client.exists(key) == 1)
        return found == 1

    def probe(self) -> None:
        reason = self.unready()
        if reason is not None:
            raise StoreUnavailable(reason)

    def unready(self) -> str | None:
        """The memory policy, the record, and a key written and read back."""
        reason = self._check()
        self._refusal, self._checked_until = reason, time.monotonic() + CHECK_SECONDS
        if reason is not None:
            return reason
        written = str(time.time_ns())
        try:
            read = self._probe(keys=[f"{PREFIX}:probe"], args=[written])
        except redis.RedisError as exc:
            return f"the Redis store at {self.where} cannot be written: {exc}"
        return None if read == written.encode() else f"the Redis store at {self.where} did not keep what was written"

    def full(self) -> bool:
        # A Redis is bounded by its own maxmemory (with noeviction, writes then fail).
        return False

    def size_bytes(self) -> int:
        """Redis' `used_memory`: of the one server, or summed over a cluster's primaries
        (the replicas copy them)."""
        try:
            return sum(int(info["used_memory"]) for _, info in self._servers("memory"))
        except redis.RedisError as exc:
            raise self._failed(exc) from None
        except redis.exceptions.RedisClusterException as exc:
            raise StoreUnavailable(str(exc)) from None

    def close(self) -> None:
        with self._lock:
            held = list(self._held)
        for connection in held:  # kept: a connection used again reconnects, and is closed again
            connection.disconnect()
        if self._made is not None:
            self._made.close()


def _node(text: str) -> tuple[str, int]:
    """`host:port`, or `host` alone on Redis's port."""
    host, colon, port = text.rpartition(":")
    return (host, int(port)) if colon else (text, 6379)


def _without_password(url: str) -> str:
    """The URL as the log may show it."""
    scheme, _, rest = url.partition("://")
    netloc, slash, path = rest.partition("/")
    if "@" not in netloc:
        return url
    credentials, _, hosts = netloc.rpartition("@")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{hosts}{slash}{path}"
