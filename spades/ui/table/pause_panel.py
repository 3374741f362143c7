"""The pause menu: Resume, the animation speed, sound, deck and coach switches, then
the ways out (help, how to play, a new match, the main menu), laid out for the window,
and what its settings do. ``TablePanels`` mixes this in."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from ..widgets import Stepper, Toggle, Widget
from . import anim
from .control import Control
from .help import help_label


class PausePanel:
    """The pause menu's controls, mixed into ``TablePanels``."""

    def _pause_items(self) -> list[tuple[str, str, Callable[[], None], str]]:
        # At a shared table: Main menu keeps the seat to come back to; Leave the table
        # gives it to a computer for good.
        new = ("leave", "Leave the table", self.leave_table, "") if self.shared else \
            ("new", "New match", self.new_match, "")
        return [
            ("resume", "Resume", lambda: self._close("pause"), "Esc"),
            ("speed", "Animation", lambda: self.step_speed(1), ""),
            ("sound", "Sound", self.toggle_sound, "M"),
            ("deck", "Four-colour deck", self.toggle_deck, ""),
            ("coach", "Coach", self.toggle_coach, "C"),
            ("help", help_label(self.input.touch), lambda: self._open("help"), "F1"),
            ("howto", "How to play", self.how_to_play, ""),
            new,
            ("quit", "Main menu", self.quit, ""),
        ]

    PAUSE_SETTINGS = 5  # Resume, then the stepper and the switches: rows with a control

    def pause_grid(self) -> tuple[int, int, bool]:
        """The pause menu's columns, rows and whether it is mixed: where two columns are
        too narrow for a switch and its label (320x480), Resume and the settings take
        the panel's width, a row each, and only the ways out pair up below them."""
        lay = self.layout
        cols, rows = self.menu_grid(len(self._pause_items()))
        if cols == 1:
            return cols, rows, False
        inner = lay.width - 2 * lay.pad - 4 * lay.pad
        if (inner - (cols - 1) * lay.pad) // cols >= lay.font * 11:
            return cols, rows, False
        out = len(self._pause_items()) - self.PAUSE_SETTINGS  # the ways out, two a row
        return 2, self.PAUSE_SETTINGS + -(-out // 2), True

    def _pause_rects(self, panel: Rect) -> list[Rect]:
        items = [(k, t) for k, t, _, _ in self._pause_items()]
        cols, rows, mixed = self.pause_grid()
        h, pad = self.button_height(), self.layout.pad
        if not mixed:
            rects = self.overlay_buttons(items, columns=1, panel=panel)
            if cols == 2 and rows == self.PAUSE_SETTINGS:
                # Resume takes the top row whole; below it the four settings face the
                # four ways out, so no cell of the grid stands empty. Where the columns
                # are cramped the settings' column takes more of the width.
                x, both = rects[0].x, rects[-1].right - rects[0].x
                left = round(both * 0.58) if rects[0].width < 15 * self.layout.font \
                    else rects[rows].x - pad - x
                ys = [r.y for r in rects[:rows]]
                rects = [Rect(x, ys[0], both, h)]
                rects += [Rect(x, ys[i], left, h) for i in range(1, rows)]
                rects += [Rect(x + left + pad, ys[i], both - left - pad, h)
                          for i in range(1, len(items) - rows + 1)]
            return rects
        top, w = panel.y + round(self.layout.font_big * 1.3) + 2 * pad, panel.width - 4 * pad
        rects = [Rect(panel.x + 2 * pad, top + i * (h + pad), w, h)
                 for i in range(self.PAUSE_SETTINGS)]
        half = (w - pad) // 2
        for i in range(len(items) - self.PAUSE_SETTINGS):
            rects.append(Rect(panel.x + 2 * pad + (i % 2) * (half + pad),
                              top + (self.PAUSE_SETTINGS + i // 2) * (h + pad), half, h))
        return rects

    def _pause_controls(self) -> list[Widget]:
        """The pause menu: Resume first, the animation speed a stepper (< slower, >
        faster), sound, deck and coach switches, then the ways out."""
        o = self.options
        items = self._pause_items()
        rects = self._pause_rects(self.overlay_rect("pause"))
        on = {"sound": o.sound, "deck": o.four_colour, "coach": o.coach}
        controls: list[Widget] = []
        for (k, t, a, h), r in zip(items, rects, strict=True):
            if k == "speed":
                w: Widget = Stepper(("btn", k), t, o.speed, lambda: self.step_speed(-1), a)
            elif k in on:
                w = Toggle(("btn", k), t, on[k], a)
                w.hint = h
            else:
                w = Control(("btn", k), r, a, t, hint=h,
                            style="primary" if k == "resume" else "secondary")
            w.place(r)
            controls.append(w)
        return controls

    def toggle_deck(self) -> None:
        self.options.four_colour = not self.options.four_colour

    def toggle_sound(self) -> None:
        self.options.sound = not self.options.sound
        if self.sounds:
            self.sounds.enabled = self.options.sound
        self.say("Sound on" if self.options.sound else "Sound off")

    def step_speed(self, step: int) -> None:
        names = anim.SPEED_NAMES
        self.options.speed = names[(names.index(self.options.speed) + step) % len(names)]
