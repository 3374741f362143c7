"""Every seat's tricks won said in words during play, at every size and seat count:
a phone on its side once gave the side seats only their bid (the tricks lay by the
badge as small backs, which cannot be counted at a glance), and nothing drawn runs
into anything else for it; and the top bar's tricks past the bid said as won and bid,
not "won 9 of 7" (fresh-eye review)."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from ui_driver import Driver, act, drawn_records

from spades.engine import preset

SIZES = ["480x320", "568x320", "390x844", "800x600", "1280x720"]


def mid_play(rules: str, size: str) -> Driver:
    """A short match played to the player's fourth card of its first hand."""
    d = Driver("--size", size, "--speed", "instant", rules=preset(f"{rules},target=150"))
    plays = 0
    while (situation := d.wait_for_player()) != "play" or plays < 3:
        plays += situation == "play"
        act(d, situation)
    return d


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "two-handed"])
@pytest.mark.parametrize("size", SIZES)
def test_each_seats_badge_says_its_tricks_won_and_no_words_overlap(rules, size):
    d = mid_play(rules, size)
    scene = d.scene
    record = [r for r in drawn_records(d) if r.rect is not None and r.rect.width]
    for seat in range(scene.match.rules.seats):
        badge = scene.layout.badges[seat]
        won = re.compile(rf"\bwon {scene.shown.tricks_won[seat]}\b")
        said = [r.text for r in record if badge.contains(r.rect) and won.search(r.text)]
        assert said, (size, seat, [r.text for r in record if badge.contains(r.rect)])

    def ink(r):  # the line's middle: its surface has room for accents and descenders
        return r.rect.inflate(0, -r.rect.height // 3)

    for a, b in combinations(record, 2):
        assert not ink(a).colliderect(ink(b)), (size, a.text, a.rect, b.text, b.rect)


OVER = {"standard": ([1, 1, 1, 1], [6, 1, 6, 0]), "cutthroat": ([2, 3, 4], [12, 3, 2]),
        "two-handed": ([2, 3], [12, 1])}


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "two-handed"])
@pytest.mark.parametrize("size", ["320x480", "360x740", "390x844", "412x915", "480x320",
                                  "568x320", "800x600", "844x390", "1280x720"])
def test_the_top_bar_says_tricks_over_the_bid_as_won_and_bid_within_its_room(rules, size):
    """A side past its bid read "won 9 of 7" in the top bar (fresh-eye review): it says
    "won 12, bid 2", and the bar's words still stand apart and clear of the toolbar
    with the widest figures."""
    d = mid_play(rules, size)
    scene = d.scene
    bids, won = OVER[rules]
    scene.shown.bids, scene.shown.tricks_won = list(bids), list(won)
    scene.shown.scores = (-150, 1020, 480)[:scene.match.rules.sides]
    scene.shown.bags = (9, 4, 7)[:scene.match.rules.sides]
    scene.shown.sync = lambda *args: None  # the figures as set, not the match's
    lay = scene.layout
    bar = lay.top_bar
    tools = [r for r in lay.toolbar.values() if r.colliderect(bar)]
    texts = [r for r in drawn_records(d) if r.rect is not None and r.rect.width
             and bar.colliderect(r.rect) and not any(t.contains(r.rect) for t in tools)]
    words = " | ".join(r.text for r in texts)
    for got, bid in re.findall(r"won (\d+) of (\d+)", words):
        assert int(got) <= int(bid), (size, words)

    def ink(r):
        return r.rect.inflate(0, -r.rect.height // 3)

    for a, b in combinations(texts, 2):
        assert not ink(a).colliderect(ink(b)), (size, a.text, b.text)
    for a in texts:
        assert bar.contains(ink(a)), (size, a.text)
        for t in tools:
            assert a.rect.right <= t.left or a.rect.left >= t.right, (size, a.text, t)
