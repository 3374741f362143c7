"""The server's commands for ``python -m spades``: serve, serve-bench, serve-check."""

from __future__ import annotations

import argparse
import asyncio
import errno
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("spades", appauthor=False)) / "tables"


def cmd_serve(args: argparse.Namespace) -> int:
    from .app import run
    from .guard import Deadlines

    web = Path(args.web) if args.web else ROOT / "build" / "web"
    data = Path(args.data) if args.data else default_data_dir()
    deadlines = Deadlines(hello=args.hello_timeout, idle=args.idle_timeout,
                          per_address=args.per_address, ping_interval=args.ping,
                          ping_timeout=args.ping + 1)
    try:
        asyncio.run(run(args.host, args.port, data, web, proxies=args.proxy,
                        workers=args.workers, rate=args.rate, cdn=args.cdn,
                        deadlines=deadlines))
    except KeyboardInterrupt:  # Ctrl+C before the server took the signals over
        pass
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
        print(f"Port {args.port} on {args.host} is in use (another server?): stop it, or"
              " choose another with --port", file=sys.stderr)
        return 1
    print("Stopped; every table is kept in", data)
    return 0


def cmd_serve_bench(args: argparse.Namespace) -> int:
    from .bench import main

    return main(args)


def cmd_serve_check(args: argparse.Namespace) -> int:
    from .check import main

    return main(args)


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
    p.set_defaults(run=cmd_serve)

    p = command("serve-bench", "many tables of computer clients against one table server "
                "on loopback: actions/s, action-to-update latency, memory per table")
    p.add_argument("--tables", type=positive(2000), default=200, metavar="N",
                   help="tables of four connected clients each")
    p.add_argument("--hard-tables", type=whole_number, default=0, metavar="N",
                   help="of those, tables with one client and three hard computer players")
    p.add_argument("--seconds", type=positive(3600), default=60, metavar="S",
                   help="how long to measure, after every table is seated")
    p.add_argument("--rate", type=float, default=1.0, metavar="R",
                   help="actions a second at each table (default 1)")
    p.add_argument("--seed", type=whole_number, default=1, metavar="S")
    p.set_defaults(run=cmd_serve_bench)

    p = command("serve-check", "random matches through a real table server, every message "
                "to a seat checked for another hand's cards; then hostile messages")
    p.add_argument("--matches", type=positive(100000), default=2000, metavar="N",
                   help="random matches to play and check")
    p.add_argument("--hostile", type=whole_number, default=2000, metavar="N",
                   help="hostile messages to send (each on a connection of its own table)")
    p.add_argument("--seed", type=whole_number, default=1, metavar="S")
    p.set_defaults(run=cmd_serve_check)
