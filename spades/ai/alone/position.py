"""The position a player alone thinks on: three or two seats (cutthroat, two-handed).

The players' ``Position`` (spades/ai/position.py) takes its seats from the rules: its
turns go round ``rules.seats`` and a trick holds that many cards. ``AlonePosition`` is
that position, named for the tables where each plays alone: the normal and easy
players decide on it, and hard's search fills in a sampled deal and plays it out on it.
"""

from __future__ import annotations

from ..position import Position

AlonePosition = Position

__all__ = ["AlonePosition"]
