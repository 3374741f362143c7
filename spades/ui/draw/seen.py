"""Drawing "With all cards seen": the heading, the hindsight line (a row on a short
window), and the rows the table lays out in table/seen.py (the progress and its bar,
the opening's answers, the turning point, the partner switch, the key to the tricks,
the thirteen tricks, two to a row on a short window, with each winner's name in bold
and each marked card framed, and tagged on its foot, in green when it kept the best
result and in red when it cost something). Mixed into ``TableDrawer``; the widget
group draws the controls over it.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ..art import theme
from ..table.scene import TableScene
from ..table.seen import TITLE, SeenRow

BAD_INK = (170, 30, 30)  # a cost's words on the light panel: 5.9:1
GOOD_INK = (30, 110, 50)
TURNING = (255, 236, 190)  # the turning point's trick, a warm band behind it


def mark_words(cost, short: bool = False) -> str:
    """The tag on a marked card: "best", or the first thing it cost, short (``short``:
    shorter still, for a card too small for the words: "-1", "nil")."""
    if not cost.costly:
        return "best"
    if cost.tricks:
        return f"-{cost.tricks}" if short else \
            f"-{cost.tricks} trick{'s' if cost.tricks > 1 else ''}"
    if cost.nils:
        return "nil" if short else "the nil"
    if short:
        return "set" if cost.sets or cost.set_contract else "bid"
    return "their nil" if cost.sets else "contract" if cost.contract else "their bid"


class SeenDrawer:
    """The review's part of ``TableDrawer``: uses its ``text`` and ``art``."""

    def overlay_seen(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        t = self.text
        self.heading(surface, scene, box, TITLE)
        step = round(lay.font_small * 1.2)
        lines = [] if scene.seen_short() else scene.seen_hindsight()  # else a row
        y = scene.seen_area.view.top - len(lines) * step - lay.pad // 2  # over the rows
        for line in lines:
            t.blit(surface, line, lay.font_small, theme.PANEL_MUTED, (box.x + lay.pad, y))
            y += step
        review = scene.review
        if review is None:
            return
        area = scene.seen_area
        view = area.view
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        point = review.turning_point()
        for row in scene.seen_rows():
            at = Rect(view.x + row.x, row.y + area.shift, row.w or view.width, row.h)
            if not at.colliderect(view):
                continue
            if row.kind == "trick":
                self.seen_trick(surface, scene, row, at, point)
            elif row.kind != "toggle":
                self.seen_text(surface, scene, row, at)
            if row.kind == "progress":
                tricks = review.positions[0].tricks_left
                done = sum(review.trick_done(k) for k in range(tricks))
                bar = Rect(at.x + 2, at.bottom - 10, at.width - 4, 8)
                pygame.draw.rect(surface, (214, 212, 202), bar, border_radius=4)
                fill = bar.width * done // tricks
                if fill:  # from the right: the last tricks are worked out first
                    pygame.draw.rect(surface, GOOD_INK,
                                     Rect(bar.right - fill, bar.y, fill, bar.height),
                                     border_radius=4)
        surface.set_clip(clip)
        self.scroll_bar(surface, area)

    def seen_text(self, surface: pygame.Surface, scene: TableScene, row: SeenRow,
                  at: Rect) -> None:
        lay = scene.layout
        step = round(lay.font_small * 1.25)
        bold = row.kind == "turning"
        ink = theme.PANEL_MUTED if row.kind in ("key", "marks", "hindsight") else \
            theme.PANEL_TEXT
        for i, line in enumerate(row.lines):
            self.text.blit(surface, line, lay.font_small, ink,
                           (at.x + 2, at.y + i * step), "topleft", bold)

    def seen_trick(self, surface: pygame.Surface, scene: TableScene, row: SeenRow,
                   at: Rect, point: int | None) -> None:
        """A trick: its number, its cards (four, three or two) in the order played with
        each seat's name under its card (the winner's in bold), the marked cards
        framed, then the notes."""
        review = scene.review
        assert review is not None
        lay = scene.layout
        t = self.text
        size = lay.font_small
        n = review.seats
        first = n * row.trick
        if point is not None and first <= point < first + n:
            pygame.draw.rect(surface, TURNING, at.inflate(0, -4), border_radius=8)
        t.blit(surface, str(row.trick + 1), lay.font, theme.PANEL_TEXT,
               (at.x + 4, at.y + lay.pad // 2), "topleft", True)
        w, h = scene.seen_card_size()
        left = at.x + scene.seen_number_w()
        gap = (at.right - left - n * w) // n
        last = first + n - 1
        winner = review.winners[last] if last < len(review.winners) else -1
        done = review.trick_done(row.trick)
        for k in range(n):
            i = first + k
            seat = review.seat_of(i)
            x = left + k * (w + gap) + gap // 2
            card = Rect(x, at.y + lay.pad // 2, w, h)
            surface.blit(self.art.face(review.plays[i], w), card)
            name = scene.names[seat] + (" led" if k == 0 else "")
            t.blit(surface, name, t.fit(name, size, w + gap - 2, seat == winner),
                   theme.PANEL_TEXT, (card.centerx, card.bottom + 2), "midtop",
                   seat == winner)
            if seat not in scene.seen_marked() or not done:
                continue
            cost = review.cost(i)
            if cost is None:
                continue
            ink = BAD_INK if cost.costly else GOOD_INK
            pygame.draw.rect(surface, ink, card.inflate(6, 6), 3, border_radius=8)
            # The mark on the card's foot, light on its colour: the card's, never read
            # on from the name under it ("Noor led" over "best").
            tag = mark_words(cost)
            if t.font(size, True).size(tag)[0] > w + 2:
                tag = mark_words(cost, short=True)
            fs = t.fit(tag, size, w + 2, True)
            tw, th = t.font(fs, True).size(tag)
            pill = Rect(0, 0, min(w + 6, tw + 10), th + 2)
            pill.midbottom = (card.centerx, card.bottom + 3)
            pygame.draw.rect(surface, ink, pill, border_radius=pill.height // 2)
            t.blit(surface, tag, fs, (255, 255, 255), pill.center, "center", True)
        y = at.y + lay.pad // 2 + h + scene.seen_caption_h()
        step = round(size * 1.25)
        for line, kind in row.notes:
            t.blit(surface, line, size, BAD_INK if kind == "bad" else theme.PANEL_MUTED,
                   (at.x + 4, y), "topleft", kind == "bad")
            y += step
