"""The commands that set players against each other on the same deals: ``tournament``
(duplicate, two strengths), ``gauntlet`` (two players against every member of the zoo)
and ``verdict`` (the hard player's choices judged on the real cards)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..console import Progress, positive
from ..measure import GAUNTLET, PLAYERS, SEARCHERS
from . import options


def cmd_tournament(args: argparse.Namespace) -> int:
    from ..measure.tournament import main as tournament_main

    return tournament_main(args)


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from ..measure.gauntlet import main as gauntlet_main

    return gauntlet_main(args)


def cmd_verdict(args: argparse.Namespace) -> int:
    from ..measure.verdict import format_verdict, verdict

    progress = Progress(args.deals)
    try:
        out = verdict(args.deals, args.seed, args.strength, args.rules,
                      args.zoo or list(GAUNTLET), args.near,
                      args.iterations, args.workers,
                      on_deal=lambda done: progress.show(
                          f"{done}/{args.deals} deals{progress.left(done)}"))
    finally:
        progress.clear()
    print(json.dumps(out, indent=2) if args.json else format_verdict(out))
    return 0


def add_contest_commands(command: Any) -> None:
    p = command("tournament", "duplicate tournament between two strengths")
    p.add_argument("--a", choices=PLAYERS, default="hard", help="side A's strength")
    p.add_argument("--b", choices=PLAYERS, default="normal", help="side B's strength")
    p.add_argument("--deals", type=positive(), default=100, metavar="N",
                   help="deals, each played at two tables with the seats swapped (at three or"
                   " two: a table with A in each seat)")
    options.seed(p, 0, "the deals and the players")
    options.rules(p, any_seats=True)
    options.iterations(p)
    options.situations_and_workers(p)
    options.as_json(p)
    p.set_defaults(run=cmd_tournament)

    p = command("gauntlet", "A and B in turn against every opponent of the zoo, same deals")
    p.add_argument("--a", choices=PLAYERS, default="hard", help="the player measured")
    p.add_argument("--b", choices=PLAYERS, default="normal", help="the player compared with")
    p.add_argument("--deals", type=positive(), default=100, metavar="N",
                   help="deals, each played at four tables a zoo member (at three or two: A"
                   " in each seat in turn, then B)")
    p.add_argument("--matches", type=positive(), default=None, metavar="N",
                   help="play N whole matches from 0 to 0 instead of single deals, so a "
                   "player that reads its opponents can learn (hard against hard-static "
                   "shows what the reading is worth)")
    options.seed(p, 0, "the deals and the players")
    options.rules(p, any_seats=True)
    options.zoo(p)
    options.iterations(p)
    options.situations_and_workers(p)
    options.as_json(p)
    p.set_defaults(run=cmd_gauntlet)

    p = command("verdict", "the hard player's choices judged on the real cards: what "
                "leaving the normal choice was worth, the hand played on both ways")
    p.add_argument("--strength", choices=SEARCHERS, default="hard", help="the searcher judged")
    p.add_argument("--deals", type=positive(), default=20, metavar="N",
                   help="deals, each played at two tables a zoo member")
    options.seed(p, 0, "the deals and the players (the gauntlet's)")
    options.rules(p)
    options.zoo(p)
    p.add_argument("--near", action="store_true",
                   help="also judge the near misses: the best other choice where the normal "
                   "one was kept")
    options.iterations(p, whose="")
    options.situations_and_workers(p, situations=False)
    options.as_json(p)
    p.set_defaults(run=cmd_verdict)
