"""Statistics that add up over scripted matches, practice kept apart, the chart of the
last matches, and Journey progress that survives a restart."""

from __future__ import annotations

import json
import random

import pytest

from spades.engine import BIDDING, LOOK, STANDARD, Bid, HandResult, Match
from spades.engine.scoring import score_hand
from spades.storage import (
    DocumentError,
    JourneyProgress,
    MemoryStore,
    Record,
    Statistics,
    load_journey,
    load_statistics,
    open_file_store,
    save_journey,
    save_statistics,
)
from spades.storage.documents import dump_json, parse_json, read_document
from spades.storage.journey import JOURNEY
from spades.storage.statistics import STATISTICS

RULES = STANDARD.with_options(target=250, mercy=-250)  # standard scoring, short matches
SEEDS = range(30)


def scripted(seed: int, rules=RULES) -> Match:
    """A whole match from seeded random choices, leaning towards the cases statistics
    count: South (seat 0) often bids nil or blind nil, a nil bidder ducks, others bid
    3 or 4."""
    match = Match(rules, seed)
    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        seat = match.to_act
        if match.phase == BIDDING:
            if LOOK in legal:
                action = Bid(-1) if seat == 0 and rng.random() < 0.3 else LOOK
            elif Bid(0) in legal and rng.random() < (0.3 if seat == 0 else 0.1):
                action = Bid(0)
            else:
                some = [b for b in legal if 3 <= b.value <= 4] or legal
                action = some[rng.randrange(len(some))]
        elif (match.bids[seat] or 0) <= 0:
            action = min(legal, key=lambda play: play.card % 13)
        else:
            action = legal[rng.randrange(len(legal))]
        match.apply(action)
        assert len(match.actions) < 20_000
    return match


@pytest.fixture(scope="module")
def matches() -> list[Match]:
    return [scripted(seed) for seed in SEEDS]


def expected(match: Match) -> dict[str, int]:
    """The counts worked out again from the cards and bids, not from the scorer's lines."""
    out = dict.fromkeys(Record().to_json(), 0)
    out["matches_played"] = 1
    out["matches_won"] = int(match.winner == 0)
    for hand in match.history:
        bids = dict(hand.bids)
        taken = [hand.trick_winners.count(seat) for seat in range(4)]
        contract = sum(max(bids[seat], 0) for seat in (0, 2))
        out["hands_played"] += 1
        out["hands_won"] += hand.teams[0].points > hand.teams[1].points
        if contract:  # standard rules: every trick of the team counts toward it
            made = taken[0] + taken[2] >= contract
            out["contracts_made"] += made
            out["contracts_set"] += not made
        for bid, key in ((0, "nils"), (-1, "blind_nils")):
            if bids[0] == bid:
                out[f"{key}_tried"] += 1
                out[f"{key}_made"] += taken[0] == 0
        out["bag_penalties"] += sum(
            line.kind == "bag_penalty" for line in hand.teams[0].lines)
        out["bags_taken"] += hand.teams[0].bags
    # Scores and bags start at 0: what was scored is the final score, and every bag taken
    # is either still held or was paid for ten at a time.
    out["points_scored"] = match.scores[0]
    assert out["bags_taken"] == 10 * out["bag_penalties"] + match.bags[0]
    return out


def test_statistics_add_up_over_scripted_matches(matches):
    stats = Statistics()
    for match in matches:
        before = stats.total
        stats = stats.record_match(match.history, match.winner, False, "standard")
        gained = {k: v - before.to_json()[k] for k, v in stats.total.to_json().items()}
        assert gained == expected(match)
        assert stats.total.points_scored - before.points_scored == sum(
            h.teams[0].points for h in match.history)
    total = stats.total
    assert stats.presets.keys() == {"standard"} and stats.practice == {}
    assert total.matches_played == len(matches)
    assert total.hands_played == sum(len(m.history) for m in matches)
    assert total.contracts_made + total.contracts_set == sum(
        1 for m in matches for h in m.history if h.teams[0].contract > 0)
    assert total.nils_tried == sum(
        1 for m in matches for h in m.history if (0, 0) in h.bids)
    assert total.blind_nils_tried == sum(
        1 for m in matches for h in m.history if (0, -1) in h.bids)
    # The scripted matches reach every case the counts tell apart.
    assert 0 < total.matches_won < total.matches_played
    assert 0 < total.hands_won < total.hands_played
    assert 0 < total.contracts_set < total.contracts_made
    assert total.contracts_made + total.contracts_set < total.hands_played  # no contract
    assert 0 < total.nils_made < total.nils_tried
    assert 0 < total.blind_nils_made < total.blind_nils_tried
    assert total.bag_penalties > 0 and total.bags_taken > 0
    # Saved and loaded, the numbers are the same.
    store = MemoryStore()
    assert save_statistics(store, stats)
    assert load_statistics(store) == stats and store.take_notices() == []


def test_a_hand_is_never_counted_twice(matches):
    match = matches[6]
    once = Statistics().record_match(match.history, match.winner, False, "standard")
    assert once.total.hands_played == len(match.history)
    twice = once.record_match(match.history, match.winner, False, "standard")
    assert twice.total.hands_played == 2 * len(match.history)  # two matches, not one
    assert twice.total.matches_played == 2


def test_practice_matches_stay_apart(matches):
    real, practice = matches[:3], matches[3:5]
    stats = Statistics()
    for match in real:
        stats = stats.record_match(match.history, match.winner, False, "standard")
    counted = stats.total
    for match in practice:
        stats = stats.record_match(match.history, match.winner, True, "standard")
    stats = stats.record_match(matches[5].history, matches[5].winner, True, "classic")
    assert stats.total == counted  # practice never changes the real record
    assert stats.presets.keys() == {"standard"}
    assert [name for name, _ in stats.rows(practice=True)] == ["standard", "classic"]
    assert stats.practice_total.matches_played == 3
    assert stats.record("standard", practice=True).hands_played == sum(
        len(m.history) for m in practice)
    assert stats.record("guide") == Record()
    assert [m.practice for m in stats.recent] == [False] * 3 + [True] * 3
    doc = stats.to_json()
    assert doc["presets"]["standard"]["matches_played"] == 3
    assert doc["practice"]["classic"]["matches_played"] == 1
    assert read_document(STATISTICS, parse_json(dump_json(doc))) == stats
    assert stats.reset() == Statistics() and Statistics().is_empty


def test_the_chart_keeps_the_last_ten_matches(matches):
    stats = Statistics()
    for i, match in enumerate(matches[:13]):
        preset = "classic" if i % 4 == 3 else "standard"
        stats = stats.record_match(match.history, match.winner, i % 5 == 4, preset)
    assert len(stats.recent) == 10
    for shown, match, i in zip(stats.recent, matches[3:13], range(3, 13), strict=True):
        assert shown.points == tuple(h.teams[0].points for h in match.history)
        assert shown.opponents == tuple(h.teams[1].points for h in match.history)
        assert shown.won == (match.winner == 0)
        assert shown.practice == (i % 5 == 4)
        assert shown.preset == ("classic" if i % 4 == 3 else "standard")
        assert sum(shown.points) == match.scores[0]
    assert stats.total.matches_played + stats.practice_total.matches_played == 13
    assert load_statistics(_saved(stats)) == stats


def test_an_unknown_preset_counts_as_custom_and_an_unfinished_match_as_lost(matches):
    match = matches[0]
    stats = Statistics().record_match(match.history[:1], None, False, "chicago")
    assert stats.rows() == [("custom", stats.presets["custom"])]
    assert stats.total.matches_won == 0 and stats.total.hands_played == 1
    assert stats.recent[0].preset == "custom" and not stats.recent[0].won


def _hand(bids: list[int], tricks: list[int], rules=STANDARD) -> HandResult:
    """A hand built from bids and tricks by seat (South, West, North, East)."""
    teams = score_hand(rules, bids, tricks, (0, 0), (0, 0))
    return HandResult(rules, 0, 3, (0, 0, 0, 0), tuple(enumerate(bids)), (), (), teams,
                      (0, 0), (0, 0))


def test_only_the_players_own_nil_counts():
    hands = [
        _hand([0, 3, 0, 4], [1, 6, 0, 6]),  # South's nil fails, North's is made
        _hand([-1, 3, 0, 4], [0, 6, 2, 5]),  # South's blind nil made, North's nil fails
        _hand([4, 0, 3, 4], [4, 0, 5, 4]),  # West's nil: not the player's
    ]
    record = Statistics().record_match(hands, 1, False, "standard").total
    assert (record.nils_tried, record.nils_made) == (1, 0)
    assert (record.blind_nils_tried, record.blind_nils_made) == (1, 1)
    assert (record.contracts_made, record.contracts_set) == (1, 0)  # both nil twice
    assert record.points_scored == (-100 + 100 + 1) + (200 - 100 + 2) + (70 + 2)
    assert (record.bags_taken, record.hands_won, record.matches_won) == (5, 1, 0)


BAD_RECORDS = {
    "hands won": {"hands_played": 2, "hands_won": 3},
    "contracts": {"hands_played": 2, "contracts_made": 2, "contracts_set": 1},
    "nils made": {"hands_played": 2, "nils_tried": 1, "nils_made": 2},
    "blind nils made": {"hands_played": 2, "blind_nils_tried": 0, "blind_nils_made": 1},
    "nil bids": {"hands_played": 2, "nils_tried": 2, "blind_nils_tried": 1},
    "negative": {"bags_taken": -1},
    "too large": {"hands_played": 10**9},
    "points too low": {"points_scored": -(10**9)},
    "bool": {"matches_played": True},
}


@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_records_are_checked(case):
    with pytest.raises(DocumentError):
        Record(**BAD_RECORDS[case])
    assert Record(points_scored=-500).points_scored == -500  # points may be negative


# --- the Journey ---------------------------------------------------------------------------

LEVELS = [f"j{i}" for i in range(1, 9)]


def _saved(value) -> MemoryStore:
    store = MemoryStore()
    (save_journey if isinstance(value, JourneyProgress) else save_statistics)(store, value)
    return store


def test_winning_a_level_opens_the_next_and_losing_keeps_it_open():
    progress = JourneyProgress()
    assert progress.unlocked == 1 and progress.is_open(0) and not progress.is_open(1)
    progress = progress.start("j1")
    assert progress.current == "j1"
    lost = progress.lose()
    assert lost == JourneyProgress(unlocked=1, won=(), current=None)
    assert lost.is_open(0) and not lost.is_open(1)
    won = lost.start("j1").win(0, "j1", len(LEVELS))
    assert won == JourneyProgress(unlocked=2, won=("j1",), current=None)
    assert won.has_won("j1") and not won.has_won("j2")
    # Winning an old level again opens nothing new and counts it once.
    again = won.start("j2").win(1, "j2", 8).win(0, "j1", 8)
    assert again == JourneyProgress(unlocked=3, won=("j1", "j2"), current=None)
    # Losing a later level keeps everything already open.
    assert again.start("j3").lose() == again


def test_the_last_level_opens_nothing_past_the_end():
    progress = JourneyProgress()
    for index, level in enumerate(LEVELS):
        assert progress.is_open(index)
        progress = progress.start(level).win(index, level, len(LEVELS))
    assert progress.unlocked == len(LEVELS) and progress.won == tuple(LEVELS)
    assert not progress.is_open(len(LEVELS))
    with pytest.raises(ValueError):
        progress.win(len(LEVELS), "j9", len(LEVELS))
    with pytest.raises(ValueError):
        progress.win(0, "j1", 0)
    with pytest.raises(DocumentError):
        progress.start("no spaces please")


def test_journey_progress_survives_a_restart(tmp_path):
    store = open_file_store(tmp_path)
    assert load_journey(store) == JourneyProgress()
    progress = JourneyProgress().start("j1").win(0, "j1", 8).start("j2")
    assert save_journey(store, progress)
    again = open_file_store(tmp_path)
    loaded = load_journey(again)
    assert loaded == progress and loaded.current == "j2" and loaded.unlocked == 2
    assert json.loads((tmp_path / "journey.json").read_text()) == {
        "format": "spades-journey/1", "unlocked": 2, "won": ["j1"], "current": "j2"}
    assert save_journey(again, loaded.lose())
    assert load_journey(open_file_store(tmp_path)) == JourneyProgress(2, ("j1",), None)
    assert again.take_notices() == []


BAD_JOURNEYS = {
    "zero open": {"unlocked": 0},
    "too many open": {"unlocked": 101},
    "text count": {"unlocked": "2"},
    "won not a list": {"won": "j1"},
    "won twice": {"won": ["j1", "j1"]},
    "empty id": {"current": ""},
    "id with a path": {"current": "../j1"},
    "long id": {"current": "j" * 41},
    "unknown field": {"lives": 3},
}


@pytest.mark.parametrize("case", list(BAD_JOURNEYS))
def test_journey_documents_are_checked(case):
    doc = {**JourneyProgress(3, ("j1", "j2"), "j3").to_json(), **BAD_JOURNEYS[case]}
    with pytest.raises(DocumentError):
        read_document(JOURNEY, doc)
