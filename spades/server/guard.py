"""The table server's guards for a public network: who may keep a socket open, and how
fast a stranger may guess (docs/protocol.md, "Limits and errors", says them to clients).

- **Sockets.** A connection says ``hello`` within ``Deadlines.hello`` seconds; one
  without a seat is closed after ``Deadlines.idle`` seconds without a message. An
  address keeps at most ``Deadlines.per_address`` connections: one more closes that
  address's oldest connection without a seat (never a seated player), so idle sockets
  can never keep a player out. The process raises its open-file limit to the hard
  limit at start, and a full descriptor table is logged in one line now and then,
  never once per refused accept.
- **Guesses.** A wrong code or an unknown token is counted against the connection that
  sent it: each one doubles the wait before that connection's next try (1 s, 2 s, 4 s
  ... up to a minute). An address gets at most ``WRONG_PER_MINUTE`` wrong answers in any
  minute: the ones past it are held until the minute allows them. Nothing here ever
  holds or refuses a right code, a held token or a ``create``: a guesser behind the
  same address (a NAT, an office, a carrier) slows only its own guesses.
"""

from __future__ import annotations

import asyncio
import errno
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .protocol import MESSAGE_BURST, MESSAGES_PER_SECOND, encode
from .seat_filter import for_seat

if TYPE_CHECKING:
    from ..engine.match import Match
    from .table import Table

TRIES_PER_MINUTE = 10  # create, join and resume on one connection
WRONG_PER_MINUTE = 30  # wrong answers (codes, tokens) to one address
LONGEST_BACKOFF = 60.0  # a connection's wait after its wrong tries, at most
ACCEPT_LOG_EVERY = 10.0  # seconds between two lines about a full descriptor table
ADDRESSES_KEPT = 10000  # the addresses whose wrong answers are remembered


@dataclass(frozen=True)
class Deadlines:
    """How long a socket may stay without doing its part (serve's flags set them)."""

    hello: float = 10.0  # from the opening handshake to the client's hello
    idle: float = 60.0  # a connection without a seat, since its last message
    per_address: int = 64  # connections open at once from one address
    ping_interval: float = 5.0  # the server pings every connection this often
    ping_timeout: float = 6.0  # and closes one whose pong is this late: away by 13 s


DEADLINES = Deadlines()


class Connection:
    """One WebSocket and what it may do: its seat (once it has one), its limits, and
    when it opened and last spoke (for the deadlines)."""

    def __init__(self, ws: Any, address: str, rate: float = MESSAGES_PER_SECOND) -> None:
        self.ws = ws
        self.rate = rate
        self.burst = max(MESSAGE_BURST, 2 * rate)
        self.address = address
        self.greeted = False
        self.table: Table | None = None
        self.seat: int | None = None
        self.allowance = float(self.burst)
        self.checked = self.opened = self.heard = time.monotonic()
        self.tries = Tries()

    def take_message(self) -> bool:
        """The per-connection rate: a bucket of ``burst`` messages refilled at ``rate``
        a second."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        self.allowance -= 1
        return self.allowance >= 0

    def refund(self) -> None:
        """A message the rate does not count: the seat's answer to its own turn (a table
        at pace 0 asks faster than the rate)."""
        self.allowance = min(self.burst, self.allowance + 1)

    def send(self, message: dict[str, Any], match: Match | None = None) -> None:
        """Every message this server sends leaves here, through the one per-seat
        filter (``match``: the match the message speaks of)."""
        from websockets.asyncio.server import broadcast

        broadcast([self.ws], encode(for_seat(message, self.seat, match)))


def client_address(ws: Any, proxies: int) -> str:
    """The address a connection comes from: the socket's peer, or behind ``proxies``
    reverse proxies the address the outermost of them saw (X-Forwarded-For, read from
    its right end, where each proxy appends the address it was reached from)."""
    if proxies:
        forwarded = [a.strip() for a in ws.request.headers.get("X-Forwarded-For", "").split(",")]
        forwarded = [a for a in forwarded if a]
        if forwarded:
            return forwarded[-min(proxies, len(forwarded))][:64]
    remote = ws.remote_address
    return str(remote[0]) if remote else "?"


class Tries:
    """One connection's create, join and resume: at most ``TRIES_PER_MINUTE`` a minute,
    and after each wrong one a doubled wait before the next."""

    def __init__(self) -> None:
        self.times: deque[float] = deque()
        self.wrong = 0
        self.next_at = 0.0

    def refusal(self, now: float) -> str | None:
        """Why this connection may not try now, or None (then the try is counted)."""
        if now < self.next_at:
            return f"Wait {self.next_at - now:.0f} s before your next try on this connection"
        while self.times and now - self.times[0] > 60:
            self.times.popleft()
        if len(self.times) >= TRIES_PER_MINUTE:
            return "Too many tries on this connection; wait a minute"
        self.times.append(now)
        return None

    def failed(self, now: float, answer_at: float) -> None:
        """A wrong try, answered at ``answer_at``: the next waits for the answer and the
        backoff after it."""
        self.wrong += 1
        self.next_at = max(answer_at, now) + min(LONGEST_BACKOFF, 2.0 ** (self.wrong - 1))


class WrongAnswers:
    """When each wrong answer to an address may be sent: at most ``WRONG_PER_MINUTE``
    in any 60 seconds, the rest held in turn."""

    def __init__(self) -> None:
        self.by_address: dict[str, deque[float]] = {}

    def schedule(self, address: str, now: float) -> float:
        times = self.by_address.pop(address, None) or deque(maxlen=WRONG_PER_MINUTE)
        at = max(now, times[-1]) if times else now
        if len(times) == WRONG_PER_MINUTE:
            at = max(at, times[0] + 60)
        times.append(at)
        self.by_address[address] = times  # the most recent address last
        if len(self.by_address) > ADDRESSES_KEPT:
            self.by_address.pop(next(iter(self.by_address)))
        return at


class Doors:
    """The open connections by address, oldest first, and the deadlines on them."""

    def __init__(self, deadlines: Deadlines) -> None:
        self.deadlines = deadlines
        self.by_address: dict[str, dict[Any, None]] = {}

    def enter(self, conn: Any) -> Any | None:
        """Count a new connection in. Returns the connection to close to make room for
        it: the address's oldest one without a seat (the newcomer itself only when
        every other one is seated), or None while the address is under its cap."""
        here = self.by_address.setdefault(conn.address, {})
        here[conn] = None
        if len(here) <= self.deadlines.per_address:
            return None
        unseated = [c for c in here if c.seat is None]
        victim = next((c for c in unseated if not c.greeted), unseated[0])
        self.leave(victim)
        return victim

    def leave(self, conn: Any) -> None:
        here = self.by_address.get(conn.address)
        if here is not None:
            here.pop(conn, None)
            if not here:
                del self.by_address[conn.address]

    def overdue(self, now: float) -> list[tuple[Any, str]]:
        """The connections past a deadline, each with the reason it is closed for."""
        late = []
        for here in self.by_address.values():
            for conn in here:
                if not conn.greeted and now - conn.opened > self.deadlines.hello:
                    late.append((conn, f"no hello within {self.deadlines.hello:g} s"))
                elif conn.seat is None and now - conn.heard > self.deadlines.idle:
                    late.append((conn, f"no seat and no message for {self.deadlines.idle:g} s"))
        return late


def raise_file_limit() -> tuple[int, int]:
    """The soft open-file limit raised to the hard one where the system allows (each
    socket is a file); returns (soft, hard) as they are now."""
    try:
        import resource
    except ImportError:  # not on this system: its own limit stands
        return (0, 0)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return (soft, hard)


class QuietAccepts:
    """The loop's exception handler: a refused accept (no descriptor left) is told in
    one line at most every ``ACCEPT_LOG_EVERY`` seconds with how many there were;
    anything else goes to asyncio's own handler."""

    FULL = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)

    def __init__(self, clock=time.monotonic) -> None:
        self.clock = clock
        self.refused = 0
        self.told_at = -ACCEPT_LOG_EVERY

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if not (isinstance(exc, OSError) and exc.errno in self.FULL
                and "accept" in context.get("message", "")):
            loop.default_exception_handler(context)
            return
        self.refused += 1
        now = self.clock()
        if now - self.told_at >= ACCEPT_LOG_EVERY:
            print(f"No file descriptor left for a new connection ({exc.strerror}): "
                  f"{self.refused} refused accepts; new connections wait until sockets close",
                  file=sys.stderr, flush=True)
            self.told_at = now
            self.refused = 0
