"""Every seat's tricks won said in words during play, at every size and seat count:
a phone on its side once gave the side seats only their bid (the tricks lay by the
badge as small backs, which cannot be counted at a glance), and nothing drawn runs
into anything else for it (fresh-eye review)."""

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
