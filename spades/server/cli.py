"""The server's commands for ``python -m spades``: serve, serve-bench, serve-check,
serve-chaos; and :func:`run`, one table server from its start to its stop."""

from __future__ import annotations

import argparse
import asyncio
import errno
import signal
import sys
from pathlib import Path
from typing import Any

from .guard import DEADLINES, Deadlines, QuietAccepts, raise_file_limit
from .page import CDN
from .protocol import MESSAGES_PER_SECOND

ROOT = Path(__file__).resolve().parent.parent.parent
# Hosts whose page opens as http://localhost:PORT/ on this computer: the address the
# server prints, since pygbag's runtime asks the page's own server for /cdn/ (pygame-ce)
# only on a http://localhost:8... page (on 127.0.0.1 it goes to the CDN itself).
THIS_COMPUTER = ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::")


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("spades", appauthor=False)) / "tables"


async def run(host: str, port: int, data: Path, web_dir: Path | None,
              proxies: int = 0, workers: int | None = None,
              rate: float = MESSAGES_PER_SECOND, cdn: str = CDN, ready: Any = None,
              deadlines: Deadlines = DEADLINES, store_url: str | None = None) -> None:
    """Serve until SIGINT (Ctrl+C) or SIGTERM, or until cancelled: on the SQLite file
    in ``data``, or with ``store_url`` on a shared Redis (spades/server/shared/)."""
    from .app import TableServer
    from .store import SQLiteStore

    raise_file_limit()
    asyncio.get_running_loop().set_exception_handler(QuietAccepts())
    data.mkdir(parents=True, exist_ok=True)
    if store_url:
        from .shared.redis_store import RedisStore

        store = RedisStore(store_url)
        await store.connect()
    else:
        store = SQLiteStore(data / "tables.sqlite3")
    server = TableServer(store, web_dir, workers=workers, proxies=proxies, rate=rate,
                         cache=web_dir.parent / "web-cache" if web_dir else None, cdn=cdn,
                         deadlines=deadlines)
    if store_url:
        from .shared.follow import Follower

        server.follow = Follower(server, store)
    restored = server.restore()
    finished = sum(t.state == "over" for t in server.tables.values())
    await server.begin()
    try:
        ws_server = await server.serve(host, port)
    except OSError:  # the port is taken: nothing of ours may outlive the message
        server.stopping = True
        server.computers.close()
        await store.close()
        raise
    if server.follow is not None:
        server.follow.start()
    port = ws_server.sockets[0].getsockname()[1]
    page = "the game's page and " if server.page.built else ""
    shown = "localhost" if host in THIS_COMPUTER else host
    network = " and this computer's network addresses" if host in ("0.0.0.0", "::") else ""
    where = (f"shared through {store_url} (this process: {store.me})" if store_url else
             f"{restored} tables back ({finished} finished) from {data}")
    print(f"Serving {page}tables on http://{shown}:{port}/{network} (tables at"
          f" ws://{shown}:{port}/table); {where}", flush=True)
    if ready is not None:
        ready(port)
    # SIGTERM (a service manager, kill) stops the server as Ctrl+C does: the tables are
    # in the store already; the workers and their helpers are stopped below.
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        await stop.wait()
    finally:
        server.stopping = True
        ws_server.close()
        if server.follow is not None:
            await server.follow.stop()
        server.computers.close()
        await store.close()


def cmd_serve(args: argparse.Namespace) -> int:
    web = Path(args.web) if args.web else ROOT / "build" / "web"
    data = Path(args.data) if args.data else default_data_dir()
    deadlines = Deadlines(hello=args.hello_timeout, idle=args.idle_timeout,
                          per_address=args.per_address, ping_interval=args.ping,
                          ping_timeout=args.ping + 1)
    try:
        asyncio.run(run(args.host, args.port, data, web, proxies=args.proxy,
                        workers=args.workers, rate=args.rate, cdn=args.cdn,
                        deadlines=deadlines, store_url=args.store))
    except KeyboardInterrupt:  # Ctrl+C before the server took the signals over
        pass
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        print(f"Port {args.port} on {args.host} is in use (another server?): stop it, or"
              " choose another with --port", file=sys.stderr)
        return 1
    print("Stopped; every table is kept in", args.store or data)
    return 0


def cmd_serve_bench(args: argparse.Namespace) -> int:
    from .probes.bench import main

    return main(args)


def cmd_serve_check(args: argparse.Namespace) -> int:
    from .probes.check import main

    return main(args)


def cmd_serve_chaos(args: argparse.Namespace) -> int:
    from .shared.chaos import main

    return main(args)


def rates(text: str) -> list[float]:
    """An argparse type: serve-bench's rates, one or several separated by commas."""
    try:
        values = [float(r) for r in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a rate or rates (2 or 2,4,8): {text}") from None
    if not all(0 < r <= 1000 for r in values):
        raise argparse.ArgumentTypeError(f"each rate above 0 and at most 1000: {text}")
    return values


def add_server_commands(command: Any) -> None:
    from ..console import positive, whole_number

    p = command("serve", "serve the game's page and shared tables for friends on one address")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (0.0.0.0 for every network; default 127.0.0.1)")
    p.add_argument("--port", type=whole_number, default=8000, help="port (default 8000)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="where the tables are kept (default: the user's data folder)")
    p.add_argument("--web", default=None, metavar="DIR",
                   help="the built page to serve (default build/web, if built)")
    p.add_argument("--workers", type=positive(64), default=None, metavar="N",
                   help="processes for the computer players (default: the cores, up to 4)")
    p.add_argument("--proxy", type=positive(10), nargs="?", const=1, default=0, metavar="N",
                   help="behind N reverse proxies (default 1): take players' addresses from"
                   " X-Forwarded-For, as the outermost proxy saw them; only for a server"
                   " reachable through its proxy alone (docs/protocol.md, the end)")
    p.add_argument("--cdn", default="https://pygame-web.github.io", metavar="URL",
                   help="where the page's /cdn/ comes from on a localhost page"
                   " (default pygbag's CDN)")
    p.add_argument("--rate", type=positive(10000), default=20, metavar="N",
                   help="messages a second one connection may send (default 20)")
    p.add_argument("--hello-timeout", type=positive(3600), default=10, metavar="S",
                   help="seconds a new connection has to say hello (default 10)")
    p.add_argument("--idle-timeout", type=positive(86400), default=60, metavar="S",
                   help="seconds a connection without a seat may stay silent (default 60)")
    p.add_argument("--per-address", type=positive(100000), default=64, metavar="N",
                   help="connections open at once from one address; one more closes the"
                   " address's oldest without a seat (default 64)")
    p.add_argument("--ping", type=positive(600), default=5, metavar="S",
                   help="seconds between the server's pings; a connection whose pong is a"
                   " second later than that is closed, its seat away (default 5)")
    p.add_argument("--store", default=None, metavar="URL",
                   help="share every table with the other servers on this Redis"
                   " (redis://HOST:PORT/DB; docs/deploy.md); default: the SQLite file in"
                   " --data, one process")
    p.set_defaults(run=cmd_serve)

    p = command("serve-bench", "many tables of computer clients against table servers "
                "on loopback: actions/s, action-to-update latency, memory per table")
    p.add_argument("--tables", type=positive(2000), default=200, metavar="N",
                   help="tables of four connected clients each")
    p.add_argument("--hard-tables", type=whole_number, default=0, metavar="N",
                   help="of those, tables with one client and three hard computer players")
    p.add_argument("--seconds", type=positive(3600), default=60, metavar="S",
                   help="how long to measure, after every table is seated")
    p.add_argument("--rate", type=rates, default=[1.0], metavar="R[,R...]",
                   help="actions a second at each table (default 1); several rates run"
                   " one after the other")
    p.add_argument("--client-processes", type=positive(64), default=2, metavar="N",
                   help="processes the bench's clients run in, each with its share of the"
                   " tables (default 2)")
    p.add_argument("--seed", type=whole_number, default=1, metavar="S")
    p.add_argument("--store", default=None, metavar="URL",
                   help="the servers' shared store: redis://HOST:PORT/DB (a Redis of the"
                   " bench's alone: its tables stay there), or temp for a redis-server the"
                   " bench starts in a temporary folder; default: one server on SQLite")
    p.add_argument("--processes", default="1", metavar="N[,N...]",
                   help="server processes sharing --store; several counts (1,2) run one"
                   " after the other and print the ratio of their actions a second")
    p.set_defaults(run=cmd_serve_bench)

    p = command("serve-check", "random matches through a real table server, every message "
                "to a seat checked for another hand's cards; then hostile messages")
    p.add_argument("--matches", type=positive(100000), default=2000, metavar="N",
                   help="random matches to play and check")
    p.add_argument("--alone", type=whole_number, default=400, metavar="N",
                   help="random matches of three or two seats (cutthroat, two-handed) to"
                        " play and check as well")
    p.add_argument("--hostile", type=whole_number, default=2000, metavar="N",
                   help="hostile messages to send (each on a connection of its own table)")
    p.add_argument("--seed", type=whole_number, default=1, metavar="S")
    p.set_defaults(run=cmd_serve_check)

    p = command("serve-chaos", "table servers sharing one real Redis, killed at random under"
                " many tables (and Redis restarted): every table checked against its log")
    p.add_argument("--processes", type=positive(32), default=3, metavar="N",
                   help="server processes sharing the Redis (default 3)")
    p.add_argument("--tables", type=positive(1000), default=8, metavar="N")
    p.add_argument("--humans", type=positive(4), default=2, metavar="N",
                   help="clients a table (the other seats: computer players; default 2)")
    p.add_argument("--alone", type=whole_number, default=2, metavar="N",
                   help="of --tables, tables of three and two: cutthroat and two-handed in"
                   " turn (default 2)")
    p.add_argument("--unwatched", type=whole_number, default=2, metavar="N",
                   help="tables of computers only besides (their friend leaves at the"
                   " start: a killed owner's table must be adopted; default 2)")
    p.add_argument("--kill-every", type=float, default=3.0, metavar="S",
                   help="seconds between two kills, on average (default 3)")
    p.add_argument("--redis-kills", type=whole_number, default=1, metavar="N",
                   help="times Redis itself is killed and restarted (default 1)")
    p.add_argument("--target", type=positive(5000), default=150, metavar="POINTS",
                   help="the matches' target: longer matches, more kills (default 150)")
    p.add_argument("--pace", type=float, default=0.05, metavar="S",
                   help="the computer players' pace (default 0.05 s)")
    p.add_argument("--expected-seconds", type=float, default=60.0, metavar="S",
                   help="about how long the run lasts: Redis is killed within it")
    p.add_argument("--timeout", type=float, default=900.0, metavar="S")
    p.add_argument("--seed", type=whole_number, default=1, metavar="S")
    p.set_defaults(run=cmd_serve_chaos)
