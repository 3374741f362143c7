"""The table's pace on the scene clock (frames of a fixed length, so the figures do not
depend on the machine): at normal speed a computer player's card follows the card
before it in about half a second, a finished trick stays to be read, and slow and
fast keep their pace. ``python main.py --autoplay`` prints the same figures."""

from __future__ import annotations

import pytest
from ui_driver import Driver

from spades.ui.table import anim


def card_gaps(speed: str, tricks: int = 4) -> list[float]:
    d = Driver("--autoplay", "--strength", "normal", "--speed", speed)
    d.dt = 1 / 60
    meter = d.app.pace
    d.until(lambda: len(meter.card_gaps) >= 3 * tricks, 20000)
    return meter.card_gaps


def test_normal_plays_a_computer_card_about_half_a_second_after_the_one_before():
    gaps = card_gaps("normal")
    mean = sum(gaps) / len(gaps)
    assert 0.4 <= mean <= 0.55, gaps  # it was 0.94 s
    # The flight is the card's own motion: the wait before it is the pace.
    assert anim.AI_PACE["normal"] + anim.PLAY_FLIGHT == pytest.approx(mean, abs=0.05)


def test_slow_and_fast_keep_their_pace_and_a_trick_stays_to_be_read():
    slow, fast = card_gaps("slow", 2), card_gaps("fast", 2)
    assert sum(slow) / len(slow) == pytest.approx(1.0 + 0.28 * 1.6, abs=0.05)
    assert sum(fast) / len(fast) == pytest.approx(0.28 * 0.45, abs=0.05)
    assert anim.TRICK_HOLD == 0.75  # at normal speed the won trick shows 0.75 s


def test_the_pace_figures_autoplay_prints():
    d = Driver("--autoplay", "--strength", "normal", "--speed", "fast")
    d.until(lambda: len(d.app.pace.hand_ends) >= 3, 40000)
    lines = d.app.pace.lines("fast")
    assert lines[0].startswith("pace (fast): a computer player's card 0.1")
    assert lines[1].startswith("pace (fast): a hand ") and "(mean of 2)" in lines[1]
