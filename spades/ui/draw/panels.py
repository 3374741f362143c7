"""Drawing the table's panels: buttons, the bid panel and every overlay (breakdown,
last trick, help, comparison, pause, match over; the score sheet is draw_sheet.py's).
``TableDrawer`` mixes this in; like the rest of the frame, what is drawn here is
exactly the control list.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
from pygame import Rect

from ..art import theme
from ..speech.words import (
    UNDO_ASK,
    comparison_verdict,
    line_text,
    match_over_title,
    partner_lines,
)
from ..table.help import TITLE as HELP_TITLE
from ..table.scene import HUMAN, Control, TableScene, bid_words
from ..widgets import Look
from ..widgets.style import SUGGESTED
from .moments import match_over_banner
from .sheet import TEAM_NAMES, SheetDrawer

LEAD = "Your team's lead"  # the comparison's last row: your side's points less theirs


class PanelDrawer(SheetDrawer):
    """The panels' part of ``TableDrawer``: uses its ``text`` and ``art``."""

    # --- controls --------------------------------------------------------------------

    def look(self, scene: TableScene, ground: str = "felt") -> Look:
        """What the widget layer draws with: this table's sizes, the input mode's key
        hints (none after a touch), on the felt or on a light panel."""
        lay = scene.layout
        hints = scene.input.hints_in((lay.width, lay.height))
        # Buttons on a panel (bids, Confirm, Next hand) speak in body text; the
        # toolbar's are chrome, in the secondary size.
        small = lay.font if ground == "panel" else lay.font_small
        return Look(self.text, lay.font, small, lay.pad, lay.target, hints, scene.now, ground)

    def button(self, surface: pygame.Surface, scene: TableScene, control: Control,
               on_panel: bool = False, ground: str = "felt", hints_under: bool = False
               ) -> None:
        """A control as the widget layer draws it: its style (primary, secondary,
        chosen), faded when disabled, hover and press from the pointer group; on a
        light panel, the felt, or the toolbar's dark bar."""
        look = self.look(scene, "panel" if on_panel else ground)
        if hints_under:
            look = replace(look, hints_under=True)
        control.draw(surface, look, scene.group.state(control))

    def hints_under(self, scene: TableScene, controls: list[Control]) -> bool:
        """Whether a row of buttons (the toolbar) puts every key hint under its label:
        when any one's does not fit beside it, so that the row reads alike."""
        look = self.look(scene, "bar")
        if not look.hints:
            return False
        font = self.text.font(look.small, True)
        return any(c.hint and font.size(f"{c.label}  {c.hint}")[0] > c.rect.width - 16
                   for c in controls)

    def plate(self, surface: pygame.Surface, scene: TableScene, lines: list[str], size: int,
              midtop: tuple[int, int], step: int) -> Rect:
        """A dark plate under lines of words about to be drawn at ``midtop``: the dealer
        line stands on it over the deal, so a card flying from the deck to the hand
        passes under the words (the flights cross every part of the felt between the
        deck and the hand, and on the smallest phone every part of the table)."""
        lay = scene.layout
        font = self.text.font(size)
        width = max(font.size(line)[0] for line in lines)
        rect = Rect(0, 0, width + 2 * lay.pad + 8,
                    step * (len(lines) - 1) + font.get_height() + lay.pad)
        rect.midtop = (midtop[0], midtop[1] - lay.pad // 2)
        pygame.draw.rect(surface, (10, 36, 24), rect, border_radius=8)  # as a seat's badge
        pygame.draw.rect(surface, (60, 110, 84), rect, 2, border_radius=8)
        return rect

    def bid_panel(self, surface: pygame.Surface, scene: TableScene,
                  controls: list[Control]) -> None:
        lay = scene.layout
        theme.panel(surface, scene.bid_panel_rect())
        title, _, confirm, _ = scene.bid_grid()
        t = self.text
        view = scene.view
        if not view.looked:
            heading = "Blind nil?"
            rules = scene.match.rules
            sub = (f"Your team trails by {rules.blind_nil_deficit} or more. Bid blind nil "
                   f"before seeing your cards: +{rules.blind_nil_value} if you take no "
                   f"trick, -{rules.blind_nil_value} if you take any.")
        else:
            heading = "Your bid"
            sub = self.bids_so_far(scene)
        if lay.compact:
            self.compact_bid_words(surface, scene, heading, sub, controls)
            return
        sub_size = lay.font_small
        step = round(sub_size * 1.3)
        told = self.told_in_panel(scene, sub_size, title.width, 99)
        if len(told) > max(1, (lay.bid_note.height + round(2 * lay.density)) // step):
            # Longer than the notes' room: it takes the heading's place for a while,
            # and what the heading cannot hold runs on in the notes' room.
            head = max(1, title.height // step)
            room = max(1, (lay.bid_note.height + 2) // step)
            told, rest = self.split_at_sentences(told, head, room, sub_size, title.width)
            y = title.centery - step * len(told) // 2
            self.drawn_message = Rect(title.x, y, title.width, step * len(told))
            for line in told:
                t.blit(surface, line, sub_size, theme.PANEL_TEXT, (title.centerx, y),
                       "midtop", True, width=title.width)
                y += step
        else:
            t.blit(surface, heading, lay.font, theme.PANEL_TEXT, (title.centerx, title.y),
                   "midtop", True)
            lines = t.wrap_phrases(sub, sub_size, title.width)
            y = title.y + round(lay.font * 1.2)
            for line in lines[:3]:
                t.blit(surface, line, sub_size, theme.PANEL_MUTED, (title.centerx, y),
                       "midtop")
                y += round(sub_size * 1.0)
            told, rest = [], ""
        suggestion = scene.suggested_bid_value()
        for control in controls:
            if control.group == "bids" or control.key == ("btn", "confirm"):
                self.button(surface, scene, control, on_panel=True)
        if view.looked:
            self.bid_notes(surface, scene, suggestion, heading_told=bool(told), rest=rest)

    def split_at_sentences(self, lines: list[str], head: int, room: int, size: int,
                           width: int) -> tuple[list[str], str]:
        """A message's first ``head`` lines and the rest (for ``room`` lines), broken
        after a whole sentence where both parts fit ("clubs" / "1.3." read as two
        thoughts); else after the heading's lines."""
        text = " ".join(lines)
        sentences = [part + "." for part in text.rstrip(".").split(". ")]
        for k in range(len(sentences) - 1, 0, -1):
            first = self.text.wrap_phrases(" ".join(sentences[:k]), size, width - 8, True)
            rest = " ".join(sentences[k:])
            if len(first) <= head and len(
                    self.text.wrap_phrases(rest, size, width - 8, True)) <= room:
                return first, rest
        return lines[:head], " ".join(lines[head:])

    def bid_notes(self, surface: pygame.Surface, scene: TableScene,
                  suggestion: int | None, heading_told: bool = False,
                  rest: str = "") -> None:
        """Under the grid, what the outline means and why greyed bids are out, as many
        lines as the layout's note box holds; the smallest phone's box, beside Confirm,
        takes the suggestion's note alone, on two short lines. A message the panel
        says takes their room (``rest``: the end of one begun in the heading's)."""
        lay, t = scene.layout, self.text
        box, size = lay.bid_note, lay.font_small
        step = round(size * 1.3)
        lines = max(0, (box.height + round(2 * lay.density)) // step)
        if rest:
            told = t.wrap_phrases(rest, size, box.width - 8, True)
            if len(told) > max(1, lines):
                told = told[:max(1, lines)]
                told[-1] = told[-1].rstrip(" .,;:") + "..."
        else:
            told = [] if heading_told else self.told_in_panel(scene, size, box.width,
                                                               max(1, lines))
        if told:  # the message answers what was just tapped: it takes the notes' room
            y = box.centery - step * len(told) // 2
            for line in told:
                t.blit(surface, line, size, theme.PANEL_TEXT, (box.centerx, y), "midtop",
                       True, width=box.width)
                y += step
            if not rest:
                self.drawn_message = Rect(box.x, box.centery - step * len(told) // 2,
                                          box.width, step * len(told))
            return
        notes: list[tuple[list[str], tuple]] = []
        if suggestion is not None:
            said = bid_words(suggestion)
            picked = scene.bid_choice == suggestion
            notes.append(([f"You picked the suggested bid ({said})", "Suggested bid picked"]
                          if picked else
                          [f"Outlined: the suggested bid ({said})", "Outlined: suggested"],
                          SUGGESTED))
        why = scene.greyed_bids_note()
        if why is not None:
            notes.append(([why], theme.PANEL_MUTED))
        if box.width <= 0 or not notes or lines == 0:
            return
        if box.right <= lay.bid_confirm.left:  # beside Confirm: two short lines
            forms, colour = notes[0]
            wrapped = next((w for w in (t.wrap(f, size, box.width) for f in forms)
                            if len(w) <= lines), None)
            if wrapped is not None:
                y = box.centery - step * len(wrapped) // 2
                for line in wrapped:
                    t.blit(surface, line, size, colour, (box.centerx, y), "midtop")
                    y += step
            return
        y = box.centery - step * min(lines, len(notes)) // 2
        for forms, colour in notes[:lines]:
            text = next((f for f in forms if t.font(size).size(f)[0] <= box.width), None)
            if text is None:  # the shortest form, made a little smaller
                text = forms[-1]
            fit = t.fit(text, size, box.width)
            t.blit(surface, text, fit, colour, (box.centerx, y), "midtop", width=box.width)
            y += step

    def told_in_panel(self, scene: TableScene, size: int, width: int, most: int) -> list[str]:
        """The message's lines as the bid panel says them (none when it is not the
        panel's to say): at most ``most``, the last cut with "..." if need be."""
        message = self.shown_message(scene)
        if message is None or not self.panel_tells_message(scene):
            return []
        lines = self.text.wrap_phrases(message[0], size, width - 8, True)
        if len(lines) > most:
            lines = lines[:most]
            lines[-1] = lines[-1].rstrip(" .,;:") + "..."
        return lines

    def bids_so_far(self, scene: TableScene) -> str:
        """The bid panel's line under its heading: the partner's bid, then the
        opponents' ("Your partner bid 8. West bid 3, East nil."), since on a phone the
        panel covers their badges while you bid."""
        view = scene.view
        names = scene.names
        partner = view.bids[view.partner]
        them = [f"{names[q]} {'bid ' if view.bids[q] > 0 else ''}{bid_words(view.bids[q])}"
                for q in ((view.seat + 1) % 4, (view.seat + 3) % 4) if view.bids[q] is not None]
        words = ("How many tricks will you take?" if partner is None else
                 f"Your partner bid {bid_words(partner)}.")
        return words + (f" {', '.join(them)}." if them else "")

    def compact_bid_words(self, surface: pygame.Surface, scene: TableScene, heading: str,
                          sub: str, controls: list[Control]) -> None:
        """A short window's bid panel: the words beside Confirm (before looking, the
        blind nil terms above its two buttons), the bid buttons above."""
        lay = scene.layout
        t = self.text
        title, rects, _, _ = scene.bid_grid()
        for control in controls:
            if control.group == "bids" or control.key == ("btn", "confirm"):
                self.button(surface, scene, control, on_panel=True)
        size = lay.font_small
        step = round(size * 1.15)
        row2 = rects[lay.bid_cols].top  # where the second row of buttons starts
        if not scene.view.looked:
            # The blind nil terms across the panel's width above its two buttons, the
            # heading run into them: beside Confirm's narrow column they were cut after
            # "+200 if you" at 568x320, the buttons over their last line.
            wide = Rect(lay.bid_panel.x + 2 * lay.pad, 0, lay.bid_panel.width - 4 * lay.pad, 0)
            y = min(rects[0].top, title.top)
            lines = t.wrap_phrases(f"{heading} {sub}", size, wide.width)
            step = min(step, max(size, (row2 - lay.pad // 2 - y) // max(1, len(lines))))
            for line in lines:
                t.blit(surface, line, size, theme.PANEL_TEXT, (wide.x, y), width=wide.width)
                y += step
            return
        # The heading on a line of its own when there is room for it, then every bid
        # made so far, wrapped (never cut: the panel hides the badges that show them),
        # then the outline's note if it still fits, centred on Confirm. The heading
        # goes first when room runs short: the bid buttons say what the panel is for.
        suggestion = scene.suggested_bid_value()
        fit = max(1, (title.height + step - size) // step)
        told = self.told_in_panel(scene, size, title.width, fit)
        words = t.wrap_phrases(sub, size, title.width)
        if len(words) > fit:  # too many lines: the last one says the rest with "..."
            words = words[:fit - 1] + [" ".join(words[fit - 1:])]
        lines = [(line, theme.PANEL_TEXT, False) for line in words]
        if len(lines) < fit:
            lines.insert(0, (heading, theme.PANEL_TEXT, True))
        if suggestion is not None and len(lines) < fit:
            lines.append((f"Outlined: the suggested bid ({bid_words(suggestion)})",
                          SUGGESTED, False))
        if told:  # the message first, then as much of the rest as still fits
            lines = [(line, theme.PANEL_TEXT, True) for line in told] + [
                line for line in lines if not line[2]][:fit - len(told)]
        middle = lay.bid_confirm.centery if lay.bid_confirm.y == title.y else title.centery
        y = max(title.y, min(middle - step * len(lines) // 2,
                             title.bottom - step * (len(lines) - 1) - size))
        if told:
            self.drawn_message = Rect(title.x, y, title.width, step * len(told))
        for line, ink, bold in lines:
            t.blit(surface, line, size, ink, (title.x, y), bold=bold, width=title.width)
            y += step

    # --- overlays --------------------------------------------------------------------

    def overlay(self, surface: pygame.Surface, scene: TableScene, name: str,
                controls: list[Control]) -> None:
        box = scene.overlay_rect(name)
        theme.panel(surface, box)
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
        bottom = box.bottom - lay.pad * 3 - 2 * max(round(44 * lay.density), round(lay.font * 2))
        gutter = max(16, 3 * lay.pad)  # a rule down it: Us's points never read as Them's
        col_w = (box.width - 2 * lay.pad - gutter) // 2
        size = lay.font_small
        most = max(len(ts.lines) for ts in e.teams)
        played = next((r for r in scene.match.history if r.hand_number == e.hand_number), None)
        for team_score in e.teams:
            team = team_score.team
            x = box.x + lay.pad + team * (col_w + gutter)
            row = y
            names = scene.names
            who = f"{names[team]} & {names[team + 2]}"
            colour = (30, 90, 170) if team == 0 else (180, 80, 30)
            t.blit(surface, f"{TEAM_NAMES[team]}: {who}", t.fit(f"{TEAM_NAMES[team]}: {who}",
                   lay.font, col_w, True), colour, (x, row), "topleft", True)
            row += round(lay.font * 1.2)
            rows = [(line, None) for line in partner_lines(played, team, names)] if played \
                else [(f"Bid {team_score.contract}, took {team_score.tricks}", None)]
            rows += [(line_text(line, names), line.points) for line in team_score.lines]
            rows += [("", None)] * (most - len(team_score.lines))  # totals line up
            rows += [("Hand total", team_score.points), ("Running total",
                                                         team_score.score_after)]
            if scene.match.rules.bag_penalty:
                rows.append(("Bags carried", team_score.bags_after))
            gap = max(4, size // 3)  # the totals' rule stands clear of the line above
            step = max(round(size * 1.1), min(round(size * 1.3),
                                              (bottom - row - gap) // max(1, len(rows))))
            for i, (label, value) in enumerate(rows):
                bold = label in ("Hand total", "Running total")
                if label == "Hand total":
                    rule = row + gap // 2
                    pygame.draw.line(surface, (180, 180, 170), (x, rule), (x + col_w, rule))
                    row += gap
                text = "" if value is None else f"{value:+d}" if label not in (
                    "Running total", "Bags carried") and i > 0 else str(value)
                room = col_w - (t.font(size, True).size(text)[0] + 8 if text else 0)
                lsize = t.fit(label, size, room, bold)  # beside its own figure
                t.blit(surface, label, lsize, theme.PANEL_TEXT, (x, row), "topleft", bold)
                if value is not None:
                    ink = theme.PANEL_TEXT
                    if label not in ("Running total", "Bags carried"):
                        ink = theme.GOOD if value > 0 else (theme.BAD if value < 0 else ink)
                    t.blit(surface, text, size, ink, (x + col_w, row), "topright", True)
                row += step
            if team == 0:
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
        n = 4
        label_h = round(lay.font_small * 2.4)
        w = min(round((box.width - (n + 1) * lay.pad) / n), lay.card_w,
                round((bottom - y - label_h) / 1.4))
        h = round(w * 1.4)
        total = n * w + (n - 1) * lay.pad
        x = box.centerx - total // 2
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
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
        fill.width = max(fill.height, fill.width * min(played, 52) // 52)
        pygame.draw.rect(surface, SUGGESTED, fill, border_radius=fill.height // 2)
        y = bar.bottom + lay.pad // 2
        t.blit(surface, f"{played} of 52 cards played", size, theme.PANEL_MUTED,
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
        for team in (0, 1):
            # Both teams by name and final score, the winners first.
            side = e.winner if team == 0 else 1 - e.winner
            who = f"{TEAM_NAMES[side]}: {names[side]} & {names[side + 2]}"
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
        y += round(lay.font_big * 2.6)
        lines = scene.match_over_lines()
        for text in lines:
            for line in t.wrap_phrases(text, lay.font, box.width - 2 * lay.pad):
                t.blit(surface, line, lay.font, theme.PANEL_MUTED, (box.centerx, y), "midtop")
                y += round(lay.font * 1.3)

