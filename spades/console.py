"""What the command lines share: strict argument types, a progress line, quiet exits.

Exit statuses every command keeps: 130 after Ctrl-C and 141 when the reader of the
output goes away (``watch | head``), both without a traceback, as a shell reports a
program stopped by SIGINT or SIGPIPE.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

INTERRUPTED = 130
PIPE_CLOSED = 141

_WHOLE = re.compile(r"[+-]?[0-9]+")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Each flag's default after its help; descriptions and epilogs keep their lines."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if (
            not action.option_strings
            or action.default is None
            or action.default is False
            or action.default == argparse.SUPPRESS
            or "default" in text
        ):
            return text
        return text + " (default: %(default)s)"


def whole_number(text: str) -> int:
    """An argparse type: ASCII digits with an optional sign, nothing else."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    return int(text)


def positive(limit: int | None = None) -> Callable[[str], int]:
    """An argparse type for a count of at least 1 (and at most ``limit``)."""

    def read(text: str) -> int:
        n = whole_number(text)
        if n < 1:
            raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
        if limit is not None and n > limit:
            raise argparse.ArgumentTypeError(f"must be at most {limit}, not {n}")
        return n

    read.__name__ = "positive whole number"
    return read


def names_from(choices: Sequence[str]) -> Callable[[str], list[str]]:
    """An argparse type for a comma-separated list of names, each one of ``choices``."""

    def read(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",")]
        unknown = [name for name in names if name not in choices]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown {', '.join(map(repr, unknown))}; choose from {', '.join(choices)}"
            )
        return names

    read.__name__ = "list"
    return read


def run_quietly(main: Callable[[], int]) -> int:
    """Run a command's main; Ctrl-C and a closed output pipe end it without a traceback."""
    try:
        status = main()
        sys.stdout.flush()  # a closed pipe shows here, not at interpreter exit
        return status
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C cannot interrupt this
        if _is_terminal(sys.stderr):
            print(file=sys.stderr)  # past the ^C the terminal echoed
        return INTERRUPTED
    except BrokenPipeError:
        # Point stdout at nowhere so the interpreter's last flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return PIPE_CLOSED


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def mean_and_ci(total: float, squares: float, n: int) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval from running sums (inf below 2)."""
    if n == 0:
        return 0.0, math.inf
    mean = total / n
    if n < 2:
        return mean, math.inf
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    return mean, 1.96 * math.sqrt(variance / n)


class Progress:
    """A status line on standard error, drawn only when it is a terminal.

    Piped or redirected output gets nothing extra. ``update`` redraws at most five
    times a second; ``clear`` wipes the line before ordinary output.
    """

    def __init__(self, total: int | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _is_terminal(self.stream)
        self.total = total
        self.started = time.monotonic()
        self._drawn_at = -math.inf
        self._shown = False

    def left(self, done: int) -> str:
        """Time left at the pace so far, when the total is known."""
        if not self.total or done <= 0:
            return ""
        elapsed = time.monotonic() - self.started
        return f", {duration(elapsed * (self.total - done) / done)} left"

    def show(self, text: str, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._drawn_at < 0.2:
            return
        self._drawn_at = now
        self.stream.write("\r\033[K" + text)
        self.stream.flush()
        self._shown = True

    def clear(self) -> None:
        if self.enabled and self._shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self._shown = False
            self._drawn_at = -math.inf


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
