"""One shared table: its match, its seats and who plays them. No I/O here.

A table seats four, or three (cutthroat) or two (two-handed) as its rules say
(``rules.seats``); each seat plays for itself at three and at two.

A seat is ``open`` (waiting for someone), ``human`` (owned by a secret token) or
``computer``. A human seat whose player dropped is ``away``; after the table's grace
time a computer plays it (``covered``) until its player comes back. What the table
stores is :meth:`Table.doc` plus the match's action log; :meth:`Table.from_doc`
replays the log from the seed, so a restarted server has every table back.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action, HandScored, action_from_json, action_to_json
from ..engine.match import Match
from ..engine.rules import STANDARD, Rules
from ..engine.wire import event_to_json
from .protocol import show_code

WAITING, PLAYING, OVER = "waiting", "playing", "over"
SEAT_NAMES = ("South", "West", "North", "East")


@dataclass
class Seat:
    player: str = "open"  # "open", "human" or "computer"
    name: str = ""
    token: str | None = None
    # Not stored: who is here now.
    connected: bool = False
    covered: bool = False  # a computer plays this human seat while its player is away

    def to_doc(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "token": self.token}


@dataclass
class Settings:
    rules: Rules = STANDARD
    strength: str = "normal"
    grace: float = 120.0
    pace: float = 1.0
    timer: float = 0.0  # seconds a human seat has for a decision; 0: no turn timer

    def to_doc(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "strength": self.strength,
            "grace": self.grace,
            "pace": self.pace,
            "timer": self.timer,
        }


@dataclass
class Table:
    code: str
    settings: Settings
    seed: int = field(default_factory=lambda: secrets.randbits(62))
    seats: list[Seat] = field(default_factory=list)  # one a seat of the rules
    creator: int = 0
    state: str = WAITING
    match: Match | None = None
    timed_out: tuple[int, int] | None = None  # (seat, action count) the timer ran out on
    reading: dict[str, Any] | None = None  # hard's reading of the seats (JSON), not stored
    # On a shared store (docs/deploy.md): the last versioned entry of the table's log
    # this process has (-1: not in the log yet), and which process holds each seat's
    # player now. Not stored: the log itself says both.
    version: int = -1
    holders: list[str | None] = field(default_factory=list)

    def __post_init__(self) -> None:
        count = self.settings.rules.seats
        self.seats = self.seats or [Seat() for _ in range(count)]
        self.holders = self.holders or [None] * count

    # --- seating ---------------------------------------------------------------------

    def open_seat(self, wanted: int | None = None) -> int | None:
        """The seat a joining player takes: ``wanted`` if it is open; else the
        creator's partner's (a friend who joins plays with the one who asked them),
        else the first open one (at three and two, where each plays alone)."""
        if wanted is not None:
            return wanted if self.seats[wanted].player == "open" else None
        partner = self.settings.rules.partner_of(self.creator)
        order = ([] if partner is None else [partner]) + list(range(len(self.seats)))
        return next((s for s in order if self.seats[s].player == "open"), None)

    def seat_human(self, seat: int, name: str, token: str) -> None:
        self.seats[seat] = Seat("human", name, token, connected=True)

    def move(self, seat_from: int, seat_to: int) -> None:
        self.seats[seat_to], self.seats[seat_from] = self.seats[seat_from], Seat()
        if self.creator == seat_from:
            self.creator = seat_to

    def start(self) -> list[Any]:
        """Computers take the open seats and the first hand is dealt."""
        for seat in self.seats:
            if seat.player == "open":
                seat.player, seat.name = "computer", ""
        self.state = PLAYING
        self.match = Match(self.settings.rules, self.seed)
        return list(self.match.opening_events)

    def leave(self, seat: int) -> None:
        """A player leaves for good: before the start the seat opens; after it a
        computer plays it to the end."""
        if self.state == WAITING:
            self.seats[seat] = Seat()
        else:
            self.seats[seat] = Seat("computer", "")

    def computer_plays(self, seat: int) -> bool:
        """A computer decides for this seat now: a computer's seat, an away player's
        after the grace time, or a player's whose turn timer ran out (this decision)."""
        s = self.seats[seat]
        return s.player == "computer" or (s.player == "human" and s.covered) or \
            self.timed_out == (seat, self.actions)

    def humans(self) -> int:
        return sum(1 for s in self.seats if s.player == "human")

    # --- play ------------------------------------------------------------------------

    @property
    def actions(self) -> int:
        return len(self.match.actions) if self.match else 0

    def apply(self, action: Action, seat: int) -> list[Any]:
        """Apply a legal action (the caller checked ``match.refusal``); the state
        moves to ``over`` with the match."""
        assert self.match is not None
        events = self.match.apply(action, seat)
        if self.match.is_over:
            self.state = OVER
        return events

    def finished_hands(self, events: list[Any]) -> list[tuple[int, dict[str, Any]]]:
        """The number and spades-hand/1 record of each hand these events finished."""
        assert self.match is not None
        count = sum(1 for e in events if isinstance(e, HandScored))
        done = self.match.history[len(self.match.history) - count :]
        return [(h.hand_number, h.to_record()) for h in done]

    # --- messages --------------------------------------------------------------------

    def table_message(self) -> dict[str, Any]:
        return {
            "type": "table",
            "code": show_code(self.code),
            "state": self.state,
            "creator": self.creator,
            "settings": self.settings.to_doc(),
            "seats": [
                {
                    "seat": i,
                    "name": s.name if s.player == "human" else "",
                    "player": s.player,
                    "connected": s.connected,
                    "away": s.player == "human" and not s.connected,
                    "covered": s.player == "human" and s.covered,
                }
                for i, s in enumerate(self.seats)
            ],
        }

    def view_message(self) -> dict[str, Any]:
        """The table's latest view, for the whole table: the seat filter
        (seat_filter.py) makes each seat's view from it."""
        return {"type": "view", "actions": self.actions}

    def missed_updates(self, seen: int, most: int = 60) -> Iterator[tuple[dict[str, Any], Match]]:
        """The updates since ``seen`` actions, rebuilt by replaying the log, each with
        the match as it stood after its action (for the seat filter: take each before
        the next); none when there are none or too many (then a fresh view serves)."""
        assert self.match is not None
        log = self.match.actions
        if not 0 <= seen < len(log) or len(log) - seen > most:
            return
        replay = Match(self.settings.rules, self.seed)
        for action in log[:seen]:
            replay.apply(action)
        for i in range(seen, len(log)):
            actor = replay.to_act
            events = replay.apply(log[i])
            yield update_message(actor, log[i], events, i + 1), replay

    # --- storing ---------------------------------------------------------------------

    def doc(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "seed": self.seed,
            "settings": self.settings.to_doc(),
            "seats": [s.to_doc() for s in self.seats],
            "creator": self.creator,
            "state": self.state,
        }

    def set_doc(self, doc: dict[str, Any]) -> None:
        """Take a doc from the shared log (another process changed the seats or started
        the match), or an earlier doc back (this process's change was not written):
        who is here and who is covered stay as this process knows them."""
        seats = [Seat(d["player"], d["name"], d["token"]) for d in doc["seats"]]
        for old, new in zip(self.seats, seats, strict=True):
            if old.token == new.token:
                new.connected, new.covered = old.connected, old.covered
        self.seats, self.creator = seats, doc["creator"]
        if doc["state"] == WAITING:
            self.state, self.match = WAITING, None
        elif self.match is None:
            self.state = PLAYING
            self.match = Match(self.settings.rules, self.seed)

    @classmethod
    def from_doc(cls, doc: dict[str, Any], actions: list[Any]) -> Table:
        s = doc["settings"]
        table = cls(
            code=doc["code"],
            settings=Settings(Rules.from_dict(s["rules"], any_seats=True), s["strength"],
                              s["grace"], s["pace"], s.get("timer", 0.0)),
            seed=doc["seed"],
            seats=[Seat(d["player"], d["name"], d["token"]) for d in doc["seats"]],
            creator=doc["creator"],
            state=doc["state"],
        )
        if table.state != WAITING:
            table.match = Match(table.settings.rules, table.seed)
            for action in actions:
                table.match.apply(action_from_json(action, table.settings.rules.cards,
                                                       table.settings.rules.tricks))
            if table.match.is_over:
                table.state = OVER
        return table


def update_message(actor: int, action: Action, events: list[Any], actions: int
                   ) -> dict[str, Any]:
    """An action told to the whole table; the seat filter (seat_filter.py) makes each
    seat's update from it, its view included."""
    return {
        "type": "update",
        "seat": actor,
        "action": action_to_json(action),
        "events": [event_to_json(e) for e in events],
        "actions": actions,
    }
