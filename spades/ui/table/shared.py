"""A shared table (play with friends): the same scene, fed by the table server.

At a table of its own the scene holds the engine's ``Match``. At a shared table the
server holds the match and is its only authority; the scene holds a
:class:`SharedMatch` in its place, which answers the few questions the scene asks of
its match (the player's view, the finished hands, how many actions were taken) from
what the :class:`~spades.client.TableClient` received, turned so the player sits
South (spades/client/seen.py). The player's action goes to the server; its events
come back in the server's ``update`` like everyone else's and are animated as a
local match's are. :class:`SharedPlay` (mixed into the scene) takes the updates in
each frame, says who went away or came back, and how the connection is.

What only makes sense alone is not offered here: undo, the coach and the suggested
bid, Computer's way and the replay of a deal.
"""

from __future__ import annotations

import math
from typing import Any

from ...ai import alone_refusal
from ...client.seen import Turned, hand_result
from ...engine import HandDealt
from ...engine.actions import Action
from ...engine.view import PlayerView
from ..layout.base import PLACES

ALONE = "At a table with friends there is no {}: it is for playing alone."


class SharedMatch:
    """What the scene asks of its match, answered from a TableClient."""

    def __init__(self, client: Any, computers: tuple[str, str, str]) -> None:
        """``computers``: what to call a computer player in the chairs to the player's
        left, opposite and right (the player's own names for them)."""
        self.client = client
        self.computers = computers
        seats = client.view.rules.seats  # four, or three or two each alone
        self.turned = Turned(client.seat, seats)
        self.current: PlayerView = self.turned.view(client.view)
        self.rules = self.current.rules
        self.seed = client.code.replace("-", "")  # the table's deals are named by its code
        self.actions: list[Action | None] = [None] * client.actions
        self.actors: list[int] = []  # nothing of the player's to take back
        self.history: list[Any] = []
        self.sent: int | None = None  # the action count when the player's move was sent
        self.covered = [False] * seats  # by server seat: a computer plays it while away
        self.turn_began = client.clock()  # when the latest action came (the turn timer)
        self.was_down = False  # the connection was not ready at the last pull
        self.came_back = False  # it is back: the scene says where the table is
        client.updates.clear()  # the view already shows them
        blind = ((0, 2) if seats == 4 else (0,)) if not self.current.looked else ()
        self.opening_events = [HandDealt(self.current.hand_number, self.current.dealer,
                                         blind)] if client.actions == 0 else []
        self.read_records()

    # --- what the scene asks ---------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        if seat != 0:
            raise ValueError("a shared table shows only the player's own view")
        return self.current

    phase = property(lambda self: self.current.phase)
    to_act = property(lambda self: self.current.to_act)
    winner = property(lambda self: self.current.winner)
    scores = property(lambda self: self.current.scores)
    hand_number = property(lambda self: self.current.hand_number)
    trick_winners = property(lambda self: self.current.trick_winners)
    is_over = property(lambda self: self.current.phase == "over")

    @property
    def waiting(self) -> bool:
        """The player's move is on its way: nothing more until the server answers."""
        return self.sent is not None and self.sent == len(self.actions)

    def legal_actions(self) -> list[Action]:
        if self.waiting or self.client.status != "ready":
            return []
        return self.current.legal_actions()

    def refusal(self, action: Action, seat: int | None = None) -> str | None:
        if self.client.status != "ready":
            return "Not connected to the table: wait for the connection to come back"
        if self.waiting:
            return "Your move is on its way to the table"
        return self.current.refusal(action)

    def apply(self, action: Action) -> list[Any]:
        """Send the player's move; its events come back with the server's update."""
        if self.client.act(action):
            self.sent = len(self.actions)
        return []

    def undo_to_decision(self, seat: int) -> bool:
        return False

    # --- what the server said --------------------------------------------------------

    def read_records(self) -> None:
        """The finished hands, from the server's records (resent after a resume)."""
        numbers = sorted(self.client.hand_records)
        if len(numbers) != len(self.history):
            self.history = [self.turned.result(hand_result(self.client.hand_records[n], n))
                            for n in numbers]

    def pull(self) -> tuple[list[tuple[list[Any], Any]], list[str], bool]:
        """What arrived since the last frame: each action's events to animate with the
        view after it, in order; what to tell the player; and whether a fresh view
        replaced what was not seen."""
        c = self.client
        c.poll()
        events: list[tuple[list[Any], Any]] = []
        words: list[str] = []
        jumped = False
        while c.updates:
            update = c.updates.popleft()
            self.actions.append(update.action)
            self.current = self.turned.view(update.view)
            events.append(([self.turned.event(e) for e in update.events], self.current))
            self.sent = None
            self.turn_began = c.clock()
        while c.notices:
            note = c.notices.popleft()
            kind = note.get("type")
            if kind == "view" and c.actions != len(self.actions):
                jumped = True
                events.clear()
                self.actions = [None] * c.actions
                self.current = self.turned.view(c.view)
                self.sent = None
            elif kind == "refused":
                self.sent = None
                words.append(note["reason"])
            elif kind == "away":
                self.covered[note["seat"]] = bool(note.get("computer"))
                if note["seat"] != c.seat:  # the player's own return is said below
                    words.append(self.away_words(note["seat"], bool(note.get("computer"))))
            elif kind == "back":
                self.covered[note["seat"]] = False
                if note["seat"] != c.seat:
                    words.append(f"{self.name(note['seat'])} is back")
            elif kind == "timed_out":
                who = self.turned.seat(note["seat"])
                words.append("Time is up: the computer made your move" if who == 0 else
                             f"Time is up for {self.name(note['seat'])}: the computer moved")
            elif kind == "offline":
                words.append("The connection dropped: coming back by itself")
            elif kind in ("bye", "error"):
                words.append(f"{note['reason']}. The table goes on without you.")
        if self.client.status == "ready" and self.client.tries == 0 and self.was_down:
            words.append("Back at the table")
            self.came_back = True
        self.was_down = self.client.status != "ready"
        self.read_records()
        return events, words, jumped

    def name(self, seat: int) -> str:
        """A server seat's player as this table names them."""
        return self.names()[self.turned.seat(seat)]

    def away_words(self, seat: int, computer: bool) -> str:
        who = self.name(seat)
        if computer:
            return f"A computer plays for {who} until they are back"
        grace = ((self.client.table or {}).get("settings") or {}).get("grace", 120)
        later = f"in {round(grace / 60)} minutes" if grace >= 120 else \
            f"in {round(grace)} seconds"
        return f"{who} is away: a computer plays for them if they are not back {later}"

    def seat_note(self, drawn: int) -> str:
        """Under a drawn seat's name: away, or a computer playing for them."""
        seat = self.turned.server_seat(drawn)
        seats = (self.client.table or {}).get("seats") or []
        if drawn == 0 or seat >= len(seats) or not seats[seat].get("away"):
            return ""
        return "computer plays" if self.covered[seat] or seats[seat].get("covered") \
            else "away"

    def names(self) -> tuple[str, ...]:
        """The drawn seats' names: the people's own; a computer player takes the
        player's name for the computer in that chair (at three and two, the chair of
        its place: West and East, or North)."""
        seats = (self.client.table or {}).get("seats") or []
        places = PLACES[self.turned.seats]
        out = []
        for drawn in range(self.turned.seats):
            seat = self.turned.server_seat(drawn)
            name = seats[seat]["name"] if seat < len(seats) else ""
            out.append(name or (self.computers[places[drawn] - 1] if drawn else "You"))
        return tuple(out)

    def time_left(self) -> float | None:
        """Seconds left of the player's turn under the table's turn timer (None: no
        timer, or not the player's turn)."""
        timer = ((self.client.table or {}).get("settings") or {}).get("timer") or 0
        if not timer or not self.current.my_turn or self.waiting:
            return None
        return max(0.0, timer - (self.client.clock() - self.turn_began))

    def connection_words(self) -> str:
        """How the connection is, while it is not ready ("" when it is)."""
        c = self.client
        if c.status == "retrying":
            wait = max(0, round(c.retry_at - c.clock()))
            return (f"Connection lost. Trying again in {wait} s"
                    if wait else "Connection lost: trying again now")
        if c.status == "connecting":
            return "Connecting to the table..."
        if c.status == "closed":
            return f"Not at the table any more: {c.reason}"
        return ""


class SharedPlay:
    """The scene's side of a shared table (mixed into TableScene)."""

    shared = False
    on_leave: Any = staticmethod(lambda: None)  # the seat is given up: forget its token
    time_said: tuple[int, tuple[int, ...]] = (-1, ())  # the turn, and the marks said in it
    link_said: tuple[str, int] = ("ready", 0)  # the connection's state last said

    def take_shared(self) -> None:
        """Each frame: the server's updates join the queue of events to animate."""
        m = self.match
        events, words, jumped = m.pull()
        if jumped:
            # Too much was missed to animate: the table is drawn afresh from the view.
            self.queue.clear()
            self.script = None
            self.blocked = False
            self.flights = []
            self.overlays = [o for o in self.overlays if o in ("scores", "help", "pause")]
            self.breakdown = self.result = self.told_bid = None
            self.forget_marks()
            self.view = m.view(0)
            self.shown.sync(self.view, len(m.history))
            self.narrate_resync()
            self.decision_key = None
            self._resume_overlays()
        for batch, view in events:
            self.enqueue(batch, view)
        if len(self.queue) > 12 and not self.blocked:
            self.finish_motion()  # far behind (a breakdown read at length): catch up
        self.options.names = m.names()
        for text in words:
            self.say(text, 6.0)
        if m.came_back:
            m.came_back = False
            self.say_where_after_return()
        self.say_connection()
        trouble = m.connection_words()
        left = m.time_left()
        if trouble:
            self.message = (trouble, self.now + 0.5)
        elif left is not None and left <= 10:
            self.message = (f"{math.ceil(left)} s left: then the computer moves for you",
                            self.now + 0.5)
            self.say_time_left(left)

    def say_where_after_return(self) -> None:
        """Back at the table after a dropped connection: where the table is, the time
        left of the player's turn, and the turn said again."""
        m = self.match
        where = self.announcer.table_now(m.view(0)).text
        left = m.time_left()
        if left is not None:
            where += f" {math.ceil(left)} seconds left on your turn."
        self.narrate_message(where)
        self.announced = self.decision_key = None  # the turn, said again once still

    def say_time_left(self, left: float) -> None:
        """The turn timer's last seconds, said at 10 and at 5 (once each a turn)."""
        turn = len(self.match.actions)
        said = self.time_said[1] if self.time_said[0] == turn else ()
        for mark in (10, 5):
            if left <= mark and mark not in said:
                self.time_said = (turn, tuple(m for m in (10, 5) if left <= m))
                self.narrate_message(f"{math.ceil(left)} seconds left: then the computer "
                                     "moves for you")
                break

    def say_connection(self) -> None:
        """The reconnect countdown, said when it changes: each new wait, and the end."""
        c = self.match.client
        state = (c.status, c.tries)
        if state == self.link_said:
            return
        self.link_said = state
        if c.status == "retrying":
            wait = max(0, round(c.retry_at - c.clock()))
            self.narrate_message(f"Connection lost. Trying again in {wait} second"
                                 f"{'' if wait == 1 else 's'}" if wait else
                                 "Connection lost: trying again now")
        elif c.status == "closed":
            self.narrate_message(self.match.connection_words())

    def seat_note(self, seat: int) -> str:
        return self.match.seat_note(seat) if self.shared else ""

    # --- what is for playing alone: refused, its buttons left out ---------------------

    def _tool_info(self, name: str) -> tuple[str, str, bool]:
        label, key, enabled = super()._tool_info(name)  # type: ignore[misc]
        return label, key, enabled and not (self.shared and name == "coach")

    def _tool_refusal(self, name: str) -> Any:
        if self.shared and name in ("undo", "coach"):
            return lambda: self.alone_only(name)
        return super()._tool_refusal(name)  # type: ignore[misc]

    def match_over_lines(self) -> list[str]:
        lines = super().match_over_lines()  # type: ignore[misc]
        if self.shared:  # no rematch at a shared table: a new one is created from the menu
            lines = [line.replace(" A rematch deals new cards.", "") for line in lines]
        return lines

    def _overlay_controls(self, top: str, can_quit: bool) -> list[Any]:
        """At a shared table the breakdown has no Computer's way, Replay deal or All
        cards seen, and the match's end no Rematch: Main menu leads. The buttons left
        are laid out again, each row centred as the panel's own rows are."""
        controls = super()._overlay_controls(top, can_quit)  # type: ignore[misc]
        alone = {"breakdown": ("compare", "replay", "seen"), "match_over": ("rematch",)}
        if not self.shared:
            # At three and two: Computer's way only where hard plays the seats
            # (ai.alone_refusal); All cards seen at every table (the solver answers
            # three and two: docs/solver.md).
            alone = {"breakdown": () if self.compare_offered else ("compare",)}
        if top not in alone or not alone[top]:
            return controls
        kept = [c for c in controls if c.key[1] not in alone[top]]
        if top == "match_over":
            kept.sort(key=lambda c: c.key[1] != "quit")
        panel = self.overlay_rect(top)
        for y in sorted({c.rect.y for c in kept}, reverse=True):
            row = [c for c in kept if c.rect.y == y]
            spots = self.overlay_buttons([(c.key[1], c.label) for c in row], panel=panel)
            for c, spot in zip(row, spots, strict=True):  # the row's own height kept
                c.place(spot.move(0, y - spot.y))
            for c in row:
                c.style = "primary" if c.key[1] in ("next", "quit") else "secondary"
                c.hint = "Enter" if c.key[1] in ("next", "quit") else c.hint
        return kept

    @property
    def compare_offered(self) -> bool:
        """Computer's way replays the hand with hard in the player's seat: offered where
        hard plays these rules (``ai.alone_refusal``)."""
        return alone_refusal("hard", self.match.rules) is None

    def alone_only(self, what: str) -> bool:
        """At a shared table, say that ``what`` is for playing alone: True."""
        if self.shared:
            self.say(ALONE.format(what))
        return self.shared

    def close_connection(self) -> None:
        """The table goes away: the seat stays the player's, away, until they return."""
        if self.shared:
            self.match.client.close()
            if self.match.is_over:
                self.on_leave()  # nothing to come back to

    def leave_table(self) -> None:
        """Leave for good: a computer plays the seat to the end."""
        if self.shared:
            self.match.client.leave()
            self.on_leave()
        self.want_quit = True
