"""The seat's side of docs/protocol.md: what a table scene draws from at a shared table.

:class:`TableClient` holds the latest table, view and the updates not yet shown,
sends the seat's requests and actions, and comes back by itself after a dropped
connection (1 s, 2 s, 4 s ... up to 15 s between tries), resuming with the seat's
token where the table is. It never blocks and never sleeps: the game calls
:meth:`TableClient.poll` once a frame, so it runs in the browser's one thread as on
the desktop. The transport (transports.py) is anything with ``open``, ``send``,
``poll`` and ``close``.
"""

from __future__ import annotations

import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action, action_from_json, action_to_json
from ..engine.view import PlayerView
from ..engine.wire import FACE_DOWN, WireError, event_from_json, view_from_json

PROTOCOL = "spades-table/1"
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0)


@dataclass(frozen=True)
class Update:
    """One action at the table: who took it, what it caused, and the view after it."""

    seat: int
    action: Action | None  # None: another seat's nil card pass, face down
    events: tuple[Any, ...]
    view: PlayerView
    actions: int


class TableClient:
    """One seat at a shared table, over one transport at a time."""

    def __init__(
        self, url: str, transport: Callable[[], Any], clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self.make_transport = transport
        self.clock = clock
        self.transport: Any = None
        self.status = "idle"  # idle, connecting, ready, retrying, closed
        self.reason = ""  # why the client is closed or retrying, for the player
        self.welcomed = False
        self.intent: dict[str, Any] | None = None  # create or join, until answered
        self.asking: str | None = None  # the create, join or resume awaiting its answer
        self.code = ""
        self.link = ""
        self.token: str | None = None
        self.seat: int | None = None
        self.creator = False
        self.table: dict[str, Any] | None = None
        self.view: PlayerView | None = None
        self.actions = 0
        self.updates: deque[Update] = deque()  # for the scene to animate, oldest first
        self.notices: deque[dict[str, Any]] = deque()  # refused, away, back, bye
        self.records: list[dict[str, Any]] = []  # each finished hand's, once, as they come
        self.hand_records: dict[int, dict[str, Any]] = {}  # the same by hand number
        self.tries = 0
        self.retry_at = 0.0
        self.connected_at = 0.0

    # --- requests --------------------------------------------------------------------

    def create(self, name: str, rules: dict[str, Any] | None = None, strength: str = "normal",
               grace: float = 120, pace: float = 1.0, timer: float = 0) -> None:
        message: dict[str, Any] = {"type": "create", "name": name, "strength": strength,
                                   "grace": grace, "pace": pace}
        if timer:
            message["timer"] = timer
        if rules is not None:
            message["rules"] = rules
        self._begin(message)

    def join(self, code: str, name: str, seat: int | None = None) -> None:
        message: dict[str, Any] = {"type": "join", "code": code, "name": name}
        if seat is not None:
            message["seat"] = seat
        self._begin(message)

    def resume(self, token: str, seen: int = 0) -> None:
        """Come back to a seat this player owns (a token kept from an earlier visit)."""
        self.token = token
        self.actions = seen
        self._begin(None)

    def choose_seat(self, seat: int) -> None:
        self._send({"type": "seat", "seat": seat})

    def start(self) -> None:
        self._send({"type": "start"})

    def act(self, action: Action, ref: int | None = None) -> bool:
        """Send the seat's action; False (nothing sent) while the connection is down."""
        message: dict[str, Any] = {"type": "act", "action": action_to_json(action)}
        if ref is not None:
            message["ref"] = ref
        return self._send(message)

    def leave(self) -> None:
        self._send({"type": "leave"})
        self.token = None
        self.status = "closed"
        self.reason = "You left the table"

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
        self.transport = None
        self.status = "closed"

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view.my_turn

    # --- the connection --------------------------------------------------------------

    def _begin(self, intent: dict[str, Any] | None) -> None:
        self.intent = intent
        self.status = "connecting"
        self._connect()

    def _connect(self) -> None:
        if self.transport is not None:
            self.transport.close()
        self.welcomed = False
        self.transport = self.make_transport()
        self.transport.open(self.url)

    def _send(self, message: dict[str, Any]) -> bool:
        if self.transport is None or not self.welcomed:
            return False
        self.transport.send(json.dumps(message, ensure_ascii=True, separators=(",", ":")))
        return True

    def poll(self) -> int:
        """Take in what arrived; reconnect when it is time. Returns messages handled."""
        handled = 0
        if self.status == "retrying" and self.clock() >= self.retry_at:
            self.status = "connecting"
            self._connect()
        if self.transport is None:
            return 0
        for kind, text in self.transport.poll():
            if kind == "open":
                self.connected_at = self.clock()
                self.transport.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
            elif kind == "message":
                handled += 1
                try:
                    self._receive(json.loads(text))
                except (ValueError, KeyError, TypeError, WireError) as exc:
                    self._closed(f"The server sent what this game cannot read ({exc})")
                    return handled
            elif kind == "closed":
                self._dropped(text)
                return handled
        return handled

    def _dropped(self, reason: str) -> None:
        self.transport = None
        self.welcomed = False
        if self.status == "closed":
            return
        if self.token is None and self.intent is None:
            self._closed(reason or "The connection closed")
            return
        if self.token is not None and self.tries == 0:
            self.notices.append({"type": "offline"})
        delay = BACKOFF[min(self.tries, len(BACKOFF) - 1)]
        self.tries += 1
        self.status = "retrying"
        self.reason = reason or "The connection dropped"
        self.retry_at = self.clock() + delay

    def _closed(self, reason: str) -> None:
        if self.transport is not None:
            self.transport.close()
        self.transport = None
        self.status = "closed"
        self.reason = reason

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.welcomed = True
            if self.token is not None:
                self.asking = "resume"
                self._send({"type": "resume", "token": self.token, "seen": self.actions})
            elif self.intent is not None:
                self.asking = self.intent["type"]
                self._send(self.intent)
        elif kind == "joined":
            self.intent = self.asking = None
            self.tries = 0
            self.status = "ready"
            self.code, self.link = message["code"], message["link"]
            self.token, self.seat = message["token"], message["seat"]
            self.creator = message["creator"]
        elif kind == "table":
            self.table = message
        elif kind == "view":
            # Tables of four, three (cutthroat) and two (two-handed) alike.
            self.view = view_from_json(message["view"], any_seats=True)
            if message["actions"] != self.actions:
                self.updates.clear()  # a jump: the fresh view replaces what was not shown
            self.actions = message["actions"]
            self.notices.append({"type": "view"})
        elif kind == "update":
            view = view_from_json(message["view"], any_seats=True)
            deck = view.rules.cards  # the raised twos and the jokers read by the deck
            alone = view.rules if view.rules.seats != 4 else None  # three or two seats
            update = Update(
                seat=message["seat"],
                action=None if message["action"] == FACE_DOWN
                else action_from_json(message["action"], deck, view.rules.tricks),
                events=tuple(event_from_json(e, deck, rules=alone) for e in message["events"]),
                view=view,
                actions=message["actions"],
            )
            self.view = update.view
            self.actions = update.actions
            self.updates.append(update)
        elif kind == "record":
            if message["hand_number"] not in self.hand_records:  # resent after a resume
                self.hand_records[message["hand_number"]] = message["record"]
                self.records.append(message["record"])
        elif kind == "refused":
            if self.asking == "resume":
                self.token = None  # the server does not know this seat any more
            if self.asking is not None:
                self.intent = self.asking = None
                self._closed(message["reason"])
            self.notices.append(message)
        elif kind == "bye":
            self.token = None
            self._closed(message["reason"])
            self.notices.append(message)
        elif kind == "error":
            self._closed(message["reason"])
            self.notices.append(message)
        elif kind in ("away", "back", "pong", "timed_out"):
            self.notices.append(message)
