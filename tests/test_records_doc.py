"""docs/records.md against real records: every key a hand record has is described
there, and no other; the same for what ``replay`` prints. The records are made by real
matches under rule sets that bring every key out (nil card passing, nil lines)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from spades.engine import Match, preset
from spades.engine.actions import Bid
from spades.engine.cards import mask_of, parse_cards
from spades.engine.record import replay_record

DOCS = Path(__file__).resolve().parents[1] / "docs"


def documented(page: str, heading: str) -> set[str]:
    """The key paths in the first column of the tables under ``heading``."""
    text = (DOCS / page).read_text()
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([^`]+)` \|", section, re.M))


def paths(value, prefix: str = "") -> set[str]:
    """Every key path of a JSON value: ``result.teams[].points``."""
    out: set[str] = set()
    if isinstance(value, dict):
        for key, inner in value.items():
            path = f"{prefix}.{key}" if prefix else key
            out.add(path)
            out |= paths(inner, path)
    elif isinstance(value, list):
        for inner in value:
            out |= paths(inner, f"{prefix}[]")
    return out


def random_hand(rules_name: str, seed: int) -> dict:
    rng = random.Random(seed)
    match = Match(preset(rules_name), seed)
    while not match.history:
        match.apply(rng.choice(match.legal_actions()))
    return match.history[0].to_record()


RECORDS = [random_hand(name, seed) for name in ("standard,nil_pass=2", "jokers,boston=true")
           for seed in range(12)]


def record_paths(records) -> set[str]:
    keys: set[str] = set()
    for record in records:
        # Lists of cards and [seat, bid] pairs hold no keys; a bid or pass entry's
        # inner list of cards holds none either.
        keys |= paths(record)
    return keys


def test_every_key_of_a_record_is_described_and_no_other():
    found = record_paths(RECORDS)
    assert any("passes" in r for r in RECORDS)  # the rule sets bring every key out
    assert "result.teams[].breakdown[].seat" in found
    rules_keys = {p for p in found if p.startswith("rules.")}
    options = documented("rules.md", "All options")
    assert {p.removeprefix("rules.") for p in rules_keys} == options
    assert found - rules_keys == documented("records.md", "Every key")


def test_every_key_replay_prints_is_described_and_no_other():
    record = next(r for r in RECORDS if "passes" in r)
    outs = [replay_record(record)]
    cut = {k: v for k, v in record.items() if k not in ("result", "passes")}
    cut.update(bids=record["bids"][:2], plays=[])
    outs.append(replay_record(cut))
    bad_bid = json.loads(json.dumps(record))
    bad_bid["bids"][0][1] = 14
    bad_pass = json.loads(json.dumps(record))
    bad_pass["passes"][0][1] = []
    bad_play = json.loads(json.dumps(record))
    bad_play["plays"][0] = "XX"
    outs += [replay_record(bad) for bad in (bad_bid, bad_pass, bad_play)]
    assert {out["illegal"]["kind"] for out in outs if not out["legal"]} == {
        "bid", "pass", "play"}
    found: set[str] = set()
    for out in outs:
        found |= {p for p in paths(out) if not p.startswith("result.")}
    assert found == documented("records.md", "What `replay` says")
    # Its result is a record's result, key for key.
    assert paths(outs[0]["result"]) == {
        p.removeprefix("result.") for p in record_paths([record]) if p.startswith("result.")}


def test_replay_reports_where_the_hand_leaves_the_match():
    """Who won and how: by the target, by the mercy rule, or not yet (the same hand,
    moved to other scores: it gives us +34, them -110)."""
    record = random_hand("standard", 1)
    del record["result"]
    assert [t["points"] for t in replay_record(record)["result"]["teams"]] == [34, -110]

    def match_after(scores_before):
        return replay_record(dict(record, scores_before=scores_before))["match"]

    assert match_after([0, 0]) == {"scores": [34, -110], "bags": [4, 0], "over": False,
                                   "winner": None, "won_by": None}
    assert match_after([480, 0]) == {"scores": [514, -110], "bags": [4, 0], "over": True,
                                     "winner": 0, "won_by": "target"}
    assert match_after([0, -100]) == {"scores": [34, -210], "bags": [4, 0], "over": True,
                                      "winner": 0, "won_by": "mercy"}


def test_a_boston_that_wins_the_match_is_named_so():
    """South holds every spade and leads them all on a team bid of 13 (12 and 1)."""
    rules = preset('standard,boston=true,boston_value="win"')
    spades = mask_of(parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    rest = [c for c in range(52) if not spades >> c & 1]
    hands = (spades, mask_of(rest[0:13]), mask_of(rest[13:26]), mask_of(rest[26:39]))
    match = Match(rules, 0, start={"dealer": 3, "hands": hands})
    for bid in (12, 1, 1, 1):  # South, West, North, East
        match.apply(Bid(bid))
    while not match.history:
        match.apply(match.legal_actions()[0])
    out = replay_record(match.history[0].to_record())
    assert out["legal"] and out["result"]["trick_winners"] == [0] * 13
    assert out["match"]["over"] and out["match"]["winner"] == 0
    assert out["match"]["won_by"] == "boston"
