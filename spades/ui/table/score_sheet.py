"""The score sheet's geometry: where the sheet's panel, its scrolling rows and each
hand's row go, and the least width of its columns at a type size (every hand's bids
and points measured). ``TablePanels`` mixes this in; draw/sheet.py draws into it."""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from ..art.marks import marked_width
from ..art.theme import MIN_SIZE
from ..speech.words import sheet_bids, sheet_points, short_bids

SHEET_GAP = 8  # px between two columns of the score sheet


@dataclass
class ScoreSheet:
    """The score sheet's geometry: ``view`` (on screen) shows ``content`` px of rows."""

    panel: Rect
    view: Rect
    content: int
    wide: bool
    step: int  # one hand's row
    head: int  # a team's title and column names


class ScoreSheetPanel:
    """The score sheet's places, from the scene's layout, its match and what it shows
    (mixed into the table's panels, which give ``measure`` and ``button_height``)."""

    def score_sheet(self) -> ScoreSheet:
        """Where the score sheet's parts go: every hand of the match in a scroll area
        between the heading and Close; the teams side by side when wide (their titles
        and column names stay put above the rows), one above the other on a phone (all
        of it scrolls)."""
        lay = self.layout
        most = lay.overlay
        if lay.portrait:
            # A phone: the sheet may use the height under the team scores.
            top = lay.top_bar.bottom + lay.pad
            most = Rect(most.x, top, most.width, lay.height - lay.pad - top)
        elif lay.compact:
            # A phone turned sideways: the two teams' tables side by side need the
            # window's width (in the overlay's, 'Hand' and 'Won' ran out of their columns).
            most = Rect(lay.pad, most.y, lay.width - 2 * lay.pad, most.height)
        pad = lay.pad
        step = round(lay.font_small * 1.35)
        hands = max(1, self.shown.hands_scored)
        sides = self.match.rules.sides  # two teams, or three or two players alone
        # Side by side when each side's part holds its columns at the least size.
        gaps = (sides - 1) * max(24, 3 * pad)
        half, least = (most.width - 2 * pad - 10 - gaps) // sides, MIN_SIZE * lay.density
        wide = most.width >= lay.font * 13 * sides and \
            sum(self.score_needs(round(least), False)) <= half
        head = 2 * step + pad // 2  # a team's title and its column names
        heading = round(lay.font_big * 1.3) + 2 * pad
        buttons = self.button_height() + 2 * pad
        if wide:
            fixed, content = head, hands * step + 4
        else:
            fixed, content = 0, sides * (head + hands * step) + (sides - 1) * step + 4
        height = min(most.height, heading + fixed + content + buttons)
        panel = Rect(0, 0, most.width, height)
        panel.center = most.center
        top = panel.y + heading + fixed
        view = Rect(panel.x + pad, top, panel.width - 2 * pad - 10,
                    panel.bottom - buttons - top)
        return ScoreSheet(panel, view, content, wide, step, head)

    def score_needs(self, size: int, played: bool = True, short: bool = False,
                    split: bool = True) -> list[int]:
        """The score sheet's least width of each column at type ``size``: its bold
        name, or its widest figure, and a gap. The bid's cell, marked, is the widest
        figure by far: the widest of the hands ``played``, else a common wide one
        ("13 nil", both marked), so that a rare "blind nil blind nil" never changes how
        the sheet is laid out. ``short``: each cell in its shorter form ("blind nils"
        and two marks), which it takes where it is too wide whole; ``split``: a bag
        penalty apart from its hand's points ("+31 -100")."""
        text = self.measure
        font = text.font(size, True)
        bids = [marked_width(text, [("13", True), ("nil", True)], size)]
        if played:
            form = short_bids if short else (lambda parts: parts)
            bids = [marked_width(text, form(sheet_bids(result, team)), size)
                    for result in self.match.history[: self.shown.hands_scored]
                    for team in range(self.match.rules.sides)]
        plain = text.font(size)
        points = [font.size("+100")[0]] + [
            plain.size(" ".join(sheet_points(result.teams[team])))[0]
            for result in self.match.history[: self.shown.hands_scored]
            for team in range(self.match.rules.sides) if split]
        figures = [0, 0, font.size(str(self.match.rules.tricks))[0], max(points),
                   font.size("-100")[0], font.size("10")[0]]
        names = ["Hand", "Bid", "Won", "Points", "Total"] + (
            ["Bags"] if self.match.rules.bag_penalty else [])
        needs = [max(font.size(name)[0], figure) + SHEET_GAP
                 for name, figure in zip(names, figures, strict=False)]
        # The hand's number stands at the left of its column, under "Hand": a wide bid
        # may use the room the heading leaves beside the number.
        number = text.font(size).size(str(max(10, self.shown.hands_scored)))[0]
        pair = max(needs[0] + needs[1], number + SHEET_GAP + max(bids, default=0) + SHEET_GAP)
        needs[1] = pair - needs[0]
        return needs

    def score_row(self, team: int, index: int) -> Rect:
        """Where the row of the ``index``-th hand of ``team`` sits in the score sheet's
        content (``score_area.to_screen`` puts it on screen)."""
        sheet = self.score_sheet()
        view = sheet.view
        if sheet.wide:
            gap = max(24, 3 * self.layout.pad)  # the two teams' tables read apart
            sides = self.match.rules.sides
            half = (view.width - (sides - 1) * gap) // sides
            x, y = view.x + team * (half + gap), 0
        else:
            half = view.width
            block = sheet.head + max(1, self.shown.hands_scored) * sheet.step
            x, y = view.x, team * (block + sheet.step) + sheet.head
        return Rect(x, y + 2 + index * sheet.step, half, sheet.step)
