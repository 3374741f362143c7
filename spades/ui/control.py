"""The table's controls: the widget layer's buttons, placed on screen.

The table lays its panels out from the layout's rectangles, so each control is a
:class:`~spades.ui.widgets.Button` made with its rectangle. The widget layer's
:class:`~spades.ui.widgets.Group` decides tap or drag, so a drag that begins on a card
or a button never plays or presses it.
"""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from .widgets import Button


class Control(Button):
    """A button of the table's: a card of the hand, a bid, a tool or a panel's button.

    ``style``: "primary" (the one obvious action of its panel: Confirm, Next hand),
    "secondary", or "chosen" (the picked bid, the coach switched on). A disabled control
    is drawn faded and answers a tap with ``refused`` (which says why)."""

    def __init__(self, key: tuple, rect: Rect, action: Callable[[], None], label: str = "",
                 *, enabled: bool = True, group: str = "", hint: str = "",
                 style: str = "secondary", suggested: bool = False,
                 refused: Callable[[], None] | None = None) -> None:
        super().__init__(key, label, action, style=style, enabled=enabled, hint=hint,
                         group=group, suggested=suggested, refused=refused)
        self.place(rect)
