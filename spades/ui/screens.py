"""The pages around the table: the start menu, settings, your saves, statistics and
how to play.

Each page is a column of rows (buttons, options with a value, paragraphs) with a
fixed footer. One small class lays the rows out from the window size, scrolls them,
moves a focus ring through them with Tab and the arrows, and answers clicks and
taps; each page only says which rows it has and what they do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

from . import theme
from .control import Control

MAX_TEXT = 20


@dataclass
class Row:
    key: str
    label: str
    kind: str = "button"  # button, option, text, heading, input
    value: str = ""
    note: str = ""
    action: Callable[[], None] | None = None  # Enter, click, tap; for options: next value
    back: Callable[[], None] | None = None  # for options: the previous value
    enabled: bool = True
    primary: bool = False
    danger: bool = False  # removes something for good: drawn in red
    height: int = 0  # kind "custom": its height; ``paint(surface, rect)`` draws it
    paint: Callable[[pygame.Surface, Rect], None] | None = None


class Screen:
    """A page of rows; subclasses give ``title``, ``rows()`` and ``footer()``."""

    title = ""
    emblem = False  # a spade either side of the title

    def __init__(self, app) -> None:
        self.app = app
        self.scroll = 0
        self.focus: str | None = None
        self.keyboard = False
        self.hover: str | None = None
        self.pressed: str | None = None
        self.controls: list[Control] = []
        self.placed: list[tuple[Row, Rect]] = []  # body rows, in content coordinates
        self.foot_placed: list[tuple[Row, Rect]] = []  # footer buttons, on screen
        self.message: tuple[str, float] | None = None
        self.now = 0.0
        self.width = self.height = 0
        self.body = Rect(0, 0, 0, 0)
        self.content_h = 0

    # --- what a page says ------------------------------------------------------------

    def rows(self) -> list[Row]:
        return []

    def touch(self) -> bool:
        """An upright phone-sized window: no key hints on buttons."""
        return self.height > self.width * 1.15

    def footer(self) -> list[Row]:
        return [Row("back", "Back", action=self.back, note="Esc")]

    def back(self) -> None:
        self.app.show_menu()

    def say(self, text: str, seconds: float = 5.0) -> None:
        self.message = (text, self.now + seconds)

    def update(self, dt: float, think_ms: float = 0.0) -> None:
        self.now += dt

    # --- layout --------------------------------------------------------------------

    def metrics(self) -> tuple[int, int, int, int]:
        short = min(self.width, self.height)
        font = round(max(18, min(28, short / 30)))
        small = max(16, round(font * 0.82))
        pad = round(max(6, min(14, short * 0.015)))
        return font, small, pad, max(44, round(font * 2.1))

    def set_layout(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def build_controls(self, can_quit: bool = True) -> list[Control]:
        font, small, pad, button_h = self.metrics()
        text = self.app.text
        col_w = min(self.width - 2 * pad, round(font * 30))
        x = (self.width - col_w) // 2
        title_h = round(font * 2.4)
        footer = self.footer()
        foot_h = button_h + 2 * pad if footer else 0
        self.body = Rect(x, title_h + round(font * 1.4), col_w,
                         self.height - title_h - round(font * 1.4) - foot_h)
        y = 0
        self.placed = []
        for row in self.rows():
            if row.kind == "text":
                lines = text.wrap(row.label, small, col_w - 2 * pad)
                h = len(lines) * round(small * 1.2) + pad
            elif row.kind == "heading":
                h = round(font * 1.8)
            elif row.kind == "custom":
                h = row.height
            else:
                h = button_h
                if row.note:
                    lines = text.wrap(row.note, max(14, small - 2), col_w - 3 * pad -
                                      round(col_w * 0.34))
                    h = max(button_h, round(font * 1.2) + len(lines) * round(small * 1.05) +
                            pad)
            self.placed.append((row, Rect(x, y, col_w, h)))
            y += h + pad
        self.content_h = y
        self.scroll = max(0, min(self.scroll, self.content_h - self.body.height))
        controls = []
        for row, rect in self.placed:
            if row.kind in ("button", "option", "input"):
                screen_rect = rect.move(0, self.body.y - self.scroll)
                controls.append(Control(("row", row.key), screen_rect, row.action or (
                    lambda: None), row.label, enabled=row.enabled))
        self.foot_placed = []
        if footer:
            n = len(footer)
            w = min(round(font * 11), (col_w - (n - 1) * pad) // n)
            total = n * w + (n - 1) * pad
            fx = self.width // 2 - total // 2
            fy = self.height - pad - button_h
            for i, row in enumerate(footer):
                rect = Rect(fx + i * (w + pad), fy, w, button_h)
                self.foot_placed.append((row, rect))
                controls.append(Control(("foot", row.key), rect, row.action or (lambda: None),
                                        row.label, enabled=row.enabled, hint=row.note))
        self.controls = controls
        return controls

    def row_of(self, key: tuple) -> Row | None:
        for row, _ in self.foot_placed if key[0] == "foot" else self.placed:
            if row.key == key[1]:
                return row
        return None

    # --- input ---------------------------------------------------------------------

    def visible(self, control: Control) -> bool:
        return control.key[0] == "foot" or self.body.contains(control.rect) or (
            self.body.colliderect(control.rect))

    def control_at(self, pos: tuple[int, int]) -> Control | None:
        for control in self.controls:
            if control.rect.collidepoint(pos) and self.visible(control):
                if control.key[0] == "row" and not self.body.collidepoint(pos):
                    continue
                return control
        return None

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.keyboard = False
        control = self.control_at(pos)
        self.pressed = control.key if control else None

    def mouse_up(self, pos: tuple[int, int]) -> None:
        control = self.control_at(pos)
        if control is not None and control.key == self.pressed:
            self.focus = control.key
            self.activate(control)
        self.pressed = None

    def mouse_move(self, pos: tuple[int, int]) -> None:
        control = self.control_at(pos)
        self.hover = control.key if control else None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self.content_h - self.body.height, self.scroll - dy * 40))

    def activate(self, control: Control) -> None:
        if not control.enabled:
            row = self.row_of(control.key)
            if row is not None and row.note:
                self.say(row.note)
            return
        control.action()

    def focused(self) -> Control | None:
        for control in self.controls:
            if control.key == self.focus:
                return control
        return None

    def key(self, name: str, shift: bool = False, text: str = "") -> None:
        self.build_controls()
        focused = self.focused()
        row = self.row_of(focused.key) if focused else None
        if row is not None and row.kind == "input" and focused.key[0] == "row":
            if name == "backspace":
                self.type_text(None)
                return
            if text and text.isprintable() and name not in ("tab", "enter", "escape"):
                self.type_text(text)
                return
        if name in ("tab", "down", "up"):
            self.keyboard = True
            step = -1 if (name == "up" or (name == "tab" and shift)) else 1
            self.move_focus(step)
        elif name in ("left", "right") and row is not None and row.kind == "option":
            self.keyboard = True
            action = row.back if name == "left" else row.action
            if action:
                action()
        elif name in ("left", "right") and focused is not None and focused.key[0] == "foot":
            self.move_focus(-1 if name == "left" else 1)
        elif name in ("enter", "space"):
            if focused is None:
                focused = next((c for c in self.controls if self.row_of(c.key) and
                                self.row_of(c.key).primary), None)
            if focused is not None:
                self.activate(focused)
        elif name == "escape":
            self.back()

    def type_text(self, text: str | None) -> None:
        """Typing into the focused input row (None: delete the last character)."""

    def move_focus(self, step: int) -> None:
        keys = [c.key for c in self.controls]
        if not keys:
            return
        if self.focus in keys:
            i = (keys.index(self.focus) + step) % len(keys)
        else:
            i = 0 if step > 0 else len(keys) - 1
        self.focus = keys[i]
        control = self.controls[i]
        if control.key[0] == "row":
            top = control.rect.y - self.body.y
            if top < 0:
                self.scroll += top
            elif control.rect.bottom > self.body.bottom:
                self.scroll += control.rect.bottom - self.body.bottom
            self.build_controls()

    # --- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, drawer) -> None:
        font, small, pad, _ = self.metrics()
        t = self.app.text
        surface.blit(drawer.felt(surface.get_size()), (0, 0))
        size = t.fit(self.title, round(font * 1.6), self.width - 2 * pad, True)
        r = t.blit(surface, self.title, size, theme.TEXT, (self.width // 2, pad), "midtop",
                   True)
        if self.emblem:
            icon = drawer.art.suit(3, r.height, theme.TEXT)
            surface.blit(icon, (r.left - icon.get_width() - pad, r.top))
            surface.blit(icon, (r.right + pad, r.top))
        if self.message and self.now < self.message[1]:
            msg = self.message[0]
            msize = t.fit(msg, small, self.width - 2 * pad)
            t.blit(surface, msg, msize, theme.GOLD,
                   (self.width // 2, pad + round(font * 1.9)), "midtop", True)
        clip = surface.get_clip()
        surface.set_clip(self.body)
        for row, rect in self.placed:
            self.draw_row(surface, row, rect.move(0, self.body.y - self.scroll), font, small,
                          pad)
        surface.set_clip(clip)
        for row, rect in self.foot_placed:
            self.draw_row(surface, row, rect, font, small, pad, footer=True)
        if self.content_h > self.body.height:
            # A scroll bar says there is more below (or above).
            track = Rect(self.body.right + 4, self.body.y, 5, self.body.height)
            if track.right >= self.width:
                track.right = self.width - 2  # a phone: the bar sits at the very edge
            if track.right <= self.width:
                pygame.draw.rect(surface, (40, 80, 60), track, border_radius=3)
                h = max(20, track.height * self.body.height // self.content_h)
                y = track.y + (track.height - h) * self.scroll // max(
                    1, self.content_h - self.body.height)
                pygame.draw.rect(surface, theme.TEXT_MUTED, (track.x, y, 5, h), border_radius=3)
        focused = self.focused()
        if self.keyboard and focused is not None:
            theme.focus_ring(surface, focused.rect)

    def draw_row(self, surface: pygame.Surface, row: Row, rect: Rect, font: int, small: int,
                 pad: int, footer: bool = False) -> None:
        t = self.app.text
        if row.kind == "heading":
            t.blit(surface, row.label, font, theme.GOLD, (rect.x, rect.bottom - 4), "bottomleft",
                   True)
            return
        if row.kind == "custom":
            if row.paint is not None:
                row.paint(surface, rect)
            return
        if row.kind == "text":
            y = rect.y
            for line in t.wrap(row.label, small, rect.width - 2 * pad):
                t.blit(surface, line, small, theme.TEXT, (rect.x + pad, y))
                y += round(small * 1.2)
            return
        key = ("foot" if footer else "row", row.key)
        hover = self.hover == key
        if not row.enabled:
            fill, ink, muted = theme.BUTTON_OFF, theme.BUTTON_OFF_TEXT, theme.BUTTON_OFF_TEXT
        elif row.primary:
            fill, ink, muted = theme.SELECTED, theme.BUTTON_TEXT, theme.PANEL_MUTED
        elif row.danger:
            fill, ink, muted = (250, 222, 214), (150, 30, 20), (120, 60, 50)
        else:
            fill = theme.BUTTON_HOVER if hover else theme.BUTTON
            ink, muted = theme.BUTTON_TEXT, theme.PANEL_MUTED
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        if footer or row.kind == "button" and not row.note:
            label_size = t.fit(row.label, small, rect.width - 2 * pad, True)
            cy = rect.centery - (6 if footer and row.note and not self.touch() else 0)
            t.blit(surface, row.label, label_size, ink, (rect.centerx, cy), "center", True)
            if footer and row.note and not self.touch():
                t.blit(surface, row.note, max(12, small - 5), muted,
                       (rect.centerx, rect.bottom - 3), "midbottom")
            return
        value_w = round(rect.width * 0.34) if row.kind in ("option", "input") else 0
        label_w = rect.width - value_w - 3 * pad
        label_size = t.fit(row.label, small, label_w, True)
        t.blit(surface, row.label, label_size, ink, (rect.x + pad, rect.y + pad // 2 + 2),
               "topleft", True)
        if row.note:
            y = rect.y + pad // 2 + 2 + round(font * 1.05)
            note_size = max(14, small - 2)
            for line in t.wrap(row.note, note_size, label_w):
                t.blit(surface, line, note_size, muted, (rect.x + pad, y))
                y += round(small * 1.05)
        if value_w:
            box = Rect(rect.right - pad - value_w, rect.y + 6, value_w, rect.height - 12)
            pygame.draw.rect(surface, (255, 255, 255) if row.enabled else fill, box,
                             border_radius=8)
            pygame.draw.rect(surface, (150, 150, 140), box, 1, border_radius=8)
            shown = row.value
            if row.kind == "option":
                shown = f"<  {row.value}  >"
            elif self.focus == ("row", row.key) and int(self.now * 2) % 2 == 0:
                shown = row.value + "|"
            if row.kind == "input":
                # A long path shows its end, where the file's name is.
                while len(shown) > 4 and t.font(max(12, small - 2), True).size(shown)[0] > \
                        value_w - 10:
                    shown = "..." + shown[4:]
            v_size = t.fit(shown, small, value_w - 8, True)
            t.blit(surface, shown, v_size, ink, box.center, "center", True)
