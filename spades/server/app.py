"""The table server: the game's page over HTTP and the tables over WebSocket, on one
address (docs/protocol.md is the contract it keeps).

One asyncio loop holds the tables; computer players think in worker processes
(computers.py); every action is written to the store before anyone hears of it.
Each connection is checked message by message (protocol.py): a message that breaks
the protocol closes that connection with the reason and touches no table.

On a shared store (several processes, spades/server/shared/) the same code runs in
every process: a request changes a table only through a write the store accepts, the
other processes hear of it from the table's log (``follow``: shared/follow.py hands
each entry to :meth:`TableServer.applied`, :meth:`seat_here`, ...), and only the
process that owns a table (``owns``) runs its computer players and its timers.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from ..ai import strengths_at
from ..engine.actions import action_from_json, action_to_json
from ..engine.wire import view_to_json
from .computers import Computers, read_hands
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
    action_refusal,
    name_refusal,
    new_code,
    new_token,
    normal_code,
    read_message,
    show_code,
)
from .store import StoreAway, TableStore
from .table import OVER, PLAYING, WAITING, Settings, Table, update_message

VERSION = "spades-server/1"
MOVED_ON = ("The table did not take that: it moved on meanwhile, or its store is out of"
            " reach; look again and try again")


class Refused(Exception):
    """A request the table cannot take: answered with ``refused``, the connection stays.
    A ``wrong`` one (a wrong code, an unknown token) is answered when the address's
    wrong answers allow (guard.py)."""

    def __init__(self, reason: str, wrong: bool = False) -> None:
        super().__init__(reason)
        self.wrong = wrong


class MovedOn(Refused):
    """On a shared store: another process changed the table first."""

    def __init__(self) -> None:
        super().__init__(MOVED_ON)


class TableServer(Presence):
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

    # --- requests --------------------------------------------------------------------

    async def on_create(self, conn: Connection, message: dict[str, Any]) -> None:
        name = self._name(message["name"])
        code = new_code()
        while code in self.tables:
            code = new_code()
        from ..engine.rules import STANDARD

        rules = message.get("rules", STANDARD)
        strength = message.get("strength", "normal")
        if rules.seats != 4:
            if self.follow is not None:
                raise Refused(f"{rules.game}: tables of {rules.seats} are played on a"
                              " server with its own store so far, not on a shared one")
            if strength not in strengths_at(rules.seats):  # a strength not offered here
                strength = "normal"
        settings = Settings(
            rules=rules,
            strength=strength,
            grace=float(message.get("grace", 120)),
            pace=float(message.get("pace", 1.0)),
            timer=float(message.get("timer", 0)),
        )
        token = new_token()
        while True:  # a code no other process took meanwhile
            table = Table(code, settings)
            table.seat_human(0, name, token)
            if await self.store.save_table(table, {token: 0}):
                break
            code = new_code()
        self.tables[code] = table
        if self.follow is not None:
            self.follow.add(table)
        self._sit(conn, table, 0, token)
        self.broadcast_table(table)

    async def on_join(self, conn: Connection, message: dict[str, Any]) -> None:
        name = self._name(message["name"])
        code = normal_code(message["code"])
        table = await self.find(code) if code else None
        if table is None:
            raise Refused(f"No table has the code {message['code'][:12]}", wrong=True)
        await self.changing(table, lambda: self._join(conn, table, name, message))

    async def find(self, code: str) -> Table | None:
        """The table of this code: in memory, or on a shared store loaded from its log."""
        table = self.tables.get(code)
        if table is None and self.follow is not None:
            table = await self.follow.load(code)
        return table

    async def _join(self, conn: Connection, table: Table, name: str,
                    message: dict[str, Any]) -> None:
        if table.state != WAITING:
            raise Refused("This table's match has begun; only its players can come back")
        self._seat_exists(table, message.get("seat"))
        seat = table.open_seat(message.get("seat"))
        if seat is None:
            raise Refused("That seat is taken" if "seat" in message else "The table is full")
        token = new_token()
        before = table.doc()
        table.seat_human(seat, name, token)
        await self._save(table, before, {token: seat})
        self._sit(conn, table, seat, token)
        self.broadcast_table(table)

    async def _save(self, table: Table, before: dict[str, Any],
                    tokens: dict[str, int | None] | None = None,
                    lease: str | None = None) -> None:
        """Write a table's changed doc (on a shared store, fenced by ``lease`` if
        given); when the store refuses it (another process changed the table first),
        the table as it was, and the request refused."""
        if not await self.store.save_table(table, tokens, lease):
            table.set_doc(before)
            raise MovedOn

    async def on_resume(self, conn: Connection, message: dict[str, Any]) -> None:
        place = self.tokens.get(message["token"])
        if place is None and self.follow is not None:
            place = await self.follow.find_token(message["token"])
        table = await self.find(place[0]) if place is not None else None
        if table is None:
            raise Refused("This server knows no seat of that token", wrong=True)
        async with self.lock(table):
            place = self.tokens.get(message["token"])  # the seat may have moved meanwhile
            if place is None or place[0] != table.code:
                raise Refused("This server knows no seat of that token", wrong=True)
            self._resume(conn, table, place[1], message)

    def _resume(self, conn: Connection, table: Table, seat: int,
                message: dict[str, Any]) -> None:
        old = self.present.get((table.code, seat))
        if old is not None and old is not conn:
            self.send_away(old)
        was_away = not table.seats[seat].connected
        self._sit(conn, table, seat, message["token"])
        self.seat_here(table, seat, table.holders[seat], was_away)
        if table.match is not None:
            missed = 0
            for update, then in table.missed_updates(message.get("seen", -1)):
                conn.send(update, then)
                missed += 1
            if not missed:
                conn.send(table.view_message(), table.match)
            for hand in table.match.history:  # the whole score sheet, for a client back
                conn.send({"type": "record", "hand_number": hand.hand_number,
                           "record": hand.to_record()}, table.match)

    async def on_seat(self, conn: Connection, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        if table.state != WAITING:
            raise Refused("Seats are chosen before the start")
        wanted = message["seat"]
        self._seat_exists(table, wanted)
        if wanted == seat:
            return
        if table.seats[wanted].player != "open":
            raise Refused("That seat is taken")
        token = table.seats[seat].token
        before = table.doc()
        table.move(seat, wanted)
        await self._save(table, before, {token: wanted})
        self.present.pop((table.code, seat), None)
        self._sit(conn, table, wanted, token)
        self.broadcast_table(table)

    async def on_start(self, conn: Connection, message: dict[str, Any]) -> None:
        table = conn.table
        if conn.seat != table.creator:
            raise Refused("Only the table's creator starts the match")
        if table.state != WAITING:
            raise Refused("The match has already begun")
        # On a shared store the match is owned from its first moment: the doc that
        # starts it (and puts it among the matches under way, where the other
        # processes look for tables to adopt) is written fenced by this one's lease.
        owning = await self.follow.starting(table) if self.follow is not None else None
        if self.follow is not None and owning is None:
            raise MovedOn  # Redis away, or another process holds the lease
        before = table.doc()
        table.start()
        try:
            await self._save(table, before, lease=owning[0] if owning else None)
        except BaseException:
            if owning is not None:
                await self.follow.not_starting(table, owning[0])
            raise
        self.started(table)
        if owning is not None:
            self.follow.own(table, *owning)

    def started(self, table: Table) -> None:
        self.last_action[table.code] = time.monotonic()
        self.broadcast_table(table)
        self.broadcast(table, table.view_message())
        self._schedule(table)

    async def on_act(self, conn: Connection, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        if table.match is None:
            raise Refused("The match has not begun")
        refusal = action_refusal(message["action"])
        if refusal is not None:
            raise Refused(refusal)
        try:
            rules = table.settings.rules
            action = action_from_json(message["action"], rules.cards, rules.tricks)
        except ValueError as exc:
            raise Refused(f"Not an action at this table: {exc}") from None
        reason = table.match.refusal(action, seat)
        if reason is not None:
            raise Refused(reason)
        if not await self.play(table, seat, action):
            raise MovedOn
        conn.refund()

    async def on_leave(self, conn: Connection, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        token = table.seats[seat].token
        before = table.doc()
        table.leave(seat)
        if table.state == WAITING and seat == table.creator:
            humans = [s for s, x in enumerate(table.seats) if x.player == "human"]
            table.creator = humans[0] if humans else 0
        await self._save(table, before, {token: None})
        self.tokens.pop(token, None)
        self.present.pop((table.code, seat), None)
        timer = self.grace_timers.pop((table.code, seat), None)
        if timer is not None:
            timer.cancel()
        conn.table = conn.seat = None
        conn.send({"type": "bye", "reason": "You left the table"})
        asyncio.ensure_future(conn.ws.close(1000, "left"))
        self.broadcast_table(table)
        self._schedule(table)

    @staticmethod
    def _seat_exists(table: Table, seat: int | None) -> None:
        """A seat asked for by number is one of the table's (three or two seats at
        cutthroat and two-handed)."""
        if seat is not None and seat >= len(table.seats):
            raise Refused(f"This table has {len(table.seats)} seats, 0 to"
                          f" {len(table.seats) - 1}")

    def _name(self, name: str) -> str:
        reason = name_refusal(name)
        if reason is not None:
            raise Refused(reason)
        return name.strip()

    def _sit(self, conn: Connection, table: Table, seat: int, token: str) -> None:
        conn.table, conn.seat = table, seat
        self.present[(table.code, seat)] = conn
        self.tokens[token] = (table.code, seat)
        table.seats[seat].connected = True
        if self.follow is not None:  # the other processes hear the seat is here
            table.holders[seat] = self.follow.me
            self.follow.say_here(table, seat, True)
        conn.send({
            "type": "joined", "code": show_code(table.code), "link": f"/?table={table.code}",
            "token": token, "seat": seat, "creator": seat == table.creator,
        })

    # --- play ------------------------------------------------------------------------

    async def play(self, table: Table, seat: int, action: Any, fence: str | None = None
                   ) -> bool:
        """A legal action: stored first, then applied and told to every seat. False
        when the store did not take it (on a shared store: another process wrote
        first, or ``fence`` is a lease this process lost): then nothing happened."""
        if not await self.store.add_action(table, seat, action_to_json(action), fence):
            return False
        finished = self.applied(table, seat, action)
        for number, record in finished:
            await self.store.add_record(table.code, number, record)
        if table.state == OVER:
            await self.store.save_table(table)
        return True

    def applied(self, table: Table, seat: int, action: Any) -> list[tuple[int, Any]]:
        """An action in the log (this process's or, on a shared store, another's):
        applied and told to every seat here; the hands it finished."""
        index = table.actions
        events = table.apply(action, seat)
        self.last_action[table.code] = time.monotonic()
        finished = table.finished_hands(events)
        self.broadcast(table, update_message(seat, action, events, index + 1))
        for number, record in finished:
            self.broadcast(table, {"type": "record", "hand_number": number, "record": record})
        if finished and table.state != OVER:
            asyncio.ensure_future(self._read(table))
        if table.state == OVER:
            self.broadcast_table(table)
        else:
            self._schedule(table)
        return finished

    def _schedule(self, table: Table) -> None:
        """If a computer is to act at this table, let it think (once): at its owner."""
        if not self.owns(table):
            return
        if table.state == PLAYING:
            self._time_turn(table)
        if table.state != PLAYING or table.code in self.thinking:
            return
        seat = table.match.to_act
        if not table.computer_plays(seat):
            return
        self.thinking.add(table.code)
        asyncio.ensure_future(self._computer_turn(table, seat))

    async def _computer_turn(self, table: Table, seat: int) -> None:
        index = table.actions
        try:
            view = view_to_json(table.match.view(seat))
            decided = await self.computers.decide(
                table.settings.strength, f"{table.seed}/{seat}", view, table.reading
            )
            wait = self.last_action.get(table.code, 0) + table.settings.pace - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        except Exception as exc:  # a worker lost: say so, and let the seat try again
            self.errors += 1
            self.thinking.discard(table.code)
            print(f"table {table.code}: the computer at seat {seat} failed: {exc!r};"
                  " trying again", file=sys.stderr, flush=True)
            asyncio.get_running_loop().call_later(1.0, self._schedule, table)
            return
        self.thinking.discard(table.code)
        if self.stopping:
            return
        # The table may have moved on (its player came back and acted): then drop it.
        async with self.lock(table):
            if table.actions == index and table.state == PLAYING and \
                    table.computer_plays(seat) and self.owns(table):
                rules = table.settings.rules
                action = action_from_json(decided, rules.cards, rules.tricks)
                if table.match.refusal(action, seat) is None:
                    fence = self.follow.fence(table.code) if self.follow else None
                    if await self.play(table, seat, action, fence):
                        return
                else:
                    self.errors += 1
        self._schedule(table)

    async def _read(self, table: Table) -> None:
        """Bring the hard players' reading of the seats up to the table's finished hands,
        in a worker (docs/ai.md: hard reads how each seat bids and plays)."""
        if table.settings.strength != "hard" or table.code in self.reading_now or \
                not self.owns(table) or not table.settings.rules.partnerships:
            return  # a read under way catches up; hard alone reads no table (yet)
        self.reading_now.add(table.code)
        try:
            while table.match is not None:
                have = len(table.reading["hands"]) if table.reading else 0
                history = table.match.history
                if have >= len(history):
                    return
                records = [(h.hand_number, h.to_record()) for h in history[have:]]
                table.reading = await self.computers.run(read_hands, table.reading, records)
        except Exception as exc:  # a worker lost: hard plays on with what it had read
            self.errors += 1
            print(f"table {table.code}: reading the hands failed: {exc!r}", file=sys.stderr,
                  flush=True)
        finally:
            self.reading_now.discard(table.code)
