"""The table's moments beyond its panels' words: the end of a match, drawn over the
veil with the match-over panel (``TableDrawer.overlay_match_over`` calls it); the bid
the game made for the player (Mirror), said in the bid panel's place until they go
on (``TableDrawer.draw`` calls it)."""

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


def told_bid_panel(surface: pygame.Surface, scene: TableScene, drawer) -> None:
    """At the player's turn under Mirror: the bid panel's place says the bid the game
    made and why, above Go on (the scene's control)."""
    lay = scene.layout
    confirm = lay.bid_confirm
    t = drawer.text
    width = lay.bid_panel.width - 4 * lay.pad
    lines = t.wrap_phrases(scene.told_bid or "", lay.font, width)
    step = round(lay.font * 1.3)
    head = round(lay.font * 1.6)
    # As tall as its words and Go on need, on the bid panel's foot (never above it).
    top = max(lay.bid_panel.top, confirm.top - 2 * lay.pad - head - step * len(lines))
    panel = Rect(lay.bid_panel.x, top, lay.bid_panel.width, lay.bid_panel.bottom - top)
    theme.panel(surface, panel)
    y = top + lay.pad
    t.blit(surface, "Your bid", lay.font, theme.PANEL_TEXT, (panel.centerx, y), "midtop", True)
    y += head
    for line in lines:
        t.blit(surface, line, lay.font, theme.PANEL_TEXT, (panel.centerx, y), "midtop",
               width=width)
        y += step
    for control in scene.controls:
        if control.key == ("btn", "told_ok"):
            drawer.button(surface, scene, control, on_panel=True)
