"""The table's panels: the controls a player can click, tap or reach with Tab (the
hand's cards, the bid panel, the toolbar, every overlay's buttons), where they sit, and
what the panels' buttons do (the bid panel's in bid_panel.py, the pause menu's in
pause_panel.py, the score sheet's places in score_sheet.py, mixed in here).
``TableScene`` mixes this in; drawing is in spades/ui/draw (bidding.py and panels.py),
which draws exactly these controls.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date

from pygame import Rect

from ... import platform
from ...ai.compare import Comparison
from ...engine import OVER
from ...engine.cards import card_name
from ...engine.match import HandResult
from ..art.density import px
from ..art.theme import SECONDARY, Text
from ..layout.base import button_row
from ..seating.strengths import seat_strengths
from ..speech.words import (
    UNDO_ASK,
    match_over_line,
    match_record_line,
    shown_names,
)
from ..widgets import Look, ScrollArea
from .bid_panel import BidPanel
from .choreography import HUMAN
from .control import Control
from .help import help_sections
from .pause_panel import PausePanel
from .score_sheet import ScoreSheetPanel


class TablePanels(BidPanel, PausePanel, ScoreSheetPanel):
    """The control list of a ``TableScene`` and the panels' own actions (mixed into it)."""

    _measure: Text | None = None

    def on_my_side(self, seat: int) -> bool:
        """Whether ``seat`` scores with the player: the partner at four; at three and
        two, where each plays alone, the player only."""
        rules = self.match.rules
        return rules.side_of(seat) == rules.side_of(HUMAN)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats as the table names them to the player (words.shown_names)."""
        return shown_names(self.options.names, self.match.rules.seats)

    # --- controls: one list for drawing, clicking, tapping and Tab -------------------

    def build_controls(self, can_quit: bool = True) -> list[Control]:
        lay = self.layout
        controls: list[Control] = []
        top = self.overlays[-1] if self.overlays else None
        if top is not None:
            controls.extend(self._overlay_controls(top, can_quit))
            areas = []
            if top == "scores":
                sheet = self.score_sheet()
                self.score_area.set_view(sheet.view, sheet.content)
                areas.append(self.score_area)
            elif top == "help":
                self.help_area.set_view(*self.help_view())
                areas.append(self.help_area)
            elif top == "seen":  # its rows scroll (table/seen.py)
                areas.append(self.seen_area)
            return self._set_controls(controls, areas)
        s = self.shown
        if s.hand and s.face_up and not s.dealing:
            for card, rect in zip(s.hand, self.card_rects(), strict=True):
                controls.append(Control(("card", card), rect, self._card_action(card),
                                        card_name(card), group="hand"))
        if self.bid_panel_open():
            controls.extend(self._bid_controls())
        elif self.told_bid is not None:  # the bid the game made for the player, said
            controls.append(Control(("btn", "told_ok"), lay.bid_confirm, self.release,
                                    "Go on", hint="Enter", style="primary"))
        if self.pass_open():
            controls.extend(self.pass_controls())
        controls.extend(self.draw_controls())  # type: ignore[attr-defined]  # two-handed
        for name, rect in lay.toolbar.items():
            label, key, enabled = self._tool_info(name)
            on = name == "coach" and self.options.coach and not self.shared
            controls.append(Control(("tool", name), rect, self._tool_action(name), label,
                                    enabled=enabled, hint=key, style="chosen" if on else
                                    "secondary", refused=self._tool_refusal(name)))
        return self._set_controls(controls, [])

    def _set_controls(self, controls: list[Control], areas: list[ScrollArea]) -> list[Control]:
        """The controls of this frame, handed to the widget group that decides tap or
        drag for every press (and scrolls ``areas`` by drag and wheel)."""
        self.controls = controls
        self.group.set(controls, areas, self.hit_look())
        return controls

    def _tool_refusal(self, name: str) -> Callable[[], None] | None:
        words = {"last": "No trick has been played yet this hand",
                 "undo": "There is nothing of yours to take back yet"}.get(name)
        return (lambda: self.say(words)) if words else None

    def _tool_info(self, name: str) -> tuple[str, str, bool]:
        short = self.layout.portrait or self.layout.toolbar[name].width < 90 * self.layout.density
        if name == "scores":
            return ("Scores", "S", True)
        if name == "last":
            return ("Last" if short else "Last trick", "L", self.shown.last_trick is not None)
        if name == "hint":
            return ("Hint", "H", True)
        if name == "undo":
            return ("Undo", "U", HUMAN in self.match.actors and not self.options.autoplay)
        if name == "coach":  # on shows as the chosen style: a label that grew moved
            return ("Coach", "C", True)  # every key hint of the toolbar below its label
        return ("Menu", "Esc", True)

    def _tool_action(self, name: str) -> Callable[[], None]:
        return {
            "scores": lambda: self.toggle("scores"),
            "last": lambda: self.toggle("last"),
            "hint": self.hint,
            "undo": self.undo,
            "coach": self.toggle_coach,
            "menu": lambda: self._open("pause"),
        }[name]

    def breakdown_stacked(self) -> bool:
        """The hand's breakdown with each player's lines under the one before: three
        players side by side leave too narrow a column for their words (a phone)."""
        lay = self.layout
        sides = self.match.rules.sides
        gutter = max(16, 3 * lay.pad)
        col_w = (lay.overlay.width - 2 * lay.pad - (sides - 1) * gutter) // sides
        return sides > 2 and col_w < lay.font * 9

    def overlay_rect(self, name: str) -> Rect:
        """The panel of a modal overlay, as tall as its content (at most the layout's;
        the pause menu, a column of buttons, may use the window's height)."""
        lay = self.layout
        most = lay.overlay
        heading = round(lay.font_big * 1.3) + 2 * lay.pad
        buttons = self.button_height() + 2 * lay.pad
        if name == "last":
            body = lay.card_h + round(lay.font_small * 2.6) + lay.pad
        elif name == "help":
            body = self.help_height()
            most = lay.full_height(most.x, most.width)
        elif name == "pause":
            cols, rows, _ = self.pause_grid()
            body = rows * (self.button_height() + lay.pad) + lay.pad
            buttons = 0
            width = min(lay.width - 2 * lay.pad, cols * self.menu_button_width() +
                        (cols - 1) * lay.pad + 8 * lay.pad)
            most = lay.full_height(lay.width // 2 - width // 2, width)
        elif name == "breakdown" and self.breakdown_stacked():
            # Each player's block under the one before (breakdown_stacked).
            step = round(lay.font_small * 1.25)
            teams = self.breakdown.teams if self.breakdown else ()
            body = sum(round(lay.font * 1.2) + (len(t.lines) + 1) * step + max(4, step // 4)
                       + lay.pad for t in teams) + lay.pad
            buttons += self.button_height() + max(8, lay.pad)
            most = lay.full_height(most.x, most.width)
        elif name == "breakdown":
            lines = max((len(t.lines) for t in self.breakdown.teams), default=2) \
                if self.breakdown else 3
            body = round(lay.font * 1.3) + (lines + 5) * round(lay.font_small * 1.3) + lay.pad
            buttons += self.button_height() + max(8, lay.pad)
        elif name == "compare":
            body = round(lay.font * 2.4) + 12 * round(lay.font_small * 1.3)
        elif name == "hint":
            size, lines = self.hint_lines()
            body = len(lines) * round(size * 1.3) + lay.pad
        elif name == "undo_ask":
            lines = self.measure.wrap_phrases(UNDO_ASK, lay.font, most.width - 4 * lay.pad)
            body = len(lines) * round(lay.font * 1.3) + lay.pad
        elif name == "scores":
            return self.score_sheet().panel
        else:  # match over: the two teams, then the lines about the result
            lines = sum(len(self.measure.wrap_phrases(text, lay.font, most.width - 2 * lay.pad))
                        for text in self.match_over_lines())
            sides = self.match.rules.sides  # a row each: two teams, or three players
            body = round(lay.font_big * (0.2 + 1.2 * sides)) + lines * round(lay.font * 1.3) \
                + lay.pad
        rect = Rect(0, 0, most.width, min(most.height, heading + body + buttons))
        rect.center = (most.centerx, lay.height // 2)
        rect.clamp_ip(most)
        if name in ("breakdown", "match_over"):
            # Between the table's caption (hand, deal number, target) and the player's
            # badge when it fits there, else below the caption while there is room (at
            # 800x600 the match's result covered the top of "You").
            caption = self.caption_bottom() + lay.pad
            band = Rect(rect.x, caption, rect.width, lay.badges[0].top - lay.pad - caption)
            if band.height >= rect.height:
                rect.centery = band.centery
            elif rect.top < caption:
                rect.top = min(caption, max(most.top, lay.height - lay.pad - rect.height))
            badge = lay.badges[0]
            if rect.colliderect(badge) and lay.width - lay.pad - badge.right - lay.pad >= \
                    rect.width:
                # Still over the badge, as on a phone held sideways, where it stands
                # beside the trick: the panel steps right of it rather than cut it.
                rect.left = max(rect.left, badge.right + lay.pad)
        return rect

    def hint_lines(self) -> tuple[int, list[str]]:
        """The Hint's panel's words wrapped to its width: in body text, or the secondary
        size where the window is too short for them."""
        lay = self.layout
        width = lay.overlay.width - 4 * lay.pad
        room = lay.overlay.height - round(lay.font_big * 1.3) - 5 * lay.pad - \
            self.button_height()
        for size in (lay.font, lay.font_small):
            lines = self.measure.wrap_phrases(self.hint_text, size, width)
            if len(lines) * round(size * 1.3) <= room:
                break
        return size, lines

    def caption_bottom(self) -> int:
        """Where the caption at the top of the trick area ends (a phone: two lines and
        the spades-broken sign; wider: one line)."""
        lay = self.layout
        lines = 3 if lay.portrait else 1
        return lay.trick_area.y + lines * (lay.font_small + 4)

    def help_rows(self) -> tuple[list[tuple[str, list[str], bool]], int, int]:
        """The help's rows: each section's heading (key, [key], True), then its rows,
        what-it-does wrapped to its column (key, lines, False); a line's step and the
        key column's width. Playing by touch or mouse first, the keys after (first
        after a key press; left out by finger until a key is pressed)."""
        lay = self.layout
        sections = help_sections(keys_first=self.input.mode == "keys",
                                 keys=not self.input.touch or self.input.keys_seen,
                                 page=platform.in_browser())
        words = self.measure
        inner = lay.overlay.width - 2 * lay.pad
        widest = max(words.font(lay.font_small, True).size(key)[0]
                     for _, rows in sections for key, _ in rows)
        key_w = min(round(inner * 0.36), widest + 2 * lay.pad)
        width = inner - lay.pad - key_w - 12  # room for the scroll bar
        out: list[tuple[str, list[str], bool]] = []
        for heading, rows in sections:
            out.append((heading, [heading], True))
            out += [(key, words.wrapped(what, lay.font_small, width), False)
                    for key, what in rows]
        return out, round(lay.font_small * 1.2), key_w

    def help_row_height(self, lines: list[str], heading: bool, step: int) -> int:
        """A help row's height with the gap under it: a heading is a line of body type."""
        lay = self.layout
        return (round(lay.font * 1.4) if heading else len(lines) * step) + lay.pad // 2

    def match_over_lines(self) -> list[str]:
        """The match-over panel's words under the scores: the Journey's level won or
        lost, the margin, the team's record, and a practice match said so."""
        e = self.result
        if e is None:
            return []
        alone = not self.match.rules.partnerships
        lines = [match_over_line(e.winner, e.scores, not alone),
                 match_record_line(self.match.history, alone)]
        if self.level is not None:
            from ..seating.levels import LEVELS

            level = LEVELS[self.level]
            if e.winner == 0:
                lines.insert(0, f"Level {self.level + 1}, {level.title}: won!" + (
                    f" Level {self.level + 2} is open." if self.level + 1 < len(LEVELS)
                    else " The whole Journey is yours."))
            else:
                lines.insert(0, f"Level {self.level + 1}, {level.title}: lost. It stays "
                             "open: try again.")
        if self.practice:
            lines.append("Practice match: undo was used.")
        return lines

    def help_height(self) -> int:
        rows, step, _ = self.help_rows()
        return sum(self.help_row_height(lines, heading, step) for _, lines, heading in rows)

    def help_view(self) -> tuple[Rect, int]:
        """Where the help's rows show (between its heading and Close) and how tall they
        are: on a short window they scroll."""
        lay = self.layout
        box = self.overlay_rect("help")
        content = self.help_height()
        top = box.y + round(lay.font_big * 1.3) + 2 * lay.pad
        bottom = box.bottom - self.button_height() - 2 * lay.pad
        return Rect(box.x + lay.pad, top, box.width - 2 * lay.pad - 10, bottom - top), content

    @property
    def measure(self) -> Text:
        """Text measured for the panels' sizes (the drawing has its own, same fonts)."""
        if self._measure is None:
            self._measure = Text()
        return self._measure

    def menu_grid(self, count: int) -> tuple[int, int]:
        """Columns and rows of a menu of ``count`` buttons: one column when the window
        is tall enough for every button at full size, else as many as it takes."""
        lay = self.layout
        h = self.button_height() + lay.pad
        room = lay.full_height(0, 0).height - (round(lay.font_big * 1.3) + 2 * lay.pad) - lay.pad
        per_col = max(1, room // h)
        cols = -(-count // per_col)
        return cols, -(-count // cols)

    def menu_button_width(self) -> int:
        return round(self.layout.font * 16)

    def button_height(self) -> int:
        return max(self.layout.target, round(self.layout.font * 2))

    def overlay_buttons(self, names: list[tuple[str, str]], columns: int = 0,
                        panel: Rect | None = None) -> list[Rect]:
        """Buttons along the bottom of the overlay panel (or stacked, for menus)."""
        lay = self.layout
        panel = panel or lay.overlay
        pad = lay.pad
        h = self.button_height()
        if columns == 1:
            # A menu: a column, or more where the window is short; reading order runs
            # down each column.
            cols, rows = self.menu_grid(len(names))
            w = min((panel.width - 4 * pad - (cols - 1) * pad) // cols,
                    self.menu_button_width())
            top = panel.y + round(lay.font_big * 1.3) + 2 * pad
            left = panel.centerx - (cols * w + (cols - 1) * pad) // 2
            return [Rect(left + (i // rows) * (w + pad), top + (i % rows) * (h + pad), w, h)
                    for i in range(len(names))]
        return button_row(panel, [label for _, label in names], self.measure, lay.font,
                          pad, h, px(SECONDARY))

    def _overlay_controls(self, top: str, can_quit: bool) -> list[Control]:
        """Each overlay's buttons: the one obvious action first and in the accent colour
        (Next hand, Rematch, Resume); every closable overlay has a visible Close."""
        scores = ("scores", "Score sheet", lambda: self._open("scores"), "S")
        if top == "breakdown":
            if self.replay:
                label = "Back to the match"
            else:
                label = "Final result" if self.match.phase == OVER else "Next hand"
            items = [("next", label, self.next_hand, "Enter"), scores,
                     ("seen", "All cards seen", self.open_seen, "V")]
            extras = [("compare", "Computer's way", self.compare_hand, "W"),
                      ("replay", "Replay deal", self.replay_deal, "R"),
                      ("export", "Export hand", self.export_hand, "E")]
            panel = self.overlay_rect(top)
            rects = self.overlay_buttons([(k, t) for k, t, _, _ in items], panel=panel)
            above = panel.move(0, -(rects[0].height + max(8, self.layout.pad)))
            extra_rects = self.overlay_buttons([(k, t) for k, t, _, _ in extras], panel=above)
            return [Control(("btn", k), r, a, t, hint=h, style="primary" if k == "next"
                            else "secondary")
                    for (k, t, a, h), r in zip(items + extras, rects + extra_rects,
                                               strict=True)]
        menu = ("quit", "Main menu", self.quit, "")  # as the pause menu says it
        if top == "match_over" and self.level is not None:
            won = self.match.winner == 0
            items = []
            if won and self.level + 1 < self.level_count:
                items.append(("next_level", "Next level", self._level(self.level + 1), "Enter"))
            else:
                items.append(("rematch", "Play again" if not won else "Play it again",
                              self.rematch, "Enter"))
            items += [("journey", "Journey", self._level(-1), ""), scores, menu]
        elif top == "match_over":
            items = [("rematch", "Rematch", self.rematch, "Enter"), scores, menu]
        elif top == "pause":
            return self._pause_controls()
        elif top == "undo_ask":
            items = [("take_back", "Take back", self.take_back, "Enter"),
                     ("close", "Keep playing", lambda: self._close(top), "Esc")]
        else:
            items = [("close", "Close", lambda: self._close(top), "Esc")]
        rects = self.overlay_buttons([(k, t) for k, t, _, _ in items],
                                     panel=self.overlay_rect(top))
        return [Control(("btn", k), r, a, t, hint=h, style="primary" if i == 0 and
                        k != "close" else "secondary")
                for i, ((k, t, a, h), r) in enumerate(zip(items, rects, strict=True))]

    def hit_look(self) -> Look:
        """The sizes the widgets' parts are hit-tested with (a stepper's < and >): the
        drawing's."""
        lay = self.layout
        return Look(self.measure, lay.font, lay.font, lay.pad, lay.target)  # as on a panel

    @property
    def level_count(self) -> int:
        from ..seating.levels import LEVELS

        return len(LEVELS)

    def _level(self, index: int) -> Callable[[], None]:
        def go() -> None:
            self.want_level = index
        return go

    def rematch(self) -> None:
        self.want_rematch = True

    def quit(self) -> None:
        """Leave the table for the menu; the match stays saved where it is."""
        self.want_quit = True

    def new_match(self) -> None:
        self.want_new = True

    def how_to_play(self) -> None:
        self._close("pause")
        self.want_howto = True

    # --- deals you can trust ---------------------------------------------------------

    def deal_name(self, hand_number: int | None = None) -> str:
        """The hand as a player counts it: "Hand 1" (never by the match's seed: a
        replay is "Hand 1 · replay", an export's file spades-hand-1-<the day>.json)."""
        n = self.shown.hand_number if hand_number is None else hand_number
        return f"Hand {n + 1}"

    def finished_hand(self) -> HandResult | None:
        """The hand the breakdown shows."""
        if self.breakdown is None:
            return None
        for result in self.match.history:
            if result.hand_number == self.breakdown.hand_number:
                return result
        return None

    def export_hand(self) -> None:
        result = self.finished_hand()
        if result is None:
            return
        text = json.dumps(result.to_record(), indent=1)
        # Named as the player names it: the hand and the day ("spades-hand-3-2026-12-07"),
        # not by the deal number (the seed), which the record's cards make needless.
        today = date.today()
        name = f"spades-hand-{result.hand_number + 1}-{today.isoformat()}.json"
        _, sentence = platform.offer_file(name, text)
        self.say(sentence, 8)

    def replay_deal(self) -> None:
        result = self.finished_hand()
        if result is not None:
            self.want_replay = result

    def compare_hand(self) -> None:
        result = self.finished_hand()
        if result is None or not self.compare_offered:
            return
        if self.comparison is None or self.comparison.original is not result:
            others = ("hard", *seat_strengths(self.options.strengths, self.match.rules))
            history = self.match.history[:self.match.history.index(result)]
            self.comparison = Comparison(result, others, self.match.seed,  # type: ignore[arg-type]
                                         history=history)
        self._open("compare")
