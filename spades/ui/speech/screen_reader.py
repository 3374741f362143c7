"""The running screen reader on a desktop, for the table's announcements.

In the browser the page's live region reaches the screen reader; a desktop window has
no such thing, so the words go to the screen reader itself through Prism (the
``prismatoid`` package: NVDA, JAWS and the other Windows readers, VoiceOver on macOS,
Orca on Linux). Only screen readers are used, never a bare system voice, so a player
who reads the captions hears nothing they did not ask for.

Prism is imported lazily, on the first announcement, and never in the browser. Where
it is not installed, or no screen reader is running, :meth:`ScreenReader.say` returns
False and the caption strip remains the only output; it looks again now and then, so
a screen reader started after the game is found. Nothing here raises: words must not
stop the game.
"""

from __future__ import annotations

import sys
import time
from typing import Any

# Prism's backends that are screen readers (prism.BackendId names), in the order tried
# when several run at once. Text-to-speech engines (SAPI, OneCore, AVSpeech, Speech
# Dispatcher) are left out on purpose.
SCREEN_READERS = (
    "NVDA", "JAWS", "VOICE_OVER", "ORCA", "ZDSR", "ZOOM_TEXT", "SYSTEM_ACCESS",
    "PC_TALKER", "BOY_PC_READER", "SENSE_READER", "WINDOW_EYES",
)
LOOK_AGAIN_SECONDS = 20.0


class ScreenReader:
    """One reader for the whole game; ``clock`` is for tests."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self.context: Any = None
        self.backend: Any = None
        self.looked_at: float | None = None
        self.available = True  # False once Prism cannot be imported or started

    @property
    def name(self) -> str | None:
        """The screen reader in use, or None."""
        try:
            return self.backend.name if self.backend is not None else None
        except Exception:
            return None

    def present(self) -> bool:
        """Whether a screen reader runs (looked for as :meth:`say` does)."""
        if sys.platform == "emscripten":
            return False
        return (self.backend if self.backend is not None else self._find()) is not None

    def say(self, text: str, urgent: bool = False) -> bool:
        """Hand ``text`` to the screen reader: queued, or ``urgent`` (it interrupts).
        False when there is none to hand it to."""
        text = str(text).replace("\x00", " ").strip()
        if not text or sys.platform == "emscripten":
            return False
        backend = self.backend if self.backend is not None else self._find()
        if backend is None:
            return False
        try:
            backend.output(text, interrupt=urgent)  # speech, and braille where it has one
            return True
        except Exception:
            self.backend = None  # the reader quit: look for one again later
            self.looked_at = self.clock()
            return False

    def _find(self) -> Any:
        now = self.clock()
        if not self.available or (self.looked_at is not None
                                  and now - self.looked_at < LOOK_AGAIN_SECONDS):
            return None
        self.looked_at = now
        try:
            if self.context is None:
                import prism  # prismatoid: desktop only, imported on first use

                self.context = prism.Context()
            ids = _reader_ids(self.context)
        except Exception:  # not installed, or no native library for this system
            self.available = False
            return None
        for backend_id in ids:
            try:
                self.backend = self.context.create(backend_id)  # fails unless running
                return self.backend
            except Exception:
                continue
        return None


def _reader_ids(context: Any) -> list[Any]:
    """The screen reader backends this system's Prism has, in SCREEN_READERS' order."""
    import prism

    found = {context.id_of(i) for i in range(context.backends_count)}
    return [getattr(prism.BackendId, name) for name in SCREEN_READERS
            if getattr(prism.BackendId, name, None) in found]
