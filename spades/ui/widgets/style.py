"""How a control looks: the hierarchy of buttons, and the WCAG contrast it keeps.

One primary action per panel is filled with the accent colour; enabled secondary
actions are plain; a disabled one (an action not available yet, a choice the rules rule
out) is a flat tile barely off its ground, with no outline and faded (but readable)
text, so every live control outweighs it; a suggested control wears a dashed dark blue
outline inside its edge (keyboard focus is a solid yellow ring outside it).
``ground`` is what lies behind the control: the felt of the pages and table, or a
light panel.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px

ACCENT = theme.SELECTED  # the primary action's fill
ACCENT_HOVER = (255, 216, 110)
ACCENT_INK = theme.BUTTON_TEXT
PLAIN = theme.BUTTON
PLAIN_HOVER = theme.BUTTON_HOVER
PLAIN_INK = theme.BUTTON_TEXT
PLAIN_MUTED = theme.PANEL_MUTED
PLAIN_EDGE = (150, 150, 140)
DANGER = (250, 222, 214)
DANGER_INK = (150, 30, 20)
DANGER_MUTED = (120, 60, 50)
CHOSEN = (28, 60, 44)  # a chosen value (a picked bid): dark, not the accent
CHOSEN_INK = theme.TEXT
# A switch turned on in the toolbar (the coach): lit green, as a Toggle's track is on.
# The dark chosen fill on the dark bar read as one more disabled tile beside Undo.
CHOSEN_ON_BAR = (34, 120, 56)
# Disabled (Confirm before a bid, Undo with nothing to take back, a bid over the team's
# 13): "flat", a faint tile with no outline, its text faded but at least 3:1 against
# the tile and the ground, so it weighs less than any live button.
OFF_ON_FELT = (150, 184, 164)
OFF_ON_PANEL = (112, 118, 114)
FLAT_ON_PANEL = (238, 236, 228)
FLAT_ON_FELT = (34, 100, 66)
# A disabled row's note is body text the player must read (a locked Journey level says
# how to open it): 4.5:1 against the flat tile, while its label stays faded.
NOTE_OFF_ON_FELT = (200, 222, 208)
NOTE_OFF_ON_PANEL = (84, 90, 86)
# On the dark bar that holds the toolbar a felt-green tile stood out like a lit
# switch: there the tile is barely lighter than the bar, its text dimmer.
FLAT_ON_BAR = (20, 52, 37)
OFF_ON_BAR = (112, 140, 124)
# The outline of a suggested control, drawn just inside its edge: >= 3:1 against the
# button's own fill (a light button, or a dark chosen one).
SUGGESTED = (0, 98, 160)
SUGGESTED_ON_DARK = (130, 205, 255)
PRESSED_SHIFT = 1  # px a pressed button sinks


def luminance(rgb: tuple) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple, b: tuple) -> float:
    """The WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Colours:
    fill: tuple
    ink: tuple  # the label
    muted: tuple  # a note or key hint on it
    edge: tuple | None  # a 1-2 px border
    ground: str = "felt"  # what is behind it


def colours(style: str, enabled: bool = True, hover: bool = False,
            ground: str = "felt") -> Colours:
    """The colours of a button of ``style`` ("primary", "secondary", "danger",
    "chosen"; "flat" is only ever disabled) on ``ground`` ("felt", "panel", or "bar":
    the toolbar's dark strip). Disabled,
    every style is the same flat tile."""
    if not enabled:
        off = {"panel": OFF_ON_PANEL, "bar": OFF_ON_BAR}.get(ground, OFF_ON_FELT)
        flat = {"panel": FLAT_ON_PANEL, "bar": FLAT_ON_BAR}.get(ground, FLAT_ON_FELT)
        return Colours(flat, off, off, None, ground)
    if style == "primary":
        return Colours(ACCENT_HOVER if hover else ACCENT, ACCENT_INK, PLAIN_MUTED, None, ground)
    if style == "danger":
        return Colours(DANGER, DANGER_INK, DANGER_MUTED, None, ground)
    if style == "chosen" and ground == "bar":
        return Colours(CHOSEN_ON_BAR, CHOSEN_INK, CHOSEN_INK, None, ground)
    if style == "chosen":
        return Colours(CHOSEN, CHOSEN_INK, theme.TEXT_MUTED, None, ground)
    edge = PLAIN_EDGE if ground == "panel" else None
    return Colours(PLAIN_HOVER if hover else PLAIN, PLAIN_INK, PLAIN_MUTED, edge, ground)


def note_colour(c: Colours, enabled: bool) -> tuple:
    """A row's note on a button of colours ``c``: readable as body text even disabled."""
    if enabled:
        return c.muted
    return NOTE_OFF_ON_PANEL if c.ground == "panel" else NOTE_OFF_ON_FELT


def suggestion_colour(c: Colours) -> tuple:
    """The suggestion's outline on a button of colours ``c``: against its fill."""
    return SUGGESTED if luminance(c.fill) > 0.3 else SUGGESTED_ON_DARK


def paint_button(surface: pygame.Surface, rect: Rect, c: Colours, radius: int = 10,
                 pressed: bool = False, suggested: bool = False) -> Rect:
    """The body of a button; returns the rect its label goes in."""
    r = rect.move(0, PRESSED_SHIFT) if pressed else rect
    pygame.draw.rect(surface, c.fill, r, border_radius=radius)
    if c.edge is not None:
        pygame.draw.rect(surface, c.edge, r, 1, border_radius=radius)
    if suggested:
        dashed_outline(surface, suggestion_colour(c), r.inflate(-6, -6), 3, radius - 3)
    return r


def dashed_outline(surface: pygame.Surface, colour: tuple, rect: Rect, width: int,
                   radius: int) -> None:
    """A suggestion's outline: dashes just inside the button's edge, with a gap at each
    corner. Keyboard focus is a solid yellow ring outside it (``theme.focus_ring``), so
    the two never read as each other."""
    dash, gap = max(6, width * 3), max(4, width * 2)
    inset = max(radius, width)
    for horizontal in (True, False):
        length = (rect.width if horizontal else rect.height) - 2 * inset
        count = max(1, (length + gap) // (dash + gap))
        # Dashes centred along the side, so both ends of a side look alike.
        start = inset + (length - (count * dash + (count - 1) * gap)) // 2
        for i in range(count):
            a = start + i * (dash + gap)
            for edge in (0, 1):
                if horizontal:
                    y = rect.top if edge == 0 else rect.bottom - width
                    pygame.draw.rect(surface, colour, (rect.left + a, y, dash, width))
                else:
                    x = rect.left if edge == 0 else rect.right - width
                    pygame.draw.rect(surface, colour, (x, rect.top + a, width, dash))


def draw_button(surface: pygame.Surface, text, rect: Rect, label: str, size: int,
                style: str = "secondary", enabled: bool = True, hover: bool = False,
                pressed: bool = False, suggested: bool = False, hint: str = "",
                ground: str = "felt", hint_under: bool = False) -> None:
    """A whole button: body, label (shrunk to fit) and a key hint beside or under it
    (under whenever ``hint_under``: a row of buttons whose hints cannot all sit beside
    their labels puts them all under, so the row reads alike).

    ``text`` is a :class:`theme.Text`; pass ``hint=""`` when hints are hidden (touch).
    """
    c = colours(style, enabled, hover, ground)
    r = paint_button(surface, rect, c, pressed=pressed, suggested=suggested)
    hint_size = max(px(theme.SECONDARY), round(size * 0.75))
    inline = f"{label}  {hint}" if hint else label
    if hint and not hint_under and text.font(size, True).size(inline)[0] <= r.width - px(16):
        lw = text.font(size, True).size(label + "  ")[0]
        hw = text.font(hint_size).size(hint)[0]
        x = r.centerx - (lw + hw) // 2
        text.blit(surface, label, size, c.ink, (x, r.centery), "midleft", True)
        text.blit(surface, hint, hint_size, c.muted, (x + lw, r.centery + 1), "midleft")
        return
    fit = text.fit(label, size, r.width - px(12), True)
    under = bool(hint) and r.height >= fit + hint_size + px(8)
    cy = r.centery - (hint_size // 2 if under else 0)
    text.blit(surface, label, fit, c.ink, (r.centerx, cy), "center", True)
    if under:
        text.blit(surface, hint, hint_size, c.muted, (r.centerx, r.bottom - 3), "midbottom")
