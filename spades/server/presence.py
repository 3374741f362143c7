"""Who is at a table, and who decides for a seat whose player is not: presence,
the grace time and the computer that covers an away seat, the turn timer; and the
sending of a message to every seat of a table (each through the seat filter).

A mixin of :class:`~spades.server.app.TableServer`, which holds the state it uses
(``present``, ``grace_timers``, ``turn_timers``, ``follow``). With one process every
table is this process's own; on a shared store (spades/server/shared/) only the
owner of a table runs its timers, and what it decides of a seat reaches the other
processes through the table's log (:meth:`Presence.tell`), as a seat's player coming
and going does (shared/follow.py hands those to :meth:`Presence.seat_here` and
:meth:`Presence.seat_gone`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .table import PLAYING, Table

if TYPE_CHECKING:
    from .guard import Connection


class Presence:
    """The presence half of the table server (see the module's docstring)."""

    def owns(self, table: Table) -> bool:
        """Whether this process runs the table's computers and timers: always with
        one process; on a shared store, while it holds the table's lease."""
        return self.follow is None or self.follow.owns(table.code)

    def take_over(self, table: Table) -> None:
        """This process runs the table from now on (after a restart, or its owner
        lost): the seats whose player is here nowhere are away, and the grace time
        runs for them; hard's reading is refitted; a computer to act acts."""
        if table.state != PLAYING:
            return
        for seat, s in enumerate(table.seats):
            if s.player == "human" and not s.connected:
                self._start_grace(table, seat)
        asyncio.ensure_future(self._read(table))  # hard's reading, refitted
        self._schedule(table)

    def run_again(self, table: Table) -> None:
        """The table's lease was in doubt (``Follower.owns``) and is still this
        process's: a grace time or turn timer that ran out meanwhile did nothing, so it
        starts again, and a computer to act acts; the timers still running run on."""
        if table.state != PLAYING:
            return
        for seat, s in enumerate(table.seats):
            if s.player == "human" and not s.connected and not s.covered and \
                    (table.code, seat) not in self.grace_timers:
                self._start_grace(table, seat)
        self._schedule(table)

    def let_go(self, table: Table) -> None:
        """Another process owns the table now: this one's timers for it stop."""
        for seat in range(len(table.seats)):
            timer = self.grace_timers.pop((table.code, seat), None)
            if timer is not None:
                timer.cancel()
        running = self.turn_timers.pop(table.code, None)
        if running is not None:
            running[0].cancel()

    def send_away(self, old: Connection) -> None:
        """A connection whose seat was opened on another: told, and closed."""
        old.send({"type": "bye", "reason": "Your seat was opened on another connection"})
        old.table = old.seat = None
        asyncio.ensure_future(old.ws.close(1000, "seat opened elsewhere"))

    def seat_here(self, table: Table, seat: int, holder: str | None,
                  was_away: bool | None = None) -> None:
        """A seat's player is here again (on this process, or on ``holder``)."""
        s = table.seats[seat]
        was_away = not s.connected if was_away is None else was_away
        s.connected = True
        s.covered = False
        table.holders[seat] = holder
        timer = self.grace_timers.pop((table.code, seat), None)
        if timer is not None:
            timer.cancel()
        if was_away:
            self.broadcast(table, {"type": "back", "seat": seat})
        self.broadcast_table(table)

    def _time_turn(self, table: Table) -> None:
        """The table's turn timer (none unless its creator set one): a player who has
        not decided when it runs out has that one decision made by a computer."""
        seat, index = table.match.to_act, table.actions
        running = self.turn_timers.get(table.code)
        if running is not None and running[1:] == (seat, index):
            return
        if running is not None:
            running[0].cancel()
            del self.turn_timers[table.code]
        if table.settings.timer and not table.computer_plays(seat):
            handle = asyncio.get_running_loop().call_later(
                table.settings.timer, self._time_out, table, seat, index)
            self.turn_timers[table.code] = (handle, seat, index)

    def _time_out(self, table: Table, seat: int, index: int) -> None:
        self.turn_timers.pop(table.code, None)
        if table.state != PLAYING or table.actions != index or table.match.to_act != seat \
                or not self.owns(table):  # another's now, or in doubt (Follower.owns)
            return
        table.timed_out = (seat, index)
        self.tell(table, {"type": "timed_out", "seat": seat})
        self._schedule(table)

    def tell(self, table: Table, notice: dict[str, Any]) -> None:
        """What the owner decided of a seat (timed out, covered by a computer): told
        here, and on a shared store to the other processes through the log."""
        self.noticed(table, notice)
        if self.follow is not None:
            self.follow.say(table, notice)

    def noticed(self, table: Table, notice: dict[str, Any]) -> None:
        if notice["type"] == "away" and notice["computer"]:
            table.seats[notice["seat"]].covered = True
        self.broadcast(table, notice)
        if notice["type"] == "away":
            self.broadcast_table(table)

    # --- presence --------------------------------------------------------------------

    async def gone(self, conn: Connection) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None or self.present.get((table.code, seat)) is not conn:
            return
        del self.present[(table.code, seat)]
        self.seat_gone(table, seat)
        if self.follow is not None:
            self.follow.say_here(table, seat, False)

    def seat_gone(self, table: Table, seat: int) -> None:
        """A seat's player is here no more (on any process)."""
        table.seats[seat].connected = False
        table.holders[seat] = None
        if table.state == PLAYING:
            self.broadcast(table, {"type": "away", "seat": seat, "computer": False})
            if self.owns(table):
                self._start_grace(table, seat)
        self.broadcast_table(table)

    def _start_grace(self, table: Table, seat: int) -> None:
        loop = asyncio.get_running_loop()
        key = (table.code, seat)
        old = self.grace_timers.pop(key, None)
        if old is not None:
            old.cancel()
        self.grace_timers[key] = loop.call_later(
            table.settings.grace, self._cover, table, seat
        )

    def _cover(self, table: Table, seat: int) -> None:
        self.grace_timers.pop((table.code, seat), None)
        s = table.seats[seat]
        if s.player != "human" or s.connected or table.state != PLAYING or \
                not self.owns(table):
            return
        self.tell(table, {"type": "away", "seat": seat, "computer": True})
        self._schedule(table)

    # --- sending ---------------------------------------------------------------------

    def broadcast(self, table: Table, message: dict[str, Any]) -> None:
        """A message for the whole table: each seat hears what the filter lets it."""
        for seat in range(len(table.seats)):
            c = self.present.get((table.code, seat))
            if c is not None:
                c.send(message, table.match)

    def broadcast_table(self, table: Table) -> None:
        self.broadcast(table, table.table_message())
