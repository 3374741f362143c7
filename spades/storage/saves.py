"""The match in progress, saved after every action and resumed exactly.

The engine's match document holds the rules, the seed (or the starting deal) and the
whole action log, so replaying it rebuilds the same position mid-trick, with the same
cards still to come and the undo history intact. Around it this document keeps what
the engine does not know: the Practice Undo mark, who sits where, and a summary that
lets the menu show Continue without replaying the match.

``spades-save/1``::

    {"format": "spades-save/1",
     "revision": 12,
     "match": <Match.to_json()>,
     "practice": false,
     "players": {"names": [4 str], "strengths": [4 of human/easy/normal/hard]},
     "summary": {"hand_number": 0, "scores": [0, 0], "bags": [0, 0],
                 "phase": "bidding", "target": 500},
     "saved_at": "2025-01-01T12:00:00+00:00",
     "reading": <spades-reading/1, optional>,
     "level": "j8"}

``reading`` (optional: older saves lack it) is the hard players' model of how each
seat has bid and played in this match (``spades.ai.reading``). It is kept as the table
gave it; the table checks it against the match's hands and refits it when it does not
match, so a missing or stale reading never costs the player the match.

``level`` (optional) is the Journey level the match is played for, by its id; a match
without it is a plain one, whatever the Journey's progress says, so only the level's
own match counts for the level.

``revision`` (optional, 0 when absent) counts the writes of this save: a table writes
``revision + 1`` only over the revision it last read or wrote, so a table left behind
(an older copy of the same match) can never write over a newer save: see
:func:`write_match`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from spades.engine.match import BIDDING, DRAWING, OVER, PASSING, PLAYING, Match

from .documents import (
    DocumentError,
    DocumentKind,
    dump_json,
    expect_bool,
    expect_choice,
    expect_count,
    expect_fields,
    load,
    parse_json,
    register,
)
from .journey import check_level_id
from .settings import check_name
from .store import Store

SAVE_FORMAT = "spades-save/1"
PLAYER_KINDS = ("human", "easy", "normal", "hard")
PHASES = (DRAWING, BIDDING, PASSING, PLAYING, OVER)  # drawing: two-handed's draw
DEFAULT_NAMES = ("You", "West", "Partner", "East")
DEFAULT_STRENGTHS = ("human", "normal", "normal", "normal")


@dataclass(frozen=True)
class MatchSummary:
    """What the menu's Continue shows; ``hand_number`` counts from 0 like the engine."""

    hand_number: int
    scores: tuple[int, int]
    bags: tuple[int, int]
    phase: str
    target: int
    saved_at: str
    practice: bool
    names: tuple[str, str, str, str]
    players: int = 4  # 3: cutthroat, 2: two-handed, each alone (``scores`` by player)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def saved_time(self) -> datetime:
        return datetime.fromisoformat(self.saved_at)


@dataclass
class SavedMatch:
    match: Match
    practice: bool
    names: tuple[str, str, str, str]
    strengths: tuple[str, str, str, str]
    saved_at: str
    revision: int = 0
    reading: dict[str, Any] | None = None
    level: str | None = None  # the Journey level's id, for a level's match

    @property
    def summary(self) -> MatchSummary:
        return _summary_of(self.match, self.saved_at, self.practice, self.names)


def _summary_doc(match: Match) -> dict[str, Any]:
    doc = {
        "hand_number": match.hand_number,
        "scores": list(match.scores),
        "bags": list(match.bags),
        "phase": match.phase,
        "target": match.rules.target,
    }
    if match.rules.players != 4:  # a save of four reads and writes as it always has
        doc["players"] = match.rules.players
    return doc


def _summary_of(match: Match, saved_at: str, practice: bool, names: tuple) -> MatchSummary:
    return MatchSummary(
        match.hand_number, tuple(match.scores), tuple(match.bags), match.phase,  # type: ignore[arg-type]
        match.rules.target, saved_at, practice, names, match.rules.players,
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _four(value: Any, name: str) -> list:
    if not isinstance(value, list) or len(value) != 4:
        raise DocumentError(f"{name} must list four seats")
    return value


def _pair(value: Any, name: str) -> tuple[int, ...]:
    """A side's figures: two teams, or three (cutthroat) or two (two-handed) players."""
    if not isinstance(value, list) or len(value) not in (2, 3) or any(
            type(v) is not int for v in value):
        raise DocumentError(f"{name} must be two or three whole numbers")
    return tuple(value)


def _check_players(players: Any) -> tuple[tuple, tuple]:
    expect_fields(players, {"names", "strengths"})
    names = tuple(
        check_name(n, f"the name of seat {i}")
        for i, n in enumerate(_four(players["names"], "names"))
    )
    strengths = tuple(
        expect_choice(s, PLAYER_KINDS, f"the player at seat {i}")
        for i, s in enumerate(_four(players["strengths"], "strengths"))
    )
    return names, strengths


def _read_envelope(doc: dict[str, Any]) -> tuple[bool, tuple, tuple, str, dict]:
    """Everything but the match itself: cheap, for the menu."""
    expect_fields(doc, {"format", "match", "practice", "players", "saved_at"},
                  {"summary", "revision", "reading", "level"})
    expect_count(doc.get("revision", 0), "revision")
    if "level" in doc:
        check_level_id(doc["level"])
    if not isinstance(doc.get("reading", {}), dict):
        raise DocumentError("reading must be an object")
    practice = expect_bool(doc["practice"], "practice")
    names, strengths = _check_players(doc["players"])
    saved_at = doc["saved_at"]
    try:
        if not isinstance(saved_at, str) or datetime.fromisoformat(saved_at).tzinfo is None:
            raise ValueError
    except ValueError:
        raise DocumentError("saved_at must be a date and time with its time zone") from None
    summary = doc.get("summary")
    if summary is not None:
        expect_fields(summary, {"hand_number", "scores", "bags", "phase", "target"},
                      {"players"})
        if summary.get("players", 4) not in (3, 2) and "players" in summary:
            raise DocumentError("players must be 3 or 2 (a table of four leaves it out)")
        expect_count(summary["hand_number"], "hand_number")
        _pair(summary["scores"], "scores")
        _pair(summary["bags"], "bags")
        expect_choice(summary["phase"], PHASES, "phase")
        expect_count(summary["target"], "target")
    return practice, names, strengths, saved_at, summary


def _envelope_of(text: str) -> tuple[dict[str, Any], tuple]:
    """A current-format save's parsed text and its checked envelope (DocumentError)."""
    doc = parse_json(text)
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise DocumentError("unknown format")
    return doc, _read_envelope(doc)


def _read(doc: dict[str, Any]) -> SavedMatch:
    practice, names, strengths, saved_at, summary = _read_envelope(doc)
    try:
        match = Match.from_json(doc["match"], any_seats=True)  # the App seats 4, 3 and 2
    except (ValueError, TypeError) as exc:  # SaveError, and whatever a hardened reader adds
        raise DocumentError(f"the match cannot be replayed: {exc}") from None
    if summary is not None and summary != _summary_doc(match):
        raise DocumentError("its summary does not match the match it holds")
    return SavedMatch(match, practice, names, strengths, saved_at,  # type: ignore[arg-type]
                      doc.get("revision", 0), doc.get("reading"), doc.get("level"))


def _dump(saved: SavedMatch) -> dict[str, Any]:
    doc = {
        "format": SAVE_FORMAT,
        "revision": saved.revision,
        "match": saved.match.to_json(),
        "practice": saved.practice,
        "players": {"names": list(saved.names), "strengths": list(saved.strengths)},
        "summary": _summary_doc(saved.match),
        "saved_at": saved.saved_at,
    }
    if saved.reading is not None:
        doc["reading"] = saved.reading
    if saved.level is not None:
        doc["level"] = saved.level
    return doc


MATCH = register(
    DocumentKind(
        key="match", title="your saved match", current=SAVE_FORMAT, read=_read, dump=_dump
    )
)


class StaleSave(Exception):
    """A table tried to save over a newer save of the match than the one it holds."""


def saved_revision(store: Store) -> int | None:
    """The stored save's revision (0 for one written before revisions); None when there
    is no save. A save whose envelope cannot be read is set aside here (and the player
    told), so no write replaces a damaged save without a copy kept."""
    text = store.read_text(MATCH.key, quiet=True)
    if text is None:
        return None
    try:
        doc, _ = _envelope_of(text)
        return doc.get("revision", 0)
    except DocumentError:
        saved = load_match(store)  # damaged: set aside; or an old format, migrated
        return saved.revision if saved is not None else None


def write_match(
    store: Store,
    match: Match,
    practice: bool = False,
    names: tuple[str, ...] | list[str] = DEFAULT_NAMES,
    strengths: tuple[str, ...] | list[str] = DEFAULT_STRENGTHS,
    *,
    over: int | None = None,
    reading: dict[str, Any] | None = None,
    level: str | None = None,
) -> tuple[int, bool]:
    """Save after an action: returns the revision written and whether storage took it.

    ``over`` is the revision the table last read or wrote; when the stored save is
    newer than that, an older table is trying to save and :class:`StaleSave` is raised
    with nothing written. ``over=None`` replaces whatever is saved (a new match).
    ``level`` names the Journey level the match is played for (None: a plain match).

    The names and strengths are checked here, not only on reading: a save that could
    not be read back would cost the player the match. A bad one is a bug in the caller
    and raises DocumentError.
    """
    players = {"names": list(names), "strengths": list(strengths)}
    _check_players(players)
    stored = saved_revision(store)
    if over is not None and stored is not None and stored > over:
        raise StaleSave(f"the save is at revision {stored}, this table at {over}")
    revision = max(stored or 0, over or 0) + 1
    doc = {
        "format": SAVE_FORMAT,
        "revision": revision,
        "match": match.to_json(),
        "practice": bool(practice),
        "players": players,
        "summary": _summary_doc(match),
        "saved_at": _now(),
    }
    if reading is not None:
        doc["reading"] = reading  # hard's reading of the table (optional)
    if level is not None:
        doc["level"] = level
    return revision, store.write_text(MATCH.key, dump_json(doc))


def save_match(
    store: Store,
    match: Match,
    practice: bool = False,
    names: tuple[str, ...] | list[str] = DEFAULT_NAMES,
    strengths: tuple[str, ...] | list[str] = DEFAULT_STRENGTHS,
    reading: dict[str, Any] | None = None,
) -> bool:
    """Save ``match`` over whatever is saved; False when storage refused it (the store
    reports that once). A table saves through :func:`write_match`."""
    return write_match(store, match, practice, names, strengths, reading=reading)[1]


def load_match(store: Store) -> SavedMatch | None:
    """The saved match replayed to where it stopped, or None (none, or set aside)."""
    return load(store, MATCH)


def clear_match(store: Store) -> None:
    """Forget the match in progress: it was finished, abandoned or replaced."""
    store.remove(MATCH.key)


def match_summary(store: Store) -> MatchSummary | None:
    """Score, hand and date for the menu without replaying the match.

    Only the envelope is checked here; a match that turns out damaged when Continue
    replays it is set aside then, and :func:`load_match` returns None.
    """
    text = store.read_text(MATCH.key)
    if text is None:
        return None
    try:
        _, (practice, names, _, saved_at, summary) = _envelope_of(text)
        if summary is None:
            raise DocumentError("no summary")
    except DocumentError:
        saved = load_match(store)  # sets a damaged save aside, or summarises an old one
        return saved.summary if saved is not None else None
    return MatchSummary(
        summary["hand_number"], _pair(summary["scores"], "scores"),
        _pair(summary["bags"], "bags"), summary["phase"], summary["target"], saved_at,
        practice, names, summary.get("players", 4),  # type: ignore[arg-type]
    )


def keep_match_aside(store: Store) -> str | None:
    """Move a sound saved match out of the way (kept, not damaged) before a new one is
    saved in its place; returns the name it was kept under."""
    return store.set_aside(MATCH.key, why="kept")


def check_documents(store: Store) -> None:
    """Read every document once at start, so damage is found, set aside and told
    (``store.take_notices()``) before anything is written, whichever way play starts."""
    from . import friends, journey, settings, statistics  # noqa: F401 - each registers its kind
    from .documents import KINDS

    for kind in list(KINDS.values()):
        load(store, kind)
