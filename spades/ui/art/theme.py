"""Colours, text and the few drawing helpers every screen shares.

Text is set in Noto Sans, shipped under assets/fonts (the browser has no system fonts),
regular and a true bold: nothing is ever emboldened by pygame. Sizes are the font's
pixel size as given to pygame.font.Font. Rendered strings are cached because most of
them never change between frames.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pygame

from .density import px

FONT_DIR = Path(__file__).resolve().parents[3] / "assets" / "fonts"
FONT_FILES = {False: FONT_DIR / "NotoSans-Regular.ttf", True: FONT_DIR / "NotoSans-Bold.ttf"}
# CSS px, times the density (px): nothing smaller is ever drawn (a long name shrinks no
# further), and the least size of notes, details and key hints.
MIN_SIZE = 13
SECONDARY = 15
LINE = 1.3  # line spacing of wrapped text, in multiples of its size

FELT = (24, 92, 58)
FELT_DARK = (16, 66, 42)
BAR = (12, 40, 28)
PANEL = (250, 248, 240)
PANEL_TEXT = (28, 32, 30)
PANEL_MUTED = (86, 92, 88)
TEXT = (246, 244, 236)
TEXT_MUTED = (200, 214, 204)
GOLD = (250, 204, 72)
FOCUS = (255, 226, 64)
FOCUS_EDGE = (20, 20, 20)
BUTTON = (240, 238, 228)
BUTTON_TEXT = (24, 28, 26)
BUTTON_HOVER = (255, 252, 240)
BUTTON_OFF = (70, 96, 82)
BUTTON_OFF_TEXT = (214, 224, 216)
SELECTED = (250, 204, 72)
SUGGEST = (64, 200, 255)
US = (120, 190, 255)  # team colours are always shown with the team's name
THEM = (255, 160, 110)
GOOD = (40, 130, 60)
BAD = (190, 40, 40)
SHADE = (0, 0, 0, 150)


def load_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's face at ``size`` pixels: the shipped TTF, its real bold for ``bold``."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(FONT_FILES[bool(bold)]), size)


class Drawn(NamedTuple):
    """One string a screen drew, as a test's recording sees it."""

    text: str
    size: int
    bold: bool
    rect: pygame.Rect | None


class Text:
    """Rendered strings, cached by (text, size, colour, bold).

    ``record``, when a test sets it to a list, receives a Drawn for every string
    rendered (its rect too when drawn through ``blit``).

    ``Text.recording`` (for every instance at once, as the random-input tester needs),
    when set to a list, receives ``(text, size, rect)`` for every string blitted,
    ``rect`` the ink's bounds in window coordinates (a clip that hides rows of a
    scrolled page cuts the rect's height to what shows)."""

    recording: list[tuple[str, int, pygame.Rect]] | None = None

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: dict[tuple, pygame.Surface] = {}
        self._wrapped: dict[tuple, list[str]] = {}
        self.record: list[Drawn] | None = None

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = load_font(size, bold)
        return font

    def render(
        self, text: str, size: int, colour: tuple = TEXT, bold: bool = False
    ) -> pygame.Surface:
        key = (text, size, colour, bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 1500:
                self._cache.clear()
            surf = self.font(size, bold).render(text, True, colour)
            self._cache[key] = surf
        if self.record is not None:
            self.record.append(Drawn(text, size, bold, None))
        return surf

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` pixels."""
        while size > px(MIN_SIZE) and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def wrapped(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``wrap`` remembered (for this Text's fonts): pages lay out every frame, and
        wrapping is the costly part (a size measure per word)."""
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 2000:
                self._wrapped.clear()
            lines = self._wrapped[key] = self.wrap(text, size, width, bold)
        return lines

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break ``text`` into lines no wider than ``width``; a paragraph's last word
        never stands alone on its line ("-200." under "mercy at") when the word before
        it can join it there."""
        font = self.font(size, bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            broken = self.greedy_lines(paragraph, size, width, bold)
            if len(broken) >= 2 and " " not in broken[-1]:
                before = broken[-2].split(" ")
                joined = f"{before[-1]} {broken[-1]}"
                if len(before) >= 3 and font.size(joined)[0] <= width:
                    broken[-2:] = [" ".join(before[:-1]), joined]
            lines += broken
        return lines

    def greedy_lines(self, paragraph: str, size: int, width: int, bold: bool = False
                     ) -> list[str]:
        """One paragraph broken as late as each line allows."""
        font = self.font(size, bold)
        lines: list[str] = []
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
        return lines

    def wrap_phrases(self, text: str, size: int, width: int, bold: bool = False
                     ) -> list[str]:
        """``wrap``, but breaking after a phrase (at a comma, colon, full stop) when that
        takes no more lines: "Contracts: us 7," over "them 6", never "Contracts: us 7,
        them" over a lone "6"."""
        lines = self.wrap(text, size, width, bold)
        if len(lines) < 2 or "\n" in text:
            return lines
        phrases, start = [], 0
        for i, char in enumerate(text):
            if char in ",:;." and text[i + 1:i + 2] == " ":
                phrases.append(text[start:i + 1])
                start = i + 2
        phrases.append(text[start:])
        font = self.font(size, bold)
        packed: list[str] = []
        for phrase in phrases:
            if packed and font.size(f"{packed[-1]} {phrase}")[0] <= width:
                packed[-1] += f" {phrase}"
            else:
                packed += self.wrap(phrase, size, width, bold)
        return packed if len(packed) <= len(lines) else lines

    def shorten(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut at the end with "..." so it fits in ``width``; "" when not even
        its first four characters would."""
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text
        low, high = 0, len(text)  # the longest prefix that fits with its dots
        while low < high:
            mid = (low + high + 1) // 2
            if font.size(text[:mid].rstrip() + "...")[0] <= width:
                low = mid
            else:
                high = mid - 1
        kept = text[:low].rstrip()
        return kept + "..." if len(kept) >= min(4, len(text)) else ""  # no lone "b..."

    def blit(
        self, surface: pygame.Surface, text: str, size: int, colour: tuple, pos: tuple,
        anchor: str = "topleft", bold: bool = False, width: int | None = None,
    ) -> pygame.Rect:
        """Draw ``text`` at ``pos``; a text wider than ``width`` or than the room the
        surface has from ``pos`` is shortened with "...", so it never runs off."""
        surf = self.render(text, size, colour, bold)
        rect = surf.get_rect(**{anchor: pos})
        room = _room(surface.get_width(), rect, anchor)
        if width is not None:
            room = min(room, width)
        if rect.width > room:
            text = self.shorten(text, size, room, bold)
            if self.record:
                self.record.pop()  # the whole text was never drawn
            if not text:
                return pygame.Rect(rect.topleft, (0, rect.height))
            surf = self.render(text, size, colour, bold)
            rect = surf.get_rect(**{anchor: pos})
        surface.blit(surf, rect)
        if self.record:
            self.record[-1] = self.record[-1]._replace(rect=rect)
        if Text.recording is not None:
            _record(surface, text, size, surf.get_bounding_rect().move(rect.topleft))
        return rect


def _room(surface_w: int, rect: pygame.Rect, anchor: str) -> int:
    """How wide a text anchored as ``rect`` may be and stay on a surface that wide."""
    if "left" in anchor:
        return surface_w - max(0, rect.left)
    if "right" in anchor:
        return min(surface_w, rect.right)
    centre = rect.centerx
    return 2 * max(0, min(centre, surface_w - centre))


def _record(surface: pygame.Surface, text: str, size: int, rect: pygame.Rect) -> None:
    clip = surface.get_clip()
    shown = rect.copy()
    if clip.height < surface.get_height():  # a scrolled body hides rows above and below
        top, bottom = max(rect.top, clip.top), min(rect.bottom, clip.bottom)
        if bottom <= top:
            return
        shown.top, shown.height = top, bottom - top
    Text.recording.append((text, size, shown.move(surface.get_abs_offset())))


def window_too_small(surface: pygame.Surface, text: Text, smallest: str) -> None:
    """The calm card a window below the smallest layout shows instead of any scene."""
    w, h = surface.get_size()
    surface.fill(FELT_DARK)
    pad = max(4, min(w, h) // 20)
    box = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    pygame.draw.rect(surface, BAR, box, border_radius=12)
    pygame.draw.rect(surface, (60, 110, 84), box, 2, border_radius=12)
    inner = box.width - 2 * pad
    lines = [(line, 17, TEXT, True) for line in text.wrap("Make the window larger", 17, inner,
                                                          True)]
    lines += [(line, 15, TEXT_MUTED, False) for line in text.wrap(
        f"The table needs at least {smallest}.", 15, inner)]
    lines.append((f"This window: {w} x {h}", 15, TEXT_MUTED, False))
    height = sum(round(size * 1.3) for _, size, _, _ in lines)
    while lines and height > box.height - 2 * pad:  # the heading stays, whatever fits
        height -= round(lines.pop()[1] * 1.3)
    y = box.centery - height // 2
    for line, size, colour, bold in lines:
        text.blit(surface, line, size, colour, (box.centerx, y), "midtop", bold, width=inner)
        y += round(size * 1.3)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    """A ring drawn outside ``rect``: dark edge, bright middle, seen on every background;
    kept whole inside the window (a control at its edge gets a ring a little closer)."""
    outer = rect.inflate(10, 10).clip(surface.get_rect())
    pygame.draw.rect(surface, FOCUS_EDGE, outer, 5, border_radius=radius + 4)
    pygame.draw.rect(surface, FOCUS, outer.inflate(-2, -2), 3, border_radius=radius + 3)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple = PANEL) -> None:
    shadow = rect.move(0, 4)
    pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=14)
    pygame.draw.rect(surface, colour, rect, border_radius=14)


def shade(surface: pygame.Surface, cache: dict) -> None:
    """Darken the whole table behind a modal panel."""
    size = surface.get_size()
    veil = cache.get(size)
    if veil is None:
        veil = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill(SHADE)
        cache.clear()
        cache[size] = veil
    surface.blit(veil, (0, 0))


def points_ink(figure: str) -> tuple[int, int, int]:
    """A score figure's colour as the breakdown colours it: gains green, losses red."""
    return GOOD if figure.startswith("+") and figure != "+0" else (
        BAD if figure.startswith("-") else PANEL_TEXT)
