"""main.py's command line: every option, and a sentence and exit status 2 for every
bad argument (argparse's own way), so no argument ends in a traceback."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ..engine.rules import PRESETS, SEAT_PRESETS
from .table import anim

PLAYER_STRENGTHS = ("easy", "normal", "hard")  # what a person is offered
MAX_SIDE = 16384  # the largest window side SDL makes
# A whole match by autoplay takes some tens of thousands of frames; a run with a higher
# --frames only idles at 60 frames a second once the match is over.
MAX_FRAMES = 1_000_000  # about 4 hours 38 minutes at 60 frames a second


def frame_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    if value > MAX_FRAMES:
        raise argparse.ArgumentTypeError(
            f"must be at most {MAX_FRAMES} (about 4.6 hours at 60 frames a second;"
            f" a match ends long before), not {value}")
    return value


def density(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= value <= 4:
        raise argparse.ArgumentTypeError("must be from 1 to 4")
    return value


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py", description="Spades against three computer "
                                "players.")
    p.add_argument("--seed", type=int, default=None, help="the match's seed (default: random)")
    p.add_argument("--rules", choices=sorted({**PRESETS, **SEAT_PRESETS}), default=None,
                   help="rule preset for a new match (default: your settings)")
    p.add_argument("--opponents", choices=PLAYER_STRENGTHS, default=None,
                   help="strength of West and East (default: your settings)")
    p.add_argument("--partner", choices=PLAYER_STRENGTHS, default=None,
                   help="strength of North, your partner (default: your settings)")
    p.add_argument("--speed", choices=anim.SPEED_NAMES, default=None,
                   help="animation speed (default: your settings)")
    p.add_argument("--size", default="1280x720", help="window size WxH (default: 1280x720)")
    p.add_argument("--density", type=density, default=1.0,
                   help="window pixels per pixel of --size, as a browser's devicePixelRatio "
                        "(1 to 4, default 1): --size 390x844 --density 3 is a 1170x2532 "
                        "window laid out as a 390x844 page")
    p.add_argument("--autoplay", action="store_true",
                   help="a computer player takes your seat and plays the match through the "
                        "interface")
    p.add_argument("--strength", choices=PLAYER_STRENGTHS, default="hard",
                   help="with --autoplay: the strength of all four seats (default: hard)")
    p.add_argument("--frames", type=frame_count, default=None,
                   help="with --autoplay: stop after this many frames (1 to "
                        f"{MAX_FRAMES})")
    p.add_argument("--screenshots", default=None,
                   help="with --autoplay: save a PNG of each kind of screen in this folder")
    args = p.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        p.error("--size takes WIDTHxHEIGHT, for example 800x600")
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        p.error(f"--size takes each side from 1 to {MAX_SIDE} pixels, not {w}x{h}")
    args.size = (max(100, w), max(100, h))  # below the smallest layout: a card says so
    if max(args.size) * args.density > MAX_SIDE:
        p.error(f"--size times --density makes a side over {MAX_SIDE} pixels")
    if args.screenshots:
        why = screenshot_folder_refusal(Path(args.screenshots))
        if why:
            p.error(f"--screenshots: {why}")
    return args


def screenshot_folder_refusal(folder: Path) -> str | None:
    """Why the screenshots cannot go to ``folder`` (made here if missing), or None."""
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file, not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make the folder {folder} ({(exc.strerror or str(exc)).lower()})"
    if not os.access(folder, os.W_OK):
        return f"cannot write in the folder {folder}"
    return None
