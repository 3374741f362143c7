"""Playing cards and suit symbols drawn in code.

The browser build has no image files to spare and its font has no suit glyphs, so
every suit is built from polygons and circles. Shapes are drawn at four times the
target size and box-filtered down with smoothscale, which gives smooth edges without
relying on any anti-aliasing API. Faces are cached, so once warm a face is a dict lookup.
"""

from __future__ import annotations

import math

import pygame

from ...engine.cards import BIG_JOKER, HIGH_TWO_OF_DIAMONDS, HIGH_TWO_OF_SPADES, LITTLE_JOKER
from . import courts
from .density import density
from .theme import load_font

CARD_RATIO = 3.5 / 2.5  # height / width (poker size)

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JACK, QUEEN, KING, ACE = 9, 10, 11, 12

# Every ink colour has a contrast of at least 4.5:1 against white (tests check it).
INK_BLACK = (24, 24, 30)
INK_RED = (200, 20, 36)
INK_BLUE = (22, 78, 196)
INK_GREEN = (8, 122, 52)
TWO_COLOURS = (INK_BLACK, INK_RED, INK_RED, INK_BLACK)
FOUR_COLOURS = (INK_GREEN, INK_BLUE, INK_RED, INK_BLACK)

PAPER = (255, 255, 255)
EDGE = (150, 150, 158)
BACK_BLUE = (22, 46, 112)
BACK_LINE = (70, 104, 182)
BACK_TRIM = (214, 222, 240)

MIN_WIDTH = 8  # no layout asks for less; a smaller ask gets this (never an empty Surface)
SS = 4  # supersampling; a power of two, since shrinking by 3 loses 2/255 of alpha

Point = tuple[float, float]


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def contrast_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast, so the palette can be checked rather than eyeballed."""

    def lum(c: tuple[int, int, int]) -> float:
        out = []
        for v in c:
            s = v / 255
            out.append(s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4)
        return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# --- suit geometry, in a unit box [-1, 1] with y pointing down -------------------------


def _bezier(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
    pts = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        pts.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return pts


def _heart_outline(a: float = 0.48, r: float = 0.52, b: float = -0.38,
                   tip: float = 0.95, n: int = 40) -> list[Point]:
    """Two lobes joined to the tip by lines tangent to them, so the sides don't kink."""
    vx, vy = a, tip - b  # from the left lobe's centre to the tip
    d = math.hypot(vx, vy)
    start = math.atan2(vy, vx) + math.acos(r / d)
    h = math.sqrt(max(r * r - a * a, 0.0))
    end = math.atan2(-h, a) + 2 * math.pi  # where the lobes meet at the top
    left = []
    for i in range(n + 1):
        t = start + (end - start) * i / n
        left.append((-a + r * math.cos(t), b + r * math.sin(t)))
    right = [(-x, y) for x, y in reversed(left)]
    return [(0.0, tip), *left, *right[1:]]


def _stem(top: float, neck: float, base: float, half: float) -> list[Point]:
    """A flared foot with concave sides, shared by spade and club."""
    left = _bezier((-neck, top), (-neck, base - 0.1), (-half, base), 8)
    right = [(-x, y) for x, y in reversed(left)]
    return [*left, *right]


def _diamond_outline() -> list[Point]:
    corners = [(0.0, -1.0), (0.76, 0.0), (0.0, 1.0), (-0.76, 0.0)]
    pts: list[Point] = []
    for i in range(4):
        p0, p2 = corners[i], corners[(i + 1) % 4]
        mid = ((p0[0] + p2[0]) / 2 * 0.82, (p0[1] + p2[1]) / 2 * 0.82)
        pts.extend(_bezier(p0, mid, p2, 10)[:-1])
    return pts


# Each suit is a list of ("poly", points) and ("circle", centre, radius).
_HEART = [("poly", _heart_outline())]
_DIAMOND = [("poly", _diamond_outline())]
_SPADE = [
    ("poly", [(x * 0.98, -y * 0.8 - 0.2) for x, y in _heart_outline(a=0.47, r=0.53)]),
    ("poly", _stem(0.2, 0.07, 0.97, 0.34)),
]
_CLUB = [
    ("circle", (0.0, -0.53), 0.41),
    ("circle", (-0.52, 0.1), 0.41),
    ("circle", (0.52, 0.1), 0.41),
    ("circle", (0.0, -0.02), 0.26),
    ("poly", _stem(0.1, 0.07, 0.97, 0.32)),
]
SUIT_SHAPES = (_CLUB, _DIAMOND, _HEART, _SPADE)


def draw_suit(surf: pygame.Surface, suit: int, centre: Point, size: float,
              colour: tuple[int, int, int], upside_down: bool = False) -> None:
    """Draw a suit filling a size x size box; upside-down for the lower half of pips."""
    cx, cy = centre
    k = size / 2
    sy = -k if upside_down else k
    for shape in SUIT_SHAPES[suit]:
        if shape[0] == "poly":
            pts = [(cx + x * k, cy + y * sy) for x, y in shape[1]]
            pygame.draw.polygon(surf, colour, pts)
        else:
            (x, y), r = shape[1], shape[2]
            pygame.draw.circle(surf, colour, (cx + x * k, cy + y * sy), r * k)


# --- pip layouts: (column -1/0/1, row 0..1) ----------------------------------------

_SIDES = [(-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)]
_SIX = [*_SIDES, (-1, 0.5), (1, 0.5)]
_EIGHT_SIDES = [(c, r) for c in (-1, 1) for r in (0.0, 1 / 3, 2 / 3, 1.0)]
PIP_LAYOUTS = {
    2: [(0, 0.0), (0, 1.0)],
    3: [(0, 0.0), (0, 0.5), (0, 1.0)],
    4: _SIDES,
    5: [*_SIDES, (0, 0.5)],
    6: _SIX,
    7: [*_SIX, (0, 0.25)],
    8: [*_SIX, (0, 0.25), (0, 0.75)],
    9: [*_EIGHT_SIDES, (0, 0.5)],
    10: [*_EIGHT_SIDES, (0, 1 / 6), (0, 5 / 6)],
}

# Below this width (CSS px) pips get too small to count, so pip cards show one big suit instead.
PIP_MIN_WIDTH = 80
# A joker's middle says BIG or LITTLE JOKER from this width; narrower, its star alone.
JOKER_WORDS_MIN_WIDTH = 60
# Deuces high raises the twos of spades and diamonds above the ace: ids 52 and 53 (see
# engine/cards.py); they are drawn with the faces of the ordinary twos.
RAISED_TWO_FACES = {HIGH_TWO_OF_SPADES: 39, HIGH_TWO_OF_DIAMONDS: 13}


def draw_star(surf: pygame.Surface, centre: Point, size: float,
              colour: tuple[int, int, int], solid: bool = True) -> None:
    """A five-pointed star filling a size x size box: solid, or an open outline."""
    cx, cy = centre
    outer, inner = size / 2, size / 2 * 0.42
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        r = outer if i % 2 == 0 else inner
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a) + size * 0.04))
    if solid:
        pygame.draw.polygon(surf, colour, pts)
    else:
        pygame.draw.polygon(surf, colour, pts, max(1, round(size * 0.09)))


def _desktop_blend(width: int) -> float:
    """0 on phones, 1 on desktops: the jumbo index (rank 30% of the width) that phones need
    would crowd a pip layout, so it eases to 22% as cards grow (as they look: in CSS
    pixels)."""
    return min(max((width / density() - 64) / 32, 0.0), 1.0)


def index_depth(width: int) -> int:
    """How far down from a card's top edge its corner index (rank over suit) reaches, in
    pixels, for a card ``width`` wide: the least of a card that must show for it to be
    read (the upper row of a two-row hand)."""
    t = _desktop_blend(width)
    cap = width * (0.30 - 0.08 * t)
    tile = cap + width * 0.035 + width * (0.19 - 0.04 * t) + cap / 8
    return math.ceil(width * 0.06 + tile)


class CardArt:
    """Renders and caches faces, backs and suit symbols at any width."""

    def __init__(self, four_colour: bool = False) -> None:
        self.four_colour = four_colour
        self._faces: dict[tuple[int, int, bool], pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        self._suits: dict[tuple[int, int, tuple[int, int, int]], pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cap_boxes: dict[pygame.font.Font, pygame.Rect] = {}
        self._glyphs: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}

    # -- public ---------------------------------------------------------------------

    def suit_colour(self, suit: int) -> tuple[int, int, int]:
        return (FOUR_COLOURS if self.four_colour else TWO_COLOURS)[suit]

    def face(self, card: int, width: int) -> pygame.Surface:
        width = max(MIN_WIDTH, int(width))
        key = (card, width, self.four_colour)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = self._render_face(card, width)
        return surf

    def back(self, width: int) -> pygame.Surface:
        width = max(MIN_WIDTH, int(width))
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs[width] = self._render_back(width)
        return surf

    def suit(self, suit: int, size: int, colour: tuple | None = None) -> pygame.Surface:
        ink = tuple(colour[:3]) if colour is not None else self.suit_colour(suit)
        size = max(1, int(size))
        key = (suit, size, ink)
        surf = self._suits.get(key)
        if surf is None:
            big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
            big.fill((*ink, 0))  # transparent in the ink colour, so edges don't darken
            # A hair of margin keeps the stem and lobes off the edge after scaling.
            draw_suit(big, suit, (size * SS / 2, size * SS / 2), size * SS * 0.94, ink)
            surf = self._suits[key] = self._finish(big, (size, size))
        return surf

    def warm(self, width: int) -> None:
        """Render everything a table needs at one width, so play never stalls on drawing."""
        for card in range(52):
            self.face(card, width)
        self.back(width)

    # -- drawing --------------------------------------------------------------------

    @staticmethod
    def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        small = pygame.transform.smoothscale(big, size)
        if pygame.display.get_surface() is not None:
            small = small.convert_alpha()
        return small

    def _font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts[size] = load_font(size, bold=True)
        return font

    def _cap_box(self, font: pygame.font.Font) -> pygame.Rect:
        box = self._cap_boxes.get(font)
        if box is None:
            box = self._cap_boxes[font] = font.render("H", True, (0, 0, 0)).get_bounding_rect()
        return box

    def _glyph(self, text: str, cap: int, ink: tuple[int, int, int]) -> pygame.Surface:
        """Text cropped to its ink, with its cap height exactly ``cap`` pixels."""
        key = (text, cap, ink)
        surf = self._glyphs.get(key)
        if surf is not None:
            return surf
        # Noto Sans's cap height is 0.714 of its pixel size.
        font = self._font(max(4, round(cap / 0.714)))
        if len(text) > 1:
            # Set digits tight: the font's own spacing makes "10" far too wide.
            parts = [self._glyph(ch, cap, ink) for ch in text]
            gap = max(1, cap // 14)
            w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
            h = max(p.get_height() for p in parts)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            surf.fill((*ink, 0))
            x = 0
            for p in parts:
                surf.blit(p, (x, 0))
                x += p.get_width() + gap
        else:
            raw = font.render(text, True, ink)
            cap_box = self._cap_box(font)
            box = raw.get_bounding_rect()
            box.height = box.bottom - cap_box.top
            box.top = cap_box.top
            surf = raw.subsurface(box).copy()
            if cap_box.height != cap:  # exact cap height, whatever the hinting did
                scale = cap / cap_box.height
                surf = pygame.transform.smoothscale(
                    surf, (max(1, round(surf.get_width() * scale)),
                           max(1, round(surf.get_height() * scale))))
        self._glyphs[key] = surf
        return surf

    def _index(self, rank: int, suit: int, big_w: int, width: int,
               ink: tuple[int, int, int]) -> pygame.Surface:
        """The corner index: big rank over a small suit, on a transparent tile."""
        t = _desktop_blend(width)
        cap = round(big_w * (0.30 - 0.08 * t))
        max_w = round(big_w * (0.27 - 0.04 * t))
        glyph = self._glyph(RANK_LABELS[rank], cap, ink)
        if glyph.get_width() > max_w:
            glyph = pygame.transform.smoothscale(glyph, (max_w, glyph.get_height()))
        pip = round(big_w * (0.19 - 0.04 * t))
        gap = round(big_w * 0.035)
        tile_w = max(max_w, pip)
        tile = pygame.Surface((tile_w, cap + gap + pip + cap // 8), pygame.SRCALPHA)
        tile.fill((*ink, 0))
        tile.blit(glyph, ((tile_w - glyph.get_width()) // 2, 0))
        draw_suit(tile, suit, (tile_w / 2, cap + gap + pip / 2), pip, ink)
        return tile

    def _card_blank(self, big_w: int, big_h: int, fill: tuple[int, int, int]) -> pygame.Surface:
        surf = pygame.Surface((big_w, big_h), pygame.SRCALPHA)
        surf.fill((*EDGE, 0))
        radius = round(big_w * 0.075)
        border = max(SS, round(big_w * 0.011))
        rect = surf.get_rect()
        pygame.draw.rect(surf, EDGE, rect, border_radius=radius)
        pygame.draw.rect(surf, fill, rect.inflate(-2 * border, -2 * border),
                         border_radius=max(1, radius - border))
        return surf

    def _render_face(self, card: int, width: int) -> pygame.Surface:
        if card in (BIG_JOKER, LITTLE_JOKER):
            return self._render_joker(card, width)
        # Deuces high: the raised twos keep their own faces; the rules make them spades.
        card = RAISED_TWO_FACES.get(card, card)
        suit, rank = divmod(card, 13)
        ink = self.suit_colour(suit)
        big_w, big_h = width * SS, card_height(width) * SS
        surf = self._card_blank(big_w, big_h, PAPER)

        index = self._index(rank, suit, big_w, width, ink)
        margin_x = round(big_w * 0.035)
        margin_y = round(big_w * 0.06)
        surf.blit(index, (margin_x, margin_y))
        surf.blit(pygame.transform.flip(index, True, True),
                  (big_w - margin_x - index.get_width(),
                   big_h - margin_y - index.get_height()))

        cx, cy = big_w / 2, big_h / 2
        if rank == ACE:
            self._draw_ace(surf, suit, cx, cy, big_w, ink, _desktop_blend(width))
        elif rank >= JACK:
            self._draw_court(surf, rank, suit, big_w, big_h, ink, _desktop_blend(width))
        elif width >= PIP_MIN_WIDTH * density():
            self._draw_pips(surf, rank + 2, suit, big_w, big_h, ink)
        else:
            draw_suit(surf, suit, (cx, cy), big_w * 0.46, ink)
        return self._finish(surf, (width, card_height(width)))

    def _render_joker(self, card: int, width: int) -> pygame.Surface:
        """A joker: the Big Joker red with a solid star and a B in its corners, the
        Little Joker black with an open star and an L, so a fanned hand tells them apart
        by colour, letter and star; wide enough, the middle says BIG or LITTLE JOKER."""
        big = card == BIG_JOKER
        ink = INK_RED if big else INK_BLACK
        big_w, big_h = width * SS, card_height(width) * SS
        surf = self._card_blank(big_w, big_h, PAPER)
        t = _desktop_blend(width)
        cap = round(big_w * (0.30 - 0.08 * t))
        pip = round(big_w * (0.19 - 0.04 * t))
        gap = round(big_w * 0.035)
        glyph = self._glyph("B" if big else "L", cap, ink)
        tile_w = max(glyph.get_width(), pip)
        tile = pygame.Surface((tile_w, cap + gap + pip + cap // 8), pygame.SRCALPHA)
        tile.fill((*ink, 0))
        tile.blit(glyph, ((tile_w - glyph.get_width()) // 2, 0))
        draw_star(tile, (tile_w / 2, cap + gap + pip / 2), pip, ink, solid=big)
        margin_x, margin_y = round(big_w * 0.035), round(big_w * 0.06)
        surf.blit(tile, (margin_x, margin_y))
        surf.blit(pygame.transform.flip(tile, True, True),
                  (big_w - margin_x - tile.get_width(), big_h - margin_y - tile.get_height()))
        cx, cy = big_w / 2, big_h / 2
        draw_star(surf, (cx, cy), big_w * 0.5, ink, solid=big)
        if width >= JOKER_WORDS_MIN_WIDTH * density():
            word_cap = round(big_w * 0.075)
            for text, y in (("BIG" if big else "LITTLE", cy - big_w * 0.42),
                            ("JOKER", cy + big_w * 0.42)):
                word = self._glyph(text, word_cap, ink)
                surf.blit(word, (cx - word.get_width() / 2, y - word.get_height() / 2))
        return self._finish(surf, (width, card_height(width)))

    @staticmethod
    def _draw_ace(surf: pygame.Surface, suit: int, cx: float, cy: float, big_w: int,
                  ink: tuple[int, int, int], t: float) -> None:
        if suit != SPADES:
            draw_suit(surf, suit, (cx, cy), big_w * 0.54, ink)
            return
        # The ace of spades traditionally gets the flourish: a big spade, outlined, in a
        # wreath of leaves between a fine ring and a gold one.
        size = big_w * 0.5
        ring = big_w * (0.30 + 0.04 * t)  # clear of the phone's jumbo index
        line = max(1, round(big_w * 0.008))
        pygame.draw.circle(surf, ink, (cx, cy), ring * 1.08, line)
        pygame.draw.circle(surf, courts.GOLD, (cx, cy), ring * 0.9, max(1, line))
        for i in range(20):
            a = math.tau * (i + 0.5) / 20
            ux, uy = math.cos(a), math.sin(a)  # outwards
            tx, ty = -uy, ux  # along the ring
            mx, my = cx + ux * ring, cy + uy * ring
            length, width = big_w * 0.045, big_w * 0.016
            pygame.draw.polygon(surf, ink, [
                (mx - tx * length, my - ty * length), (mx + ux * width, my + uy * width),
                (mx + tx * length, my + ty * length), (mx - ux * width, my - uy * width)])
        draw_suit(surf, suit, (cx, cy), size * 1.24, ink)
        draw_suit(surf, suit, (cx, cy), size * 1.15, PAPER)
        draw_suit(surf, suit, (cx, cy + size * 0.02), size, ink)
        draw_suit(surf, suit, (cx, cy - size * 0.08), size * 0.22, PAPER)

    @staticmethod
    def _draw_pips(surf: pygame.Surface, count: int, suit: int, big_w: int, big_h: int,
                   ink: tuple[int, int, int]) -> None:
        # The pips keep clear of the corner indices: a little in from the edges, and a
        # ten's two-digit index, the widest, beside the narrower suit under it.
        ten = count == 10
        pip = big_w * (0.12 if ten else 0.13)
        top, bottom = big_h * (0.22 if ten else 0.2), big_h * (0.78 if ten else 0.8)
        col_dx = big_w * (0.13 if ten else 0.14)
        for col, row in PIP_LAYOUTS[count]:
            x = big_w / 2 + col * col_dx
            y = top + row * (bottom - top)
            draw_suit(surf, suit, (x, y), pip, ink, upside_down=row > 0.5)

    @staticmethod
    def _draw_court(surf: pygame.Surface, rank: int, suit: int, big_w: int, big_h: int,
                    ink: tuple[int, int, int], t: float) -> None:
        """A framed figure (courts.py), double-ended like real court cards."""
        # Sized in whole screen pixels, centred exactly: the same either way up.
        step = 2 * SS
        frame = pygame.Rect(0, 0, round(big_w * (0.40 + 0.06 * t) / step) * step,
                            round(big_h * 0.84 / step) * step)
        frame.center = (big_w // 2, big_h // 2)
        line = max(1, round(big_w * 0.012))
        radius = round(big_w * 0.03)
        pygame.draw.rect(surf, courts.CREAM, frame, border_radius=radius)
        half = pygame.Surface((frame.width, frame.height // 2), pygame.SRCALPHA)
        half.fill((*courts.CREAM, 0))
        courts.draw_half(half, rank, suit, ink, draw_suit)
        surf.blit(half, frame.topleft)
        surf.blit(pygame.transform.flip(half, True, True),
                  (frame.left, frame.bottom - half.get_height()))
        mid = frame.centery
        pygame.draw.line(surf, ink, (frame.left, mid), (frame.right - 1, mid), max(1, line))
        pygame.draw.rect(surf, ink, frame, line, border_radius=radius)
        gold = max(SS, line)  # at least a whole pixel, so it shows on a phone too
        pygame.draw.rect(surf, courts.GOLD, frame.inflate(-2 * line - 2 * SS, -2 * line - 2 * SS),
                         gold, border_radius=max(1, radius - line))

    def _render_back(self, width: int) -> pygame.Surface:
        big_w, big_h = width * SS, card_height(width) * SS
        surf = self._card_blank(big_w, big_h, PAPER)
        inset = round(big_w * 0.06)
        panel = surf.get_rect().inflate(-2 * inset, -2 * inset)
        radius = round(big_w * 0.04)
        pygame.draw.rect(surf, BACK_BLUE, panel, border_radius=radius)

        # A diagonal lattice, clipped to the panel.
        lattice = pygame.Surface(panel.size, pygame.SRCALPHA)
        step = max(SS * 3, round(big_w * 0.085))
        lw = max(1, round(big_w * 0.008))
        pw, ph = panel.size
        base = (pw - ph) // 2  # a line through the middle: the same either way up
        for off in range(base - (pw + ph) // step * step, pw + ph, step):
            pygame.draw.line(lattice, BACK_LINE, (off, 0), (off + ph, ph), lw)
            pygame.draw.line(lattice, BACK_LINE, (off, ph), (off + ph, 0), lw)
        mask = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(lattice, panel.topleft)

        trim = max(1, round(big_w * 0.012))
        pygame.draw.rect(surf, BACK_TRIM, panel.inflate(-5 * trim, -5 * trim), trim,
                         border_radius=max(1, radius - 2 * trim))

        # A medallion in the middle: a spade in a double ring, with a spade in each
        # corner of the trim, all turned as on a real back (the same either way up).
        cx, cy = big_w / 2, big_h / 2
        r = big_w * 0.19
        pygame.draw.circle(surf, BACK_BLUE, (cx, cy), r * 1.25)
        pygame.draw.circle(surf, BACK_TRIM, (cx, cy), r * 1.12, trim)
        pygame.draw.circle(surf, BACK_TRIM, (cx, cy), r * 0.97, max(1, trim // 2))
        draw_suit(surf, SPADES, (cx, cy), r * 1.05, BACK_TRIM)
        corner = panel.inflate(-12 * trim, -12 * trim)
        pip = big_w * 0.09
        for x, y, flip in ((corner.left, corner.top, False), (corner.right, corner.top, False),
                           (corner.left, corner.bottom, True),
                           (corner.right, corner.bottom, True)):
            pygame.draw.circle(surf, BACK_BLUE, (x, y), pip * 0.75)
            draw_suit(surf, SPADES, (x, y), pip, BACK_TRIM, upside_down=flip)
        return self._finish(surf, (width, card_height(width)))
