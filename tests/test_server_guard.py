"""A table server on a public network, started for real on 127.0.0.1: a stranger's
guesses slow only the stranger (never a right code, a held token or a create from
the same address), idle sockets are closed and capped per address, a full
descriptor table neither ends the server nor floods its log, and a silent client is
shown away in time. Every client here comes from 127.0.0.1, as players behind one
NAT do."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from server_support import ServerProcess, client, drive

from spades.server.probes.check import seated

HELLO = json.dumps({"type": "hello", "protocol": "spades-table/1"})
UPGRADE = (b"GET /table HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
           b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\n\r\n")


class Stranger:
    """A guesser behind the players' address: ``pool`` connections sending wrong codes
    in turn, ``per_second`` in all, keeping every answer."""

    def __init__(self, url: str, per_second: float, pool: int) -> None:
        self.url, self.per_second, self.pool = url, per_second, pool
        self.guesses = 0
        self.answers: list[str] = []

    async def _listen(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "refused":
                    self.answers.append(message["reason"])
        except ConnectionClosed:
            pass

    async def guess(self, seconds: float) -> None:
        from websockets.asyncio.client import connect

        sockets = [await connect(self.url) for _ in range(self.pool)]
        listeners = [asyncio.ensure_future(self._listen(ws)) for ws in sockets]
        for ws in sockets:
            await ws.send(HELLO)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ws = sockets[self.guesses % self.pool]
            code = f"{self.guesses:08d}".translate(str.maketrans("01", "AB"))
            await ws.send(json.dumps({"type": "join", "code": code, "name": "Eve"}))
            self.guesses += 1
            await asyncio.sleep(1 / self.per_second)
        await asyncio.sleep(0.5)  # the answers on their way
        for ws in sockets:
            await ws.close()
        await asyncio.gather(*listeners)

    @property
    def wrong_answers(self) -> int:
        return sum(a.startswith("No table has the code") for a in self.answers)


async def answered(c, seconds: float = 10.0) -> None:
    await drive([c], lambda: c.status == "ready" and c.table, timeout=seconds)


def test_a_strangers_guesses_never_hold_a_right_code_a_held_token_or_a_create(server):
    async def play():
        ann = (await seated(server.url, ["Ann"]))[0]
        token = ann.token
        ann.close()  # her connection drops: she will come back with her token
        for per_second, pool in ((100, 50), (1, 3)):
            stranger = Stranger(server.url, per_second, pool)
            guessing = asyncio.ensure_future(stranger.guess(4))
            await asyncio.sleep(1.5)  # the address's wrong answers are used up by now
            bob = client(server.url)
            bob.join(ann.code, "Bob")
            await answered(bob)
            ann = client(server.url)
            ann.resume(token)
            await answered(ann)
            cy = client(server.url)
            cy.create("Cy")
            await answered(cy)
            await guessing
            assert stranger.guesses >= 3 * per_second
            assert bob.seat in (1, 2, 3) and ann.seat == 0 and cy.seat == 0
            for c in (bob, ann, cy):
                c.close()

    asyncio.run(play())


def test_the_stranger_gets_at_most_thirty_wrong_answers_a_minute(server):
    async def guess():
        stranger = Stranger(server.url, 100, 50)
        await stranger.guess(5)
        assert stranger.guesses > 300
        assert stranger.wrong_answers == 30  # the rest are held, or wait their turn
        waits = [a for a in stranger.answers if a.startswith("Wait")]
        assert waits, stranger.answers[:40]

    asyncio.run(guess())


def test_each_wrong_code_doubles_the_wait_before_that_connections_next_try(server):
    async def guess():
        from websockets.asyncio.client import connect

        async def ask(ws, code):
            await ws.send(json.dumps({"type": "join", "code": code, "name": "Eve"}))
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if message["type"] == "refused":
                    return message["reason"]

        async with connect(server.url) as ws:
            await ws.send(HELLO)
            assert (await ask(ws, "AAAA-AAAA")).startswith("No table has the code")
            assert (await ask(ws, "AAAA-AAAB")) == (
                "Wait 1 s before your next try on this connection")
            await asyncio.sleep(1.1)
            assert (await ask(ws, "AAAA-AAAC")).startswith("No table has the code")
            assert (await ask(ws, "AAAA-AAAD")) == (
                "Wait 2 s before your next try on this connection")

    asyncio.run(guess())


async def open_idle(url: str, count: int, hello: bool = False) -> list:
    """``count`` WebSockets from this address that then say nothing (or only hello)."""
    from websockets.asyncio.client import connect

    sockets = []
    for _ in range(count):
        ws = await connect(url, ping_interval=None)
        if hello:
            await ws.send(HELLO)
        sockets.append(ws)
    return sockets


async def closed_within(ws, seconds: float) -> float:
    """Seconds until the server closes ``ws`` (reading what it sends meanwhile)."""
    from websockets.exceptions import ConnectionClosed

    start = time.monotonic()
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), max(0.01, start + seconds - time.monotonic()))
    return time.monotonic() - start


def test_a_socket_without_hello_or_without_a_seat_is_closed_and_a_seated_one_stays(tmp_path):
    server = ServerProcess(tmp_path / "data", extra=(
        "--hello-timeout", "1", "--idle-timeout", "2")).start()

    async def wait():
        ann = (await seated(server.url, ["Ann"]))[0]
        silent, = await open_idle(server.url, 1)
        greeted, = await open_idle(server.url, 1, hello=True)
        assert await closed_within(silent, 5) < 2
        assert silent.close_code == 1008 and silent.close_reason == "no hello within 1 s"
        assert await closed_within(greeted, 5) < 3.5
        assert greeted.close_reason == "no seat and no message for 2 s"
        await asyncio.sleep(1)
        ann.poll()
        assert ann.status == "ready"
        ann.close()

    try:
        asyncio.run(wait())
    finally:
        server.stop()


def test_one_address_past_its_cap_loses_its_oldest_socket_without_a_seat(tmp_path):
    server = ServerProcess(tmp_path / "data", extra=("--per-address", "5")).start()

    async def crowd():
        ann = (await seated(server.url, ["Ann"]))[0]
        idle = await open_idle(server.url, 10)
        await asyncio.sleep(0.5)
        assert [ws.state.name for ws in idle[:6]] == ["CLOSED"] * 6
        assert idle[0].close_reason.startswith("too many connections from your address")
        assert [ws.state.name for ws in idle[6:]] == ["OPEN"] * 4
        cy = client(server.url)
        cy.create("Cy")
        await answered(cy, 5)
        ann.poll()
        assert ann.status == "ready"
        for ws in idle:
            await ws.close()
        ann.close()
        cy.close()

    try:
        asyncio.run(crowd())
    finally:
        server.stop()


def test_the_open_file_limit_is_raised_to_the_hard_limit(tmp_path):
    server = ServerProcess(tmp_path / "data", files=(256, 4096)).start()
    try:
        limits = open(f"/proc/{server.process.pid}/limits").read()
    finally:
        server.stop()
    line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
    assert line.split()[3:5] == ["4096", "4096"]


def test_no_descriptor_left_is_told_in_a_line_and_a_player_still_gets_in(tmp_path):
    """The process may open 80 files (soft and hard: it cannot raise them) and 100
    sockets from one address wait (the cap raised past them): accepts are refused
    until the hello deadline closes sockets; the log says so in a line or two."""
    server = ServerProcess(tmp_path / "data", files=(80, 80), extra=(
        "--per-address", "1000", "--hello-timeout", "2")).start()

    async def flood():
        readers = []
        for _ in range(100):  # each asks for a WebSocket, then says nothing
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(UPGRADE)
            readers.append((reader, writer))
        await asyncio.sleep(1.5)
        cy = client(server.url)
        cy.create("Cy")
        await answered(cy, 10)
        cy.close()
        for _, writer in readers:
            writer.close()

    try:
        asyncio.run(flood())
    finally:
        server.stop()
    log = server.output()
    assert "Traceback" not in log
    told = [x for x in log.splitlines() if x.startswith("No file descriptor left")]
    assert 1 <= len(told) <= 2 and len(log) < 2000, log[:3000]


def test_at_the_real_defaults_no_hello_closes_in_ten_seconds_and_silence_is_away_by_twenty(
        server):
    """serve's own deadlines: a socket without hello is closed after 10 s; a seated
    client that goes silent (reads nothing, so answers no ping) is shown away to the
    table within 20 s."""
    async def wait():
        from websockets.asyncio.client import connect

        ann = (await seated(server.url, ["Ann"], pace=1.0))[0]
        bob = await connect(server.url, ping_interval=None)
        await bob.send(HELLO)
        await bob.send(json.dumps({"type": "join", "code": ann.code, "name": "Bob"}))
        await drive([ann], lambda: sum(s["player"] == "human" for s in ann.table["seats"]) == 2)
        welcome = json.loads(await bob.recv())
        assert welcome["limits"]["ping_interval"] == 5
        ann.start()
        await drive([ann], lambda: ann.view is not None)
        silent, = await open_idle(server.url, 1)
        hello_closed = asyncio.ensure_future(closed_within(silent, 15))
        bob.transport.pause_reading()  # Bob's client hangs: no reads, so no pongs
        start = time.monotonic()
        await drive([ann], lambda: any(n["type"] == "away" for n in ann.notices), timeout=30)
        away_after = time.monotonic() - start
        # Bob joined without asking for a seat: he sits as Ann's partner, seat 2.
        assert any(n == {"type": "away", "seat": 2, "computer": False} for n in ann.notices)
        print(f"a silent client shown away after {away_after:.1f} s")
        assert away_after < 20
        assert 9.9 < await hello_closed < 13  # the deadline, and a sweep every 2.5 s
        ann.close()

    asyncio.run(wait())


def test_behind_proxies_the_address_is_the_one_the_outermost_proxy_saw():
    """``--proxy N``: X-Forwarded-For is read from its right end, one entry a proxy;
    what a client wrote to its left is never taken. A stand-in for the WebSocket: the
    two attributes the server reads."""
    from types import SimpleNamespace

    from spades.server.guard import client_address

    def ws(forwarded):
        headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
        return SimpleNamespace(request=SimpleNamespace(headers=headers),
                               remote_address=("10.0.0.9", 5555))

    chain = "6.6.6.6, 203.0.113.7, 10.0.0.2"  # forged, the player, the CDN's edge
    assert client_address(ws(chain), 0) == "10.0.0.9"
    assert client_address(ws(chain), 1) == "10.0.0.2"
    assert client_address(ws(chain), 2) == "203.0.113.7"
    assert client_address(ws(None), 2) == "10.0.0.9"


def test_serve_bench_seats_more_clients_than_one_address_may_open_by_default():
    """serve-bench's clients all come from loopback: 20 tables are 80 connections, past
    the default cap of 64 an address, which its server lifts."""
    import subprocess
    import sys

    from spades.server.probes.local import ROOT

    bench = subprocess.run(
        [sys.executable, "-m", "spades", "serve-bench", "--tables", "20", "--seconds", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert bench.returncode == 0, bench.stderr[-2000:]
    assert "clients 80 in 2 client processes, seated" in bench.stdout
    assert "errors: 0" in bench.stdout
