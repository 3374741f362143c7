"""Editing a text field as text fields edit everywhere: the draft, the cursor and the
selection of the field that has the focus, and the keys that change them.

A field that takes the focus selects all it holds (typing replaces it, Backspace
empties it); the cursor moves with the arrow keys, Home and End (Shift extends the
selection), Delete and Backspace remove, Ctrl or Cmd with A, C, X and V select all,
copy, cut and paste (the system's clipboard where SDL has one). The draft is what the
field shows while it has the focus: every change is offered to the page, which keeps
what it can (a name is kept once it is one, yet the field may be empty while it is
retyped); a value the page changes itself (a pasted link kept as its code) replaces
the draft.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EDIT_KEYS = ("backspace", "delete", "left", "right", "home", "end", "select_all", "copy",
             "cut", "paste")


def clipboard_text() -> str:
    """The system clipboard's text, where SDL has a clipboard; else ""."""
    try:
        import pygame

        return pygame.scrap.get_text() or ""
    except Exception:
        return ""


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard, where SDL has one: True if it is there."""
    try:
        import pygame

        pygame.scrap.put_text(text)
        return True
    except Exception:
        return False


@dataclass
class Editing:
    """The focused field's draft: ``cursor`` and ``anchor`` are character positions
    (the selection lies between them), ``scroll`` the pixels of the draft hidden at the
    box's left, ``kept`` the page's value when it was last looked at."""

    key: Any
    text: str
    kept: str
    cursor: int = 0
    anchor: int = 0
    scroll: int = 0

    @classmethod
    def of(cls, key: Any, value: str) -> Editing:
        """A field that has just taken the focus: all of it selected."""
        return cls(key, value, value, cursor=len(value), anchor=0)

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.cursor, self.anchor), max(self.cursor, self.anchor)

    def selected(self) -> str:
        a, b = self.selection
        return self.text[a:b]

    def follow(self, value: str) -> None:
        """The page's value as laid out now: one the page changed itself becomes the
        draft (the cursor at its end)."""
        if value != self.kept:
            self.kept = value
            if value != self.text:
                self.text = value
                self.cursor = self.anchor = len(value)

    def put(self, text: str) -> None:
        """``text`` typed or pasted over the selection."""
        a, b = self.selection
        self.text = self.text[:a] + text + self.text[b:]
        self.cursor = self.anchor = a + len(text)

    def move(self, to: int, extend: bool = False) -> None:
        self.cursor = max(0, min(len(self.text), to))
        if not extend:
            self.anchor = self.cursor

    def press(self, name: str, shift: bool = False) -> bool:
        """An editing key (EDIT_KEYS); True if it changed the draft or the cursor."""
        a, b = self.selection
        if name == "backspace":
            if a == b and a > 0:
                a -= 1
            self.anchor, self.cursor = a, b
            self.put("")
        elif name == "delete":
            if a == b:
                b += 1
            self.anchor, self.cursor = a, min(b, len(self.text))
            self.put("")
        elif name in ("left", "right"):
            if a != b and not shift:
                self.move(a if name == "left" else b)
            else:
                self.move(self.cursor + (-1 if name == "left" else 1), shift)
        elif name in ("home", "end"):
            self.move(0 if name == "home" else len(self.text), shift)
        elif name == "select_all":
            self.anchor, self.cursor = 0, len(self.text)
        elif name in ("copy", "cut"):
            if a != b:
                copy_to_clipboard(self.selected())
                if name == "cut":
                    self.put("")
        elif name == "paste":
            pasted = " ".join(clipboard_text().split())  # one line of text
            if not pasted:
                return False
            self.put(pasted)
        else:
            return False
        return True

    def at(self, x: int, width_of) -> int:
        """The character position nearest ``x`` px from the draft's start (``width_of``
        measures a string in the field's type)."""
        best, best_d = 0, abs(x)
        for i in range(1, len(self.text) + 1):
            d = abs(width_of(self.text[:i]) - x)
            if d < best_d:
                best, best_d = i, d
        return best

    def scroll_to_cursor(self, cursor_x: int, text_w: int, room: int) -> None:
        """Keep the cursor in view: the draft slides under the box as it moves."""
        margin = min(room // 4, 24)
        if cursor_x - self.scroll > room - margin:
            self.scroll = cursor_x - room + margin
        if cursor_x - self.scroll < margin:
            self.scroll = cursor_x - margin
        self.scroll = max(0, min(self.scroll, max(0, text_w - room + 2)))
