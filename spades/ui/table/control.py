"""The table's controls: the widget layer's buttons, placed on screen.

The table lays its panels out from the layout's rectangles, so each control is a
:class:`~spades.ui.widgets.Button` made with its rectangle. The widget layer's
:class:`~spades.ui.widgets.Group` decides tap or drag, so a drag that begins on a card
or a button never plays or presses it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px
from ..widgets import Button, Look, State
from ..widgets.style import colours, paint_button

# The panels Esc (or their Close) closes, back to the table.
CLOSABLE = ("scores", "last", "help", "pause", "compare", "seen", "hint", "undo_ask")


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

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        """As a widget Button; a label too long for one line at the secondary size (a
        narrow button on a phone) goes on two lines of it rather than shrink."""
        t = look.text
        least = px(theme.SECONDARY)
        if t.fit(self.label, look.small, self.rect.width - 12, True) >= least or \
                self.rect.height < least * 2.4:
            super().draw(surface, look, state)
            return
        c = colours(self.style, self.enabled, state.hovering, look.ground)
        r = paint_button(surface, self.rect, c, pressed=state.pressing,
                         suggested=self.suggested)
        lines = t.wrap(self.label, least, r.width - 8, True)[:2]
        step = round(least * 1.15)
        for i, line in enumerate(lines):
            t.blit(surface, line, least, c.ink,
                   (r.centerx, r.centery + round((i - (len(lines) - 1) / 2) * step)),
                   "center", True)
