"""Short sound effects with a mute switch, silent wherever audio can't work.

Audio is a nicety: a machine without a sound card, a browser that refuses the mixer,
or a missing file must never stop the game, so every failure ends in silence. The
mixer starts on first use rather than on import, so merely building the UI costs nothing
and a muted game never touches the audio device.
"""

from __future__ import annotations

from pathlib import Path

import pygame

SOUND_NAMES = ("deal", "play", "trick", "turn")
SOUND_DIR = Path(__file__).resolve().parents[2] / "assets" / "sounds"


class Sounds:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] | None = None
        self._available = False

    @property
    def available(self) -> bool:
        self._load()
        return self._available

    def play(self, name: str) -> None:
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound: {name!r}")
        if not self.enabled:
            return
        self._load()
        sound = self._sounds.get(name) if self._sounds else None
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error:
            pass

    def _load(self) -> None:
        if self._sounds is not None:
            return
        self._sounds = {}
        try:
            if pygame.mixer.get_init() is None:
                # A small buffer keeps a played card and its click in step.
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            self._available = pygame.mixer.get_init() is not None
        except Exception:  # pygame.error, or anything an odd platform throws
            self._available = False
        if not self._available:
            return
        for name in SOUND_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.ogg"))
            except Exception:  # a missing or unreadable file only silences that sound
                continue
