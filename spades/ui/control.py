"""A control: something the player can click, tap or reach with Tab."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect


@dataclass
class Control:
    """Something the player can click, tap or reach with Tab."""

    key: tuple
    rect: Rect
    action: Callable[[], None]
    label: str = ""
    enabled: bool = True
    group: str = ""  # arrow keys move within a group: "hand", "bids"
    hint: str = ""  # a shortcut key shown on the control
