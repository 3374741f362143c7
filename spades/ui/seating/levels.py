"""The Journey's levels: a path of matches against named opponents who grow stronger,
some with a house rule of their own, the last a table of three (cutthroat, each for
themselves). Winning a level opens the next one.

The table names the level at a match's end (won, lost, what opens next); the Journey
page lists the levels; the player's progress along them is a document of the storage
(``spades.storage.journey``), which knows the levels only by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.rules import PRESETS, SEAT_PRESETS, Rules


@dataclass(frozen=True)
class Level:
    id: str
    title: str
    blurb: str
    west: str
    east: str
    partner: str  # North: the partner at four (no seat at three)
    opponents: str  # strength of West and East
    partner_strength: str
    preset: str
    changes: dict[str, Any] = field(default_factory=dict)  # the level's house rule

    @property
    def rules(self) -> Rules:
        return {**PRESETS, **SEAT_PRESETS}[self.preset].with_options(**self.changes)

    @property
    def twist(self) -> str:
        r = self.rules
        parts = ([] if r.partnerships else [f"{r.game}, each for themselves"]) + [
            f"to {r.target}"]
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
    Level("j9", "Three at the table", "Cutthroat: no partner to lean on, two hard players "
          "and the two of clubs left out.", "Juno", "Pax", "Sam", "hard", "hard", "cutthroat",
          {"target": 300}),
)


def level_of(level_id: str | None) -> tuple[int, Level] | None:
    for i, level in enumerate(LEVELS):
        if level.id == level_id:
            return i, level
    return None
