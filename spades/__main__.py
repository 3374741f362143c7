"""Command line of the Spades game: check hand records, deal one, watch, measure.

Each kind of command lives with its own parser in spades/commands/ (records, play,
contests) and spades/server/cli.py (the table server); this puts them together."""

from __future__ import annotations

import argparse
import random
import sys

from .ai import STRENGTHS
from .commands.contests import add_contest_commands
from .commands.options import PRESET_NAMES
from .commands.play import add_play_commands
from .commands.records import EXIT_STATUSES, add_record_commands
from .console import HelpFormatter, run_quietly
from .measure import PLAYERS
from .server.cli import add_server_commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m spades",
        description=(
            "Spades from the command line: check a hand record, deal one, watch\n"
            "computer players, measure the engine and the players.\n\n"
            f"rule presets: {', '.join(PRESET_NAMES)}\n"
            "  (docs/rules.md describes each; combine them with options:\n"
            "  --rules jokers,nil_pass=2)\n"
            f"strengths: {', '.join(STRENGTHS)}\n"
            f"opponent zoo (tournament, gauntlet): {', '.join(PLAYERS[len(STRENGTHS):])}"
        ),
        epilog=EXIT_STATUSES,
        formatter_class=HelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        return sub.add_parser(
            name, help=summary, description=summary[0].upper() + summary[1:] + ".",
            epilog=EXIT_STATUSES if name == "replay" else None, formatter_class=HelpFormatter,
        )

    add_record_commands(command)  # replay, deal
    add_play_commands(command)  # simulate, bench, solve, watch
    add_contest_commands(command)  # tournament, gauntlet, verdict
    add_server_commands(command)  # serve, serve-bench, serve-check
    return parser


def main(argv: list[str] | None = None) -> int:
    def run() -> int:
        args = build_parser().parse_args(argv)
        if getattr(args, "seed", 0) is None:
            args.seed = random.SystemRandom().randrange(1 << 30)
        return args.run(args)

    return run_quietly(run)


if __name__ == "__main__":
    sys.exit(main())
