"""The true deal's verdict on hard's choices: the hand played on both ways."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from spades.engine.actions import Bid, Play
from spades.engine.rules import preset
from spades.measure import make_player
from spades.measure.gauntlet import _side
from spades.measure.tournament import situation, table_match
from spades.measure.verdict import format_verdict, judge_table, summarise

RULES = preset("standard")
BAG_COST = RULES.bag_penalty_points / RULES.bag_limit


def _players(names, seed, zoo="counter"):
    return [make_player("hard", seed=f"{seed}/{s}", rollouts=10) if names[s] == "A"
            else make_player(zoo, seed=f"{seed}/{s}") for s in range(4)]


def _played_with(sit, names, seed, step, other):
    """The table replayed from its start by fresh players, ``other`` at action ``step``."""
    players = _players(names, seed)
    match = table_match(RULES, sit, names)
    n = 0
    while not match.history:
        seat = match.to_act
        action = players[seat].choose(match.view(seat))
        if n == step:
            action = Play(other) if isinstance(action, Play) else Bid(other)
        match.apply(action)
        n += 1
    team = names.index("A") & 1
    result = match.history[0]
    return _side(result, team, BAG_COST)["priced"] - _side(result, 1 - team, BAG_COST)["priced"]


@pytest.mark.parametrize("names", [["A", "B", "A", "B"], ["B", "A", "B", "A"]])
def test_each_judged_choice_is_worth_the_hand_replayed_both_ways(names):
    seed = 11
    sit = situation(seed, 0, False, RULES)
    entries = judge_table(RULES, sit, names, _players(names, seed), near=True)
    assert {e["kind"] for e in entries} == {"left", "near"}  # both kinds occur here
    real = _played_with(sit, names, seed, -1, None)
    for e in entries:
        assert names[e["seat"]] == "A" and e["chosen"] != e["other"]
        if e["decision"] == "bid":
            normal, bid = (e["other"], e["chosen"]) if e["kind"] == "left" else (
                e["chosen"], e["other"])
            assert e["way"] == ("nil" if bid == 0 else "off nil" if normal == 0
                                else "higher" if bid > normal else "lower")
        other = _played_with(sit, names, seed, e["step"], e["other"])
        assert e["worth"] == (real - other if e["kind"] == "left" else other - real)
    assert any(e["worth"] != 0 for e in entries)


def test_the_summary_counts_and_bands():
    entries = [
        {"kind": "left", "decision": "card", "expected": 6.0, "clears": 1.2, "worth": 10.0},
        {"kind": "left", "decision": "card", "expected": 9.0, "clears": 2.5, "worth": -4.0},
        {"kind": "left", "decision": "card", "expected": 30.0, "clears": math.inf, "worth": 0.0},
        {"kind": "near", "decision": "card", "expected": 1.0, "clears": -0.3, "worth": -6.0},
        {"kind": "left", "decision": "bid", "expected": 40.0, "clears": 1.7, "worth": 20.0,
         "way": "lower"},
        {"kind": "left", "decision": "bid", "expected": 50.0, "clears": 4.0, "worth": -10.0,
         "way": "nil"},
    ]
    args = {"strength": "hard", "deals": 2, "seed": 1, "rules": "standard",
            "zoo": ("easy", "counter"), "near": True, "iterations": None}
    out = summarise(args, entries)
    card = next(g for g in out["groups"] if g["kind"] == "left" and g["decision"] == "card")
    assert card["count"] == 3 and card["worth"] == 2.0 and card["expected"] == 15.0
    assert [b["count"] for b in card["bands"]] == [1, 1, 1]  # 1-1.5, 2-3, 3 and up
    assert card["a_deal"] == 6.0 / (2 * 2 * 2)  # two tables, two members, two deals
    near = next(g for g in out["groups"] if g["kind"] == "near" and g["decision"] == "card")
    assert near["count"] == 1 and near["bands"][0]["to"] == 0.0
    bid = next(g for g in out["groups"] if g["kind"] == "left" and g["decision"] == "bid")
    assert bid["count"] == 2 and bid["worth"] == 5.0
    assert [(w["way"], w["count"], w["worth"]) for w in bid["ways"]] == [
        ("lower", 1, 20.0), ("nil", 1, -10.0)]
    assert bid["ways"][0]["ci95"][0] == -math.inf  # one value: no interval
    text = format_verdict(out)
    assert "left the normal card" in text and "near misses (card kept)" in text
    assert "to a lower bid" in text and "to nil" in text
    without = summarise({**args, "near": False}, entries)
    assert {g["kind"] for g in without["groups"]} == {"left"}


def test_verdict_command_line():
    run = subprocess.run(
        [sys.executable, "-m", "spades", "verdict", "--deals", "1", "--seed", "3",
         "--iterations", "8", "--zoo", "easy", "--json"],
        capture_output=True, text=True, check=True,
    )
    out = json.loads(run.stdout)
    assert out["deals"] == 1 and out["zoo"] == ["easy"] and not out["near"]
    assert [g["decision"] for g in out["groups"]] == ["card", "bid"]
    assert out["groups"][0]["count"] > 0
    bad = subprocess.run(
        [sys.executable, "-m", "spades", "verdict", "--strength", "normal"],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "normal" in bad.stderr
