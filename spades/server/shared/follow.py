"""One process's side of the shared tables: it loads a table from its log when a
player asks for it there, follows the log of every table it holds, and takes, keeps
and gives back the leases of the tables it runs.

- **Loading** (:meth:`Follower.load`): the table's log from its first entry, each
  entry applied as it would be when followed: the match is replayed from the seed.
- **Following** (:meth:`Follower.run`): one blocking read over every held table's
  log; each new entry goes to the server (:meth:`TableServer.applied` for an action,
  ``seat_here``, ``seat_gone``, ``noticed``), which tells its own seats through the
  seat filter. An entry this process wrote itself is already applied here: a
  versioned one is known by its version, the others by the writer. While this process
  writes to a table, the table's new entries wait for the next read (the write's
  answer says whether the entry is this process's).
- **Owning** (:meth:`Follower.keep`, every half second): the leases held are renewed
  (``LEASE_MS``; one not renewed in time is let go); a playing table whose lease is
  free is taken (a fencing token in the lease; the new owner's timers and computers
  start: :meth:`TableServer.take_over`); the seats held by a process that is gone
  (its ``proc:`` key ran out) are away; a table this process neither owns nor holds
  a seat of for a while is dropped from memory.
- **Adopting** (:meth:`Follower.adopt`, each tick too): a playing table that no
  process owns and this one does not hold (its owner died while none of its players
  was on another process: computer seats only, or every player away) is claimed,
  its lease held while it is loaded from its log, and run here, so its computers and
  timers play on.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

from ...engine.actions import action_from_json
from ..store import StoreAway
from ..table import OVER, PLAYING, WAITING, Table
from .redis_store import P, RedisStore

LEASE_MS = 2000  # a dead owner's tables are taken within this and a tick
TICK = 0.5
DROP_AFTER = 10.0  # seconds a table neither owned nor seated here stays in memory
READ_BLOCK_MS = 100
STATUS_EVERY = 60.0  # seconds between two status lines


class Follower:
    def __init__(self, server: Any, store: RedisStore) -> None:
        self.server = server
        self.store = store
        self.me = store.me
        self.last_id: dict[str, str] = {}  # followed table -> its last entry read
        self.leases: dict[str, str] = {}  # owned table -> its lease
        self.until: dict[str, float] = {}  # owned table -> when its lease may run out
        self.used: dict[str, float] = {}  # table -> when it last had a seat here
        self.loading: dict[str, asyncio.Future] = {}
        self.seen_own: dict[tuple[str, int], bool] = {}  # our seat's last entry read yet
        self.outbox: asyncio.Queue = asyncio.Queue()  # entries without a version, in order
        self.tasks: list[asyncio.Task] = []
        self.running = True
        self.taken = self.lost = self.adopted = 0
        self.unowned: set[str] = set()  # tables not held here found free at the last tick
        self.status_at = time.monotonic()

    def owns(self, code: str) -> bool:
        """Whether the table's lease is surely this process's now: held, and renewed
        recently enough. A process stopped past its lease (a machine too busy to run
        it) wakes with its overdue timers firing before its next renewal says whether
        another process took the table; they find it not owned and do nothing, and
        the renewal that finds the lease still here starts them again (``_keep``)."""
        return code in self.leases and time.monotonic() < self.until.get(code, 0.0)

    def fence(self, code: str) -> str | None:
        return self.leases.get(code)

    def start(self) -> None:
        self.tasks = [asyncio.ensure_future(f()) for f in (self.run, self.keep, self.write)]

    async def stop(self) -> None:
        """Give the leases back (another process takes the tables at once)."""
        self.running = False
        for task in self.tasks:
            task.cancel()
        for code, lease in list(self.leases.items()):
            try:
                await self.store.release(code, lease)
            except Exception:
                pass

    # --- loading ---------------------------------------------------------------------

    def add(self, table: Table) -> None:
        """A table created here: followed from its first entry (its own, skipped)."""
        self.last_id[table.code] = "0-0"
        self.used[table.code] = time.monotonic()

    async def load(self, code: str) -> Table | None:
        if code in self.server.tables:
            return self.server.tables[code]
        if code not in self.loading:
            self.loading[code] = asyncio.ensure_future(self._load(code))
        try:
            return await asyncio.shield(self.loading[code])
        finally:
            self.loading.pop(code, None)

    async def _load(self, code: str) -> Table | None:
        entries = await self.store.read_log(code)
        if not entries:
            return None
        first = json.loads(entries[0][1]["d"])
        table = Table.from_doc({**first, "state": WAITING}, [])
        table.version = 0
        self.server.tables[code] = table
        self._place_tokens(table)
        for entry_id, fields in entries[1:]:
            self.apply(table, fields)
            self.last_id[code] = entry_id
        self.last_id.setdefault(code, entries[0][0])
        self.used[code] = time.monotonic()
        return table

    async def catch_up(self, table: Table, most: float = 2.0) -> None:
        """Until this process has applied every versioned entry of the table's log
        there is now (or ``most`` seconds)."""
        latest = await self.store.version(table.code)
        deadline = time.monotonic() + most
        while table.version < latest and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

    async def find_token(self, token: str) -> tuple[str, int] | None:
        return await self.store.find_token(token)

    # --- following -------------------------------------------------------------------

    async def run(self) -> None:
        from redis.exceptions import RedisError

        while self.running:
            streams = {f"{P}log:{c}": i for c, i in self.last_id.items()
                       if c in self.server.tables}
            if not streams:
                await asyncio.sleep(READ_BLOCK_MS / 1000)
                continue
            try:
                answer = await self.store.read_new(streams, READ_BLOCK_MS)
            except (RedisError, OSError):
                await asyncio.sleep(0.2)  # Redis away: read again soon
                continue
            for key, entries in answer or []:
                code = key[len(f"{P}log:"):]
                table = self.server.tables.get(code)
                if table is None or code in self.store.writing:
                    continue  # dropped meanwhile, or a write under way: next read
                try:
                    for entry_id, fields in entries:
                        self.apply(table, fields)
                        self.last_id[code] = entry_id
                except Exception as exc:  # never seen: this process lets the table go
                    self.server.errors += 1
                    print(f"table {code}: its log could not be followed ({exc!r}); let go,"
                          " loaded again when asked for", file=sys.stderr, flush=True)
                    for seat in range(len(table.seats)):  # its players come back by resume
                        conn = self.server.present.pop((code, seat), None)
                        if conn is not None:
                            conn.table = conn.seat = None
                            asyncio.ensure_future(conn.ws.close(1013, "try again"))
                    self.drop(table)
            if answer and any(c in self.store.writing for c in self.last_id):
                await asyncio.sleep(0.001)  # let the write's answer in before reading again

    def apply(self, table: Table, fields: dict[str, str]) -> None:
        """One entry of the table's log, unless this process has it already."""
        kind, writer = fields["k"], fields["p"]
        server = self.server
        if fields["v"] != "":
            version = int(fields["v"])
            if version <= table.version:
                return  # this process's own write (most entries read), or one read before
            data = json.loads(fields["d"])
            if version != table.version + 1:  # never: the log is read in order
                raise RuntimeError(f"table {table.code}: entry {version} after"
                                   f" {table.version}")
            table.version = version
            if kind == "doc":
                was = table.state
                table.set_doc(data)
                self._place_tokens(table)
                if was == WAITING and table.state == PLAYING:
                    server.started(table)
                else:
                    server.broadcast_table(table)
            elif kind == "act":
                rules = table.settings.rules
                action = action_from_json(data["action"], rules.cards, rules.tricks)
                server.applied(table, data["seat"], action)
            return
        data = json.loads(fields["d"])
        if kind == "here":
            self._here(table, data, writer)
        elif writer == self.me:
            return
        elif kind == "note":
            server.noticed(table, data)
        elif kind == "owner" and table.code in self.leases:  # another took it
            self.lose(table)

    def _here(self, table: Table, data: dict[str, Any], writer: str) -> None:
        """A seat's player came to a process or left it. The connection here is sent
        away by a newer one elsewhere only: one whose entry follows this process's own
        (a player who moved back here quickly has an older entry of the other
        process's still to read). A seat of this process's that the owner took for
        gone while its player is here (this process stalled past its ``proc:`` key,
        as on a machine too busy to run it) is said to be here again."""
        seat = data["seat"]
        key = (table.code, seat)
        if writer == self.me:
            if data["on"] and not data.get("again"):
                self.seen_own[key] = True
            return
        local = self.server.present.get(key)
        if data.get("again"):  # away at the readers that took its process for gone
            if local is None and table.holders[seat] is None:
                self.server.seat_here(table, seat, data["holder"])
        elif data["on"]:
            if local is not None:
                if not self.seen_own.get(key, True):
                    return
                del self.server.present[key]
                self.server.send_away(local)
            self.server.seat_here(table, seat, data["holder"])
        elif local is not None:
            if data["holder"] == self.me:
                self.say_here(table, seat, True, again=True)
        elif table.holders[seat] == data["holder"]:
            self.server.seat_gone(table, seat)

    def _place_tokens(self, table: Table) -> None:
        tokens = self.server.tokens
        for token in [t for t, (c, _) in tokens.items() if c == table.code]:
            del tokens[token]
        for seat, s in enumerate(table.seats):
            if s.token:
                tokens[s.token] = (table.code, seat)

    # --- writing what has no version -------------------------------------------------

    def say_here(self, table: Table, seat: int, on: bool, holder: str | None = None,
                 again: bool = False) -> asyncio.Future:
        """A seat's player came to this process (``on``) or left it; ``again``: a
        player still here whom the owner took for gone (an older sitting said again,
        which never sends a newer one elsewhere away). Done once in the log."""
        if on and holder is None and not again:
            self.seen_own[(table.code, seat)] = False  # until the follower reads it
        data = {"seat": seat, "on": on, "holder": holder or self.me}
        if again:
            data["again"] = True
        written = asyncio.get_running_loop().create_future()
        self.outbox.put_nowait((table.code, "here", data, None, written))
        return written

    async def sat(self, table: Table, seat: int) -> None:
        """A seat's player came to this process: said in the log before the player
        hears it is seated, so that the player's next sitting (moving on to another
        process) comes after it in the log and wins. Redis away: not waited for long."""
        try:
            await asyncio.wait_for(asyncio.shield(self.say_here(table, seat, True)), 5.0)
        except TimeoutError:
            pass  # written when Redis answers, in this process's order

    def say(self, table: Table, notice: dict[str, Any]) -> None:
        """What the owner decided of a seat, for the other processes' seats."""
        self.outbox.put_nowait((table.code, "note", notice, self.fence(table.code), None))

    async def write(self) -> None:
        while True:
            code, kind, data, lease, written = await self.outbox.get()
            for _ in range(20):  # Redis away: again, for up to about 5 s
                if await self.store.append(code, kind, data, lease=lease) or lease:
                    break
                await asyncio.sleep(0.25)
            if written is not None and not written.done():
                written.set_result(None)

    # --- owning ----------------------------------------------------------------------

    async def keep(self) -> None:
        while self.running:
            try:
                await self._keep()
            except Exception as exc:  # Redis away: the leases run out, others take over
                from redis.exceptions import RedisError

                if not isinstance(exc, RedisError | OSError | StoreAway):
                    self.server.errors += 1
                print(f"shared store: {exc!r}", file=sys.stderr, flush=True)
            now = time.monotonic()
            for code in [c for c, t in self.until.items() if t < now and c in self.leases]:
                table = self.server.tables.get(code)
                self.leases.pop(code, None)
                self.lost += 1
                if table is not None:
                    self.server.let_go(table)
            if now - self.status_at >= STATUS_EVERY:
                self.status_at = now
                print(self.status(), flush=True)
            await asyncio.sleep(TICK)

    def status(self) -> str:
        """The line a shared server logs every minute (docs/deploy.md, watching)."""
        seated = len({code for code, _ in self.server.present})
        c = self.store.counts
        return (f"shared: {len(self.server.tables)} tables held, {len(self.leases)} owned,"
                f" {seated} with a seat here; leases taken {self.taken} ({self.adopted}"
                f" adopted), lost {self.lost};"
                f" writes {c['written']}, refused {c['refused']}, store unreachable"
                f" {c['unreachable']}; errors {self.server.errors}")

    async def _keep(self) -> None:
        server = self.server
        asked = time.monotonic()
        await self.store.live(LEASE_MS)
        lapsed = {c for c in self.leases if self.until.get(c, 0.0) <= asked}
        renewed = await self.store.renew(dict(self.leases), LEASE_MS)
        for code, kept in renewed.items():
            if kept:
                self.until[code] = asked + 0.8 * LEASE_MS / 1000
                if code in lapsed and code in server.tables:
                    # Its timers and computers did nothing while the lease was in
                    # doubt: what they left undone is done now.
                    server.run_again(server.tables[code])
            elif code in server.tables:
                self.lose(server.tables[code])
        for code in [c for c in self.leases if c in server.tables
                     and server.tables[c].state == OVER]:  # a finished match needs no owner
            lease = self.leases.pop(code)
            self.until.pop(code, None)
            await self.store.release(code, lease)
        free = [c for c, t in server.tables.items()
                if t.state == PLAYING and c not in self.leases]
        for code, holder in (await self.store.holders(free)).items():
            if holder is None and code in server.tables:
                await self.claim(server.tables[code])
        await self._gone_processes()
        now = time.monotonic()
        for code, table in list(server.tables.items()):
            if code in self.leases or any(server.present.get((code, s))
                                            for s in range(len(table.seats))):
                self.used[code] = now
            elif now - self.used.get(code, now) > DROP_AFTER and code not in self.loading:
                self.drop(table)
        await self.adopt()

    async def _gone_processes(self) -> None:
        """The seats of the owned tables whose process is gone: away."""
        held = {(code, seat): h for code in self.leases if code in self.server.tables
                for seat, h in enumerate(self.server.tables[code].holders)
                if h and h != self.me}
        alive = await self.store.alive(sorted(set(held.values())))
        for (code, seat), holder in held.items():
            table = self.server.tables.get(code)
            if not alive[holder] and table is not None and table.holders[seat] == holder:
                self.server.seat_gone(table, seat)
                self.say_here(table, seat, False, holder)

    async def adopt(self) -> None:
        """The playing tables that no process owns and this one does not hold, found
        free at two ticks in a row (a process with a player of the table takes it at
        its first, having it replayed already): each claimed, then loaded from its log
        and run here. The lease is taken before the load, so of the processes that
        find the table free only one replays it, and renewed while it loads."""
        server = self.server
        codes = [c for c in await self.store.playing() if c not in server.tables]
        free = {c for c, holder in (await self.store.holders(codes)).items() if holder is None}
        found, self.unowned = self.unowned, free
        for code in free & found:
            if code in server.tables or code in self.loading:
                continue
            lease = await self.store.claim(code, LEASE_MS)
            if lease is None:
                continue  # another process was first
            holding = asyncio.ensure_future(self._hold(code, lease))
            try:
                table = await self.load(code)
            except BaseException:
                await self.store.release(code, lease)
                raise
            finally:
                holding.cancel()
            asked = time.monotonic()  # the lease, renewed once the table is loaded
            kept = (await self.store.renew({code: lease}, LEASE_MS))[code]
            if table is None or table.state != PLAYING or not kept:
                await self.store.release(code, lease)
                if table is not None:
                    self.drop(table)
                if kept:  # over: its owner died at the end
                    await self.store.not_playing(code)
                continue
            self.adopted += 1
            self.own(table, lease, asked)

    async def _hold(self, code: str, lease: str) -> None:
        """The lease of a table being adopted, renewed while its log is replayed (a
        long log on a busy machine may take longer than a lease)."""
        from redis.exceptions import RedisError

        while True:
            await asyncio.sleep(TICK)
            try:
                await self.store.renew({code: lease}, LEASE_MS)
            except (RedisError, OSError):
                pass  # Redis away: the renewal after the load says whether it held

    async def claim(self, table: Table) -> None:
        asked = time.monotonic()
        lease = await self.store.claim(table.code, LEASE_MS)
        if lease is not None:
            self.own(table, lease, asked)

    async def starting(self, table: Table) -> tuple[str, float] | None:
        """The lease of a table whose match this process is about to start (claimed
        at the time given), or None when another holds it: the doc that starts the
        match is written fenced by it, so the match is never under way unowned. None
        too when Redis is away."""
        asked = time.monotonic()
        try:
            lease = await self.store.claim(table.code, LEASE_MS)
        except StoreAway:
            return None
        if lease is None:
            return None
        self.leases[table.code] = lease  # renewed by the ticks meanwhile
        self.until[table.code] = asked + 0.8 * LEASE_MS / 1000
        return lease, asked

    async def not_starting(self, table: Table, lease: str) -> None:
        """The match did not start (its doc was refused): the lease back."""
        self.leases.pop(table.code, None)
        self.until.pop(table.code, None)
        try:
            await self.store.release(table.code, lease)
        except Exception:
            pass  # it runs out by itself

    def own(self, table: Table, lease: str, asked: float) -> None:
        """The table's lease is this process's (claimed at ``asked``): it runs it."""
        self.leases[table.code] = lease
        self.until[table.code] = asked + 0.8 * LEASE_MS / 1000
        self.taken += 1
        self.outbox.put_nowait((table.code, "owner", {"lease": lease}, lease, None))
        self.server.take_over(table)

    def lose(self, table: Table) -> None:
        self.lost += 1
        self.leases.pop(table.code, None)
        self.until.pop(table.code, None)
        self.server.let_go(table)

    def drop(self, table: Table) -> None:
        """A table no longer held here: out of memory (loaded again when asked for)."""
        server, code = self.server, table.code
        for token in [t for t, (c, _) in server.tokens.items() if c == code]:
            del server.tokens[token]
        for place in (server.tables, server.locks, server.last_action, self.last_id,
                      self.used):
            place.pop(code, None)
        for seat in range(len(table.seats)):
            self.seen_own.pop((code, seat), None)
        server.let_go(table)
