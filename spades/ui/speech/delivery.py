"""Where the table's words go: the page's live region in the browser (through
``platform.announce``); on desktop the caption strip and the running screen reader
(``screen_reader``); and the offer, at the first key press of each session where a
screen reader may listen, to turn announcements on. A turns them on or off on every
screen.

The App owns one ``Speech``. Each frame it hands the table's new sentences to the page
(:meth:`deliver`) and draws the caption strip or the offer (:meth:`draw`); a key press
or a click first goes to :meth:`key` / :meth:`pointer`, which answer the offer.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pygame

from ... import platform
from . import captions
from .narration import TURNED_OFF, TURNED_ON
from .screen_reader import ScreenReader

OFFER = ("Screen reader? Press Enter to turn on spoken announcements: every bid, card "
         "and trick is said, and keys 1 to 5 read your hand, the trick, the scores, the "
         "last trick, and repeat. Any other key plays without them; A or F2 turns them on "
         "at any time, on every screen.")


class Speech:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.offering = False
        # What a page (menu, settings, ...) last said, so only changes are announced.
        self.page: Any = None
        self.page_focus: Any = None
        self.page_value: Any = None
        self.page_message: Any = None
        self.page_told = 0  # how many of the page's storage notices were said
        self.reader = ScreenReader()  # the desktop's screen reader, when one runs
        self.offered = False  # this session: a declined offer comes back next time

    def out(self, text: str, urgent: bool = False) -> bool:
        """One sentence to whoever listens: the page in a browser, else the screen
        reader (the caption strip draws the table's words on its own)."""
        text = spoken(text)
        if platform.in_browser():
            return platform.announce(text, urgent)
        return self.reader.say(text, urgent)

    # --- the offer -----------------------------------------------------------------------

    def wants_offer(self) -> bool:
        """Once a session while announcements are off: in a browser (its page may have a
        screen reader), on a desktop where a screen reader runs."""
        s = self.app.settings
        return (not s.announcements and not self.offered and not self.app.args.autoplay
                and (platform.in_browser() or self.reader.present()))

    def key(self, event: pygame.event.Event) -> bool:
        """A key press, before the page sees it: True when it answered the offer (or
        made it) and must go no further."""
        if self.offering:
            self.offering = False
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.turn_on()
                return True
            return event.key == pygame.K_ESCAPE  # other keys play on without them
        if self.wants_offer():
            # Asked once a session: declined, it comes back at the next start.
            self.offered = self.offering = True
            if not self.app.settings.announcements_offered:
                self.app.settings = replace(self.app.settings, announcements_offered=True)
                self.app.save_settings()
            self.out(OFFER, urgent=True)
            return True
        return False

    def pointer(self) -> None:
        """A click or a tap: whoever uses a pointer declines the offer by using it."""
        self.offering = False

    def turn_on(self) -> None:
        """The offer taken: announcements on, kept with the settings."""
        app = self.app
        app.settings = replace(app.settings, announcements=True, announcements_offered=True)
        app.save_settings()
        app.options.announcements = True
        scene = app.scene
        if hasattr(scene, "transcript"):
            scene.announcements_on()  # delivered with the table's words, where you are too
        else:
            self.out(TURNED_ON, urgent=True)

    def toggle(self) -> None:
        """The A key on a page around the table (the table has its own): announcements
        on or off, kept with the settings, said either way."""
        app = self.app
        if not app.settings.announcements:
            self.offering = False
            self.turn_on()
            # Then where the player is: the page and its focused row, in one sentence
            # (an urgent one after it would cut it off); the page is not read again.
            scene = app.scene
            self.page, self.page_focus = scene, getattr(scene, "focus", None)
            self.page_message = getattr(scene, "message", None)
            self.page_told = len(getattr(scene, "notices", []))
            row = (scene.row_of(self.page_focus) if self.page_focus is not None
                   and hasattr(scene, "row_of") else None)
            self.page_value = getattr(row, "value", None)
            where = f"{getattr(scene, 'title', '') or 'Menu'}."
            self.out(f"{where} In focus: {describe(row)}" if row is not None else
                     f"{where} Tab and the arrows move; Enter chooses.")
            return
        self.out(TURNED_OFF, urgent=True)
        app.settings = replace(app.settings, announcements=False)
        app.save_settings()
        app.options.announcements = False

    # --- each frame --------------------------------------------------------------------

    def deliver(self, scene: Any) -> None:
        """The table's new sentences to the page (in the browser); on desktop the strip
        draws them from the transcript. The pages around the table (menu, settings, ...)
        are told in the browser only: their title on arrival, each focus move, each
        message."""
        transcript = getattr(scene, "transcript", None)
        if transcript is None:
            if self.app.settings.announcements:
                self.tell_page(scene)
            return
        for a in transcript.take_unsent():
            self.out(a.text, a.urgent)

    def tell_page(self, scene: Any) -> None:
        if scene is not self.page:
            self.page, self.page_focus, self.page_message = scene, None, None
            self.page_told = 0
            title = getattr(scene, "title", "") or "Menu"
            self.out(f"{title}. Tab and the arrows move; Enter chooses.", urgent=True)
            for words in page_words(scene):  # what the page says, not only its buttons
                self.out(words)
        notices = getattr(scene, "notices", [])
        for text in notices[self.page_told:]:
            self.out(text)
        self.page_told = len(notices)
        focus = getattr(scene, "focus", None)
        row = scene.row_of(focus) if focus is not None and hasattr(scene, "row_of") else None
        value = getattr(row, "value", None)
        if row is not None and focus != self.page_focus:
            self.out(describe(row), urgent=True)
        elif row is not None and value != self.page_value:
            # The value changed under the focus (a stepper or a switch): say the new one.
            self.out(f"{str(row.label).rstrip('.')}: {value}.", urgent=True)
        self.page_focus, self.page_value = focus, value
        message = getattr(scene, "message", None)
        if message is not None and message != self.page_message:
            self.out(str(message[0]), urgent=True)
        self.page_message = message

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        text = self.app.text
        if hasattr(scene, "transcript") and scene.captions_shown() and scene.caption_band[0]:
            band, size = scene.caption_band
            captions.draw_strip(surface, text, scene.layout, band, size,
                                scene.transcript.recent(2))
        if self.offering:
            lay = getattr(scene, "layout", None)
            size = lay.font_small if lay is not None else 18
            pad = lay.pad if lay is not None else 10
            captions.draw_offer(surface, text, OFFER, size, pad)


def spoken(text: str) -> str:
    """Words as a listener should hear them: the middle dot that parts a line's
    phrases on screen ("Hand 3 · us 120") is read aloud by screen readers, so it
    becomes a comma."""
    if "\u00b7" not in text:
        return text
    return re.sub(r"\s*\u00b7\s*", ", ", text).strip(" ,")


def page_words(scene: Any) -> list[str]:
    """A page's text in order, as a listener needs it read: its headings, paragraphs
    and what it draws itself (a chart, a table of figures), not its buttons (the focus
    says those)."""
    rows = scene.rows() if hasattr(scene, "rows") else []
    out = []
    for row in rows:
        for widget in row if isinstance(row, tuple) else (row,):
            if getattr(widget, "focusable", True):
                continue
            text = str(getattr(widget, "words", "") or getattr(widget, "label", "") or "")
            if text:
                out.append(text if text.endswith((".", ":", "!", "?")) else text + ".")
    return out


def describe(row: Any) -> str:
    """A page's row or button as a reader says it: label, value, unavailable, note."""
    text = str(getattr(row, "label", "") or "").rstrip(".")
    value = getattr(row, "value", "")
    if value:
        text += f": {value}"
    if not getattr(row, "enabled", True):
        text += ", unavailable"
    note = getattr(row, "note", "")
    if note and " " in str(note):  # a sentence, not a key hint such as "Esc"
        text += f". {str(note).rstrip('.')}"
    return text + "."
