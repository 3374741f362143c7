"""The pages around the table: the start menu, settings, your saves, statistics,
Journey and how to play.

Each page is a title, a column of widgets that scrolls (by drag, wheel, PageUp/Down
and focus), and a fixed footer of buttons (Back at least, so every page can be left
by pointer alone). :class:`Screen` lays them out from the window size and routes
pointer and keys through one :class:`~.widgets.Group`; each page only says which
widgets it has (``rows``, ``footer``) and what they do.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import pygame
from pygame import Rect

from ..art import theme
from ..art.density import logical, px
from ..widgets import (
    GAP,
    Button,
    Group,
    Look,
    Paragraph,
    Pointer,
    ScrollArea,
    Stepper,
    TextField,
    Widget,
    min_target,
)

MAX_TEXT = 20


class Screen:
    """A page; subclasses give ``title``, ``rows()`` and ``footer()``."""

    title = ""
    emblem = False  # a spade either side of the title

    def __init__(self, app) -> None:
        self.app = app
        self.group = Group()
        self.area = ScrollArea()
        self.message: tuple[str, float] | None = None
        self.now = 0.0
        self.width = self.height = 0
        self.placed: list[Widget] = []
        self.foot_placed: list[Widget] = []
        # The storage notices this page has taken from the App: shown at its top while
        # it is open, and told nowhere else (the table does not say them again).
        self.notices: list[str] = []

    # --- what a page says ------------------------------------------------------------

    def rows(self) -> Sequence[Widget | tuple[Widget, ...]]:
        """The column, top to bottom; a tuple is one row of widgets side by side."""
        return []

    def footer(self) -> list[Widget]:
        return [Button("back", "Back", self.back, hint="Esc")]

    def back(self) -> None:
        self.app.show_menu()

    def say(self, text: str, seconds: float = 5.0) -> None:
        self.message = (text, self.now + seconds)

    def update(self, dt: float, think_ms: float = 0.0) -> None:
        self.now += dt
        self.group.update(dt)

    # --- focus, as the tests and the table's pages name it ---------------------------

    @property
    def focus(self):
        return self.group.focus

    @focus.setter
    def focus(self, key) -> None:
        self.group.focus = key

    @property
    def keyboard(self) -> bool:
        return self.group.show_focus

    @property
    def scroll(self) -> int:
        return round(self.area.offset)

    # --- layout --------------------------------------------------------------------

    def metrics(self) -> tuple[int, int, int, int]:
        """Headings, body text, padding and a button's height, in the window's pixels
        (chosen in CSS pixels, art/density.py)."""
        short = min(logical((self.width, self.height)))
        font = round(max(20, min(26, short / 32)))  # headings (the font's pixel size)
        small = max(17, round(font * 0.8))  # body: rows, buttons, paragraphs
        pad = round(max(8, min(14, short * 0.015)))
        font, small, pad = px(font), px(small), px(pad)
        return font, small, pad, max(min_target((self.width, self.height)), round(font * 2.1))

    def look(self) -> Look:
        font, small, pad, _ = self.metrics()
        size = (self.width, self.height)
        return Look(self.app.text, font, small, pad, min_target(size),
                    self.app.input.hints_in(size), self.now)

    def set_layout(self, width: int, height: int) -> None:
        self.width, self.height = width, height

    def message_lines(self) -> int:
        """Lines kept under the title for a message: two on a narrow window."""
        return 2 if logical((self.width, self.height))[0] < 600 else 1

    # A title of presence: larger than body text, and when the page is short the block
    # of title and rows sits in the middle of the window, not over empty felt.
    _content_h = 0

    def title_size(self) -> int:
        return round(self.metrics()[0] * 1.7)

    def head_buttons(self) -> bool:
        """A short, wide window (a phone on its side): the footer's buttons stand in the
        title's row, Back at the left and the rest at the right, so that the rows have
        the height a footer would take (a page's column there showed two rows and a
        half). Not on the menu, whose footer is Quit, not Back."""
        footer = self.footer()
        return (logical((self.width, self.height))[1] < 450 and self.width >= 1.4 * self.height
                and bool(footer) and footer[0].key == "back")

    def title_row(self) -> int:
        """The height of the title's line, or of the buttons beside it."""
        _, _, _, button_h = self.metrics()
        title = self.app.text.font(self.title_size(), True).get_height()  # the real line
        return max(title, button_h) if self.head_buttons() else title

    def head_height(self) -> int:
        """The title and the message lines under it."""
        _, small, pad, _ = self.metrics()
        return self.title_row() + 2 * pad + self.message_lines() * round(small * 1.2)

    def foot_height(self) -> int:
        _, _, pad, button_h = self.metrics()
        return button_h + 2 * pad if self.footer() and not self.head_buttons() else pad

    def title_height(self) -> int:
        """Where the rows begin."""
        if self.head_buttons():
            return self.head_height()
        free = self.height - self.foot_height() - self.head_height() - self._content_h
        return self.head_height() + max(0, free // 2)

    def foot_button_width(self, n: int, col_w: int) -> int:
        font, _, pad, _ = self.metrics()
        if self.head_buttons():
            return min(round(font * 11), (self.width - 2 * pad) // 4)
        return min(round(font * 11), (col_w - (n - 1) * max(GAP, pad)) // n)

    def build_controls(self, can_quit: bool = True) -> list[Widget]:
        """Lay the page out for the window; the focusable widgets in reading order."""
        font, small, pad, button_h = self.metrics()
        look = self.look()
        gap = max(GAP, pad)
        col_w = min(self.width - 2 * pad - 8, round(font * 30))
        x = (self.width - col_w) // 2
        footer = self.footer()
        foot_h = self.foot_height()
        top = self.title_height()
        view = Rect(x, top, col_w, self.height - top - foot_h)
        arrived = getattr(self.app, "notices", [])
        if arrived:
            self.notices += arrived
            self.app.notices = []
            self.area.offset = 0.0  # the page's top, where they stand, comes into view
        rows = [Paragraph(("notice", i), text) for i, text in enumerate(self.notices)]
        rows += list(self.rows())
        steppers = [r for r in rows if isinstance(r, Stepper)]
        if steppers:  # one width of value for the page: their arrows stand in line
            span = max((v for s in steppers for v in (s.value, *s.choices)),
                       key=lambda v: self.app.text.font(look.small, True).size(v)[0])
            for s in steppers:
                s.span = span
        self.placed = []
        content = self._place_column(rows, x, col_w, look, gap)
        room = self.height - self.head_height() - foot_h  # the view, were it not centred
        if self.wide_columns and content > room and self.width >= 1.4 * self.height:
            # A short, wide window (a phone on its side): the rows of small buttons
            # stand in a column of their own beside the others (with those of the
            # others above them, in their order, that even the two columns out), so
            # that the whole page shows without scrolling.
            col_w = min((self.width - 2 * pad - 8 - 2 * gap) // 2, round(font * 22))
            x = (self.width - 2 * col_w - 2 * gap) // 2
            # Small: a row of buttons of one word or two, without notes.
            small = [r for r in rows if isinstance(r, tuple) and not any(w.note for w in r)]
            wide = [r for r in rows if not any(r is t for t in small)]

            def columns(on_left: tuple[bool, ...]) -> tuple[list, list]:
                return ([r for r, left in zip(wide, on_left, strict=True) if left],
                        [r for r, left in zip(wide, on_left, strict=True) if not left]
                        + small)
            # The first row (Play) stays at the top left; each other one goes left or
            # right, whichever evens the columns.
            splits = [(True, *rest) for rest in product((True, False), repeat=len(wide) - 1)]
            left, right = columns(min(splits, key=lambda split: max(
                self._place_column(c, x, col_w, look, gap, False) for c in columns(split))))
            self.placed = []
            content = max(self._place_column(left, x, col_w, look, gap),
                          self._place_column(right, x + col_w + 2 * gap, col_w, look, gap))
            view = Rect(x, top, 2 * col_w + 2 * gap, view.height)
        self.area.set_view(view, content)
        self.foot_placed = []
        if footer:
            n = len(footer)
            bw = self.foot_button_width(n, col_w)
            total = n * bw + (n - 1) * gap
            fx = self.width // 2 - total // 2
            fy = self.height - pad - button_h
            spots = [Rect(fx + i * (bw + gap), fy, bw, button_h) for i in range(n)]
            if self.head_buttons():  # Back at the title's left, the rest at its right
                right = self.width - pad - (n - 1) * bw - (n - 2) * gap
                spots = [Rect(pad, pad, bw, button_h)] + [
                    Rect(right + i * (bw + gap), pad, bw, button_h) for i in range(n - 1)]
            for w, spot in zip(footer, spots, strict=True):
                if isinstance(w.key, str):
                    w.key = ("foot", w.key)
                w.place(spot)
                self.foot_placed.append(w)
        for w in self.placed + self.foot_placed:
            if not w.enabled and w.refused is None and w.note:  # a tap says why
                w.refused = self._say_note(w.note)
        self.group.set(self.placed + self.foot_placed, [self.area], look)
        if self.area.content_h != self._content_h:  # the block's height moved: centre it
            self._content_h = self.area.content_h
            return self.build_controls(can_quit)
        return self.group.focusable()

    wide_columns = False  # a page whose rows of small buttons may stand beside the rest

    def _place_column(self, rows, x: int, col_w: int, look: Look, gap: int,
                      place: bool = True) -> int:
        """Place ``rows`` top to bottom in a column at ``x`` (or only measure them);
        the column's height."""
        y = 0
        for row in rows:
            cells = row if isinstance(row, tuple) else (row,)
            # Side by side, each its ``share`` of the row (1 unless the page says less).
            shares = [w.share for w in cells]
            room = col_w - (len(cells) - 1) * gap
            edges = [x + round(room * sum(shares[:i]) / sum(shares)) + i * gap
                     for i in range(len(cells) + 1)]
            edges[-1] = x + col_w + gap
            spans = [(edges[i], edges[i + 1] - gap) for i in range(len(cells))]
            h = max(w.measure(right - left, look)
                    for w, (left, right) in zip(cells, spans, strict=True))
            for w, (left, right) in zip(cells, spans, strict=True):
                if not place:
                    break
                if isinstance(w.key, str):
                    w.key = ("row", w.key)
                w.place(Rect(left, y, right - left, h), self.area)
                self.placed.append(w)
            y += h + gap
        return max(0, y - gap)

    def _say_note(self, note: str):
        return lambda: self.say(note)

    def row_of(self, key: tuple) -> Widget | None:
        return self.group.find(key)

    # --- input ---------------------------------------------------------------------

    def pointer(self, p: Pointer) -> None:
        if p.kind != "move":  # a move changes nothing a tap could; the frame's layout holds
            self.build_controls()
        self.group.pointer(p)

    def key(self, name: str, shift: bool = False, text: str = "") -> None:
        self.build_controls()
        if name == "announcements" or (text.lower() == "a" and not name and not isinstance(
                self.group.focused(), TextField)):
            # Announcements on or off, on every page; in a text field A types a letter
            # and F2 does it.
            self.app.speech.toggle()
            return
        if self.group.key(name, shift, text):
            return
        if name in ("enter", "space"):
            primary = next((w for w in self.group.focusable()
                            if isinstance(w, Button) and w.primary and w.enabled), None)
            if primary is not None:
                primary.activate()
        elif name == "escape":
            self.back()

    def text_input(self, text: str) -> None:
        """Text that came without a key of its own (an input method, a paste, a phone's
        keyboard): typed into the focused text field, if one is."""
        self.build_controls()
        if isinstance(self.group.focused(), TextField):
            self.group.key("", False, text)

    # --- drawing -------------------------------------------------------------------

    def draw_title(self, surface: pygame.Surface, drawer) -> bool:
        """A page with a title of its own draws it (and its message) here: True."""
        return False

    def draw(self, surface: pygame.Surface, drawer) -> None:
        font, small, pad, _ = self.metrics()
        t = self.app.text
        surface.blit(drawer.felt(surface.get_size()), (0, 0))
        if self.draw_title(surface, drawer):
            self.group.draw(surface)
            return
        room = self.width - 2 * pad
        top = self.title_height() - self.head_height() + pad
        if self.head_buttons():  # between the buttons, on their row's middle
            room -= 2 * (self.foot_button_width(0, 0) + 2 * pad)
            line = self.app.text.font(self.title_size(), True).get_height()
            top += (self.title_row() - line) // 2
        size = t.fit(self.title, self.title_size(), room, True)
        r = t.blit(surface, self.title, size, theme.TEXT, (self.width // 2, top), "midtop",
                   True)
        if self.emblem:
            icon = drawer.art.suit(3, r.height, theme.TEXT)
            surface.blit(icon, (r.left - icon.get_width() - pad, r.top))
            surface.blit(icon, (r.right + pad, r.top))
        if self.message and self.now < self.message[1]:
            lines = t.wrap(self.message[0], small, self.width - 2 * pad, True)
            y = r.bottom + pad // 2
            for line in lines[:self.message_lines()]:
                size = t.fit(line, small, self.width - 2 * pad, True)
                t.blit(surface, line, size, theme.GOLD, (self.width // 2, y), "midtop", True)
                y += round(small * 1.2)
        self.group.draw(surface)
