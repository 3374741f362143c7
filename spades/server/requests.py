"""A table's requests and the play they start: create, join, resume, seat, start,
act, leave; then each action stored, applied and told to every seat, and the
computer players' turns.

A mixin of :class:`~spades.server.app.TableServer`, which holds the state it uses
(``tables``, ``tokens``, ``present``, ``store``, ``follow``, ...) and hands each
request here one at a time per table (``changing``). A request the table cannot take
raises :class:`Refused`, answered with ``refused`` while the connection stays. Every
message goes out through ``Connection.send`` or the table's ``broadcast``
(presence.py), so through the one per-seat filter (seat_filter.py).
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import TYPE_CHECKING, Any

from ..ai import strengths_at
from ..engine.actions import action_from_json, action_to_json
from ..engine.wire import view_to_json
from .computers import read_hands
from .protocol import (
    action_refusal,
    name_refusal,
    new_code,
    new_token,
    normal_code,
    show_code,
)
from .table import OVER, PLAYING, WAITING, Settings, Table, update_message

if TYPE_CHECKING:
    from .guard import Connection

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



class Requests:
    """The requests and the play of the table server (see the module's docstring)."""

    async def on_create(self, conn: Connection, message: dict[str, Any]) -> None:
        name = self._name(message["name"])
        code = new_code()
        while code in self.tables:
            code = new_code()
        from ..engine.rules import STANDARD

        rules = message.get("rules", STANDARD)
        strength = message.get("strength", "normal")
        if rules.seats != 4 and strength not in strengths_at(rules.seats):
            strength = "normal"  # a strength not offered at three or two
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
        await self._sit(conn, table, 0, token)
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
        await self._sit(conn, table, seat, token)
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
            await self._resume(conn, table, place[1], message)

    async def _resume(self, conn: Connection, table: Table, seat: int,
                      message: dict[str, Any]) -> None:
        old = self.present.get((table.code, seat))
        if old is not None and old is not conn:
            self.send_away(old)
        was_away = not table.seats[seat].connected
        await self._sit(conn, table, seat, message["token"])
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
        await self._sit(conn, table, wanted, token)
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

    async def _sit(self, conn: Connection, table: Table, seat: int, token: str) -> None:
        if self.follow is not None:  # the other processes hear the seat is here (first)
            await self.follow.sat(table, seat)
        conn.table, conn.seat = table, seat
        self.present[(table.code, seat)] = conn
        self.tokens[token] = (table.code, seat)
        table.seats[seat].connected = True
        if self.follow is not None:
            table.holders[seat] = self.follow.me
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
