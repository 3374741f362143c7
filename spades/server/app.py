"""The table server: the game's page over HTTP and the tables over WebSocket, on one
address (docs/protocol.md is the contract it keeps).

One asyncio loop holds the tables; computer players think in worker processes
(computers.py); every action is written to the store before anyone hears of it.
Each connection is checked message by message (protocol.py): a message that breaks
the protocol closes that connection with the reason and touches no table.

This module holds the server's wiring and the connections: the store's tables back
in memory at the start, the listening socket, each connection's life and its
messages handed, one table at a time, to the table's requests (requests.py: create,
join, resume, seat, start, act, leave, and the play they start) and the seats'
presence (presence.py); every message sent goes through the one per-seat filter
(seat_filter.py, by ``Connection.send``).

On a shared store (several processes, spades/server/shared/) the same code runs in
every process: a request changes a table only through a write the store accepts, the
other processes hear of it from the table's log (``follow``: shared/follow.py hands
each entry to :meth:`TableServer.applied`, :meth:`seat_here`, ...), and only the
process that owns a table (``owns``) runs its computer players and its timers.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from .computers import Computers
from .guard import (
    DEADLINES,
    TRIES_PER_MINUTE,
    WRONG_PER_MINUTE,
    Connection,
    Deadlines,
    Doors,
    WrongAnswers,
    client_address,
)
from .page import CDN, Page
from .presence import Presence
from .protocol import (
    MESSAGE_BYTES,
    MESSAGES_PER_SECOND,
    PROTOCOL,
    ProtocolError,
    read_message,
)
from .requests import MovedOn, Refused, Requests
from .store import StoreAway, TableStore
from .table import OVER, Table

VERSION = "spades-server/1"


class TableServer(Requests, Presence):
    def __init__(
        self, store: TableStore, web_dir: Path | None = None, workers: int | None = None,
        proxies: int = 0, rate: float = MESSAGES_PER_SECOND, cache: Path | None = None,
        cdn: str = CDN, deadlines: Deadlines = DEADLINES,
    ) -> None:
        self.store = store
        self.deadlines = deadlines
        self.doors = Doors(deadlines)
        self.wrong_answers = WrongAnswers()
        self.rate = rate
        self.page = Page(web_dir, cache, cdn)
        self.proxies = proxies  # reverse proxies in front, whose X-Forwarded-For is trusted
        self.tables: dict[str, Table] = {}
        self.tokens: dict[str, tuple[str, int]] = {}
        self.present: dict[tuple[str, int], Connection] = {}
        self.thinking: set[str] = set()  # tables whose computer is deciding
        self.grace_timers: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self.turn_timers: dict[str, tuple[asyncio.TimerHandle, int, int]] = {}
        self.reading_now: set[str] = set()  # tables whose reading a worker brings up to date
        self.last_action: dict[str, float] = {}
        self.computers = Computers(workers)
        self.errors = 0
        self.stopping = False  # set as the server stops: no more actions are taken
        self.locks: dict[str, asyncio.Lock] = {}  # a table's requests, one at a time
        self.follow: Any = None  # on a shared store: its log follower (shared/follow.py)

    # --- start and stop --------------------------------------------------------------

    def restore(self) -> int:
        """Every table of the store back in memory, its human seats away."""
        for doc, actions in self.store.open_tables():
            table = Table.from_doc(doc, actions)
            self.tables[table.code] = table
            if table.match is not None and doc["state"] != OVER:  # a record cut off by a kill
                for hand in table.match.history:
                    self.store.write_record(table.code, hand.hand_number, hand.to_record())
            if table.state != doc["state"]:
                self.store.write_doc(table.doc())
            for seat, s in enumerate(table.seats):
                if s.token:
                    self.tokens[s.token] = (table.code, seat)
        return len(self.tables)

    async def begin(self) -> None:
        """After restore, inside the loop: grace timers for the away seats and the
        computers of every table that waits on one."""
        await self.computers.warm()
        for table in self.tables.values():
            self.take_over(table)

    def lock(self, table: Table) -> asyncio.Lock:
        return self.locks.setdefault(table.code, asyncio.Lock())

    async def serve(self, host: str, port: int):
        from websockets.asyncio.server import serve

        server = await serve(
            self.handle, host, port, process_request=self.page.respond, compression=None,
            max_size=MESSAGE_BYTES, max_queue=4, ping_interval=self.deadlines.ping_interval,
            ping_timeout=self.deadlines.ping_timeout,
            # A flooding client's close reply waits behind its unread messages: do not
            # wait long for it.
            close_timeout=2, server_header=VERSION,
            # Sharing a store, several processes of one machine may listen on one port:
            # the kernel hands each new connection to one of them (SO_REUSEPORT).
            reuse_port=self.follow is not None,
        )
        asyncio.ensure_future(self._sweep())
        return server

    async def _sweep(self) -> None:
        """Close the connections past their hello or idle deadline (guard.py)."""
        every = min(self.deadlines.hello, self.deadlines.idle) / 4
        while not self.stopping:
            await asyncio.sleep(every)
            for conn, reason in self.doors.overdue(time.monotonic()):
                self.doors.leave(conn)
                asyncio.ensure_future(conn.ws.close(1008, reason))

    # --- a connection's life ---------------------------------------------------------

    async def handle(self, ws: Any) -> None:
        conn = Connection(ws, client_address(ws, self.proxies), self.rate)
        crowded = self.doors.enter(conn)
        if crowded is not None:
            asyncio.ensure_future(crowded.ws.close(1008, "too many connections from your"
                                                   " address; the oldest without a seat"))
        try:
            async for text in ws:
                conn.heard = time.monotonic()
                try:
                    if not conn.take_message():
                        raise ProtocolError(
                            f"too many messages: at most {self.rate:g} a second"
                        )
                    message = read_message(text)
                    await self.dispatch(conn, message)
                except ProtocolError as exc:
                    reason = str(exc)[:120]
                    conn.send({"type": "error", "reason": reason})
                    await ws.close(1008, reason)
                    break
                except StoreAway:  # the client comes again by itself, as after any drop
                    await ws.close(1013, "the tables' store is out of reach; try again")
                    break
                except Refused as exc:
                    refusal = {"type": "refused", "reason": str(exc)}
                    if "ref" in message:
                        refusal["ref"] = message["ref"]
                    if exc.wrong:
                        self._answer_wrong(conn, refusal)
                    else:
                        conn.send(refusal)
        except Exception as exc:  # a closed socket ends the loop; anything else is ours
            from websockets.exceptions import ConnectionClosed

            if not isinstance(exc, ConnectionClosed):
                self.errors += 1
                raise
        finally:
            self.doors.leave(conn)
            await self.gone(conn)

    async def dispatch(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        if not conn.greeted:
            if kind != "hello":
                raise ProtocolError("the first message must be hello")
            if message["protocol"] != PROTOCOL:
                raise ProtocolError(f"this server speaks {PROTOCOL}")
            conn.greeted = True
            conn.send({
                "type": "welcome", "protocol": PROTOCOL, "server": VERSION,
                "limits": {
                    "message_bytes": MESSAGE_BYTES, "messages_per_second": self.rate,
                    "message_burst": conn.burst, "tries_per_minute": TRIES_PER_MINUTE,
                    "wrong_answers_per_minute": WRONG_PER_MINUTE,
                    "hello_seconds": self.deadlines.hello,
                    "idle_seconds": self.deadlines.idle,
                    "ping_interval": self.deadlines.ping_interval,
                },
            })
            return
        if kind == "hello":
            raise ProtocolError("hello comes once")
        if kind in ("create", "join", "resume"):
            if conn.seat is not None:
                raise Refused("This connection already has a seat")
            refusal = conn.tries.refusal(time.monotonic())
            if refusal is not None:
                raise Refused(refusal)
            await getattr(self, f"on_{kind}")(conn, message)
            return
        if conn.table is None or conn.seat is None:
            raise Refused("Create, join or resume a table first")
        table = conn.table

        async def request() -> None:
            if conn.table is table:  # not sent away meanwhile (its seat resumed elsewhere)
                await getattr(self, f"on_{kind}")(conn, message)

        await self.changing(table, request, again=kind != "act")

    async def changing(self, table: Table, request: Any, again: bool = True) -> None:
        """A request that may change the table, one at a time per table. On a shared
        store, one whose write another process's change beat is tried again once
        this process has that change (twice at most); an action is not: it was
        decided on what the player saw, so the player decides again."""
        for attempt in range(3):
            try:
                async with self.lock(table):
                    if self.tables.get(table.code) is table:  # not dropped meanwhile
                        await request()
                return
            except MovedOn:
                if not again or self.follow is None or attempt == 2:
                    raise
            await self.follow.catch_up(table)

    def _answer_wrong(self, conn: Connection, refusal: dict[str, Any]) -> None:
        """A wrong code or token: counted against this connection, and answered when
        the address's wrong answers allow."""
        now = time.monotonic()
        at = self.wrong_answers.schedule(conn.address, now)
        conn.tries.failed(now, at)
        if at <= now:
            conn.send(refusal)
        else:
            asyncio.get_running_loop().call_later(at - now, conn.send, refusal)
