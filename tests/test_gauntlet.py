"""The gauntlet: A and B against the same zoo on the same deals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from spades.measure import GAUNTLET, ZOO
from spades.measure.gauntlet import format_report, gauntlet


def test_the_zoo_is_easy_and_at_least_four_other_styles():
    assert GAUNTLET[0] == "easy" and len(ZOO) >= 4 and set(ZOO) <= set(GAUNTLET)


def test_a_player_against_itself_scores_exactly_zero():
    # Duplicate, same seeds: A's tables and B's tables are the same games.
    out = gauntlet("normal", "normal", deals=3, seed=4)
    assert set(out["per_zoo"]) == set(GAUNTLET)
    for figures in (*out["per_zoo"].values(), out["overall"]):
        assert figures["a_minus_b"] == 0
        assert figures["A"] == figures["B"]


def test_exchanging_a_and_b_turns_the_figure_around():
    there = gauntlet("normal", "easy", deals=3, seed=8, zoo=("grabber", "nilhappy"))
    back = gauntlet("easy", "normal", deals=3, seed=8, zoo=("grabber", "nilhappy"))
    assert there["overall"]["a_minus_b"] != 0
    assert back["overall"]["a_minus_b"] == pytest.approx(-there["overall"]["a_minus_b"])
    for z in ("grabber", "nilhappy"):
        assert back["per_zoo"][z]["A"] == there["per_zoo"][z]["B"]
    s = there["overall"]["A"]
    assert s["hands"] == 3 * 2 * 2 and 0 <= s["set"] <= s["contracts"]
    assert "overall" in format_report(there)


def test_gauntlet_command_line():
    run = subprocess.run(
        [sys.executable, "-m", "spades", "gauntlet", "--a", "hard", "--b", "normal",
         "--deals", "1", "--seed", "3", "--iterations", "8", "--zoo", "easy,overbidder",
         "--json"],
        capture_output=True, text=True, check=True,
    )
    assert run.stderr == ""  # progress only on a terminal
    out = json.loads(run.stdout)
    assert out["a"] == "hard" and out["deals"] == 1 and out["zoo"] == ["easy", "overbidder"]
    lo, hi = out["overall"]["ci95"]
    assert out["decision_ms"]["A"]["bid"]["count"] > 0
    assert lo <= out["overall"]["a_minus_b"] <= hi or lo == float("-inf")
    bad = subprocess.run(
        [sys.executable, "-m", "spades", "gauntlet", "--deals", "0"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "at least 1" in bad.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "spades", "gauntlet", "--zoo", "easy,nobody"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "nobody" in bad.stderr


def test_the_strangers_are_in_the_gauntlet_and_out_of_hard():
    import inspect

    from spades.ai import bid_search, hard, reading, search, styles
    from spades.measure import STRANGERS

    assert len(STRANGERS) >= 2 and set(STRANGERS) <= set(GAUNTLET)
    for module in (hard, bid_search, search, styles, reading):
        source = inspect.getsource(module)
        assert "strangers" not in source and "zoo" not in source.replace("zoo.py", "")


def test_strangers_play_legal_hands_from_their_view_alone():
    from spades.engine import Match
    from spades.engine.rules import preset
    from spades.measure import STRANGERS, make_player

    for name in STRANGERS:
        for game in range(3):
            match = Match(preset("standard"), f"stranger/{name}/{game}")
            players = [make_player(name if s % 2 else "normal", seed=s) for s in range(4)]
            while len(match.history) < 2 and not match.is_over:
                view = match.view(match.to_act)
                action = players[match.to_act].choose(view)
                assert action in view.legal_actions()
                match.apply(action)


def test_gauntlet_in_whole_matches_reports_the_reading():
    out = gauntlet("hard", "hard-static", deals=1, seed=2, iterations=6, zoo=("grabber",),
                   matches=True, max_hands=3)
    assert out["mode"] == "matches"
    f = out["per_zoo"]["grabber"]
    assert f["A"]["hands"] == f["B"]["hands"] and 2 <= f["A"]["hands"] <= 6
    assert "late" in out["overall"] and 0 <= f["A"]["matches_won"] <= 1
    text = format_report(out)
    assert "From hand 4 on" in text and "matches won" in text
    # How many hands the figures stand on: "300+ deals" is read off this line.
    n = f["A"]["hands"]
    assert f"hands: hard {n}, hard-static {n}" in text


def test_bench_players_prints_decision_times():
    run = subprocess.run(
        [sys.executable, "-m", "spades", "bench", "--players", "--deals", "1",
         "--iterations", "6", "--json"],
        capture_output=True, text=True, check=True,
    )
    out = json.loads(run.stdout)
    assert out["strength"] == "hard" and out["card"]["count"] == 26
    assert out["bid"]["count"] >= 2 and out["card"]["p95"] <= out["card"]["max"]
    assert out["card"]["searched"] <= out["card"]["count"]
    # The machine's speed beside the times, so figures from two machines compare: a
    # card played out takes microseconds, not nothing and not milliseconds.
    assert 0.2 < out["rollout_us_per_card"] < 200 and 0.2 < out["rollout_us_before"] < 200
    low, high = out["rollout_us_range"]
    assert low <= min(out["rollout_us_before"], out["rollout_us_per_card"])
    assert high >= max(out["rollout_us_before"], out["rollout_us_per_card"])
    from spades.measure.timing import format_timing
    assert "microseconds a card played out" in format_timing(out)


def test_bench_says_when_the_machine_changed_speed_during_the_run():
    from spades.measure.timing import format_timing

    times = {"count": 1, "searched": 1, "settled_early": 0, "mean_rollouts": 1.0,
             "p50": 1.0, "p95": 1.0, "p99": 1.0, "max": 1.0, "mean": 1.0,
             "cpu_p50": 1.0, "cpu_p95": 1.0, "cpu_max": 1.0}
    out = {"strength": "hard", "deals": 1, "seed": 1, "rules": "standard",
           "iterations": None, "load_before": 0.1, "load_after": 0.2,
           "rollout_us_before": 2.07, "rollout_us_per_card": 2.15,
           "rollout_us_range": [2.05, 2.15], "card": times, "bid": times}
    steady = format_timing(out)
    assert "2.07 microseconds a card played out" in steady and "2.15 after" in steady
    assert "2.05 to 2.15 through it" in steady and "not a quiet core's" not in steady
    # Slow through the middle of the run, though it began and ended at the same speed.
    moved = format_timing({**out, "rollout_us_range": [2.05, 3.22]})
    assert "changed during the run" in moved and "not a quiet core's" in moved
