"""Faces for the seats, drawn in code: a coloured disc with a simple emblem.

The player picks a shape and a colour; each computer player's face follows from its
name, so the same opponent always looks the same.
"""

from __future__ import annotations

import math
import zlib

import pygame

from ...storage.settings import AVATAR_COLOURS as COLOUR_NAMES
from ...storage.settings import AVATAR_SHAPES
from .cardart import draw_suit

AVATAR_COLOURS = dict(zip(COLOUR_NAMES, (
    (232, 178, 40), (32, 150, 150), (130, 80, 190), (230, 100, 80), (60, 150, 70),
    (50, 110, 210), (210, 80, 140), (90, 110, 130)), strict=True))


def face_for(name: str) -> tuple[str, str]:
    """A computer player's shape and colour, fixed by its name."""
    h = zlib.crc32(name.encode("utf-8"))
    return AVATAR_SHAPES[h % len(AVATAR_SHAPES)], list(AVATAR_COLOURS)[(h >> 8) % len(
        AVATAR_COLOURS)]


def table_faces(names, player: tuple[str, str] | None) -> list[tuple[str, str]]:
    """Each seat's face: the player's own choice at seat 0 (``None``: from the name, as
    in autoplay), the others' from their names, each emblem once at a table: a
    computer whose emblem an earlier seat shows takes the next free one, so two
    opponents never differ by colour alone."""
    faces: list[tuple[str, str]] = []
    for seat, name in enumerate(names):
        shape, colour = player if seat == 0 and player is not None else face_for(name)
        used = {f[0] for f in faces}
        i = AVATAR_SHAPES.index(shape)
        while shape in used:
            i = (i + 1) % len(AVATAR_SHAPES)
            shape = AVATAR_SHAPES[i]
        faces.append((shape, colour))
    return faces


class Avatars:
    def __init__(self) -> None:
        self._cache: dict[tuple[str, str, int], pygame.Surface] = {}

    def get(self, shape: str, colour: str, size: int) -> pygame.Surface:
        key = (shape, colour, size)
        surf = self._cache.get(key)
        if surf is None:
            surf = render(shape, colour, size)
            self._cache[key] = surf
        return surf


def render(shape: str, colour: str, size: int) -> pygame.Surface:
    """Drawn four times larger and scaled down, so the edges come out smooth."""
    big = size * 4
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    fill = AVATAR_COLOURS.get(colour, AVATAR_COLOURS["slate"])
    c = big / 2
    pygame.draw.circle(surf, (255, 255, 255), (c, c), c)
    pygame.draw.circle(surf, fill, (c, c), c * 0.9)
    ink = (255, 255, 255)
    r = big * 0.28
    if shape in ("spade", "heart", "diamond"):
        draw_suit(surf, {"spade": 3, "heart": 2, "diamond": 1}[shape], (c, c), big * 0.55, ink)
    elif shape == "star":
        points = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * 1.15 if i % 2 == 0 else r * 0.48
            points.append((c + rr * math.cos(a), c + rr * math.sin(a)))
        pygame.draw.polygon(surf, ink, points)
    elif shape == "moon":
        pygame.draw.circle(surf, ink, (c, c), r)
        pygame.draw.circle(surf, fill, (c + r * 0.5, c - r * 0.25), r * 0.85)
    elif shape == "crown":
        w = r * 1.1
        pts = [(c - w, c + r * 0.6), (c - w, c - r * 0.5), (c - w * 0.5, c), (c, c - r * 0.8),
               (c + w * 0.5, c), (c + w, c - r * 0.5), (c + w, c + r * 0.6)]
        pygame.draw.polygon(surf, ink, pts)
    elif shape == "bolt":
        # Broad strokes: a thin bolt vanished at a badge's 16 px.
        pts = [(c + r * 0.5, c - r * 1.15), (c - r * 0.75, c + r * 0.25),
               (c - r * 0.22, c + r * 0.25), (c - r * 0.5, c + r * 1.15),
               (c + r * 0.75, c - r * 0.25), (c + r * 0.22, c - r * 0.25)]
        pygame.draw.polygon(surf, ink, pts)
    else:  # leaf: pointed at both ends and leaning, a stem and a midrib, so that it
        # never reads as an "0" (an upright oval did)
        length, width = r * 1.15, r * 0.62
        lean = math.radians(-45)
        cos, sin = math.cos(lean), math.sin(lean)

        def at(x: float, y: float) -> tuple[float, float]:
            return (c + x * cos - y * sin, c + x * sin + y * cos)

        edge = [(length * math.cos(math.pi * i / 24), width * math.sin(math.pi * i / 24) ** 1.4)
                for i in range(25)]
        outline = [at(x, -y) for x, y in edge] + [at(x, y) for x, y in reversed(edge)]
        pygame.draw.polygon(surf, ink, outline)
        line = max(2, big // 36)
        pygame.draw.line(surf, fill, at(-length * 0.92, 0), at(length * 0.8, 0), line)
        pygame.draw.line(surf, ink, at(-length * 0.98, 0), at(-length * 1.45, 0), line * 2)
    return pygame.transform.smoothscale(surf, (size, size))
