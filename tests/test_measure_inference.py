"""The inference measure: how well hard's sampled deals place the unseen cards
(``python -m spades.measure.inference``)."""

from __future__ import annotations

import math

from spades.measure.inference import _log_probability, main, measure


def test_the_log_probability_is_the_smoothed_share_of_deals_with_the_true_holder():
    # Card 5 held by seat 1, given to seat 1 in 3 of 4 deals, three seats open.
    deals = [[0, 1 << 5, 0, 0]] * 3 + [[0, 0, 1 << 5, 0]]
    assert _log_probability(deals, {5: 1}, {5: 3}) == math.log(3.5 / 5.5)


def test_the_measure_counts_its_positions_and_the_ways_agree_on_them(capsys):
    out = measure(seed=9, deals=2, samples=30, first=4, every=12)
    assert out["positions"] == out["early"]["positions"] + out["late"]["positions"] == 8
    for way in ("even", "bids", "plays", "likelihood"):
        assert -math.log(60) < out["all"][way]["mean"] < 0
    assert main(["--deals", "1", "--samples", "10", "--seed", "9"]) == 0
    assert "positions" in capsys.readouterr().out
