"""The Journey's page: every level (seating/levels.py) with its opponents and house
rule, the open ones to play, the locked ones saying how to open them; and the menu's
summary line.
"""

from __future__ import annotations

from typing import Any

from ..seating.levels import LEVELS
from ..widgets import Button, Paragraph, Widget
from .screens import Screen


class JourneyScreen(Screen):
    title = "Journey"

    def rows(self) -> list[Widget]:
        progress = self.app.journey
        rows: list[Widget] = [Paragraph("about", "Win a level to open the next. A level is "
                                        "one match against its own table; lose it and it "
                                        "stays open to try again.")]
        for i, level in enumerate(LEVELS):
            open_ = i < progress.unlocked
            won = level.id in progress.won
            state = "won" if won else ("open" if open_ else "locked")
            partner = f"partner {level.partner}; " if level.rules.partnerships else ""
            note = (f"{level.blurb} {level.west} and {level.east} ({level.opponents}), "
                    f"{partner}{level.twist}.")
            if not open_:
                note = f"Win level {i} to open it. " + note
            current = open_ and not won and i == progress.unlocked - 1
            if self.replacing == i:  # asked once: the next press starts the level
                rows.append(Button(level.id, f"Yes, start level {i + 1}", self._start(i),
                                   note="Your saved match is kept aside, and this level "
                                   "takes its place.", style="danger"))
                continue
            rows.append(Button(level.id, f"Level {i + 1}: {level.title}  ·  {state}",
                               self._start(i), note=note, enabled=open_,
                               style="primary" if current else "secondary",
                               refused=self._locked(i)))
        return rows

    replacing: int | None = None  # the level pressed once over a saved match

    def _locked(self, index: int):
        return lambda: self.say(f"Level {index + 1} is locked: win level {index} to open it")

    def _start(self, index: int):
        def start() -> None:
            # As Play does: a match in progress is not replaced at one press.
            if self.app.has_match_in_progress() and self.replacing != index:
                self.replacing = index
                self.say(f"Press again to start level {index + 1} in place of your saved "
                         "match; a copy of it is kept")
                return
            self.app.start_level(index)
        return start


def journey_summary(progress: Any) -> str:
    """The current level and the next, for the menu."""
    index = min(progress.unlocked, len(LEVELS)) - 1
    level = LEVELS[index]
    text = f"Level {index + 1}: {level.title}"
    if index + 1 < len(LEVELS):
        nxt = LEVELS[index + 1]
        text += f"  ·  next: level {index + 2}, {nxt.title}"
    elif level.id in progress.won:
        text += "  ·  the whole Journey is won"
    return text
