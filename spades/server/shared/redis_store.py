"""The shared store: every table a Redis Stream (its log) beside a few small keys.

Keys (``spades:`` first):

- ``log:CODE``   the table's log, one entry per write: ``k`` the kind (``doc``, ``act``,
  ``here``, ``note``, ``owner``), ``v`` its version (``doc`` and ``act``: 0 for the
  table's first doc, then one more each), ``p`` the process that wrote it, ``d`` JSON;
- ``ver:CODE``   the version of the log's last versioned entry;
- ``lease:CODE`` ``PROCESS/FENCE`` while a process owns the table (expires unless
  renewed), ``fence:CODE`` the counter its fencing tokens come from;
- ``tokens``     token -> ``CODE SEAT``, for a ``resume`` on any process;
- ``playing``    the codes of the tables whose match is under way (a set: in from the
  doc that starts the match, out with the doc that ends it), for the processes to
  find a table whose owner died while none of its players was anywhere else;
- ``proc:ID``    present while that process lives (renewed every half second).

:data:`APPEND` is the only way into a log: a versioned entry goes in only at the
version after the last one (so two writers can never both write the same action, and
a process whose copy of the table is behind writes nothing), and an entry written
with a fencing token only while that token's lease holds (so an owner that lost its
lease writes nothing). The script runs whole or not at all; with ``appendfsync
always`` Redis answers only once the entry is on disk.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from typing import TYPE_CHECKING, Any

from ..store import StoreAway, TableStore
from ..table import OVER, PLAYING

if TYPE_CHECKING:
    from ..table import Table

P = "spades:"
CONNECTIONS = 50  # to Redis, for a client of a process (commands beyond them wait)
# KEYS: ver, log, lease, tokens, last, playing. ARGV: expected version ('' for an entry
# without one), lease ('' when not written as owner), kind, process, data, the write's
# own nonce, '+' or '-' to put the table in or out of the playing set ('' neither),
# then token/place pairs (place '' removes the token). A versioned write sent
# again with its nonce (the client library retries a write whose answer was lost)
# finds itself the last one written, and is answered as done, not written twice.
APPEND = """
if ARGV[1] ~= '' and tonumber(redis.call('GET', KEYS[1]) or '-1') == tonumber(ARGV[1]) + 1
    and redis.call('GET', KEYS[5]) == ARGV[6] then return 1 end
if ARGV[2] ~= '' and redis.call('GET', KEYS[3]) ~= ARGV[2] then return -2 end
local v = ''
if ARGV[1] ~= '' then
  local now = tonumber(redis.call('GET', KEYS[1]) or '-1')
  if now ~= tonumber(ARGV[1]) then return -1 end
  v = tostring(now + 1)
  redis.call('SET', KEYS[1], v)
  redis.call('SET', KEYS[5], ARGV[6])
end
redis.call('XADD', KEYS[2], '*', 'k', ARGV[3], 'v', v, 'p', ARGV[4], 'd', ARGV[5])
if ARGV[7] == '+' then redis.call('SADD', KEYS[6], ARGV[8]) end
if ARGV[7] == '-' then redis.call('SREM', KEYS[6], ARGV[8]) end
for i = 9, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[4], ARGV[i])
  else redis.call('HSET', KEYS[4], ARGV[i], ARGV[i + 1]) end
end
return 1
"""
RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@contextlib.asynccontextmanager
async def reaching():
    """Redis not answering (restarting, unreachable) becomes :class:`StoreAway`."""
    from redis.exceptions import RedisError

    try:
        yield
    except (RedisError, OSError) as exc:
        raise StoreAway(str(exc)) from exc


def log_key(code: str) -> str:
    return f"{P}log:{code}"


class RedisStore(TableStore):
    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self.me = secrets.token_hex(4)  # this process, in the log and the leases
        self.writing: set[str] = set()  # tables with a versioned write under way here
        self.counts = {"written": 0, "refused": 0, "unreachable": 0}  # for the status line
        self.db: Any = None
        self.reader: Any = None

    async def connect(self) -> None:
        """Both clients (the follower's blocking reads have their own); raises when
        Redis does not answer. A client's commands share at most ``CONNECTIONS``
        connections, and a command finding them all busy waits for one (up to
        ``socket_timeout``): the client library's default pool refuses the 101st
        command in flight at once (MaxConnectionsError), which read as Redis out of
        reach, so a burst of requests (200 tables started together) was refused."""
        import redis.asyncio as aioredis

        def client() -> Any:
            return aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(
                self.url, max_connections=CONNECTIONS, timeout=5, decode_responses=True,
                socket_connect_timeout=2, socket_timeout=5))

        self.db = client()
        self.reader = client()
        await self.db.ping()
        self._append = self.db.register_script(APPEND)
        self._renew = self.db.register_script(RENEW)
        self._release = self.db.register_script(RELEASE)

    async def append(self, code: str, kind: str, data: Any, version: int | None = None,
                     lease: str | None = None, tokens: dict[str, str] | None = None,
                     nonce: str | None = None, playing: str = "") -> bool:
        """One entry into a table's log through :data:`APPEND`; False when the script
        refused it or Redis could not be reached (then it may be in the log all the
        same, its answer lost: the follower finds it there). ``playing``: '+' or '-',
        the table in or out of the playing set with this entry."""
        from redis.exceptions import RedisError

        pairs = [x for token, place in (tokens or {}).items() for x in (token, place)]
        try:
            done = await self._append(
                keys=[f"{P}ver:{code}", log_key(code), f"{P}lease:{code}", f"{P}tokens",
                      f"{P}last:{code}", f"{P}playing"],
                args=["" if version is None else version, lease or "", kind, self.me,
                      json.dumps(data, separators=(",", ":")),
                      nonce or secrets.token_hex(8), playing, code, *pairs])
        except (RedisError, OSError):
            self.counts["unreachable"] += 1
            return False
        self.counts["written" if done == 1 else "refused"] += 1
        return done == 1

    async def _versioned(self, table: Table, kind: str, data: Any, lease: str | None,
                         tokens: dict[str, str] | None = None, playing: str = "") -> bool:
        self.writing.add(table.code)
        try:
            done = await self.append(table.code, kind, data, table.version, lease, tokens,
                                     playing=playing)
            if done:
                table.version += 1
            return done
        finally:
            self.writing.discard(table.code)

    async def save_table(self, table: Table, tokens: dict[str, int | None] | None = None,
                         lease: str | None = None) -> bool:
        places = {t: "" if s is None else f"{table.code} {s}" for t, s in (tokens or {}).items()}
        playing = {PLAYING: "+", OVER: "-"}.get(table.state, "")
        return await self._versioned(table, "doc", table.doc(), lease, places, playing)

    async def add_action(self, table: Table, seat: int, action: Any,
                         fence: str | None = None) -> bool:
        return await self._versioned(table, "act", {"seat": seat, "action": action}, fence)

    async def add_record(self, code: str, hand_number: int, record: dict[str, Any]) -> None:
        """Nothing: a finished hand's record is in the log already (replayed)."""

    def open_tables(self) -> list[tuple[dict[str, Any], list[Any]]]:
        return []  # a table is loaded when a player asks for it (follow.py)

    async def read_log(self, code: str, after: str = "-") -> list[tuple[str, dict[str, str]]]:
        async with reaching():
            return await self.db.xrange(log_key(code), min=after)

    async def read_new(self, streams: dict[str, str], block_ms: int) -> list[Any]:
        return await self.reader.xread(streams, count=200, block=block_ms)

    async def version(self, code: str) -> int:
        from redis.exceptions import RedisError

        try:
            return int(await self.db.get(f"{P}ver:{code}") or -1)
        except (RedisError, OSError):
            return -1

    async def find_token(self, token: str) -> tuple[str, int] | None:
        async with reaching():
            place = await self.db.hget(f"{P}tokens", token)
        if not place:
            return None
        code, seat = place.split()
        return code, int(seat)

    # --- leases ----------------------------------------------------------------------

    async def claim(self, code: str, ms: int) -> str | None:
        """The table's lease for this process, if no one holds it: its value (this
        process and a new fencing token), else None."""
        async with reaching():
            fence = await self.db.incr(f"{P}fence:{code}")
            lease = f"{self.me}/{fence}"
            if await self.db.set(f"{P}lease:{code}", lease, nx=True, px=ms):
                return lease
        return None

    async def renew(self, leases: dict[str, str], ms: int) -> dict[str, bool]:
        async with self.db.pipeline(transaction=False) as pipe:
            for code, lease in leases.items():
                await self._renew(keys=[f"{P}lease:{code}"], args=[lease, ms], client=pipe)
            answers = await pipe.execute()
        return {code: bool(a) for code, a in zip(leases, answers, strict=True)}

    async def playing(self) -> list[str]:
        """The tables whose match is under way, as the playing set has them."""
        return list(await self.db.smembers(f"{P}playing"))

    async def not_playing(self, code: str) -> None:
        """A table found over (its owner died before it wrote the last doc): out."""
        await self.db.srem(f"{P}playing", code)

    async def holders(self, codes: list[str]) -> dict[str, str | None]:
        values = await self.db.mget([f"{P}lease:{c}" for c in codes]) if codes else []
        return dict(zip(codes, values, strict=True))

    async def release(self, code: str, lease: str) -> None:
        await self._release(keys=[f"{P}lease:{code}"], args=[lease])

    async def live(self, ms: int) -> None:
        await self.db.set(f"{P}proc:{self.me}", 1, px=ms)

    async def alive(self, processes: list[str]) -> dict[str, bool]:
        values = await self.db.mget([f"{P}proc:{p}" for p in processes]) if processes else []
        return {p: v is not None for p, v in zip(processes, values, strict=True)}

    async def close(self) -> None:
        for client in (self.db, self.reader):
            if client is not None:
                await client.aclose()
