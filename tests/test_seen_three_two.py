"""All cards seen at the App's table of three (cutthroat) and of two (two-handed),
driven through the real interface: opened from the breakdown by mouse, finger and key,
its rows of two or three cards a trick, each player named alone (at three against the
two others together), no partner switch; by ear, the same words. The review's numbers
are held to the minimax in tests/test_review_few.py; here, what the player sees."""

from __future__ import annotations

import pytest
from ui_driver import Driver, play_until

from spades.engine import preset
from spades.solver.review import Cost, HandReview
from spades.ui.speech.seen_words import NUMBERS, cost_words, review_words

TWO_HANDED = preset("two-handed,target=150")
CUTTHROAT = preset("cutthroat,target=150")


def at_breakdown(rules, size: str) -> Driver:
    """The first hand played by mouse to its breakdown, its review worked out while it
    was played (the player's own table)."""
    d = Driver("--size", size, "--speed", "instant", rules=rules, ahead=True)
    play_until(d, "breakdown")
    return d


def drawn_words(d: Driver) -> str:
    """Every string the next frame draws, joined."""
    drawn = d.record_text()
    d.frame()
    return " ".join(text for text, _ in drawn)


@pytest.mark.parametrize("size,how", [("1280x720", "mouse"), ("390x844", "finger"),
                                      ("800x600", "key")])
def test_two_handed_all_cards_seen_opens_from_the_breakdown_and_shows_each_player(size, how):
    d = at_breakdown(TWO_HANDED, size)
    table = d.scene
    result = table.finished_hand()
    assert d.control(("btn", "seen")) is not None
    if how == "mouse":
        d.click(("btn", "seen"))
    elif how == "finger":
        d.tap(("btn", "seen"))
    else:
        d.press("v")
    assert table.overlays[-1] == "seen" and table.screen_kind() == "all_cards_seen"
    review = table.review
    assert review.seats == 2
    assert d.until(lambda: review.status == "done", 600)
    check = HandReview.of_result(result).run()
    assert review.side_values == check.side_values and review.opening() == check.opening()
    opening = review.opening()
    assert len(opening.tricks) == 2 and sum(opening.tricks) == 13
    # Thirteen rows of two cards; no partner to mark.
    rows = [r for r in table.seen_rows() if r.kind == "trick"]
    assert [r.trick for r in rows] == list(range(13))
    assert not [r for r in table.seen_rows() if r.kind in ("toggle", "marks")]
    assert d.control(("btn", "seen_partner")) is None
    words = drawn_words(d)
    assert "You could have taken" in words
    assert f"{table.names[1]} could have taken" in words
    assert "Us (" not in words and "partner" not in words
    point = review.turning_point()
    if point is not None and point >= 0:
        label = d.control(("btn", "replay_from")).label
        assert label == f"Replay from trick {point // 2 + 1}"
    d.click(("btn", "close"))
    assert table.overlays[-1] == "breakdown"


def test_cutthroat_all_cards_seen_says_each_player_against_the_two_others():
    """A cutthroat hand's review is heavy (three searches a position, each player
    against the two others together): opened, it fills in from the last tricks back,
    seventeen rows of three cards, and says whom each count is against."""
    d = at_breakdown(CUTTHROAT, "1280x720")
    table = d.scene
    d.click(("btn", "seen"))
    review = table.review
    assert table.overlays[-1] == "seen" and review.seats == 3
    rows = [r for r in table.seen_rows() if r.kind == "trick"]
    assert [r.trick for r in rows] == list(range(17))
    assert not [r for r in table.seen_rows() if r.kind in ("toggle", "marks")]
    assert d.until(lambda: review.trick_done(16), 600)  # the last tricks first
    words = drawn_words(d)
    if review.status == "running":
        assert "of 17 tricks done" in words or "hardest position" in words
    if review.opening() is not None:
        assert "Each player against the two others playing together:" in words
    d.press("escape")
    assert table.overlays[-1] == "breakdown"


def test_two_handed_replays_from_the_turning_points_trick_of_two_cards():
    d = at_breakdown(TWO_HANDED, "1280x720")
    table = d.scene
    result = table.finished_hand()
    d.click(("btn", "seen"))
    review = table.review
    assert d.until(lambda: review.status == "done", 600)
    point = review.turning_point()
    assert point is not None and point >= 0  # seed 11's first hand has one
    trick = point // 2
    assert d.control(("btn", "replay_from")).label == f"Replay from trick {trick + 1}"
    d.click(("btn", "replay_from"))
    replay = d.scene
    assert replay is not table and replay.replay == f"Hand 1 from trick {trick + 1}"
    assert replay.match.plays[:2 * trick] == list(result.plays[:2 * trick])
    play_until(d, "breakdown")
    assert d.scene.match.rules.seats == 2


def reviewed(rules: str, seed: int, size: str = "1280x720") -> Driver:
    """A match of ``rules`` dealt from ``seed``, its first hand played by mouse to the
    breakdown and its review opened and worked out."""
    d = Driver("--speed", "instant", "--size", size, "--rules", rules, start=False)
    d.app.options = d.app.table_options()
    d.app.options.seed = seed
    d.app.start()
    play_until(d, "breakdown")
    d.click(("btn", "seen"))
    assert d.until(lambda: d.scene.review.status == "done", 3000)
    return d


def test_at_three_a_lost_chance_to_set_a_contract_names_whose_contract():
    """At three "the chance to set their contract" said nobody: each other player is a
    side of their own, so the note names the player ("your contract" for the player);
    at four "their contract" is the other team's and stays (fresh-eye review)."""
    d = reviewed("cutthroat", 7)
    table, review = d.scene, d.scene.review
    point = review.turning_point()
    sets = [i for i in range(len(review.plays)) if review.cost(i).set_contract]
    assert sets and point in sets  # Wren's ace of diamonds, the first card of the hand
    for i in sets:
        line = table.cost_line(i, i == point)
        assert "their contract" not in line, line
        for side in review.cost(i).set_contract:
            whose = "your" if side == 0 else f"{table.names[side]}'s"
            assert f"the chance to set {whose} contract" in line, line
    said = review_words(review, table.names, False)
    assert "the chance to set your contract" in said and "their contract" not in said
    assert "the chance to set your contract" in drawn_words(d)
    four = cost_words(Cost(0, set_contract=(1,)), ("You", "Wren", "Noor", "Eli"))
    assert four == "the chance to set their contract"


def test_a_keepers_count_says_a_total_within_reach_not_against_the_headline():
    """Two-handed seed 7: "You could have taken eight tricks" over "the two of spades
    kept all nine" read as a contradiction; the nine is what was within reach when the
    ace was played (Noor's king before it gave one), in all, counting the tricks
    already taken, and the note says it so, on screen and by ear (fresh-eye review)."""
    d = reviewed("two-handed", 7)
    table, review = d.scene, d.scene.review
    opening = review.opening()
    said = review_words(review, table.names, False)
    beyond = []
    for i in range(len(review.plays)):
        cost = review.cost(i)
        if not cost.tricks or review.keeper.get(i) is None:
            continue
        side = review.side_of(review.seat_of(i))
        best = review.seat_won[i][side] + review.team_value(side, i)
        line = table.cost_line(i, i == review.turning_point())
        assert "kept all" not in line, line
        assert f"kept {NUMBERS[best]} in all within reach" in line, line
        beyond += [line] if best > opening.tricks[side] else []
    assert beyond  # the case read as a contradiction: more than the headline's count
    assert "kept all" not in said and "kept nine in all within reach" in said
    notes = " ".join(line for row in table.seen_rows() for line, _ in row.notes)
    assert "kept nine in all within reach" in notes  # as the rows show it
