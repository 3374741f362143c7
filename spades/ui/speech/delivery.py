"""Where the table's words go: the page's live region in the browser (through
``platform.announce``), the caption strip on desktop; and the browser's offer, at the
first key press on the page, to turn announcements on.

The App owns one ``Speech``. Each frame it hands the table's new sentences to the page
(:meth:`deliver`) and draws the caption strip or the offer (:meth:`draw`); a key press
or a click first goes to :meth:`key` / :meth:`pointer`, which answer the offer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ... import platform
from . import captions
from .narration import TURNED_ON

OFFER = ("Screen reader? Press Enter to turn on spoken announcements: every bid, card "
         "and trick is said, and keys 1 to 5 read your hand, the trick, the scores, the "
         "last trick, and repeat. Any other key plays without them.")


class Speech:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.offering = False
        # What a page (menu, settings, ...) last said, so only changes are announced.
        self.page: Any = None
        self.page_focus: Any = None
        self.page_message: Any = None

    # --- the offer (browser) -----------------------------------------------------------

    def wants_offer(self) -> bool:
        s = self.app.settings
        return (platform.in_browser() and not s.announcements and
                not s.announcements_offered and not self.app.args.autoplay)

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
            # Asked once, ever: the answer (or none) is kept with the settings.
            self.app.settings = replace(self.app.settings, announcements_offered=True)
            self.app.save_settings()
            self.offering = True
            platform.announce(OFFER, urgent=True)
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
            scene.options.announcements = True
            scene.narrate_message(TURNED_ON)  # delivered with the table's words
        else:
            platform.announce(TURNED_ON, urgent=True)

    # --- each frame --------------------------------------------------------------------

    def deliver(self, scene: Any) -> None:
        """The table's new sentences to the page (in the browser); on desktop the strip
        draws them from the transcript. The pages around the table (menu, settings, ...)
        are told in the browser only: their title on arrival, each focus move, each
        message."""
        transcript = getattr(scene, "transcript", None)
        if transcript is None:
            if platform.in_browser() and self.app.settings.announcements:
                self.tell_page(scene)
            return
        said = transcript.take_unsent()
        if said and platform.in_browser():
            for a in said:
                platform.announce(a.text, a.urgent)

    def tell_page(self, scene: Any) -> None:
        if scene is not self.page:
            self.page, self.page_focus, self.page_message = scene, None, None
            title = getattr(scene, "title", "") or "Menu"
            platform.announce(f"{title}. Tab and the arrows move; Enter chooses.", urgent=True)
        focus = getattr(scene, "focus", None)
        if focus is not None and focus != self.page_focus:
            row = scene.row_of(focus) if hasattr(scene, "row_of") else None
            if row is not None:
                platform.announce(describe(row), urgent=True)
        self.page_focus = focus
        message = getattr(scene, "message", None)
        if message is not None and message != self.page_message:
            platform.announce(str(message[0]), urgent=True)
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
