"""Real table servers on 127.0.0.1, and clients that play at them: for the tests,
serve-check and serve-bench.

``ServerProcess`` starts ``python -m spades serve --port 0`` in a subprocess (the real
command, its own store in a folder of its own) and reads the port it prints; it can be
killed with SIGKILL and started again on the same store. ``drive`` polls the real
TableClients (over the real desktop transport) until a condition holds.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from ...client.session import TableClient
from ...client.transports import DesktopTransport

ROOT = Path(__file__).resolve().parents[3]


class ServerProcess:
    def __init__(self, data: Path, web: Path | None = None, rate: int = 20,
                 workers: int = 1, cdn: str | None = None, extra: tuple[str, ...] = (),
                 files: tuple[int, int] | None = None) -> None:
        self.extra = extra  # more of serve's flags
        self.files = files  # the (soft, hard) open-file limit to start it under
        self.cdn = cdn
        self.workers = workers
        self.rate = rate
        self.data = data
        self.web = web
        self.process: subprocess.Popen | None = None
        self.port = 0

    def start(self, port: int = 0) -> ServerProcess:
        command = [sys.executable, "-m", "spades", "serve", "--port", str(port),
                   "--data", str(self.data), "--workers", str(self.workers),
                   "--rate", str(self.rate),
                   "--web", str(self.web or self.data / "no-page")]
        if self.cdn:
            command += ["--cdn", self.cdn]
        command += list(self.extra)
        self.data.mkdir(parents=True, exist_ok=True)
        self.log = self.data / "server.log"
        start_at = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "a") as log:  # a file, so a chatty server never blocks on a pipe
            self.process = subprocess.Popen(
                command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"}, preexec_fn=self._limit_files,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = self.log.read_text()[start_at:]
            found = re.search(r"http://(?:localhost|127\.0\.0\.1):(\d+)/", text)
            if found:
                self.port = int(found.group(1))
                self.banner = text
                return self
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped before it served:\n{text}")
            time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def _limit_files(self) -> None:
        if self.files is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, self.files)

    def output(self) -> str:
        return self.log.read_text()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/table"

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def client(url: str | list[str]) -> TableClient:
    """A real TableClient on the desktop transport. Given several servers' addresses
    (processes sharing one store), each new connection goes to the next of them, as a
    load balancer in front of them would send it: the client's own reconnecting
    (after a process is killed, say) then reaches another process. It reads tables
    of three and two as well as four."""
    if isinstance(url, str):
        return TableClient(url, DesktopTransport)
    urls = list(url)
    turns = itertools.count()

    class NextServer(DesktopTransport):
        def open(self, _url: str) -> None:
            super().open(urls[next(turns) % len(urls)])

    return TableClient(urls[0], NextServer)


async def drive(clients, until, timeout: float = 120.0, players=None, rng=None) -> None:
    """Poll every client until ``until()`` holds; a client whose seat is to act and
    who has a player in ``players`` (id of the client -> chooser) acts, unless the
    chooser says None. ``timeout`` only ends a hung wait: a busy machine may take long."""
    rng = rng or random.Random(0)
    players = players or {}
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError("timed out: " + "; ".join(
                f"seat {c.seat} {c.status} {c.reason!r} actions {c.actions}"
                f" to_act {c.view.to_act if c.view else None} {list(c.notices)[-2:]}"
                for c in clients))
        for c in clients:
            c.poll()
            choose = players.get(id(c))
            refusals = sum(n.get("type") == "refused" for n in c.notices)
            # Refused, or the connection dropped: the decision is open again.
            if refusals != getattr(c, "refusals", 0) or c.status != "ready":
                c.refusals, c.acted_at = refusals, -1
            acted_at = getattr(c, "acted_at", -1)
            if choose is not None and c.status == "ready" and c.my_turn and acted_at != c.actions:
                action = choose(c.view, rng)
                if action is not None and c.act(action):
                    c.acted_at = c.actions  # once per decision: wait for its update
        await arrival(clients, 0.05)


async def arrival(clients, timeout: float) -> None:
    """Until something arrives for one of the clients (or ``timeout`` seconds): waiting
    on the transports' own signals, so idle clients cost no time."""
    waits = [asyncio.ensure_future(c.transport.arrived.wait()) for c in clients
             if c.transport is not None and hasattr(c.transport, "arrived")]
    if not waits:
        await asyncio.sleep(timeout)
        return
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


def random_legal(view, rng):
    return rng.choice(view.legal_actions())


def modest(view, rng):
    """Random legal play that looks at its cards and bids 2 to 4 where it may, so a
    match runs a few hands (random bids end it by the mercy rule in one)."""
    from ...engine.actions import LOOK

    legal = view.legal_actions()
    if view.phase == "bidding":
        if LOOK in legal:
            return LOOK
        bids = [a for a in legal if getattr(a, "value", None) in (2, 3, 4)]
        return rng.choice(bids or legal)
    return rng.choice(legal)
