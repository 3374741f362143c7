"""Drawing the score sheet: each team's hands as a table, every hand of the match,
side by side when wide and one above the other on a phone. ``TableDrawer`` mixes
this in beside the other panels; the sheet's geometry (``TableScene.score_sheet``)
is the scene's.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px
from ..art.marks import draw_marked, marked_width
from ..speech.words import sheet_bids, sheet_points, short_bids
from ..table.scene import TableScene
from ..table.score_sheet import SHEET_GAP

TEAM_NAMES = ("Us", "Them")


class SheetDrawer:
    """The score sheet's part of ``TableDrawer``: uses its ``text``, ``heading`` and
    ``scroll_bar``."""

    def overlay_scores(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """Each team's hands as a table, every hand of the match: side by side when
        wide (the titles and column names stay put while the rows scroll), one above
        the other on a phone (all of it scrolls). A bar shows when there is more."""
        self.heading(surface, scene, box, "Score sheet")
        history = scene.match.history[: scene.shown.hands_scored]
        sheet = scene.score_sheet()
        area = scene.score_area
        view = sheet.view
        clip = surface.get_clip()
        for team in range(scene.match.rules.sides):
            first = area.to_screen(scene.score_row(team, 0))
            # Side by side the heads stay over the view however far the rows scroll.
            top = view.y - sheet.head if sheet.wide else first.y - 2 - sheet.head
            head = Rect(first.x, top, first.width, sheet.head)
            if sheet.wide:
                self.score_head(surface, scene, head, team, sheet.step)  # stays put
            surface.set_clip(view.clip(clip))
            if not sheet.wide:
                self.score_head(surface, scene, head, team, sheet.step)
            self.score_rows(surface, scene, team, history)
            surface.set_clip(clip)
        self.scroll_bar(surface, area)

    def score_columns(self, scene: TableScene) -> list[str]:
        bags_on = scene.match.rules.bag_penalty
        return ["Hand", "Bid", "Won", "Points", "Total"] + (["Bags"] if bags_on else [])

    def score_rights(self, scene: TableScene, block: Rect) -> list[int]:
        """Each column's right edge: every column as wide as its name or its widest
        figure and a gap, the room left shared by weight (the bid, "3+nil", the most);
        if they need more than the block, each gives way in proportion."""
        size, short, split = self.score_form(scene, block.width)
        needs = scene.score_needs(size, short=short, split=split)
        if sum(needs) > block.width:  # a rare wide bid at the least size: all give way
            needs = [need * block.width / sum(needs) for need in needs]
        weights = [0.8, 1.6, 0.9, 1.1, 1.1, 0.9][:len(needs)]
        spare = max(0, block.width - sum(needs))
        total, edges, run = sum(weights), [], float(block.x)
        for need, w in zip(needs, weights, strict=True):
            run += need + spare * w / total
            edges.append(round(run) - SHEET_GAP // 2)
        return edges

    def score_size(self, scene: TableScene, width: int) -> int:
        return self.score_form(scene, width)[0]

    def score_form(self, scene: TableScene, width: int) -> tuple[int, bool, bool]:
        """The sheet's type size, its bids' form and whether a bag penalty stands apart
        from its hand's points: the body size with every bid whole and each penalty
        apart ("+31 -100"), else the bids in their shorter form ("blind nils" and two
        marks), else the points in one figure ("-69"; the bags stay red), else a size
        smaller (to the least) if its columns need more than ``width``."""
        size = scene.layout.font_small
        while True:
            for short, split in ((False, True), (True, True), (True, False)):
                if sum(scene.score_needs(size, short=short, split=split)) <= width:
                    return size, short, split
            if size <= px(theme.MIN_SIZE):
                return size, True, False
            size -= 1

    def score_head(self, surface: pygame.Surface, scene: TableScene, block: Rect, team: int,
                   step: int) -> None:
        """A team's title and its column names."""
        lay = scene.layout
        t = self.text
        names = scene.names
        cols = self.score_columns(scene)
        size = self.score_size(scene, block.width)
        colour = (30, 90, 170) if team == 0 else (180, 80, 30)
        title = names[team] if not scene.match.rules.partnerships else \
            f"{TEAM_NAMES[team]}: {names[team]} & {names[team + 2]}"
        t.blit(surface, title, t.fit(title, lay.font_small, block.width, True), colour,
               block.topleft, "topleft", True)
        rights = self.score_rights(scene, block)
        y = block.y + step
        for c, (name, right) in enumerate(zip(cols, rights, strict=True)):
            if c == 0:  # the hands' numbers read down the left edge
                t.blit(surface, name, size, theme.PANEL_MUTED, (block.x, y), "topleft", True)
                continue
            t.blit(surface, name, size, theme.PANEL_MUTED, (right, y), "topright", True)
        pygame.draw.line(surface, (180, 180, 170), (block.x, block.bottom - 2),
                         (block.right, block.bottom - 2))

    def score_rows(self, surface: pygame.Surface, scene: TableScene, team: int,
                   history: list) -> None:
        """A team's row for every hand scored (the caller clips them to the view)."""
        t = self.text
        bags_on = scene.match.rules.bag_penalty
        area = scene.score_area
        view = surface.get_clip()
        if not history:
            row = area.to_screen(scene.score_row(team, 0))
            t.blit(surface, "No hand has been scored yet.", self.score_size(scene, row.width),
                   theme.PANEL_MUTED, row.topleft)
        for i, result in enumerate(history):
            row = area.to_screen(scene.score_row(team, i))
            if not row.colliderect(view):
                continue  # out of view: not drawn
            size, _, split = self.score_form(scene, row.width)
            rights = self.score_rights(scene, row)
            ts = result.teams[team]
            values = [result.hand_number + 1, "", ts.tricks, f"{ts.points:+d}",
                      ts.score_after] + ([ts.bags_after] if bags_on else [])
            number = None
            for c, (value, right) in enumerate(zip(values, rights, strict=True)):
                if c == 0:
                    number = t.blit(surface, str(value), size, theme.PANEL_TEXT, row.topleft)
                    continue
                if c == 1:  # the bid: each contract and nil marked made or failed,
                    # shorter where it would reach the hand's number whole
                    parts = sheet_bids(result, team)
                    if marked_width(t, parts, size) > right - number.right - SHEET_GAP:
                        parts = short_bids(parts)
                    draw_marked(t, surface, parts, size, theme.PANEL_TEXT, right, row.y)
                    continue
                if c == 3:  # the hand's points, a bag penalty told apart ("+23 -100")
                    x = right
                    for part in reversed(sheet_points(ts) if split else [value]):
                        x = t.blit(surface, part, size, theme.points_ink(part), (x, row.y),
                                   "topright").left - t.font(size).size(" ")[0]
                    continue
                ink = theme.PANEL_TEXT
                if c == 5 and len(sheet_points(ts)) > 1:  # the bags the penalty took
                    ink = theme.BAD
                t.blit(surface, str(value), size, ink, (right, row.y), "topright", c == 4)
