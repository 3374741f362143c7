"""The widgets: buttons, steppers, toggles, text fields, and the passive rows
(paragraphs, headings, custom drawings) that share a page with them.

A widget knows its box, which parts of it can be tapped (``parts``), what a tap on a
part does (``activate``), what the arrow keys do (``step``), how tall it is at a
width (``measure``) and how to draw itself. Routing input to it is :class:`Group`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame
from pygame import Rect

from ..art import theme
from .editing import Editing
from .scroll import ScrollArea
from .style import OFF_ON_PANEL, colours, draw_button, note_colour, paint_button

Action = Callable[[], None]
SELECTION = (170, 200, 240)  # selected text's ground in a text field


@dataclass
class Look:
    """What drawing and measuring need: text, sizes and the input mode's hints."""

    text: Any  # theme.Text
    font: int
    small: int
    pad: int
    target: int  # least tappable size, 44 or 48 px
    hints: bool = True  # key hints shown (not after a touch)
    now: float = 0.0
    ground: str = "felt"
    hints_under: bool = False  # a row of buttons puts every key hint under its label

    @property
    def note_size(self) -> int:
        return max(15, self.small - 2)


@dataclass
class State:
    focused: bool = False
    hover: Any = None  # the part under the mouse, or None
    pressed: Any = None  # the part held down, or None
    hovering: bool = False
    pressing: bool = False
    editing: Editing | None = None  # a focused text field's draft


class Widget:
    kind = "widget"
    focusable = True
    share = 1.0  # beside others in a page's row: its part of the row's width

    def __init__(self, key: Any, label: str = "", *, note: str = "", enabled: bool = True,
                 hint: str = "", group: str = "") -> None:
        self.key = key
        self.label = label
        self.note = note
        self.enabled = enabled
        # A disabled control tapped calls this, so the page can say why (its note).
        self.refused: Action | None = None
        self.hint = hint  # a shortcut key shown on it while hints are shown
        self.group = group
        self.box = Rect(0, 0, 0, 0)  # in its area's content coordinates, else on screen
        self.area: ScrollArea | None = None

    def place(self, box: Rect, area: ScrollArea | None = None) -> None:
        self.box = Rect(box)
        self.area = area

    @property
    def rect(self) -> Rect:
        """Where it is on screen now."""
        return self.area.to_screen(self.box) if self.area else Rect(self.box)

    def visible(self) -> bool:
        return self.area is None or self.area.shows(self.box)

    def parts(self, look: Look | None = None) -> list[tuple[Any, Rect]]:
        """The tappable parts, on screen: (part, rect); a plain widget is one part."""
        return [(None, self.rect)] if self.focusable else []

    def part_at(self, pos: tuple[int, int], look: Look | None = None) -> tuple[bool, Any]:
        for part, rect in self.parts(look):
            if rect.collidepoint(pos):
                return True, part
        return False, None

    def activate(self, part: Any = None) -> None:
        """A tap on ``part`` or Enter/Space (part None)."""

    def step(self, direction: int) -> bool:
        """Left (-1) or right (1) while focused; False: not used here."""
        return False

    def measure(self, width: int, look: Look) -> int:
        return look.target

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        """Draw at ``self.rect``."""


class Button(Widget):
    """A button. ``style``: "primary" (one per panel), "secondary", "danger"; a
    ``note`` makes it a row (label and explanation left-aligned). A disabled button
    calls ``refused`` when tapped, so the page can say why."""

    kind = "button"

    def __init__(self, key: Any, label: str, action: Action | None = None, *,
                 style: str = "secondary", note: str = "", enabled: bool = True,
                 hint: str = "", group: str = "", suggested: bool = False,
                 refused: Action | None = None) -> None:
        super().__init__(key, label, note=note, enabled=enabled, hint=hint, group=group)
        self.action = action or (lambda: None)
        self.style = style
        self.suggested = suggested
        self.refused = refused

    @property
    def primary(self) -> bool:
        return self.style == "primary"

    def activate(self, part: Any = None) -> None:
        if self.enabled:
            self.action()
        elif self.refused is not None:
            self.refused()

    def measure(self, width: int, look: Look) -> int:
        if not self.note:
            return max(look.target, round(look.font * 2.1))
        return row_height(self, width, look, 0)

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        hint = self.hint if look.hints else ""
        if not self.note:
            draw_button(surface, look.text, rect, self.label, look.small, self.style,
                        self.enabled, state.hovering, state.pressing, self.suggested, hint,
                        look.ground, look.hints_under)
            return
        c = colours(self.style, self.enabled, state.hovering, look.ground)
        r = paint_button(surface, rect, c, pressed=state.pressing, suggested=self.suggested)
        draw_row_text(surface, self, r, r.width - 3 * look.pad, look, c.ink,
                      note_colour(c, self.enabled))


class Stepper(Widget):
    """A value stepped through a list: ``<`` steps back, ``>`` steps on; each half is a
    target of its own. Enter and the right arrow step on, the left arrow back."""

    kind = "option"

    def __init__(self, key: Any, label: str, value: str, back: Action, forward: Action, *,
                 note: str = "", enabled: bool = True, group: str = "",
                 choices: Sequence[str] = (), notes: Sequence[str] = ()) -> None:
        super().__init__(key, label, note=note, enabled=enabled, group=group)
        self.value = value
        self.back = back
        self.forward = forward
        self.span = ""  # the widest value of the steppers it stands in a column with
        # Every value and note a step may bring: the row is as wide and as tall as the
        # widest and longest of them, so that a step moves nothing under the finger.
        self.choices = tuple(choices)
        self.notes = tuple(notes)

    def value_box(self, rect: Rect, look: Look) -> Rect:
        """``<``, the value and ``>``: wide enough for the value (and for that of the
        steppers it stands with, so that their arrows stand in line), within 36-66% of
        the row (the label wraps to two lines when it needs to)."""
        font = look.text.font(look.small, True)
        text_w = max(font.size(v)[0] for v in (self.value, self.span, *self.choices)) + 16
        w = max(round(rect.width * 0.36), 2 * look.target + max(3 * look.small, text_w))
        w = min(w, round(rect.width * 0.66))
        return Rect(rect.right - look.pad // 2 - w, rect.y, w, rect.height)

    def halves(self, look: Look) -> tuple[Rect, Rect]:
        rect = self.rect
        box = self.value_box(rect, look)
        band = self.top_band(rect, look)
        side = max(look.target, min(band.height - 4, round(look.font * 2.1)))
        y = band.centery - side // 2
        return Rect(box.x, y, side, side), Rect(box.right - side, y, side, side)

    def note_below(self, width: int, look: Look) -> bool:
        """On a narrow row (a phone's), where the value takes most of it, the note runs
        under the label and the arrows, across the whole row, rather than down a column
        of a word or two a line."""
        room = width - self.value_w(width, look) - 3 * look.pad
        return bool(self.note or self.notes) and room < NOTE_COLUMN * look.note_size

    def top_band(self, rect: Rect, look: Look) -> Rect:
        """Where the label and the arrows stand: the whole row, or above a note below."""
        if not self.note_below(rect.width, look):
            return rect
        return Rect(rect.x, rect.y, rect.width,
                    row_height(self, rect.width, look, self.value_w(rect.width, look), ""))

    def note_lines(self, note: str, width: int, look: Look) -> list[str]:
        """A note below the row, wrapped to the row's width inside its insets."""
        return look.text.wrapped(note, look.note_size, width - 2 * max(look.pad, ROW_INSET))

    def parts(self, look: Look | None = None) -> list[tuple[Any, Rect]]:
        if look is None:
            return [(None, self.rect)]
        back, forward = self.halves(look)
        return [("back", back), ("next", forward), ("row", self.rect)]

    def activate(self, part: Any = None) -> None:
        """``<`` steps back, ``>`` or Enter (part None) on; the row's label ("row")
        only takes the focus."""
        if not self.enabled:
            if self.refused is not None:
                self.refused()
            return
        if part == "back":
            self.back()
        elif part in ("next", None):
            self.forward()

    def step(self, direction: int) -> bool:
        if self.enabled:
            (self.back if direction < 0 else self.forward)()
        return True

    def measure(self, width: int, look: Look) -> int:
        value_w = self.value_w(width, look)
        if self.note_below(width, look):
            lines = max(len(self.note_lines(note, width, look))
                        for note in (self.note, *self.notes))
            return (row_height(self, width, look, value_w, "") + lines *
                    round(look.note_size * 1.2) + look.pad)
        return max(row_height(self, width, look, value_w, note)
                   for note in (self.note, *self.notes))

    def value_w(self, width: int, look: Look) -> int:
        return self.value_box(Rect(0, 0, width, 1), look).width + look.pad // 2

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        c = colours("secondary", self.enabled, False, look.ground)
        paint_button(surface, rect, c)
        band = self.top_band(rect, look)
        label_w = rect.width - self.value_w(rect.width, look) - 2 * look.pad
        if band is rect:
            draw_row_text(surface, self, rect, label_w, look, c.ink, c.muted)
        else:
            draw_row_text(surface, self, band, label_w, look, c.ink, c.muted, note="")
            y = band.bottom - look.pad // 2
            for line in self.note_lines(self.note, rect.width, look):
                look.text.blit(surface, line, look.note_size, c.muted,
                               (rect.x + max(look.pad, ROW_INSET), y))
                y += round(look.note_size * 1.2)
        back, forward = self.halves(look)
        for part, r, glyph in (("back", back, "<"), ("next", forward, ">")):
            half = colours("secondary", self.enabled, state.hover == part, "panel")
            paint_button(surface, r.inflate(-4, -4), half, radius=8,
                         pressed=state.pressed == part)
            look.text.blit(surface, glyph, look.font, half.ink, r.center, "center", True)
        room = forward.left - back.right - 8
        size = look.text.fit(self.value, look.small, room, True)
        look.text.blit(surface, self.value, size, c.ink,
                       ((back.right + forward.left) // 2, band.centery), "center", True)


class Toggle(Widget):
    """On or off: a tap anywhere on it (or Enter, or an arrow) flips it."""

    kind = "toggle"

    def __init__(self, key: Any, label: str, on: bool, flip: Action, *, note: str = "",
                 enabled: bool = True, group: str = "") -> None:
        super().__init__(key, label, note=note, enabled=enabled, group=group)
        self.on = on
        self.flip = flip

    @property
    def value(self) -> str:
        return "on" if self.on else "off"

    def activate(self, part: Any = None) -> None:
        if self.enabled:
            self.flip()
        elif self.refused is not None:
            self.refused()

    def step(self, direction: int) -> bool:
        self.activate()
        return True

    def switch_rect(self, look: Look) -> Rect:
        rect = self.rect
        w, h = round(look.target * 1.9), round(look.target * 0.8)
        return Rect(rect.right - look.pad - w, rect.centery - h // 2, w, h)

    def measure(self, width: int, look: Look) -> int:
        return row_height(self, width, look, round(look.target * 1.9) + look.pad)

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        c = colours("secondary", self.enabled, state.hovering, look.ground)
        paint_button(surface, rect, c, pressed=state.pressing)
        sw = self.switch_rect(look)
        draw_row_text(surface, self, rect, sw.x - rect.x - 2 * look.pad, look, c.ink, c.muted)
        track = theme.GOOD if self.on else OFF_ON_PANEL  # either way 3:1 on the row
        pygame.draw.rect(surface, track, sw, border_radius=sw.height // 2)
        knob_r = sw.height // 2 - 3
        cx = sw.right - sw.height // 2 if self.on else sw.x + sw.height // 2
        pygame.draw.circle(surface, (255, 255, 255), (cx, sw.centery), knob_r)
        word_x = sw.x + sw.height // 2 + 4 if self.on else sw.right - sw.height // 2 - 4
        anchor = "midleft" if self.on else "midright"
        look.text.blit(surface, self.value, max(15, look.small - 3), (255, 255, 255),
                       (word_x, sw.centery), anchor, True)


class TextField(Widget):
    """A line of text, edited while focused (editing.py: the draft, the cursor, the
    selection); each change of the draft is offered to ``change``, whole."""

    kind = "input"

    def __init__(self, key: Any, label: str, value: str, change: Callable[[str], None],
                 *, note: str = "", group: str = "") -> None:
        super().__init__(key, label, note=note, group=group)
        self.value = value
        self.change = change

    def value_w(self, width: int) -> int:
        return round(width * 0.4)

    def measure(self, width: int, look: Look) -> int:
        return row_height(self, width, look, self.value_w(width))

    def value_box(self, look: Look) -> Rect:
        """The white box the text stands in, on screen."""
        rect = self.rect
        vw = self.value_w(rect.width)
        h = min(rect.height - 12, max(look.target - 8, round(look.small * 2.4)))
        return Rect(rect.right - look.pad - vw, rect.centery - h // 2, vw, h)

    @staticmethod
    def text_room(box: Rect) -> Rect:
        return box.inflate(-16, 0)

    def cursor_at(self, editing: Editing, x: int, look: Look) -> int:
        """The character position under screen ``x``."""
        room = self.text_room(self.value_box(look))
        font = look.text.font(look.small, True)
        return editing.at(x - room.x + editing.scroll, lambda s: font.size(s)[0])

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        t = look.text
        c = colours("secondary", True, state.hovering, look.ground)
        paint_button(surface, rect, c)
        vw = self.value_w(rect.width)
        draw_row_text(surface, self, rect, rect.width - vw - 3 * look.pad, look, c.ink, c.muted)
        box = self.value_box(look)
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=8)
        pygame.draw.rect(surface, (150, 150, 140), box, 1, border_radius=8)
        room = self.text_room(box)
        font = t.font(look.small, True)
        editing = state.editing
        if editing is None:  # a long value shows its start, and that there is more
            shown = self.value
            if font.size(shown)[0] > room.width:
                while shown and font.size(shown + "...")[0] > room.width:
                    shown = shown[:-1]
                shown += "..."
            t.blit(surface, shown, look.small, c.ink, (room.x, box.centery), "midleft", True)
            return
        text = editing.text
        cursor_x = font.size(text[:editing.cursor])[0]
        editing.scroll_to_cursor(cursor_x, font.size(text)[0], room.width)
        clip = surface.get_clip()
        surface.set_clip(room.inflate(4, 0).clip(clip))
        left = room.x - editing.scroll
        a, b = editing.selection
        if a != b:
            xa, xb = font.size(text[:a])[0], font.size(text[:b])[0]
            h = font.get_height()
            pygame.draw.rect(surface, SELECTION, Rect(left + xa, box.centery - h // 2,
                                                      xb - xa, h))
        first = 0  # from the first character in view: a long draft stays whole to its end
        while first < len(text) and font.size(text[:first + 1])[0] <= editing.scroll:
            first += 1
        t.blit(surface, text[first:], look.small, c.ink,
               (left + font.size(text[:first])[0], box.centery), "midleft", True)
        if a == b and int(look.now * 2) % 2 == 0:
            x = left + cursor_x
            h = font.get_height()
            pygame.draw.line(surface, c.ink, (x, box.centery - h // 2),
                             (x, box.centery + h // 2), 2)
        surface.set_clip(clip)


class Paragraph(Widget):
    kind = "text"
    focusable = False

    def lines(self, width: int, look: Look) -> list[str]:
        return look.text.wrapped(self.label, look.small, width - 2 * look.pad)

    def measure(self, width: int, look: Look) -> int:
        return len(self.lines(width, look)) * round(look.small * 1.25) + look.pad // 2

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        y = rect.y
        for line in self.lines(rect.width, look):
            look.text.blit(surface, line, look.small, theme.TEXT, (rect.x + look.pad, y))
            y += round(look.small * 1.25)


class Heading(Widget):
    kind = "heading"
    focusable = False

    def measure(self, width: int, look: Look) -> int:
        return round(look.font * 1.8)

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        rect = self.rect
        size = look.text.fit(self.label, look.font, rect.width, True)
        look.text.blit(surface, self.label, size, theme.GOLD, (rect.x, rect.bottom - 4),
                       "bottomleft", True)


class Custom(Widget):
    """Something a page draws itself (a chart, a table of figures)."""

    kind = "custom"
    focusable = False

    def __init__(self, key: Any, height: int,
                 paint: Callable[[pygame.Surface, Rect], None], words: str = "") -> None:
        super().__init__(key)
        self.height = height
        self.paint = paint
        self.words = words  # what it shows, in sentences, for a listener

    def measure(self, width: int, look: Look) -> int:
        return self.height

    def draw(self, surface: pygame.Surface, look: Look, state: State) -> None:
        self.paint(surface, self.rect)


ROW_INSET = 8  # px: the least room between a row's edge and its words
NOTE_COLUMN = 10  # note sizes: a stepper's note column narrower than this goes below


def label_lines(widget: Widget, width: int, look: Look) -> list[str]:
    """A row's label in body type: on two lines where one would need a smaller size."""
    if look.text.font(look.small, True).size(widget.label)[0] <= width:
        return [widget.label]
    return look.text.wrapped(widget.label, look.small, width, True)[:2]


def row_height(widget: Widget, width: int, look: Look, value_w: int,
               note: str | None = None) -> int:
    """A row's height: its label and its wrapped note (or ``note``), at least a target's
    height."""
    base = max(look.target, round(look.font * 2.1))
    room = width - value_w - 3 * look.pad
    extra = (len(label_lines(widget, room, look)) - 1) * round(look.small * 1.2)
    note = widget.note if note is None else note
    if not note:
        return base + extra
    lines = look.text.wrapped(note, look.note_size, room)
    return max(base, round(look.font * 1.25) + len(lines) * round(look.note_size * 1.2) +
               look.pad * 3 // 2) + extra  # a little room under the descenders


def draw_row_text(surface: pygame.Surface, widget: Widget, rect: Rect, width: int, look: Look,
                  ink: tuple, muted: tuple, note: str | None = None) -> None:
    """A row's label (bold) and its note (or ``note``) under it, left-aligned in
    ``width``, at least ROW_INSET from the row's edge (a phone's 5-px pad set the words
    against the rounded corner)."""
    note = widget.note if note is None else note
    t = look.text
    inset = max(look.pad, ROW_INSET)
    width -= inset - look.pad  # what row_height measured the label in
    left = rect.x + inset
    top = rect.y + look.pad // 2 + 2
    labels = label_lines(widget, width, look)
    step = round(look.small * 1.2)
    if not note:
        y = rect.centery - (len(labels) - 1) * step // 2
        for line in labels:
            size = t.fit(line, look.small, width, True)
            t.blit(surface, line, size, ink, (left, y), "midleft", True)
            y += step
        return
    for i, line in enumerate(labels):
        size = t.fit(line, look.small, width, True)
        t.blit(surface, line, size, ink, (left, top + i * step), "topleft", True)
    y = top + round(look.font * 1.1) + (len(labels) - 1) * step
    for line in t.wrapped(note, look.note_size, width):
        t.blit(surface, line, look.note_size, muted, (left, y))
        y += round(look.note_size * 1.2)


__all__ = ["Button", "Custom", "Heading", "Look", "Paragraph", "State",
           "Stepper", "TextField", "Toggle", "Widget"]
