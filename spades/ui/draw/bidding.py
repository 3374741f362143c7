"""Drawing the table's controls and its bid panel: buttons with their look and key
hints, the plate under a message, the bid panel's heading, notes and words (on a short
window beside Confirm), the blind nil prompt. ``PanelDrawer`` builds its overlays on it.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
from pygame import Rect

from ..art import theme
from ..table.scene import Control, TableScene, bid_words
from ..widgets import Look
from ..widgets.style import SUGGESTED
from .sheet import SheetDrawer


class BidDrawer(SheetDrawer):
    """The controls' and the bid panel's part of ``TableDrawer``."""

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
            who = "Your team trails" if rules.partnerships else "You trail the leader"
            sub = (f"{who} by {rules.blind_nil_deficit} or more. Bid blind nil "
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
            # The tightest panel (cutthroat on the smallest phone) has a line for them.
            fit = 1 if title.height < round(lay.font * 2.6) - 1 else 3
            for line in lines[:fit]:
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
        partner = view.partner_bid
        seats = view.rules.seats
        others = [q for q in range(seats) if q != view.seat and q != view.rules.partner_of(
            view.seat)]
        them = [f"{names[q]} {'bid ' if view.bids[q] > 0 else ''}{bid_words(view.bids[q])}"
                for q in others if view.bids[q] is not None]
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
