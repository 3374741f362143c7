"""Figures for a table server under idle sockets (issue 51's case): a real server
(``python -m spades serve``, its own defaults) started under an open-file limit of
1,024 (soft and hard, as ``ulimit -n 1024`` sets them), 1,000 WebSockets opened from
one address that never say hello, then one new player who connects and creates a
table.

    python -m spades.tools.idle_sockets [--sockets 1000] [--files 1024]

Prints how many sockets the server took, how long the player took to have a table,
when the idle sockets were all closed, and the size of the server's log.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from ..server.probes.local import ServerProcess, client, drive


async def idle_socket(port: int, opened: list, closed: list, start: float) -> None:
    """One WebSocket that never says hello but answers the server's pings (as a stalled
    page or a patient attacker's library does): counts its opening, waits for the end."""
    from websockets.asyncio.client import connect

    try:
        ws = await connect(f"ws://127.0.0.1:{port}/table", open_timeout=30,
                           ping_interval=None)
    except (OSError, TimeoutError):
        closed.append(time.monotonic() - start)
        return
    opened.append(time.monotonic() - start)
    await ws.wait_closed()
    closed.append(time.monotonic() - start)


async def measure(server: ServerProcess, sockets: int) -> None:
    opened: list[float] = []
    closed: list[float] = []
    start = time.monotonic()
    idle = [asyncio.ensure_future(idle_socket(server.port, opened, closed, start))
            for _ in range(sockets)]
    while len(opened) + len(closed) < sockets and time.monotonic() - start < 30:
        await asyncio.sleep(0.1)
    print(f"{len(opened)} of {sockets} idle WebSockets accepted in"
          f" {time.monotonic() - start:.1f} s; {len(closed)} closed by then", flush=True)
    player = client(f"ws://127.0.0.1:{server.port}/table")
    began = time.monotonic()
    player.create("Ann")
    await drive([player], lambda: player.status == "ready" and player.table, timeout=60)
    print(f"a new player connected and had a table {time.monotonic() - began:.2f} s"
          " after asking", flush=True)
    await asyncio.wait(idle, timeout=120)
    left = sum(not t.done() for t in idle)
    last = f"{max(closed):.1f} s after the first opened" if closed else "never"
    print(f"{len(closed)} idle sockets closed, the last {last}; {left} still open"
          f" 120 s after the player's table", flush=True)
    player.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--files", type=int, default=1024)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "data", files=(args.files, args.files)).start()
        try:
            asyncio.run(measure(server, args.sockets))
        finally:
            server.stop()
        log = server.output()
        print(f"server log: {len(log.encode())} bytes, {log.count('Traceback')} tracebacks,"
              f" {len(log.splitlines())} lines", flush=True)
        print("  " + "\n  ".join(log.splitlines()[-5:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
