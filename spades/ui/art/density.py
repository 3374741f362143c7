"""The screen's density: how many of the window's pixels make one pixel of the page.

On the desktop it is 1. In the browser the window is the page's size in CSS pixels
times the screen's ``devicePixelRatio`` (capped at ``MAX_DENSITY``), so text and cards
are drawn at the screen's own resolution, not enlarged by the browser; the page shows
the canvas at its CSS size, and SDL hands the game pointer positions in the window's
pixels. Everything is drawn and hit-tested in the window's pixels; what is meant in
CSS pixels (the smallest type, a finger's target, a phone's width, the table's layout)
is measured here once: ``logical`` turns a window size into CSS pixels, ``px`` a CSS
measure into the window's pixels. The App sets the density when it makes the window.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# The browser's density is capped here: above twice the CSS pixels a sharper picture is
# hard to see on a phone, and each step costs frame time (docs/embed.md has the figures).
MAX_DENSITY = 2.0

_density = 1.0


def density() -> float:
    return _density


def set_density(value: float) -> float:
    """The density of the window about to be made (at least 1). The browser's is capped
    at MAX_DENSITY (app.py); ``--density`` may go past it, to measure what the cap saves."""
    global _density
    _density = max(1.0, float(value))
    return _density


def window_pixels(css: tuple[int, int]) -> tuple[int, int]:
    """The window for a page of ``css`` pixels at this density."""
    return round(css[0] * _density), round(css[1] * _density)


def logical(size: tuple[int, int]) -> tuple[int, int]:
    """A window size in CSS pixels (the size every threshold of the interface means)."""
    return round(size[0] / _density), round(size[1] / _density)


def px(css: float) -> int:
    """A measure given in CSS pixels, in the window's pixels."""
    return round(css * _density)


@contextmanager
def in_css_pixels() -> Iterator[float]:
    """Computes in CSS pixels inside (the density reads 1); yields the real density,
    by which the caller scales what it computed."""
    global _density
    real = _density
    _density = 1.0
    try:
        yield real
    finally:
        _density = real
