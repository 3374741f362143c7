"""The Journey: a path of matches against named opponents who grow stronger, some
with a house rule of their own. Winning a level opens the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.rules import PRESETS, Rules
from ..widgets import Button, Paragraph, Widget
from .screens import Screen


@dataclass(frozen=True)
class Level:
    id: str
    title: str
    blurb: str
    west: str
    east: str
    partner: str
    opponents: str  # strength of West and East
    partner_strength: str
    preset: str
    changes: dict[str, Any] = field(default_factory=dict)  # the level's house rule

    @property
    def rules(self) -> Rules:
        return PRESETS[self.preset].with_options(**self.changes)

    @property
    def twist(self) -> str:
        r = self.rules
        parts = [f"to {r.target}"]
        if not r.nil:
            parts.append("no nil")
        elif not r.blind_nil:
            parts.append("nil, no blind nil")
        if not r.bag_penalty:
            parts.append("no bag penalty")
        return ", ".join(parts)


LEVELS: tuple[Level, ...] = (
    Level("j1", "First table", "Two easy opponents and a steady partner: learn to count "
          "your tricks.", "Pip", "Dot", "Sam", "easy", "normal", "classic-150"),
    Level("j2", "Nil night", "Nil bids join the game: a bid of no tricks at all.",
          "Rosa", "Theo", "Sam", "easy", "normal", "guide", {"target": 200}),
    Level("j3", "The club", "Steady club players, standard rules.", "Mae",
          "Otto", "Sam", "normal", "normal", "standard", {"target": 300}),
    Level("j4", "Bags don't bite", "No bag penalty here: every trick you can take is worth "
          "having.", "Finn", "Ivy", "Sam", "normal", "normal", "classic-no-bags",
          {"target": 300}),
    Level("j5", "A full match", "Standard rules, a whole match.", "Lena", "Hugo", "Sam",
          "normal", "normal", "standard"),
    Level("j6", "Sharks", "Hard opponents who punish a loose bid.", "Vera", "Cyrus",
          "Sam", "hard", "normal", "standard", {"target": 300}),
    Level("j7", "Every bid counts", "Hard opponents, and every bid must be a number of "
          "tricks.", "Nadia", "Bruno", "Sam", "hard", "normal", "classic"),
    Level("j8", "Champions", "The strongest table: hard opponents and a hard partner.",
          "Astra", "Magnus", "Quinn", "hard", "hard", "standard"),
)


def level_of(level_id: str | None) -> tuple[int, Level] | None:
    for i, level in enumerate(LEVELS):
        if level.id == level_id:
            return i, level
    return None


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
            note = (f"{level.blurb} {level.west} and {level.east} ({level.opponents}), "
                    f"partner {level.partner}; {level.twist}.")
            if not open_:
                note = f"Win level {i} to open it. " + note
            current = open_ and not won and i == progress.unlocked - 1
            rows.append(Button(level.id, f"Level {i + 1}: {level.title}  ·  {state}",
                               self._start(i), note=note, enabled=open_,
                               style="primary" if current else "secondary",
                               refused=self._locked(i)))
        return rows

    def _locked(self, index: int):
        return lambda: self.say(f"Level {index + 1} is locked: win level {index} to open it")

    def _start(self, index: int):
        return lambda: self.app.start_level(index)


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
