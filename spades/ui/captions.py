"""The caption strip: the latest announcements written across the top of the window,
for a desktop player who turned announcements on (no speech engine is needed), and
the browser's one-time offer to turn them on.

The table is laid out below the strip (``compute_layout_below``), so the strip hides
no seat. The newest sentence is bright; the one before it is dimmed, so a reader sees
what changed.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ..announce import Announcement
from . import theme
from .layout import Layout

STRIP = (6, 22, 14)  # darker than the top bar, so the strip reads as its own band
STRIP_EDGE = (250, 204, 72)
LINES = 2


def line_height(size: int) -> int:
    return round(size * 1.3)


def band_height(lay: Layout) -> int:
    """The strip's height for a table laid out as ``lay``: two lines of small type."""
    return LINES * line_height(lay.font_small) + lay.pad + 3


def caption_lines(text: theme.Text, said: list[Announcement], size: int,
                  width: int) -> list[tuple[str, bool]]:
    """The last ``LINES`` lines of the latest sentences wrapped to ``width``, each with
    whether it belongs to the newest sentence."""
    lines: list[tuple[str, bool]] = []
    for i, a in enumerate(said):
        newest = i == len(said) - 1
        lines += [(line, newest) for line in text.wrap(a.text, size, width)]
    return lines[-LINES:]


def draw_strip(surface: pygame.Surface, text: theme.Text, lay: Layout, band: int,
               said: list[Announcement]) -> Rect:
    """The caption strip across the top ``band`` pixels of the window."""
    rect = Rect(0, 0, lay.width, band)
    pygame.draw.rect(surface, STRIP, rect)
    pygame.draw.line(surface, STRIP_EDGE, (0, rect.bottom - 2), (rect.right, rect.bottom - 2), 2)
    size = lay.font_small
    x = lay.pad
    width = lay.width - 2 * lay.pad
    if not said:
        text.blit(surface, "Announcements are on: what the table says appears here.", size,
                  theme.TEXT_MUTED, (x, rect.top + lay.pad // 2))
        return rect
    step = line_height(size)
    lines = caption_lines(text, said, size, width)
    y = rect.top + lay.pad // 2 + (LINES - len(lines)) * step
    for line, newest in lines:
        text.blit(surface, line, size, theme.TEXT if newest else theme.TEXT_MUTED, (x, y))
        y += step
    return rect


def draw_offer(surface: pygame.Surface, text: theme.Text, offer: str, size: int,
               pad: int) -> Rect:
    """The browser's offer to turn announcements on, in a panel over the top of the
    page until the next key press or click answers it."""
    width, _ = surface.get_size()
    inner = min(width - 4 * pad, size * 34)
    lines = text.wrap(offer, size, inner)
    step = line_height(size)
    box = Rect(0, 0, inner + 2 * pad, len(lines) * step + 2 * pad)
    box.midtop = (width // 2, pad)
    theme.panel(surface, box)
    pygame.draw.rect(surface, STRIP_EDGE, box, 3, border_radius=14)
    y = box.top + pad
    for line in lines:
        text.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop")
        y += step
    return box
