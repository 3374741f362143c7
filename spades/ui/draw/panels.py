"""Drawing the table's overlays (breakdown, last trick, help, comparison, pause, match
over; the score sheet is sheet.py's, the buttons and the bid panel bidding.py's).
``TableDrawer`` mixes this in; like the rest of the frame, what is drawn here is
exactly the control list.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import px
from ..art.theme import MIN_SIZE
from ..speech.words import (
    UNDO_ASK,
    comparison_verdict,
    line_text,
    match_over_title,
    partner_lines,
    standings,
)
from ..table.help import TITLE as HELP_TITLE
from ..table.scene import HUMAN, Control, TableScene, bid_words
from ..widgets.style import SUGGESTED
from .bidding import BidDrawer
from .moments import match_over_banner
from .sheet import TEAM_NAMES

LEAD = "Your team's lead"  # the comparison's last row: your side's points less theirs


def side_heading(scene: TableScene, side: int) -> str:
    """A side's heading on the breakdown and the match's end: "Us: You & Noor" at
    four, the player's own name at three and two."""
    names = scene.names
    if not scene.match.rules.partnerships:
        return names[side]
    return f"{TEAM_NAMES[side]}: {names[side]} & {names[side + 2]}"


class PanelDrawer(BidDrawer):
    """The panels' part of ``TableDrawer``: uses its ``text`` and ``art``."""

    buttons_top = 0  # the top of the overlay's buttons, as ``overlay`` draws it

    # --- overlays --------------------------------------------------------------------

    def overlay(self, surface: pygame.Surface, scene: TableScene, name: str,
                controls: list[Control]) -> None:
        box = scene.overlay_rect(name)
        theme.panel(surface, box)
        # Where the panel's buttons begin: its lines end above them.
        self.buttons_top = min((c.box.top for c in controls if c.box is not None and
                                box.contains(c.box)), default=box.bottom - scene.layout.pad)
        getattr(self, f"overlay_{name}")(surface, scene, box)
        clip = surface.get_clip()
        for control in controls:
            if control.area is not None:  # in a panel's scrolling rows: clipped to them
                if not control.area.shows(control.box):
                    continue
                surface.set_clip(control.area.view.clip(clip))
            self.button(surface, scene, control, on_panel=True)
            surface.set_clip(clip)

    def heading(self, surface: pygame.Surface, scene: TableScene, box: Rect, text: str) -> int:
        lay = scene.layout
        size = self.text.fit(text, lay.font_big, box.width - 2 * lay.pad, bold=True)
        r = self.text.blit(surface, text, size, theme.PANEL_TEXT,
                           (box.centerx, box.y + lay.pad), "midtop", True)
        return r.bottom + lay.pad

    def overlay_breakdown(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        e = scene.breakdown
        if e is None:
            return
        lay = scene.layout
        t = self.text
        y = self.heading(surface, scene, box, scene.deal_name(e.hand_number))
        bottom = self.buttons_top - lay.pad
        gutter = max(16, 3 * lay.pad)  # a rule down it: Us's points never read as Them's
        sides = len(e.teams)  # two teams, or each of three or two players alone
        col_w = (box.width - 2 * lay.pad - (sides - 1) * gutter) // sides
        stacked = scene.breakdown_stacked()  # each player's block under the one before
        if stacked:
            col_w = box.width - 2 * lay.pad
        size = lay.font_small
        most = max(len(ts.lines) for ts in e.teams)
        played = next((r for r in scene.match.history if r.hand_number == e.hand_number), None)
        for team_score in e.teams:
            team = team_score.team
            x = box.x + lay.pad + (0 if stacked else team * (col_w + gutter))
            row = y
            names = scene.names
            head = side_heading(scene, team)
            said = [(line, None) for line in partner_lines(played, team, names)] if played \
                else [(f"Bid {team_score.contract}, took {team_score.tricks}", None)]
            if stacked:  # "Wren: bid 5, took 7" heads the player's block
                head, said = said[0][0], []
            colour = (30, 90, 170) if team == 0 else (180, 80, 30)
            t.blit(surface, head, t.fit(head, lay.font, col_w, True), colour, (x, row),
                   "topleft", True)
            row += round(lay.font * 1.2)
            rows = said + [(line_text(line, names), line.points) for line in team_score.lines]
            if stacked:  # the totals in one line: "Hand total, now 52, bags 2  +52"
                bags = f", bags {team_score.bags_after}" if scene.match.rules.bag_penalty \
                    else ""
                rows.append((f"Hand total, now {team_score.score_after}{bags}",
                             team_score.points))
            else:
                rows += [("", None)] * (most - len(team_score.lines))  # totals line up
                rows += [("Hand total", team_score.points), ("Running total",
                                                             team_score.score_after)]
            gap = max(4, size // 3)  # the totals' rule stands clear of the line above
            if scene.match.rules.bag_penalty and not stacked:
                # The bags' row below the others, whole, at the least step.
                if len(rows) * round(size * 1.1) + t.font(size, True).get_height() <= \
                        bottom - row - gap:
                    rows.append(("Bags carried", team_score.bags_after))
                else:  # a short window: the bags beside the running total
                    rows[-1] = (f"Running total, bags {team_score.bags_after}",
                                team_score.score_after)
            while size > px(MIN_SIZE) and len(rows) * round(size * 1.1) + gap + \
                    t.font(size, True).get_height() - round(size * 1.1) > bottom - row:
                size -= 1  # still too many lines: smaller type, down to the least
            step = max(round(size * 1.1), min(round(size * 1.3),
                                              (bottom - row - gap) // max(1, len(rows))))
            if stacked:
                step = round(size * 1.25)
            for i, (label, value) in enumerate(rows):
                bold = label.startswith(("Hand total", "Running total"))
                total = label.startswith("Running total")
                if label.startswith("Hand total"):
                    rule = row + gap // 2
                    pygame.draw.line(surface, (180, 180, 170), (x, rule), (x + col_w, rule))
                    row += gap
                text = "" if value is None else f"{value:+d}" if not total and \
                    label != "Bags carried" and (i > 0 or stacked) else str(value)
                room = col_w - (t.font(size, True).size(text)[0] + 8 if text else 0)
                lsize = t.fit(label, size, room, bold)  # beside its own figure
                t.blit(surface, label, lsize, theme.PANEL_TEXT, (x, row), "topleft", bold)
                if value is not None:
                    ink = theme.PANEL_TEXT
                    if not total and label != "Bags carried":
                        ink = theme.GOOD if value > 0 else (theme.BAD if value < 0 else ink)
                    t.blit(surface, text, size, ink, (x + col_w, row), "topright", True)
                row += step
            if stacked:
                y = row + lay.pad
            elif team < sides - 1:
                mid = x + col_w + gutter // 2
                pygame.draw.line(surface, (200, 200, 190), (mid, y), (mid, row - step + size))

    def scroll_bar(self, surface: pygame.Surface, area) -> None:
        """A bar at the right of a scroll area on a light panel, while there is more;
        and the rows fade into the panel at an edge with more beyond it, so a line cut
        by the edge reads as "more below", not as a mistake."""
        if not area.more:
            return
        fade = min(28, area.view.height // 6)
        for edge, more in ((area.view.bottom, area.offset < area.max_offset - 0.5),
                           (area.view.top, area.offset > 0.5)):
            if not more:
                continue
            band = pygame.Surface((area.view.width, fade), pygame.SRCALPHA)
            for i in range(fade):
                alpha = round(255 * (i + 1) / fade)  # opaque at the edge itself
                row = fade - 1 - i if edge == area.view.top else i
                band.fill((*theme.PANEL, alpha), (0, row, area.view.width, 1))
            surface.blit(band, (area.view.x, edge - fade if edge == area.view.bottom else edge))
        track = Rect(area.view.right + 3, area.view.y, 6, area.view.height)
        pygame.draw.rect(surface, (214, 212, 202), track, border_radius=3)
        h = max(24, track.height * area.view.height // max(1, area.content_h))
        y = track.y + round((track.height - h) * area.offset / max(1, area.max_offset))
        pygame.draw.rect(surface, theme.PANEL_MUTED, (track.x, y, track.width, h),
                         border_radius=3)

    def overlay_last(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        y = self.heading(surface, scene, box, "Last trick")
        last = scene.shown.last_trick
        if last is None:
            self.text.blit(surface, "No trick has been played yet this hand.", lay.font,
                           theme.PANEL_MUTED, (box.centerx, y + lay.pad), "midtop")
            return
        leader, cards, winner = last
        names = scene.names
        bottom = box.bottom - lay.pad * 2 - max(round(44 * lay.density), round(lay.font * 2))
        n = scene.match.rules.seats
        label_h = round(lay.font_small * 2.4)
        w = min(round((box.width - (n + 1) * lay.pad) / n), lay.card_w,
                round((bottom - y - label_h) / 1.4))
        h = round(w * 1.4)
        total = n * w + (n - 1) * lay.pad
        x = box.centerx - total // 2
        for i, card in enumerate(cards):
            seat = (leader + i) % n
            rect = Rect(x + i * (w + lay.pad), y, w, h)
            surface.blit(self.art.face(card, w), rect)
            if seat == winner:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=10)
            label = names[seat] + (" led" if i == 0 else "")
            size = self.text.fit(label, lay.font_small, w + lay.pad)
            self.text.blit(surface, label, size, theme.PANEL_TEXT,
                           (rect.centerx, rect.bottom + 6), "midtop", True)
            if seat == winner:
                self.text.blit(surface, "won it", lay.font_small, (150, 110, 0),
                               (rect.centerx, rect.bottom + 6 + lay.font_small), "midtop", True)

    def overlay_undo_ask(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """The first take-back of a match that counts: what it costs, asked first."""
        y = self.heading(surface, scene, box, "Take back?")
        lay = scene.layout
        for line in self.text.wrap_phrases(UNDO_ASK, lay.font, box.width - 4 * lay.pad):
            self.text.blit(surface, line, lay.font, theme.PANEL_TEXT, (box.centerx, y), "midtop")
            y += round(lay.font * 1.3)

    def overlay_hint(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """The Hint at a bid or a pass: one block of words under its heading."""
        y = self.heading(surface, scene, box, "Hint")
        size, lines = scene.hint_lines()
        for line in lines:
            self.text.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop",
                           width=box.width - 2 * scene.layout.pad)
            y += round(size * 1.3)

    def overlay_help(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """Playing by touch or mouse, and the keys: each section under its heading,
        each row's meaning wrapped in its column, never shrunk."""
        lay = scene.layout
        self.heading(surface, scene, box, HELP_TITLE)
        rows, step, key_w = scene.help_rows()
        area = scene.help_area
        view = area.view
        size = lay.font_small
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        y = area.shift
        for key, lines, heading in rows:
            if heading:
                if view.top - lay.font * 2 < y < view.bottom:
                    self.text.blit(surface, key, lay.font, theme.PANEL_TEXT,
                                   (box.x + lay.pad, y), "topleft", True)
                y += scene.help_row_height(lines, True, step)
                continue
            for i, line in enumerate(lines):  # only the lines in view
                at = y + i * step
                if view.top - step < at < view.bottom:
                    if i == 0:
                        self.text.blit(surface, key, self.text.fit(key, size, key_w, True),
                                       theme.PANEL_TEXT, (box.x + lay.pad, at), "topleft", True)
                    self.text.blit(surface, line, size, theme.PANEL_MUTED,
                                   (box.x + lay.pad * 2 + key_w, at))
            y += step * len(lines) + lay.pad // 2
        surface.set_clip(clip)
        self.scroll_bar(surface, area)

    def overlay_compare(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        """The same deal with the computer in the player's seat, side by side: every
        seat's bid in both versions (a bid that changed is marked) and where they part."""
        from ...ai.compare import difference_words, seat_bids, seat_summary

        lay = scene.layout
        t = self.text
        y = self.heading(surface, scene, box, "Computer's way")  # as its button
        comparison = scene.comparison
        if comparison is None:
            return
        if comparison.result is None:
            self.compare_progress(surface, scene, box, y, comparison.cards_played)
            return
        mine = seat_summary(comparison.original, HUMAN)
        theirs = seat_summary(comparison.result, HUMAN)
        bids = zip(seat_bids(comparison.original), seat_bids(comparison.result), strict=True)
        names = scene.names
        rows = [
            ("", "You", "Computer"),
            *[("Your bid" if s == HUMAN else f"{names[s]}'s bid", bid_words(a), bid_words(b))
              for s, (a, b) in enumerate(bids)],
            ("Tricks you took", mine["tricks"], theirs["tricks"]),
            ("Your team's tricks", mine["team_tricks"], theirs["team_tricks"]),
            ("Your team's points", f"{mine['team_points']:+d}", f"{theirs['team_points']:+d}"),
            ("Their points", f"{mine['other_points']:+d}", f"{theirs['other_points']:+d}"),
            (LEAD, f"{mine['margin']:+d}", f"{theirs['margin']:+d}"),
        ]
        size = lay.font_small
        step = round(size * 1.3)
        # The figures stand near their labels: on a wide panel the table keeps to about
        # 26 letters' width, centred, so the eye does not cross a gap to read a row.
        width = min(box.width - 2 * lay.pad, round(size * 26))
        col = width // 3
        for i, (label, a, b) in enumerate(rows):
            bold = i == 0 or label == LEAD
            # A bid that differs between the versions: marked in the suggestion's blue,
            # not in red, which would say the computer's bid was a mistake.
            changed = 1 <= i <= 4 and a != b
            x = box.centerx - width // 2
            lsize = t.fit(label, size, col + col // 2)
            t.blit(surface, label, lsize, theme.PANEL_TEXT, (x, y), "topleft", bold)
            t.blit(surface, str(a), size, theme.PANEL_TEXT, (x + col * 2 - lay.pad, y),
                   "topright", bold or changed)
            t.blit(surface, str(b), size, SUGGESTED if changed else theme.PANEL_TEXT,
                   (x + col * 3 - lay.pad, y), "topright", bold or changed)
            y += step
        y += lay.pad // 2
        for line in t.wrap(difference_words(comparison), size, box.width - 2 * lay.pad):
            t.blit(surface, line, size, theme.PANEL_MUTED, (box.centerx, y), "midtop")
            y += step
        verdict = comparison_verdict(mine["margin"], theirs["margin"])
        y += lay.pad // 2
        for line in t.wrap(verdict, size, box.width - 2 * lay.pad, True):
            t.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop", True)
            y += step

    def compare_progress(self, surface: pygame.Surface, scene: TableScene, box: Rect,
                         y: int, played: int) -> None:
        """While the computer plays the deal again: what it is doing, a bar that fills
        card by card, and what the panel will show (it stood nearly empty for seconds,
        one line in small type)."""
        lay, t = scene.layout, self.text
        width = box.width - 2 * lay.pad
        size, step = lay.font_small, round(lay.font_small * 1.3)
        for line in t.wrap("The computer is playing your cards of this deal, from the "
                           "same start.", lay.font, width, True):
            t.blit(surface, line, lay.font, theme.PANEL_TEXT, (box.centerx, y), "midtop")
            y += round(lay.font * 1.3)
        y += lay.pad
        bar = Rect(box.x + lay.pad * 2, y, box.width - 4 * lay.pad, max(12, lay.pad * 2))
        pygame.draw.rect(surface, theme.PANEL_MUTED, bar, 2, border_radius=bar.height // 2)
        fill = bar.inflate(-6, -6)
        cards = scene.match.rules.tricks * scene.match.rules.seats
        fill.width = max(fill.height, fill.width * min(played, cards) // cards)
        pygame.draw.rect(surface, SUGGESTED, fill, border_radius=fill.height // 2)
        y = bar.bottom + lay.pad // 2
        t.blit(surface, f"{played} of {cards} cards played", size, theme.PANEL_MUTED,
               (box.centerx, y), "midtop")
        y += step + lay.pad
        for line in t.wrap("Then your result and the computer's stand side by side: every "
                           "bid, the tricks, the points, and where the two first differ.",
                           size, width):
            t.blit(surface, line, size, theme.PANEL_MUTED, (box.centerx, y), "midtop")
            y += step

    def overlay_pause(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        self.heading(surface, scene, box, "Paused")

    def overlay_match_over(self, surface: pygame.Surface, scene: TableScene, box: Rect) -> None:
        lay = scene.layout
        e = scene.result
        if e is None:
            return
        names = scene.names
        match_over_banner(surface, scene, box, e.winner == 0, self.art)
        y = self.heading(surface, scene, box, match_over_title(e.winner, e.scores, names))
        t = self.text
        order = [e.winner] + [side for side in standings(e.scores) if side != e.winner]
        for team, side in enumerate(order):
            # Every side by name and final score, the winners first.
            who = side_heading(scene, side)
            row_y = y + team * round(lay.font_big * 1.2)
            colour = (30, 90, 170) if side == 0 else (180, 80, 30)
            score = str(e.scores[side])
            score_w = t.font(lay.font_big, True).size(score)[0]
            left = box.centerx - round(lay.font * 8)
            right = min(box.right - 2 * lay.pad, box.centerx + round(lay.font * 8))
            left = max(box.x + 2 * lay.pad, left)
            size = max(15, t.fit(who, lay.font, right - left - score_w - lay.pad, True))
            # On the score's baseline, not centred on its taller line.
            drop = t.font(lay.font_big, True).get_ascent() - t.font(size, True).get_ascent()
            t.blit(surface, who, size, colour, (left, row_y + drop), "topleft", True)
            t.blit(surface, score, lay.font_big, theme.PANEL_TEXT, (right, row_y), "topright",
                   True)
        y += round(lay.font_big * (0.2 + 1.2 * len(order)))
        lines = scene.match_over_lines()
        for text in lines:
            for line in t.wrap_phrases(text, lay.font, box.width - 2 * lay.pad):
                t.blit(surface, line, lay.font, theme.PANEL_MUTED, (box.centerx, y), "midtop")
                y += round(lay.font * 1.3)

