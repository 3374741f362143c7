"""Statistics of cutthroat (three players) and two-handed (two) count the player's own
figures (bids made, nils, bags, wins) apart from the four-player games and from each
other; a statistics file of four-player matches reads and shows as it always has
(issue 56, item 4's statistics). Counted from scripted matches played by the engine,
and shown on the real App's page."""

from __future__ import annotations

import random

import pytest
from ui_driver import drawn_words, menu_driver

from spades.engine import BIDDING, LOOK, STANDARD, Bid, Match
from spades.engine.rules import SEAT_PRESETS
from spades.storage import Record, Statistics, load_statistics, save_statistics
from spades.storage.documents import read_document
from spades.storage.statistics import STATISTICS, stats_name
from spades.ui.pages.statistics import StatsScreen, sections

SHORT = {name: rules.with_options(target=200, mercy=-200)
         for name, rules in SEAT_PRESETS.items()}


def scripted(rules, seed: int) -> Match:
    """A whole match from seeded random choices: South often bids nil (blind where it
    may), a nil bidder ducks, the others bid 2 to 5; the draw keeps or shows at
    random."""
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
                some = [b for b in legal if 2 <= getattr(b, "value", -9) <= 5] or legal
                action = some[rng.randrange(len(some))]
        elif match.phase != "drawing" and (match.bids[seat] or 0) <= 0:
            action = min(legal, key=lambda play: play.card % 13)
        else:
            action = legal[rng.randrange(len(legal))]
        match.apply(action)
        assert len(match.actions) < 40_000
    return match


def expected(match: Match) -> dict[str, int]:
    """The player's counts worked out again from the bids and the tricks taken, not
    from the scorer's lines: the player alone is their side."""
    out = dict.fromkeys(Record().to_json(), 0)
    out["matches_played"] = 1
    out["matches_won"] = int(match.winner == 0)
    for hand in match.history:
        bid = dict(hand.bids)[0]
        taken = hand.trick_winners.count(0)
        points = [t.points for t in hand.teams]
        out["hands_played"] += 1
        out["hands_won"] += points[0] > max(points[1:])
        if bid > 0:
            out["contracts_made"] += taken >= bid
            out["contracts_set"] += taken < bid
        for value, key in ((0, "nils"), (-1, "blind_nils")):
            if bid == value:
                out[f"{key}_tried"] += 1
                out[f"{key}_made"] += taken == 0
        out["bag_penalties"] += sum(line.kind == "bag_penalty"
                                    for line in hand.teams[0].lines)
        out["bags_taken"] += hand.teams[0].bags
    out["points_scored"] = match.scores[0]
    assert out["bags_taken"] == 10 * out["bag_penalties"] + match.bags[0]
    return out


@pytest.fixture(scope="module")
def played() -> dict[str, list[Match]]:
    return {name: [scripted(rules, seed) for seed in range(6)]
            for name, rules in SHORT.items()}


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_the_players_own_figures_add_up_game_by_game(played, name):
    stats = Statistics()
    for match in played[name]:
        stats = stats.record_match(match.history, match.winner, False,
                                   stats_name(match.rules))
    want = dict.fromkeys(Record().to_json(), 0)
    for match in played[name]:
        for key, value in expected(match).items():
            want[key] += value
    # The short target makes the rules the game's own: counted apart from the preset.
    key = f"custom-{name}"
    assert stats_name(SHORT[name]) == key and stats_name(SEAT_PRESETS[name]) == name
    assert stats.record(key).to_json() == want
    assert stats.game_total(SEAT_PRESETS[name].players).to_json() == want
    assert stats.total == Record() and "custom" not in stats.presets  # four's apart
    assert want["nils_tried"] and want["contracts_made"] and want["bags_taken"]
    # The chart's opponents: the other player who scored most in each hand.
    last = played[name][-1]
    assert stats.recent[-1].opponents == tuple(
        max(t.points for t in h.teams[1:]) for h in last.history)


def test_the_games_are_counted_apart_and_read_back(played):
    stats = Statistics()
    four = Match(STANDARD.with_options(target=150, mercy=-150), 3)
    while not four.is_over:
        legal = four.legal_actions()
        four.apply(legal[0] if four.phase != BIDDING else next(
            (b for b in legal if getattr(b, "value", 0) == 3), legal[0]))
    stats = stats.record_match(four.history, four.winner, False, stats_name(four.rules))
    for name in SEAT_PRESETS:
        match = played[name][0]
        stats = stats.record_match(match.history, match.winner, False, name)
    assert set(stats.presets) == {"custom", "cutthroat", "two-handed"}
    assert stats.total == stats.presets["custom"]
    assert stats.game_total(3) == stats.presets["cutthroat"]
    assert stats.game_total(2) == stats.presets["two-handed"]
    assert read_document(STATISTICS, stats.to_json()) == stats
    page = [(key, title, players) for key, title, _, players in sections(stats)]
    assert page == [("custom", "Your own rules", 4), ("cutthroat", "Cutthroat", 3),
                    ("two-handed", "Two-handed", 2)]


def test_a_statistics_file_of_four_players_reads_and_shows_as_before():
    doc = {"format": "spades-stats/2",
           "presets": {"standard": {**Record().to_json(), "matches_played": 2,
                                    "matches_won": 1, "hands_played": 20,
                                    "hands_won": 11},
                       "classic": {**Record().to_json(), "matches_played": 1,
                                   "hands_played": 9}},
           "practice": {}, "recent": []}
    stats = read_document(STATISTICS, doc)
    assert stats.to_json() == doc
    assert [(k, t) for k, t, _, _ in sections(stats)] == [
        ("all", "All rule sets"), ("standard", "Standard"), ("classic", "Classic")]


@pytest.mark.parametrize("size", ["1280x720", "800x600", "390x844"])
def test_the_page_shows_each_game_apart_with_the_players_own_lines(played, size):
    d = menu_driver("--speed", "instant", "--size", size)
    stats = Statistics()
    for name in SEAT_PRESETS:
        for match in played[name][:2]:
            stats = stats.record_match(match.history, match.winner, False, name)
    match = played["cutthroat"][2]
    stats = stats.record_match(match.history, match.winner, False,
                               stats_name(match.rules))
    save_statistics(d.app.store, stats)
    assert load_statistics(d.app.store) == stats
    d.click(("row", "stats"))
    assert isinstance(d.scene, StatsScreen)
    keys = [w.key[1] for w in d.scene.placed if isinstance(w.key, tuple)]
    for key in ("h_all_3", "h_cutthroat", "h_custom-cutthroat", "h_two-handed"):
        assert key in keys, key
    assert "h_all" not in keys  # no four-player matches: no four-player total
    heading = d.scene.row_of(("row", "h_all_3"))
    assert heading.label == "Cutthroat, all rule sets"
    table = d.scene.row_of(("row", "t_cutthroat"))
    assert "Your bids made:" in table.words and "Contracts made" not in table.words
    assert "Your blind nils made:" in table.words
    two = d.scene.row_of(("row", "t_two-handed")).words  # no blind nil in two-handed
    assert "Your bids made:" in two and "blind" not in two
    width = d.app.screen.get_width()
    for _ in range(60):  # each table within the window as the page scrolls by
        for w in d.scene.placed:
            if d.scene.area.shows(w.box):
                assert 0 <= w.rect.left and w.rect.right <= width, w.key
        words = " ".join(drawn_words(d))
        if "Two-handed" in words and "Your bids made" in words:
            break
        d.press("pagedown")
    assert "Two-handed" in words and "Your bids made" in words


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_a_match_played_at_the_table_is_counted_with_its_game(name):
    """A short match of three or two played to its end by mouse on the real table:
    the statistics count it with its game's own rules, apart from four's."""
    from ui_driver import Driver, play_until

    from spades import storage

    d = Driver("--speed", "instant", start=False)
    storage.clear_all(d.app.store)
    d.app.reload_documents()
    rules = SEAT_PRESETS[name].with_options(target=50, mercy=-50)
    d.app.start_game(rules)
    play_until(d, "over")
    stats = load_statistics(d.app.store)
    assert set(stats.presets) == {f"custom-{name}"}
    record = stats.presets[f"custom-{name}"]
    assert record.matches_played == 1
    assert record.hands_played == len(d.scene.match.history)
    assert record.matches_won == (d.scene.match.winner == 0)
    assert stats.total == Record()  # nothing counted with four's
    d.app.show_menu()
    d.frame()
    d.click(("row", "stats"))
    assert isinstance(d.scene, StatsScreen)
    assert d.scene.row_of(("row", f"h_custom-{name}")) is not None
