"""A group of widgets sharing one focus ring, one press at a time and scroll areas.

The group decides tap or drag: a press that moves less than ``SLOP`` px and is let
go inside the control it began on activates that control (the part it began on:
``<`` or ``>`` of a stepper); one that moves further is a drag, scrolls the area it
began in and activates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..art import theme
from ..art.density import px
from .controls import Look, State, TextField, Widget
from .editing import EDIT_KEYS, Editing
from .pointer import SLOP, Pointer
from .scroll import WHEEL_STEP, ScrollArea

STOP_SPEED = 200.0  # px/s: a press on an area gliding faster only stops it


@dataclass
class Press:
    start: tuple[int, int]
    key: Any  # the widget it began on, or None
    part: Any
    area: ScrollArea | None
    dragging: bool = False


class Group:
    def __init__(self, arrows_move_focus: bool = True) -> None:
        self.widgets: list[Widget] = []  # reading order
        self.areas: list[ScrollArea] = []
        self.focus: Any = None  # the focused widget's key
        self.show_focus = False  # the ring shows after a key moved the focus
        self.hover: tuple[Any, Any] | None = None  # (key, part) under the mouse
        self.press: Press | None = None
        self.arrows_move_focus = arrows_move_focus
        self.look: Look | None = None
        self.editing: Editing | None = None  # the focused text field's draft

    # --- what is where ---------------------------------------------------------------

    def set(self, widgets: list[Widget], areas: list[ScrollArea], look: Look) -> None:
        """The widgets as laid out this frame (placed, in reading order)."""
        self.widgets = widgets
        self.areas = areas
        self.look = look
        self.edit_state()

    def find(self, key: Any) -> Widget | None:
        for w in self.widgets:
            if w.key == key:
                return w
        return None

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable]

    def focused(self) -> Widget | None:
        w = self.find(self.focus)
        return w if w is not None and w.focusable else None

    def widget_at(self, pos: tuple[int, int]) -> tuple[Widget | None, Any]:
        for w in reversed(self.widgets):
            if not w.focusable or (w.area is not None and not w.area.contains(pos)):
                continue
            hit, part = w.part_at(pos, self.look)
            if hit:
                return w, part
        return None, None

    def area_at(self, pos: tuple[int, int]) -> ScrollArea | None:
        for area in self.areas:
            if area.contains(pos):
                return area
        return None

    def state(self, w: Widget) -> State:
        hover = self.hover[1] if self.hover and self.hover[0] == w.key else None
        pressing = (self.press is not None and not self.press.dragging and
                    self.press.key == w.key)
        editing = self.editing if self.editing is not None and \
            self.editing.key == w.key == self.focus else None
        return State(focused=self.focus == w.key, hover=hover,
                     pressed=self.press.part if pressing else None,
                     hovering=bool(self.hover and self.hover[0] == w.key), pressing=pressing,
                     editing=editing)

    def edit_state(self) -> Editing | None:
        """The focused text field's draft: a field that has just taken the focus
        begins one with all of it selected; one the page changed follows it."""
        w = self.focused()
        if not isinstance(w, TextField):
            self.editing = None
        elif self.editing is None or self.editing.key != w.key:
            self.editing = Editing.of(w.key, w.value)
        else:
            self.editing.follow(w.value)
        return self.editing

    # --- pointer -------------------------------------------------------------------

    def pointer(self, p: Pointer) -> bool:
        """Route one pointer record; True if it was a press, release or wheel here."""
        if p.kind == "press":
            # A press on a gliding area only stops it, as a finger on a spinning page.
            gliding = any(abs(area.velocity) > STOP_SPEED for area in self.areas)
            for area in self.areas:
                area.stop()
            w, part = (None, None) if gliding else self.widget_at(p.pos)
            self.press = Press(p.pos, w.key if w else None, part, self.area_at(p.pos))
            self.hover = None if p.touch else ((w.key, part) if w else None)
            return True
        if p.kind == "move":
            press = self.press
            if press is None or not p.held:
                if not p.touch:
                    w, part = self.widget_at(p.pos)
                    self.hover = (w.key, part) if w else None
                return False
            if not press.dragging and (abs(p.pos[0] - press.start[0]) > px(SLOP) or
                                       abs(p.pos[1] - press.start[1]) > px(SLOP)):
                press.dragging = True
                if press.area is not None:
                    press.area.grab(press.start[1])
            if press.dragging and press.area is not None:
                press.area.drag(p.pos[1])
            return True
        if p.kind == "release":
            press, self.press = self.press, None
            if press is None:
                return False
            if press.dragging:
                if press.area is not None:
                    press.area.let_go(p.pos[1])
                return True
            w, part = self.widget_at(p.pos)
            if w is not None and w.key == press.key and part == press.part:
                was = self.focus == w.key
                self.focus = w.key
                self.show_focus = False
                editing = self.edit_state()
                if editing is not None and self.look is not None:
                    # A tap in the box of the field being edited puts the cursor there;
                    # one on its label selects all of it again.
                    assert isinstance(w, TextField)
                    if was and w.value_box(self.look).collidepoint(p.pos):
                        editing.move(w.cursor_at(editing, p.pos[0], self.look))
                    else:
                        editing.anchor, editing.cursor = 0, len(editing.text)
                w.activate(part)
            return True
        if p.kind == "wheel":
            area = self.area_at(p.pos) or (self.areas[0] if len(self.areas) == 1 else None)
            if area is not None:
                area.wheel(p.wheel)
            return True
        return False

    # --- keys ----------------------------------------------------------------------

    def key(self, name: str, shift: bool = False, text: str = "") -> bool:
        """Typing and the editing keys in a focused text field (``text``: what the key
        types); Tab/arrows move the focus, Enter/Space activate, PageUp/Down/Home/End
        scroll; False if the key means nothing here."""
        focused = self.focused()
        if isinstance(focused, TextField) and self.type(focused, name, shift, text):
            return True
        if name == "tab":
            self.move_focus(-1 if shift else 1)
            return True
        if self.arrows_move_focus and name in ("up", "down"):
            step = -1 if name == "up" else 1
            if not self.arrow_scrolls(step):
                self.move_focus(step)
            return True
        if name in ("left", "right"):
            if focused is not None and focused.step(-1 if name == "left" else 1):
                return True
            if self.arrows_move_focus and focused is not None:
                self.move_focus(-1 if name == "left" else 1)
                return True
            return False
        if name in ("enter", "space") and focused is not None:
            focused.activate(None)
            return True
        area = (focused.area if focused is not None and focused.area else None) or (
            self.areas[0] if self.areas else None)
        if area is not None and name in ("pageup", "pagedown", "home", "end"):
            if name in ("pageup", "pagedown"):
                area.page(1 if name == "pagedown" else -1)
            else:
                area.scroll_by(-area.content_h if name == "home" else area.content_h)
            return True
        return False

    def type(self, field: TextField, name: str, shift: bool, text: str) -> bool:
        """A key in the focused text field: True if it edited (or moved in) the draft."""
        editing = self.edit_state()
        assert editing is not None
        before = editing.text
        if name in EDIT_KEYS:
            editing.press(name, shift)
        elif text and text.isprintable() and name not in ("tab", "enter", "escape"):
            editing.put(text)
        else:
            return False
        if editing.text != before:
            field.change(editing.text)
        return True

    def arrow_scrolls(self, step: int) -> bool:
        """Up/Down read on through text: while the focus is in the area (or nowhere), the
        area can scroll that way and the next control that way is not fully in view,
        they scroll a line instead of jumping to it."""
        area = self.areas[0] if self.areas else None
        if area is None or (step < 0 and area.offset <= 0) or (
                step > 0 and area.offset >= area.max_offset):
            return False
        focused = self.focused()
        if focused is not None and focused.area is not area:
            return False
        order = self.focusable()
        if focused is None:
            if any(w.area is area and w.visible() for w in order):
                return False  # as Tab: the first control in view takes the focus
            nxt = None
        else:
            i = order.index(focused) + step
            nxt = order[i] if 0 <= i < len(order) else None
        if nxt is not None and nxt.area is area and area.view.contains(nxt.rect):
            return False
        area.scroll_by(step * WHEEL_STEP)
        return True

    def move_focus(self, step: int) -> None:
        order = self.focusable()
        if not order:
            return
        keys = [w.key for w in order]
        if self.focus in keys:
            i = (keys.index(self.focus) + step) % len(keys)
        else:
            i = self._first_in_view(order, step)
        self.focus = keys[i]
        self.show_focus = True
        self.edit_state()
        self.reveal(order[i])

    def _first_in_view(self, order: list[Widget], step: int) -> int:
        """With nothing focused, Tab starts at the first control in view."""
        seen = [i for i, w in enumerate(order) if w.visible()]
        if not seen:
            return 0 if step > 0 else len(order) - 1
        return seen[0] if step > 0 else seen[-1]

    def reveal(self, w: Widget) -> None:
        if w.area is not None:
            w.area.reveal(w.box)

    # --- frames --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for area in self.areas:
            area.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Every widget, clipped to its scroll area, the bars, then the focus ring."""
        look = self.look
        if look is None:
            return
        clip = surface.get_clip()
        for w in self.widgets:
            if w.area is not None:
                if not w.area.shows(w.box):
                    continue
                surface.set_clip(w.area.view.clip(clip))
            w.draw(surface, look, self.state(w))
            if w.area is not None:
                surface.set_clip(clip)
        for area in self.areas:
            area.draw_bar(surface)
        focused = self.focused()
        if self.show_focus and focused is not None and focused.visible():
            if focused.area is not None:
                surface.set_clip(focused.area.view.inflate(12, 12).clip(clip))
            theme.focus_ring(surface, focused.rect)
            surface.set_clip(clip)

