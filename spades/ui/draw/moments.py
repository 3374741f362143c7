"""The table's moments beyond its panels' words: the end of a match. Drawn over the
veil with the match-over panel (``TableDrawer.overlay_match_over`` calls it)."""

from __future__ import annotations

import math

import pygame
from pygame import Rect

from ..art import theme
from ..table.scene import TableScene

MATCH_BURST_S = 1.6  # how long a won match's spades fly


def match_over_banner(surface: pygame.Surface, scene: TableScene, box: Rect, won: bool,
                      art) -> None:
    """The match's moment: the heading stands on a band that sweeps out from the
    middle (gold for a win, the panel's shade for a loss), and a win sends a ring of
    spades out from behind the panel. ``instant`` animation shows the end at once."""
    lay = scene.layout
    elapsed = scene.now - getattr(scene, "match_over_at", scene.now)
    if scene.options.speed == "instant":
        elapsed = 9.0
    head = round(lay.font_big * 1.3) + 2 * lay.pad
    grow = min(1.0, elapsed / 0.45)
    grow = 1 - (1 - grow) ** 3  # ease out
    band = Rect(0, box.y, max(2, round(box.width * grow)), head)
    band.centerx = box.centerx
    colour = theme.GOLD if won else (222, 214, 196)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=14,
                     border_top_right_radius=14)
    if not won or elapsed >= MATCH_BURST_S:
        return
    # A ring of spades flying out from the panel's edge, fading as they go; never
    # over the panel's words.
    k = elapsed / MATCH_BURST_S
    reach = min(lay.width, lay.height) * 0.3 * (1 - (1 - k) ** 2)
    size = max(18, round(lay.font * 1.4))
    for i in range(18):
        angle = 2 * math.pi * i / 18 + 0.15
        dx, dy = math.cos(angle), math.sin(angle)
        x = box.centerx + round(dx * (box.width / 2 + size + reach))
        y = box.centery + round(dy * (box.height / 2 + size + reach))
        icon = art.suit(3, size, theme.GOLD if i % 2 else theme.TEXT)
        icon.set_alpha(round(255 * (1 - k) ** 0.7))
        spot = icon.get_rect(center=(x, y))
        if not spot.colliderect(box):
            surface.blit(icon, spot)
