"""A scroll area: a window (``view``, on screen) onto taller content.

It moves by drag (one to one with the finger or mouse, then a short glide that
stops at the ends), by the wheel, by PageUp/PageDown and by focus (``reveal``), and
draws a thin bar while there is more than fits.
"""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px

WHEEL_STEP = 48  # CSS px per wheel notch
GLIDE_FRICTION = 7.0  # per second: the glide's speed falls by e^-7 each second
MAX_GLIDE_SPEED = 2400.0  # px/s
MIN_GLIDE_SPEED = 30.0


class ScrollArea:
    def __init__(self) -> None:
        self.view = Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0.0  # px of content above the view
        self.velocity = 0.0  # px/s of the glide after a drag
        self._grab: tuple[int, float] | None = None  # (pointer y, offset) at the drag start
        self._samples: list[tuple[float, int]] = []  # (time, y) of the drag's last moves
        self.clock = 0.0

    # --- geometry ----------------------------------------------------------------

    def set_view(self, view: Rect, content_h: int) -> None:
        self.view = Rect(view)
        self.content_h = content_h
        self.offset = self.clamp(self.offset)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.height)

    @property
    def more(self) -> bool:
        """Whether there is content the view does not show."""
        return self.max_offset > 0

    @property
    def shift(self) -> int:
        """Add to a content y to get a screen y."""
        return self.view.y - round(self.offset)

    def clamp(self, offset: float) -> float:
        return max(0.0, min(float(self.max_offset), offset))

    def to_screen(self, box: Rect) -> Rect:
        return box.move(0, self.shift)

    def shows(self, box: Rect) -> bool:
        """Whether any of content rect ``box`` is in the view."""
        return self.view.colliderect(self.to_screen(box))

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.view.collidepoint(pos)

    # --- moving --------------------------------------------------------------------

    def scroll_by(self, dy: float) -> None:
        self.velocity = 0.0
        self.offset = self.clamp(self.offset + dy)

    def wheel(self, notches: float) -> None:
        self.scroll_by(-notches * px(WHEEL_STEP))

    def page(self, step: int) -> None:
        """PageDown (1) or PageUp (-1): a view's height less a line of overlap."""
        self.scroll_by(step * max(40, self.view.height - 48))

    def reveal(self, box: Rect, margin: int = 8) -> None:
        """Scroll so content rect ``box`` is in view (the focused control)."""
        self.velocity = 0.0
        top = box.y - margin
        bottom = box.bottom + margin
        if bottom - top > self.view.height or top < self.offset:
            self.offset = self.clamp(top)
        elif bottom > self.offset + self.view.height:
            self.offset = self.clamp(bottom - self.view.height)

    def grab(self, y: int) -> None:
        """A drag begins at screen y (it moved past the tap distance)."""
        self.velocity = 0.0
        self._grab = (y, self.offset)
        self._samples = [(self.clock, y)]

    @property
    def dragging(self) -> bool:
        return self._grab is not None

    def drag(self, y: int) -> None:
        if self._grab is None:
            return
        y0, offset0 = self._grab
        self.offset = self.clamp(offset0 - (y - y0))
        self._samples.append((self.clock, y))
        self._samples = self._samples[-6:]

    def let_go(self, y: int) -> None:
        """The drag ends: glide on at the finger's last speed, a little."""
        if self._grab is None:
            return
        self.drag(y)
        self._grab = None
        recent = [s for s in self._samples if self.clock - s[0] <= 0.1 + 1e-6]
        if len(recent) >= 2 and recent[-1][0] > recent[0][0]:
            speed = -(recent[-1][1] - recent[0][1]) / (recent[-1][0] - recent[0][0])
            self.velocity = max(-MAX_GLIDE_SPEED, min(MAX_GLIDE_SPEED, speed))
        else:
            self.velocity = 0.0
        self._samples = []

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.velocity and self._grab is None:
            self.offset = self.clamp(self.offset + self.velocity * dt)
            self.velocity *= math.exp(-GLIDE_FRICTION * dt)
            if abs(self.velocity) < MIN_GLIDE_SPEED or self.offset in (0.0, self.max_offset):
                self.velocity = 0.0

    def stop(self) -> None:
        self.velocity = 0.0

    # --- drawing -------------------------------------------------------------------

    def bar_rect(self, surface_w: int) -> Rect | None:
        if not self.more:
            return None
        x = min(self.view.right + 4, surface_w - 6)
        return Rect(x, self.view.y, 4, self.view.height)

    def draw_bar(self, surface: pygame.Surface) -> None:
        """A thin bar at the view's right: where the view is, and that there is more."""
        track = self.bar_rect(surface.get_width())
        if track is None:
            return
        pygame.draw.rect(surface, (40, 80, 60), track, border_radius=2)
        h = max(24, track.height * self.view.height // max(1, self.content_h))
        y = track.y + round((track.height - h) * self.offset / max(1, self.max_offset))
        pygame.draw.rect(surface, theme.TEXT_MUTED, (track.x, y, track.width, h),
                         border_radius=2)
