"""Cards in flight: eased moves between two rectangles.

A flight only moves a picture. What the table shows changes when the event's script
says the card has arrived, so the state drawn never runs ahead of the motion.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

# How long things take at the normal speed, in seconds (TABLE.md's ranges).
DEAL_INTERVAL = 0.05
DEAL_FLIGHT = 0.26
PLAY_FLIGHT = 0.28
TRICK_HOLD = 0.75
GATHER_FLIGHT = 0.38
BID_BEAT = 0.35
REVEAL = 0.2

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
SPEED_NAMES = tuple(SPEEDS)
# The pause before a computer player's bid or card shows, thinking included. Normal
# plays a card about half a second after the one before it (with the flight), a pace
# that players of other card tables expect; the trick stays on the table TRICK_HOLD.
AI_PACE = {"slow": 1.0, "normal": 0.2, "fast": 0.0, "instant": 0.0}


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Flight:
    """A card (``card`` None for a back) moving from ``start`` to ``end``."""

    card: int | None
    start: Rect
    end: Rect
    begin: float  # seconds on the scene clock
    duration: float
    on_land: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_out_cubic

    @property
    def lands_at(self) -> float:
        return self.begin + self.duration

    def rect_at(self, now: float) -> Rect:
        if self.duration <= 0:
            return Rect(self.end)
        t = self.ease((now - self.begin) / self.duration)
        return Rect(
            round(self.start.x + (self.end.x - self.start.x) * t),
            round(self.start.y + (self.end.y - self.start.y) * t),
            round(self.start.width + (self.end.width - self.start.width) * t),
            round(self.start.height + (self.end.height - self.start.height) * t),
        )
