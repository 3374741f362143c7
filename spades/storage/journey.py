"""How far the player has come in the Journey, a sequence of levels.

The levels themselves (opponents, house rules, names) are defined by the interface and
named by short ids such as "j1"; this document only keeps the player's progress, by
position and by id, so it needs no change when a level's opponents do.

``spades-journey/1``::

    {"format": "spades-journey/1", "unlocked": 3, "won": ["j1", "j2"], "current": "j3"}

``unlocked`` is how many levels are open, counted from the first (at least 1); ``won``
the ids of the levels won, each once, in the order first won; ``current`` the level of
the match in progress, or null.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from .documents import DocumentError, DocumentKind, expect_fields, load, register, save
from .store import Store

JOURNEY_FORMAT = "spades-journey/1"
MAX_LEVELS = 100
_LEVEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}\Z")


def check_level_id(value: Any) -> str:
    """A level id: 1 to 40 letters, digits, "_" or "-", starting with a letter or digit."""
    if not isinstance(value, str) or not _LEVEL_ID.match(value):
        raise DocumentError("a level id must be 1 to 40 letters, digits, _ or -")
    return value


def _check_count(level_count: Any) -> int:
    if type(level_count) is not int or not 1 <= level_count <= MAX_LEVELS:
        raise ValueError(f"level_count must be from 1 to {MAX_LEVELS}, not {level_count!r}")
    return level_count


@dataclass(frozen=True)
class JourneyProgress:
    """The player's progress; every change returns a new value to save.

    Level indexes are 0-based positions in the interface's list of levels; level
    ``i`` is open when ``i < unlocked``.
    """

    unlocked: int = 1
    won: tuple[str, ...] = ()
    current: str | None = None

    def __post_init__(self) -> None:
        if type(self.unlocked) is not int or not 1 <= self.unlocked <= MAX_LEVELS:
            raise DocumentError(f"unlocked must be a whole number from 1 to {MAX_LEVELS}")
        if not isinstance(self.won, tuple):
            raise DocumentError("won must be a list of level ids")
        for level_id in self.won:
            check_level_id(level_id)
        if len(set(self.won)) != len(self.won):
            raise DocumentError("won names the same level twice")
        if len(self.won) > MAX_LEVELS:
            raise DocumentError(f"won must list at most {MAX_LEVELS} levels")
        if self.current is not None:
            check_level_id(self.current)

    def is_open(self, level_index: int) -> bool:
        """Whether the level at this 0-based position may be played."""
        return 0 <= level_index < self.unlocked

    def has_won(self, level_id: str) -> bool:
        return level_id in self.won

    def start(self, level_id: str) -> JourneyProgress:
        """A match of this level begins (so the menu can offer to continue it)."""
        return replace(self, current=check_level_id(level_id))

    def win(self, level_index: int, level_id: str, level_count: int) -> JourneyProgress:
        """The level at ``level_index`` (0-based) with id ``level_id`` was won: it is
        marked won and the next level opens, never past ``level_count`` levels."""
        _check_count(level_count)
        if type(level_index) is not int or not 0 <= level_index < level_count:
            raise ValueError(f"level_index must be from 0 to {level_count - 1}")
        check_level_id(level_id)
        won = self.won if level_id in self.won else (*self.won, level_id)
        unlocked = max(self.unlocked, min(level_index + 2, level_count))
        return JourneyProgress(unlocked=unlocked, won=won, current=None)

    def lose(self) -> JourneyProgress:
        """The level's match was lost (or given up): it stays open to try again."""
        return replace(self, current=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": JOURNEY_FORMAT,
            "unlocked": self.unlocked,
            "won": list(self.won),
            "current": self.current,
        }


def _read(doc: dict[str, Any]) -> JourneyProgress:
    expect_fields(doc, {"format", "unlocked", "won", "current"})
    won = doc["won"]
    if not isinstance(won, list) or len(won) > MAX_LEVELS:
        raise DocumentError("won must be a list of level ids")
    return JourneyProgress(unlocked=doc["unlocked"], won=tuple(won), current=doc["current"])


JOURNEY = register(
    DocumentKind(
        key="journey", title="your Journey progress", current=JOURNEY_FORMAT, read=_read,
        dump=lambda progress: progress.to_json(),
    )
)


def load_journey(store: Store) -> JourneyProgress:
    """The saved progress, or a fresh start when none is saved or it was damaged."""
    value = load(store, JOURNEY)
    return value if value is not None else JourneyProgress()


def save_journey(store: Store, progress: JourneyProgress) -> bool:
    return save(store, JOURNEY, progress)
