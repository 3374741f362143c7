"""The player's record across matches, kept apart for each rule preset.

Results under different rules are not comparable (a 150-point classic match is short
and swingy), so counts are per preset, with "custom" for everything else at four
players. The games of three and two count apart from those of four and from each
other: ``cutthroat`` and ``two-handed`` are presets, and their own rules count as
``custom-cutthroat`` and ``custom-two-handed``. Practice matches (where Undo was used)
are counted in a section of their own, so they never mix with the real record.
Everything is counted from the player's point of view: the player sits at seat 0;
at four team 0 is seats 0 and 2, at three and two the player's side is the player
alone, and "the opponents" are the other player who scored most in the hand.

Format history (each older one is migrated on load):
- ``spades-stats/1``: per preset, matches played and won and hands played.
- ``spades-stats/2`` (current)::

    {"format": "spades-stats/2",
     "presets": {"standard": {"matches_played": 3, "matches_won": 2, "hands_played": 41,
                              "hands_won": 22, "contracts_made": 30, "contracts_set": 10,
                              "nils_tried": 2, "nils_made": 1, "blind_nils_tried": 0,
                              "blind_nils_made": 0, "bags_taken": 25, "bag_penalties": 2,
                              "points_scored": 1380}},
     "practice": {"classic": {...the same counts...}},
     "recent": [{"preset": "standard", "won": true, "practice": false,
                 "points": [62, -40, 81], "opponents": [30, 71, -100]}]}

``presets`` holds the real matches, ``practice`` the practice ones; ``recent`` is the
last ten finished matches, oldest first, each with team 0's and the opponents' points
hand by hand (for a small chart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import HandResult
from spades.engine.rules import GAMES, Rules

from .documents import (
    MAX_INT,
    DocumentError,
    DocumentKind,
    expect_bool,
    expect_choice,
    expect_fields,
    load,
    register,
    save,
)
from .settings import ALL_PRESETS, CUSTOM, preset_name
from .store import Store

STATS_FORMAT = "spades-stats/2"
STATS_V1 = "spades-stats/1"
# The games of three and two played under the player's own options.
CUSTOM_ALONE = {players: f"{CUSTOM}-{game}" for players, game in GAMES.items()
                if players != 4}
PRESET_NAMES = (*(n for n, r in ALL_PRESETS.items() if r.players == 4), CUSTOM,
                *(n for n, r in ALL_PRESETS.items() if r.players != 4),
                *CUSTOM_ALONE.values())
V1_COUNTS = ("matches_played", "matches_won", "hands_played")
RECENT_MATCHES = 10  # matches kept for the chart
MAX_CHART_HANDS = 500  # hands kept per match for the chart (the last ones)
MAX_COUNT = MAX_INT - 1  # counts stop here rather than make a document the game refuses

PLAYER = 0  # the player's seat
TEAM = 0  # the player's team


def stats_name(rules: Rules) -> str:
    """Where a match under ``rules`` is counted: its preset, "custom" at four, or the
    custom of its game at three and two."""
    name = preset_name(rules)
    return CUSTOM_ALONE[rules.players] if name == CUSTOM and rules.players != 4 else name


def players_of(name: str) -> int:
    """The number of players of a statistics name's game (4, 3 or 2)."""
    if name in ALL_PRESETS:
        return ALL_PRESETS[name].players
    return next((p for p, n in CUSTOM_ALONE.items() if n == name), 4)


def _capped(value: int) -> int:
    return max(-MAX_COUNT, min(MAX_COUNT, value))


@dataclass(frozen=True)
class Record:
    """The counts for one rule preset (or a total); all from the player's side.

    ``points_scored`` is the only signed figure: a set contract loses points.
    """

    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    hands_won: int = 0  # hands where team 0 scored more points than the opponents
    contracts_made: int = 0  # team 0's contract; hands with no contract count neither
    contracts_set: int = 0
    nils_tried: int = 0  # the player's own (seat 0) nil bids
    nils_made: int = 0
    blind_nils_tried: int = 0  # the player's own blind nil bids
    blind_nils_made: int = 0
    bags_taken: int = 0  # team 0's bags gained
    bag_penalties: int = 0  # team 0's bag penalties paid
    points_scored: int = 0  # the sum of team 0's hand totals

    def __post_init__(self) -> None:
        for name in COUNTS:
            value = getattr(self, name)
            if type(value) is not int:
                raise DocumentError(f"{name} must be a whole number")
            low = -MAX_COUNT if name == "points_scored" else 0
            if not low <= value <= MAX_COUNT:
                if low == 0 and value < 0:
                    raise DocumentError(f"{name} must be a whole number, not negative")
                raise DocumentError(f"{name} is far too large")
        pairs = (
            ("matches_won", "matches_played", "more matches won than played"),
            ("hands_won", "hands_played", "more hands won than played"),
            ("nils_made", "nils_tried", "more nils made than tried"),
            ("blind_nils_made", "blind_nils_tried", "more blind nils made than tried"),
        )
        for part, whole, why in pairs:
            if getattr(self, part) > getattr(self, whole):
                raise DocumentError(why)
        if self.contracts_made + self.contracts_set > self.hands_played:
            raise DocumentError("more contracts made and set than hands played")
        if self.nils_tried + self.blind_nils_tried > self.hands_played:
            raise DocumentError("more nil bids than hands played")

    def __add__(self, other: Record) -> Record:
        return Record(*(_capped(getattr(self, n) + getattr(other, n)) for n in COUNTS))

    @property
    def hands_lost(self) -> int:
        return self.hands_played - self.hands_won

    def to_json(self) -> dict[str, int]:
        return {n: getattr(self, n) for n in COUNTS}


COUNTS = tuple(f.name for f in fields(Record))


def best_other(hand: HandResult) -> int:
    """The hand's points of the other side (at four), or of the other player who
    scored most (at three and two)."""
    return max(t.points for t in hand.teams if t.team != TEAM)


def hand_record(hand: HandResult) -> Record:
    """One hand's counts from the player's side."""
    us = hand.teams[TEAM]
    made = us.made
    bid = dict(hand.bids).get(PLAYER)
    nil_made = any(
        line.kind == "nil_made" and line.seat == PLAYER for line in us.lines
    )
    blind_made = any(
        line.kind == "blind_nil_made" and line.seat == PLAYER for line in us.lines
    )
    return Record(
        hands_played=1,
        hands_won=1 if us.points > best_other(hand) else 0,
        contracts_made=1 if made is True else 0,
        contracts_set=1 if made is False else 0,
        nils_tried=1 if bid == NIL else 0,
        nils_made=1 if bid == NIL and nil_made else 0,
        blind_nils_tried=1 if bid == BLIND_NIL else 0,
        blind_nils_made=1 if bid == BLIND_NIL and blind_made else 0,
        bags_taken=us.bags,
        bag_penalties=sum(1 for line in us.lines if line.kind == "bag_penalty"),
        points_scored=_capped(us.points),
    )


def match_record(history: Sequence[HandResult], winner: int | None) -> Record:
    """A whole match's counts: every hand of ``history`` once, and the match itself."""
    total = Record(matches_played=1, matches_won=1 if winner == TEAM else 0)
    for hand in history:
        total = total + hand_record(hand)
    return total


def _points(values: Any, name: str) -> tuple[int, ...]:
    if not isinstance(values, list | tuple) or len(values) > MAX_CHART_HANDS:
        raise DocumentError(f"{name} must be a list of at most {MAX_CHART_HANDS} hands")
    for value in values:
        if type(value) is not int or abs(value) > MAX_COUNT:
            raise DocumentError(f"{name} must hold each hand's points as a whole number")
    return tuple(values)


@dataclass(frozen=True)
class RecentMatch:
    """One finished match for the chart: team 0's and the opponents' points per hand."""

    preset: str
    won: bool
    practice: bool
    points: tuple[int, ...]  # team 0's hand totals, in order
    opponents: tuple[int, ...]  # the opponents' hand totals, in order

    def __post_init__(self) -> None:
        expect_choice(self.preset, PRESET_NAMES, "the rule preset")
        expect_bool(self.won, "won")
        expect_bool(self.practice, "practice")
        # Stored as tuples whatever came in, so equal matches compare equal.
        object.__setattr__(self, "points", _points(self.points, "points"))
        object.__setattr__(self, "opponents", _points(self.opponents, "opponents"))
        if len(self.points) != len(self.opponents):
            raise DocumentError("points and opponents must cover the same hands")

    def to_json(self) -> dict[str, Any]:
        return {
            "preset": self.preset, "won": self.won, "practice": self.practice,
            "points": list(self.points), "opponents": list(self.opponents),
        }


def _check_section(section: Any, what: str) -> None:
    if not isinstance(section, dict):
        raise DocumentError(f"{what} must be an object")
    for name, record in section.items():
        if name not in PRESET_NAMES:
            raise DocumentError(f"unknown rule preset {name!r} in the statistics")
        if not isinstance(record, Record):
            raise DocumentError("a statistics record is not a record")


@dataclass(frozen=True)
class Statistics:
    """Counts per preset for real matches (``presets``) and practice ones apart
    (``practice``), and the last :data:`RECENT_MATCHES` matches for the chart."""

    presets: dict[str, Record] = field(default_factory=dict)
    practice: dict[str, Record] = field(default_factory=dict)
    recent: tuple[RecentMatch, ...] = ()

    def __post_init__(self) -> None:
        _check_section(self.presets, "presets")
        _check_section(self.practice, "practice")
        if not isinstance(self.recent, tuple) or len(self.recent) > RECENT_MATCHES:
            raise DocumentError(f"recent must list at most {RECENT_MATCHES} matches")
        if not all(isinstance(m, RecentMatch) for m in self.recent):
            raise DocumentError("a recent match is not a match")
        # The chart's matches are among the counted ones.
        for practice in (False, True):
            for name in PRESET_NAMES:
                shown = [m for m in self.recent if m.practice == practice and m.preset == name]
                if not shown:
                    continue
                counted = self.record(name, practice)
                if (
                    len(shown) > counted.matches_played
                    or sum(m.won for m in shown) > counted.matches_won
                    or sum(len(m.points) for m in shown) > counted.hands_played
                ):
                    raise DocumentError("the recent matches disagree with the counts")

    def record_match(
        self, history: Sequence[HandResult], winner: int | None, practice: bool, preset: str
    ) -> Statistics:
        """The statistics with one more finished match; call once, when it ends.

        Everything is computed from the match's ``history`` (its finished hands), so a
        hand is never counted twice. ``winner`` is the winning team (0 is the player's),
        ``practice`` whether Undo was used, ``preset`` the rules' preset name (anything
        else counts as "custom").
        """
        preset = preset if preset in PRESET_NAMES else CUSTOM
        practice = bool(practice)
        section = self.practice if practice else self.presets
        new = section.get(preset, Record()) + match_record(history, winner)
        section = {**section, preset: new}
        hands = list(history)[-MAX_CHART_HANDS:]
        chart = RecentMatch(
            preset=preset,
            won=winner == TEAM,
            practice=practice,
            points=tuple(_capped(h.teams[TEAM].points) for h in hands),
            opponents=tuple(_capped(best_other(h)) for h in hands),
        )
        recent = (*self.recent, chart)[-RECENT_MATCHES:]
        if practice:
            return replace(self, practice=section, recent=recent)
        return replace(self, presets=section, recent=recent)

    def reset(self) -> Statistics:
        """Empty statistics (the player confirmed a reset)."""
        return Statistics()

    def record(self, preset: str, practice: bool = False) -> Record:
        """One preset's counts (zero when none were played)."""
        return (self.practice if practice else self.presets).get(preset, Record())

    def rows(self, practice: bool = False) -> list[tuple[str, Record]]:
        """(preset, record) for every preset played, in the order of the presets."""
        section = self.practice if practice else self.presets
        return [(name, section[name]) for name in PRESET_NAMES if name in section]

    @property
    def total(self) -> Record:
        """All real (not practice) matches of four players, every preset together."""
        return self.game_total(4)

    def game_total(self, players: int) -> Record:
        """All real matches of the game of ``players`` (4, 3 or 2), its presets and
        its own rules together."""
        return sum((r for n, r in self.presets.items() if players_of(n) == players),
                   Record())

    @property
    def practice_total(self) -> Record:
        """All practice matches, every preset together."""
        return sum(self.practice.values(), Record())

    @property
    def is_empty(self) -> bool:
        return not (self.presets or self.practice or self.recent)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATS_FORMAT,
            "presets": {name: record.to_json() for name, record in self.rows()},
            "practice": {name: record.to_json() for name, record in self.rows(True)},
            "recent": [m.to_json() for m in self.recent],
        }


def _read_section(section: Any, what: str) -> dict[str, Record]:
    if not isinstance(section, dict):
        raise DocumentError(f"{what} must be an object")
    records = {}
    for name, value in section.items():
        if name not in PRESET_NAMES:
            raise DocumentError(f"unknown rule preset {name!r} in the statistics")
        records[name] = Record(**expect_fields(value, set(COUNTS)))
    return records


def _read(doc: dict[str, Any]) -> Statistics:
    expect_fields(doc, {"format", "presets", "practice", "recent"})
    recent = doc["recent"]
    if not isinstance(recent, list) or len(recent) > RECENT_MATCHES:
        raise DocumentError(f"recent must list at most {RECENT_MATCHES} matches")
    matches = []
    for item in recent:
        expect_fields(item, {"preset", "won", "practice", "points", "opponents"})
        matches.append(RecentMatch(
            preset=item["preset"], won=item["won"], practice=item["practice"],
            points=item["points"], opponents=item["opponents"],
        ))
    return Statistics(
        presets=_read_section(doc["presets"], "presets"),
        practice=_read_section(doc["practice"], "practice"),
        recent=tuple(matches),
    )


def _from_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """v1 kept three counts per preset and no practice or chart: keep those numbers, the
    new counts start at zero."""
    expect_fields(doc, {"format", "presets"})
    presets = doc["presets"]
    if not isinstance(presets, dict):
        raise DocumentError("presets must be an object")
    zero = Record().to_json()
    upgraded = {}
    for name, value in presets.items():
        upgraded[name] = {**zero, **expect_fields(value, set(V1_COUNTS))}
    return {"format": STATS_FORMAT, "presets": upgraded, "practice": {}, "recent": []}


STATISTICS = register(
    DocumentKind(
        key="statistics", title="your statistics", current=STATS_FORMAT, read=_read,
        dump=lambda stats: stats.to_json(), migrations={STATS_V1: _from_v1},
    )
)


def load_statistics(store: Store) -> Statistics:
    """The saved statistics, or empty ones when none are saved or they were damaged."""
    value = load(store, STATISTICS)
    return value if value is not None else Statistics()


def save_statistics(store: Store, stats: Statistics) -> bool:
    return save(store, STATISTICS, stats)
