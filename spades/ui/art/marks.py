"""Small marks drawn in code beside text: a tick for made, a cross for failed (the
shipped font has no such glyphs, and a drawn mark reads at every size)."""

from __future__ import annotations

import pygame

from . import theme


def mark(surface: pygame.Surface, ok: bool, x: int, centery: int, size: int) -> int:
    """Draw a tick (``ok``) or a cross of ``size`` px with its left edge at ``x``;
    returns its width."""
    w = max(8, round(size * 0.62))
    h = w
    top = centery - h // 2
    width = max(2, round(size / 8))
    if ok:
        points = [(x, top + h * 0.55), (x + w * 0.38, top + h * 0.92), (x + w, top + h * 0.08)]
        pygame.draw.lines(surface, theme.GOOD, False, points, width)
    else:
        pygame.draw.line(surface, theme.BAD, (x, top), (x + w, top + h), width)
        pygame.draw.line(surface, theme.BAD, (x, top + h), (x + w, top), width)
    return w


def marked_width(text, parts: list[tuple[str, bool | None]], size: int) -> int:
    gap = max(3, size // 5)
    total = 0
    for i, (word, ok) in enumerate(parts):
        total += (text.font(size).size(word)[0] if word else 0) + (
            gap + max(8, round(size * 0.62)) if ok is not None else 0)
        if i and word:
            total += 2 * gap
    return total


def draw_marked(text, surface: pygame.Surface, parts: list[tuple[str, bool | None]],
                size: int, ink, right: int, top: int) -> None:
    """``parts`` such as [("7", False), ("nil", True)]: "7 x nil v", right-aligned; a
    part with no word is one more mark for the word before it ("nils v x")."""
    gap = max(3, size // 5)
    x = right - marked_width(text, parts, size)
    cy = top + text.font(size).get_height() // 2
    for i, (word, ok) in enumerate(parts):
        if word:
            if i:
                x += 2 * gap
            x = text.blit(surface, word, size, ink, (x, top)).right
        if ok is not None:
            x += gap
            x += mark(surface, ok, x, cy, size)


def tag_size(text: theme.Text, words: str, size: int) -> tuple[int, int]:
    """The size of :func:`role_tag`'s pill for ``words`` at ``size`` px."""
    w, h = text.font(size, True).size(words)
    return w + 2 * max(4, size // 3), h + 2 * max(1, size // 8)


def role_tag(surface: pygame.Surface, text: theme.Text, words: str, size: int,
             midleft: tuple[int, int]) -> pygame.Rect:
    """A small pill in our team's colour ("Partner" by North's name): dark bold words on
    the team blue, so it reads at a phone's size and never passes for a button."""
    pill = pygame.Rect((0, 0), tag_size(text, words, size))
    pill.midleft = midleft
    pygame.draw.rect(surface, theme.US, pill, border_radius=pill.height // 2)
    text.blit(surface, words, size, theme.PANEL_TEXT, pill.center, "center", True)
    return pill
