"""The court figures, drawn in code: a king, a queen and a jack, each a bust in a frame.

A figure is drawn as the top half of its panel, down to the line across the middle; the
card shows it twice, the second copy turned half round, like a real double-ended court
card. Each rank has its own silhouette so it reads at a glance even on a phone-sized
card: the king a five-point crown, a beard and a sceptre topped by his suit; the queen a
rounded coronet, long hair and a flower of her suit; the jack a feathered cap and a
halberd. The robe is the suit's colour, so the four-colour deck carries into the courts.
"""

from __future__ import annotations

import pygame

JACK, QUEEN, KING = 9, 10, 11

GOLD = (222, 174, 52)
GOLD_DARK = (142, 104, 22)
SKIN = (250, 224, 196)  # a pale tone: it never reads as a suit colour
HAIR = (92, 78, 70)
BEARD = (206, 204, 210)
WHITE = (255, 255, 255)
LINE = (34, 30, 36)
CREAM = (252, 246, 228)  # the panel behind the figure

Point = tuple[float, float]


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


class _Pen:
    """Drawing in the half panel's own units: x across (0..1), y down to the middle (0..1),
    lengths in widths so round things stay round whatever the panel's proportions."""

    def __init__(self, surf: pygame.Surface) -> None:
        self.surf = surf
        self.w, self.h = surf.get_size()
        self.line = max(1, round(self.w * 0.014))

    def p(self, x: float, y: float) -> Point:
        return (x * self.w, y * self.h)

    def poly(self, colour, pts: list[Point], outline: bool = True) -> None:
        scaled = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.surf, colour, scaled)
        if outline:
            pygame.draw.polygon(self.surf, LINE, scaled, self.line)

    def ellipse(self, colour, cx: float, cy: float, rx: float, ry: float,
                outline: bool = True) -> None:
        """Centre in panel units, radii in widths."""
        x, y = self.p(cx, cy)
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * self.w)), max(1, round(2 * ry * self.w)))
        rect.center = (round(x), round(y))
        pygame.draw.ellipse(self.surf, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surf, LINE, rect, self.line)

    def circle(self, colour, cx: float, cy: float, r: float, outline: bool = False) -> None:
        self.ellipse(colour, cx, cy, r, r, outline)

    def bar(self, colour, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
        """A rod from (x0, y0) to (x1, y1), ``width`` in widths, outlined."""
        a, b = self.p(x0, y0), self.p(x1, y1)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        nx, ny = -dy / length * width * self.w / 2, dx / length * width * self.w / 2
        pts = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
               (a[0] - nx, a[1] - ny)]
        pygame.draw.polygon(self.surf, colour, pts)
        pygame.draw.polygon(self.surf, LINE, pts, self.line)

    def dy(self, widths: float) -> float:
        """A length in widths, as a fraction of the height (for y coordinates)."""
        return widths * self.w / self.h


def draw_half(surf: pygame.Surface, rank: int, suit: int, ink: tuple[int, int, int],
              draw_suit) -> None:
    """The top half of a court figure, filling ``surf`` (its bottom edge is the middle of
    the card). ``draw_suit(surf, suit, centre, size, colour)`` draws a suit symbol."""
    pen = _Pen(surf)
    w = pen.w
    light = _mix(ink, WHITE, 0.55)
    head_y = 0.50 if rank != JACK else 0.52  # the head's centre
    head_rx, head_ry = 0.15, 0.18
    top = head_y - pen.dy(head_ry)  # the crown of the head

    # Held things go behind the shoulders: the king's sceptre, the jack's halberd.
    if rank == KING:
        pen.bar(GOLD, 0.17, 1.0, 0.17, 0.25, 0.05)
        draw_suit(surf, suit, pen.p(0.17, 0.25 - pen.dy(0.07)), w * 0.17, ink)
    elif rank == JACK:
        pen.bar(GOLD_DARK, 0.84, 1.0, 0.84, 0.16, 0.04)
        tip = 0.16
        pen.poly(_mix(ink, WHITE, 0.2), [(0.84, tip - pen.dy(0.14)), (0.89, tip),
                                         (0.84, tip + pen.dy(0.03)), (0.79, tip)])
        pen.poly(light, [(0.84, tip + pen.dy(0.04)), (0.96, tip + pen.dy(0.01)),
                         (0.96, tip + pen.dy(0.12)), (0.84, tip + pen.dy(0.09))])

    # Queen's hair falls behind her shoulders.
    if rank == QUEEN:
        pen.poly(HAIR, [(0.5 - 0.19, top + pen.dy(0.08)), (0.5 - 0.24, 0.78),
                        (0.5 + 0.24, 0.78), (0.5 + 0.19, top + pen.dy(0.08))])

    # Shoulders and robe in the suit's colour, a lighter front panel trimmed in gold.
    pen.poly(ink, [(0.03, 1.0), (0.05, 0.84), (0.16, 0.74), (0.36, 0.69), (0.64, 0.69),
                   (0.84, 0.74), (0.95, 0.84), (0.97, 1.0)])
    pen.poly(light, [(0.41, 0.70), (0.59, 0.70), (0.66, 1.0), (0.34, 1.0)])
    pen.bar(GOLD, 0.41, 0.72, 0.345, 1.0, 0.03)
    pen.bar(GOLD, 0.59, 0.72, 0.655, 1.0, 0.03)

    # Neck and head.
    neck_top = head_y + pen.dy(head_ry * 0.6)
    pen.poly(SKIN, [(0.455, neck_top), (0.545, neck_top), (0.55, 0.72), (0.45, 0.72)])
    if rank == KING:  # ermine collar: white with black tails
        pen.poly(WHITE, [(0.28, 0.70), (0.72, 0.70), (0.64, 0.79), (0.36, 0.79)])
        for x in (0.36, 0.5, 0.64):
            pen.circle(LINE, x, 0.745, 0.012)
    elif rank == QUEEN:  # a string of pearls
        for i in range(7):
            x = 0.41 + i * 0.03
            y = 0.715 + 0.04 * (1 - ((i - 3) / 3) ** 2)
            pen.circle(WHITE, x, y, 0.016, outline=True)
    else:  # a ruff
        pen.ellipse(WHITE, 0.5, 0.715, 0.17, 0.045)

    pen.ellipse(SKIN, 0.5, head_y, head_rx, head_ry)
    eye_y = head_y - pen.dy(0.015)
    for dx in (-0.055, 0.055):
        pen.circle(LINE, 0.5 + dx, eye_y, 0.017)
    mouth_y = head_y + pen.dy(0.085)

    if rank == KING:
        # Beard over the jaw, a moustache, and the crown.
        pen.poly(BEARD, [(0.5 - head_rx, head_y + pen.dy(0.02)),
                         (0.5 - 0.12, head_y + pen.dy(0.17)), (0.5, head_y + pen.dy(0.29)),
                         (0.5 + 0.12, head_y + pen.dy(0.17)),
                         (0.5 + head_rx, head_y + pen.dy(0.02)),
                         (0.5 + 0.07, mouth_y), (0.5 - 0.07, mouth_y)])
        pen.ellipse(BEARD, 0.5, mouth_y - pen.dy(0.01), 0.075, 0.022)
        band = top + pen.dy(0.015)
        spikes = [(0.5 - 0.18, band)]
        for i in range(5):
            x = 0.5 - 0.18 + 0.09 * i
            spikes += [(x, band - pen.dy(0.17 if i % 2 == 0 else 0.13)),
                       (x + 0.045, band - pen.dy(0.07))]
        spikes = spikes[:-1] + [(0.5 + 0.18, band - pen.dy(0.17)), (0.5 + 0.18, band)]
        pen.poly(GOLD, spikes)
        pen.poly(GOLD, [(0.5 - 0.185, band - pen.dy(0.05)), (0.5 + 0.185, band - pen.dy(0.05)),
                        (0.5 + 0.185, band + pen.dy(0.03)), (0.5 - 0.185, band + pen.dy(0.03))])
        for i in range(5):
            x = 0.5 - 0.18 + 0.09 * i
            pen.circle(ink, x, band - pen.dy(0.17 if i % 2 == 0 else 0.13), 0.022)
        pen.circle(ink, 0.5, band - pen.dy(0.01), 0.024)
    elif rank == QUEEN:
        # Hair framing the face, a rounded coronet, and a flower of her suit.
        pen.poly(HAIR, [(0.5 - head_rx - 0.01, head_y + pen.dy(0.04)),
                        (0.5 - head_rx + 0.01, top + pen.dy(0.03)), (0.5, top - pen.dy(0.02)),
                        (0.5 + head_rx - 0.01, top + pen.dy(0.03)),
                        (0.5 + head_rx + 0.01, head_y + pen.dy(0.04)),
                        (0.5 + head_rx - 0.04, head_y - pen.dy(0.05)),
                        (0.5, top + pen.dy(0.07)),
                        (0.5 - head_rx + 0.04, head_y - pen.dy(0.05))])
        pygame.draw.line(surf, LINE, pen.p(0.46, mouth_y), pen.p(0.54, mouth_y), pen.line)
        base = top + pen.dy(0.02)
        pen.poly(GOLD, [(0.5 - 0.14, base), (0.5 - 0.11, base - pen.dy(0.08)),
                        (0.5 + 0.11, base - pen.dy(0.08)), (0.5 + 0.14, base)])
        for dx in (-0.1, 0.0, 0.1):
            pen.circle(GOLD, 0.5 + dx, base - pen.dy(0.1 if dx else 0.13), 0.035, outline=True)
        pen.circle(ink, 0.5, base - pen.dy(0.13), 0.016)
        pen.bar((60, 120, 60), 0.80, 0.98, 0.80, 0.44, 0.025)
        draw_suit(surf, suit, pen.p(0.80, 0.44 - pen.dy(0.05)), w * 0.2, ink)
    else:
        # Short hair, a cap with a gold brim and a long feather.
        pygame.draw.line(surf, LINE, pen.p(0.46, mouth_y), pen.p(0.54, mouth_y), pen.line)
        for dx in (-1, 1):
            pen.ellipse(HAIR, 0.5 + dx * (head_rx - 0.015), head_y - pen.dy(0.02), 0.035, 0.09)
        brim = top + pen.dy(0.06)
        pen.poly(GOLD, [(0.5 - 0.2, brim + pen.dy(0.03)), (0.5 - 0.17, brim - pen.dy(0.04)),
                        (0.5 + 0.19, brim - pen.dy(0.06)), (0.5 + 0.22, brim + pen.dy(0.01))])
        pen.poly(ink, [(0.5 - 0.16, brim - pen.dy(0.035)), (0.5 - 0.12, brim - pen.dy(0.15)),
                       (0.5 + 0.06, brim - pen.dy(0.19)), (0.5 + 0.17, brim - pen.dy(0.055))])
        pen.poly(_mix(GOLD, WHITE, 0.35), [
            (0.5 + 0.10, brim - pen.dy(0.10)), (0.5 + 0.22, brim - pen.dy(0.30)),
            (0.5 + 0.34, brim - pen.dy(0.36)), (0.5 + 0.26, brim - pen.dy(0.22)),
            (0.5 + 0.15, brim - pen.dy(0.07))])
        # His suit on a little shield at the shoulder.
        draw_suit(surf, suit, pen.p(0.2, 0.86), w * 0.16, light)
