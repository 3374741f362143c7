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

from ..art import theme
from ..layout.window import Layout
from .announce import Announcement

STRIP = (6, 22, 14)  # darker than the top bar, so the strip reads as its own band
STRIP_EDGE = (250, 204, 72)
LINES = 2
_VEIL: dict = {}  # the darkened page behind the offer, per window size


def line_height(size: int) -> int:
    return round(size * 1.4)  # Noto Sans needs 1.36 for its accents and descenders


def text_size(lay: Layout) -> int:
    """The strip's type: the table's body size, as large as its message line."""
    return lay.font


def band_height(lay: Layout) -> int:
    """The strip's height for a window laid out (without it) as ``lay``: two lines."""
    return LINES * line_height(text_size(lay)) + lay.pad + 3


def clipped(text: theme.Text, sentence: str, size: int, width: int, n: int) -> list[str]:
    """``sentence`` wrapped to ``width``, from its start: at most ``n`` lines, the last
    ending in an ellipsis when some are left out, so a reader never meets it half-way."""
    lines = text.wrap(sentence, size, width)
    if len(lines) <= n:
        return lines
    lines = lines[:n]
    last = lines[-1]
    while last and text.font(size).size(last + " ...")[0] > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
    lines[-1] = last + " ..."
    return lines


def caption_lines(text: theme.Text, said: list[Announcement], size: int,
                  width: int) -> list[tuple[str, bool]]:
    """What the strip shows, each line with whether it belongs to the newest sentence:
    the one before above it when there is a line to spare, then the newest."""
    if not said:
        return []
    lines = [(line, True) for line in clipped(text, said[-1].text, size, width, LINES)]
    room = LINES - len(lines)
    if room and len(said) > 1:
        before = clipped(text, said[-2].text, size, width, room)
        lines = [(line, False) for line in before] + lines
    return lines


def draw_strip(surface: pygame.Surface, text: theme.Text, lay: Layout, band: int,
               size: int, said: list[Announcement]) -> Rect:
    """The caption strip across the top ``band`` pixels of the window, in type of
    ``size``."""
    rect = Rect(0, 0, lay.width, band)
    pygame.draw.rect(surface, STRIP, rect)
    pygame.draw.line(surface, STRIP_EDGE, (0, rect.bottom - 2), (rect.right, rect.bottom - 2), 2)
    x = lay.pad
    width = lay.width - 2 * lay.pad
    if not said:
        text.blit(surface, "Announcements are on: what the table says appears here.", size,
                  theme.TEXT_MUTED, (x, rect.top + lay.pad // 2))  # until the first words
        return rect
    step = line_height(size)
    lines = caption_lines(text, said, size, width)
    ink = text.font(size).get_linesize()
    top = rect.top + (rect.height - 2 - (LINES - 1) * step - ink) // 2  # centred in the band
    y = top + (LINES - len(lines)) * step
    for line, newest in lines:
        text.blit(surface, line, size, theme.TEXT if newest else theme.TEXT_MUTED, (x, y))
        y += step
    return rect


def draw_offer(surface: pygame.Surface, text: theme.Text, offer: str, size: int,
               pad: int) -> Rect:
    """The browser's offer to turn announcements on: a panel in the middle of the
    darkened page until the next key press or click answers it."""
    width, height = surface.get_size()
    theme.shade(surface, _VEIL)
    inner = min(width - 4 * pad, size * 34)
    lines = text.wrap(offer, size, inner)
    step = line_height(size)
    box = Rect(0, 0, inner + 2 * pad, len(lines) * step + 2 * pad)
    box.center = (width // 2, height // 2)
    theme.panel(surface, box)
    pygame.draw.rect(surface, STRIP_EDGE, box, 3, border_radius=14)
    y = box.top + pad
    for line in lines:
        text.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop")
        y += step
    return box
