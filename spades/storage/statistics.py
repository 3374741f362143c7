"""The player's record across matches, kept apart for each rule preset.

Results under different rules are not comparable (a 150-point classic match is short
and swingy), so counts are per preset, with "custom" for everything else.

``spades-stats/1``::

    {"format": "spades-stats/1",
     "presets": {"standard": {"matches_played": 3, "matches_won": 2, "hands_played": 41}}}
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from spades.engine.rules import PRESETS

from .documents import (
    DocumentError,
    DocumentKind,
    expect_count,
    expect_fields,
    load,
    register,
    save,
)
from .settings import CUSTOM
from .store import Store

STATS_FORMAT = "spades-stats/1"
PRESET_NAMES = (*PRESETS, CUSTOM)
COUNTS = ("matches_played", "matches_won", "hands_played")


@dataclass(frozen=True)
class Record:
    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0

    def __post_init__(self) -> None:
        for name in COUNTS:
            expect_count(getattr(self, name), name)
        if self.matches_won > self.matches_played:
            raise DocumentError("more matches won than played")


@dataclass(frozen=True)
class Statistics:
    presets: dict[str, Record] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name, record in self.presets.items():
            if name not in PRESET_NAMES:
                raise DocumentError(f"unknown rule preset {name!r} in the statistics")
            if not isinstance(record, Record):
                raise DocumentError("a statistics record is not a record")

    def record_match(self, preset: str, won: bool, hands: int) -> Statistics:
        """The statistics with one more finished match (call once, at match over)."""
        preset = preset if preset in PRESET_NAMES else CUSTOM
        old = self.presets.get(preset, Record())
        new = Record(
            old.matches_played + 1, old.matches_won + (1 if won else 0),
            old.hands_played + hands,
        )
        return replace(self, presets={**self.presets, preset: new})

    @property
    def total(self) -> Record:
        return Record(*(sum(getattr(r, n) for r in self.presets.values()) for n in COUNTS))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "presets": {
                name: {n: getattr(record, n) for n in COUNTS}
                for name, record in sorted(self.presets.items())
            },
        }


def _read(doc: dict[str, Any]) -> Statistics:
    expect_fields(doc, {"format", "presets"})
    presets = doc["presets"]
    if not isinstance(presets, dict):
        raise DocumentError("presets must be an object")
    records = {}
    for name, value in presets.items():
        expect_fields(value, set(COUNTS))
        records[name] = Record(**value)
    return Statistics(records)


STATISTICS = register(
    DocumentKind(
        key="statistics", title="your statistics", current=STATS_FORMAT, read=_read,
        dump=lambda stats: stats.to_json(),
    )
)


def load_statistics(store: Store) -> Statistics:
    """The saved statistics, or empty ones when none are saved or they were damaged."""
    value = load(store, STATISTICS)
    return value if value is not None else Statistics()


def save_statistics(store: Store, stats: Statistics) -> bool:
    return save(store, STATISTICS, stats)
