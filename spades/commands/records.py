"""The commands about hand records: ``replay`` checks a spades-hand/1 record against
the rules and prints its result; ``deal`` plays one hand with computer players and
writes its record."""

from __future__ import annotations

import argparse
import errno
import json
import random
import sys
from typing import Any

from ..ai import STRENGTHS, alone_refusal
from ..engine import Match, SaveError, preset
from ..engine.record import replay_record
from ..storage.documents import read_regular_file
from . import options

# Exit statuses of replay (and, for 0 and 2, of every command).
LEGAL, ILLEGAL, UNREADABLE, DISAGREES = 0, 1, 2, 3
MAX_RECORD_BYTES = 1 << 20  # a hand record is a few kilobytes

EXIT_STATUSES = """\
exit statuses:
  0    done; for replay: every bid, pass and card is legal (and any stated result agrees)
  1    replay: a bid, pass or card is illegal; the output names the first one
  2    unusable input: a bad argument, or a file replay cannot read as a hand record
  3    replay: legal, but the result the record states is not the one its cards give
  130  interrupted (Ctrl-C)
  141  the reader of the output went away (a closed pipe, as in: watch | head)
"""


class Unreadable(ValueError):
    """Input that is not a hand record at all."""


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def read_record(path: str) -> Any:
    """The JSON of a hand record file (or standard input for ``-``), or Unreadable.

    Reads at most MAX_RECORD_BYTES, accepts a UTF-8 byte-order mark, and turns every
    way of not being JSON (bad bytes, deep nesting, NaN) into one sentence.
    """
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:  # a regular file only: a FIFO or a device would hang or never end
            data = read_regular_file(path, MAX_RECORD_BYTES)
    except OSError as exc:
        if exc.errno != errno.EFBIG:
            raise Unreadable(f"cannot read {name}: {exc.strerror or exc}") from None
        data = None
    except MemoryError:
        raise Unreadable(f"cannot read {name}: out of memory") from None
    if data is None or len(data) > MAX_RECORD_BYTES:
        raise Unreadable(
            f"{name} is larger than {MAX_RECORD_BYTES} bytes; a hand record is a few kilobytes"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Unreadable(
            f"{name} is not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})"
        ) from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise Unreadable(f"{name} is nested too deeply to be a hand record") from None
    except ValueError as exc:  # JSONDecodeError, NaN, a number too long to read
        raise Unreadable(f"{name} is not JSON: {exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        out = replay_record(read_record(args.file))
        text = json.dumps(out, indent=2)
    except RecursionError:
        return _refuse(f"{args.file} is nested too deeply to be a hand record")
    except SaveError as exc:
        return _refuse(f"{'standard input' if args.file == '-' else args.file}: {exc}")
    except Unreadable as exc:
        return _refuse(str(exc))
    print(text)
    if not out["legal"]:
        return ILLEGAL
    return DISAGREES if out.get("matches_record") is False else LEGAL


def _refuse(message: str) -> int:
    print(json.dumps({"error": message}), file=sys.stderr)
    return UNREADABLE


def cmd_deal(args: argparse.Namespace) -> int:
    """Play one hand with computer players and write its hand record."""
    reason = alone_refusal(args.strength or "normal", preset(args.rules))
    if reason is not None:
        print(f"deal: {reason}", file=sys.stderr)
        return UNREADABLE
    strength = args.strength or "normal"
    record = deal_record(args.seed, strength, args.rules)
    text = json.dumps(record, indent=1) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        print(f"cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return UNREADABLE
    print(f"wrote {args.out}: one hand, seed {args.seed}, rules {args.rules}, "
          f"{'random legal' if strength == 'random' else strength} players")
    return 0


def deal_record(seed: int, strength: str, rules_name: str) -> dict[str, Any]:
    """The spades-hand/1 record of the first hand of a match of computer players;
    ``"random"``: each seat takes a random legal action (seeded)."""
    from ..measure import make_player

    match = Match(preset(rules_name), seed)
    if strength == "random":
        rng = random.Random(f"deal/{seed}")
        while not match.history:
            seat = match.to_act
            actions = match.view(seat).legal_actions()
            match.apply(actions[rng.randrange(len(actions))], seat)
        return match.history[0].to_record()
    players = [make_player(strength, seed=f"{seed}/{s}") for s in range(match.rules.seats)]
    while not match.history:
        seat = match.to_act
        match.apply(players[seat].choose(match.view(seat)))
    return match.history[0].to_record()


def add_record_commands(command: Any) -> None:
    p = command("replay", "check a spades-hand/1 hand record and print its result and the "
                "match's state after it as JSON (docs/records.md)")
    p.add_argument("file", help="the hand record file, or - for standard input")
    p.set_defaults(run=cmd_replay)

    p = command("deal", "play one hand with computer players and write its hand record")
    options.seed(p, None, "the deal and the players")
    p.add_argument("--strength", choices=STRENGTHS, default=None,
                   help=f"the computer players, one of: {', '.join(STRENGTHS)}; cutthroat"
                   " and two-handed all but hard (default: normal)")
    options.rules(p, any_seats=True)
    p.add_argument("--out", required=True, metavar="FILE",
                   help="where to write the spades-hand/1 record (- for standard output)")
    p.set_defaults(run=cmd_deal)
