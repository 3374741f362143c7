"""The gauntlet: A and B against the same zoo on the same deals."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from spades.ai import GAUNTLET, ZOO
from spades.ai.gauntlet import format_report, gauntlet


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
