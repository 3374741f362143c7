"""Saves, Practice Undo, hand records and the command line."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spades_support import (
    bid_round,
    deal,
    finish_hand,
    hand,
    match_with,
    random_policy,
)

from spades.engine.actions import LOOK, Bid
from spades.engine.cards import cards_of, mask_of, parse_cards
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import Match, SaveError, deal_hands, seal
from spades.engine.record import replay_record
from spades.engine.rules import STANDARD, Rules

ROOT = Path(__file__).resolve().parent.parent
OPTION_NAMES = {
    "nil", "blind_nil", "blind_nil_deficit", "team_cap_13", "min_team_bid",
    "max_nils_per_team", "spades_lead_anytime", "forced_spade_lead_breaks",
    "failed_nil_tricks", "nil_value", "blind_nil_value", "bag_penalty", "bag_limit",
    "bag_penalty_points", "target", "mercy",
    # the variants (docs/rules.md): a record without them is read as the ordinary game
    "bidding", "deck", "jokers_removed", "nil_pass", "ten_for_200", "ten_for_200_set",
    "boston", "boston_value",
}
CARD = re.compile(r"^[23456789TJQKA][SHDC]$")

# Dealer East (3): South bids first and leads; West has no heart.
DEAL = deal(
    hand(hearts="AKQJT9", clubs="2345678"),
    hand(diamonds="2345678", spades="234567"),
    hand(hearts="8765", diamonds="9TJQKA", clubs="9TJ"),
    hand(hearts="432", clubs="QKA", spades="89TJQKA"),
)


def saved_match(actions: int = 30) -> Match:
    match = Match(STANDARD, 17)
    choose = random_policy(random.Random(17))
    for _ in range(actions):
        match.apply(choose(match))
    return match


# --- saves ---------------------------------------------------------------------------


def test_save_round_trip_mid_hand_and_with_a_start_position():
    match = saved_match()
    doc = json.loads(json.dumps(match.to_json()))
    assert doc["format"] == "spades-match/1"
    assert Match.from_json(doc).state() == match.state()
    started = match_with(STANDARD, DEAL, dealer=3, scores=(40, 180), bags=(3, 9))
    bid_round(started, [BLIND_NIL, 4, 4, 5])
    loaded = Match.from_json(json.loads(json.dumps(started.to_json())))
    assert loaded.state() == started.state()
    assert loaded.start["hands"] == DEAL


@pytest.mark.parametrize("fmt", ["spades-match/2", "spades-match/0", "spades-hand/1", None, 1])
def test_unknown_save_format(fmt):
    doc = saved_match().to_json()
    doc["format"] = fmt
    with pytest.raises(SaveError):
        Match.from_json(doc)
    del doc["format"]
    with pytest.raises(SaveError):
        Match.from_json(doc)


@pytest.mark.parametrize("doc", [None, [], "spades-match/1", 3, [{"format": "spades-match/1"}]])
def test_a_save_that_is_not_an_object(doc):
    with pytest.raises(SaveError):
        Match.from_json(doc)


@pytest.mark.parametrize("key", ["rules", "seed", "actions"])
def test_a_save_missing_a_key(key):
    doc = saved_match().to_json()
    del doc[key]
    with pytest.raises(SaveError, match="lacks"):
        Match.from_json(seal(doc))


@pytest.mark.parametrize(
    ("index", "value"),
    [(0, "AS"), (0, 14), (0, "xyz"), (0, None), (0, [3]), (0, 2.5), (5, "look"), (-1, 99)],
)
def test_an_illegal_or_unreadable_action_in_the_log(index, value):
    doc = saved_match().to_json()
    doc["actions"][index] = value
    with pytest.raises(SaveError, match="action"):
        Match.from_json(seal(doc))


def test_an_action_after_the_end_and_a_log_that_is_not_a_list():
    doc = saved_match(0).to_json()
    doc["actions"] = "3 3 3 3"
    with pytest.raises(SaveError, match="actions must be a list"):
        Match.from_json(seal(doc))
    doc["actions"] = [3, 3, 3, 3, 3]  # a fifth bid, during play
    with pytest.raises(SaveError, match="action 4"):
        Match.from_json(seal(doc))


@pytest.mark.parametrize(
    "rules",
    [{"nil": "yes"}, {"jokers": True}, "standard", None, [1], {"mercy": 900},
     {"nil": False}, {"failed_nil_tricks": "x"}, {"target": -5}],
)
def test_a_save_with_bad_rules(rules):
    doc = saved_match().to_json()
    doc["rules"] = rules
    with pytest.raises(SaveError) as exc:
        Match.from_json(seal(doc))
    assert "checksum" not in str(exc.value)


@pytest.mark.parametrize(
    "change",
    [
        {"dealer": 4},
        {"dealer": "3"},
        {"hands": ["AS KS", "", "", ""]},
        {"hands": "AS"},
        {"scores": [0]},
        {"bags": ["0", 0]},
        {"hand_number": -1},
    ],
)
def test_a_save_with_a_bad_start_position(change):
    started = match_with(STANDARD, DEAL, dealer=3)
    doc = json.loads(json.dumps(started.to_json()))
    doc["start"].update(change)
    with pytest.raises(SaveError) as exc:
        Match.from_json(seal(doc))
    assert "checksum" not in str(exc.value)
    doc["start"] = "south deals"
    with pytest.raises(SaveError, match="starting position must be an object"):
        Match.from_json(seal(doc))


def test_a_save_whose_start_hands_are_not_one_deck():
    doc = json.loads(json.dumps(match_with(STANDARD, DEAL, dealer=3).to_json()))
    hands = doc["start"]["hands"]
    assert "AH" in hands[0] and "2D" in hands[1]
    hands[0] = hands[0].replace("AH", "2D")  # 2D twice, AH nowhere
    with pytest.raises(SaveError, match="one whole deck"):
        Match.from_json(seal(doc))
    hands[0] = hands[1]  # the same hand twice
    with pytest.raises(SaveError, match="one whole deck"):
        Match.from_json(seal(doc))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["format", "rules", "seed", "actions", "start"]), json_values,
       st.booleans())
def test_any_damaged_save_raises_save_error_or_loads(key, value, nested):
    started = match_with(STANDARD, DEAL, dealer=3)
    bid_round(started, [3, 3])
    doc = json.loads(json.dumps(started.to_json()))
    if nested and key == "start":
        doc["start"]["scores"] = value
    elif nested and key == "rules" and isinstance(value, dict):
        doc["rules"].update(value)
    elif nested and key == "actions":
        doc["actions"].append(value)
    else:
        doc[key] = value
    try:
        loaded = Match.from_json(seal(doc))
    except SaveError:
        return
    assert isinstance(loaded, Match)


# --- undo --------------------------------------------------------------------------


def test_undo_to_decision():
    match = Match(STANDARD, 4, start={
        "dealer": 3, "hands": deal_hands(4, 0, 3), "scores": [0, 100], "bags": [0, 0]})
    for seat in range(4):
        assert match.undo_to_decision(seat) is False
    assert match.actions == []
    choose = random_policy(random.Random(4))
    states = []
    while len(match.actions) < 40:
        states.append(match.state())
        match.apply(choose(match))
    assert match.actions[0] == LOOK or match.actions[0] == Bid(BLIND_NIL)
    actors = list(match.actors)
    actions = list(match.actions)
    for seat in (2, 0, 1, 3):
        last = max(i for i, s in enumerate(actors) if s == seat)
        assert match.undo_to_decision(seat) is True
        assert match.state() == states[last]
        assert match.actions == actions[:last]
        assert match.to_act == seat
        actors, actions = actors[:last], actions[:last]
    while match.actions:
        seat = match.actors[-1]
        assert match.undo_to_decision(seat)
    assert match.state() == states[0]
    assert all(match.undo_to_decision(s) is False for s in range(4))


def test_undo_count_out_of_range():
    match = saved_match(5)
    with pytest.raises(ValueError):
        match.undo(6)
    with pytest.raises(ValueError):
        match.undo(-1)
    state = match.state()
    match.undo(0)
    assert match.state() == state


# --- hand records ------------------------------------------------------------------


def played_hand(seed: int = 2):
    """A hand with a blind nil, a nil and two ordinary bids, played at random."""
    match = Match(STANDARD, seed, start={
        "dealer": 3, "hands": deal_hands(seed, 0, 3), "scores": [0, 150], "bags": [0, 4]})
    bid_round(match, [BLIND_NIL, NIL, 4, 5])
    finish_hand(match, random_policy(random.Random(seed)))
    return match, match.history[0]


def test_hand_record_shape():
    match, result = played_hand()
    record = result.to_record()
    assert json.loads(json.dumps(record)) == record  # plain JSON
    assert set(record) == {
        "format", "rules", "dealer", "scores_before", "bags_before", "hands", "bids",
        "plays", "result",
    }
    assert record["format"] == "spades-hand/1"
    assert set(record["rules"]) == OPTION_NAMES
    assert Rules.from_dict(record["rules"]) == STANDARD
    assert record["dealer"] == 3
    assert record["scores_before"] == [0, 150]
    assert record["bags_before"] == [0, 4]
    assert len(record["hands"]) == 4
    seen = []
    for seat, text in enumerate(record["hands"]):
        tokens = text.split()
        assert len(tokens) == 13
        assert all(CARD.match(t) for t in tokens)
        assert sorted(parse_cards(text)) == cards_of(match.dealt[seat])
        seen += tokens
    assert len(set(seen)) == 52
    assert record["bids"] == [[0, "blind_nil"], [1, "nil"], [2, 4], [3, 5]]
    assert len(record["plays"]) == 52
    assert all(CARD.match(t) for t in record["plays"])
    assert parse_cards(" ".join(record["plays"])) == list(result.plays)
    out = record["result"]
    assert {"trick_winners", "teams", "scores_after", "bags_after"} <= set(out)
    assert len(out["trick_winners"]) == 13
    assert all(type(w) is int and 0 <= w < 4 for w in out["trick_winners"])
    assert len(out["teams"]) == 2
    for team in out["teams"]:
        assert {"contract", "tricks", "points", "bags", "breakdown"} <= set(team)
        assert team["points"] == sum(line["points"] for line in team["breakdown"])
        for line in team["breakdown"]:
            assert {"kind", "points", "bags", "text"} <= set(line)
    assert out["teams"][0]["contract"] == 4 and out["teams"][1]["contract"] == 5
    kinds = {line["kind"] for line in out["teams"][0]["breakdown"]}
    assert kinds & {"blind_nil_made", "blind_nil_failed"}
    assert out["scores_after"] == match.scores
    assert out["bags_after"] == match.bags
    assert sum(out["teams"][t]["tricks"] for t in (0, 1)) == 13


def test_replay_gives_the_recorded_result():
    _, result = played_hand(5)
    record = result.to_record()
    out = replay_record(record)
    assert out["legal"] is True and out["complete"] is True
    assert out["result"] == record["result"]
    assert out["matches_record"] is True
    record["result"]["scores_after"] = [1, 2]
    assert replay_record(record)["matches_record"] is False


def example_record(bids, plays) -> dict:
    return {
        "format": "spades-hand/1",
        "rules": STANDARD.to_dict(),
        "dealer": 3,
        "scores_before": [0, 0],
        "bags_before": [0, 0],
        "hands": [
            "AH KH QH JH TH 9H 2C 3C 4C 5C 6C 7C 8C",
            "2D 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S 6S 7S",
            "8H 7H 6H 5H 9D TD JD QD KD AD 9C TC JC",
            "4H 3H 2H QC KC AC 8S 9S TS JS QS KS AS",
        ],
        "bids": copy.deepcopy(bids),
        "plays": list(plays),
    }


FOUR_BIDS = [[0, 3], [1, 3], [2, 3], [3, 3]]


def test_the_example_record_holds_the_example_deal():
    record = example_record([], [])
    assert [mask_of(parse_cards(t)) for t in record["hands"]] == list(DEAL)
    assert replay_record(record) == {"legal": True, "complete": False, "bids": 0, "plays": 0}


@pytest.mark.parametrize(
    ("bids", "plays", "kind", "index", "seat", "reason"),
    [
        (FOUR_BIDS, ["9H", "8D", "AD"], "play", 2, 2, "You must follow hearts"),
        (FOUR_BIDS, ["9H", "8D", "5H", "AS"], "play", 3, 3, "You must follow hearts"),
        (FOUR_BIDS, ["9H", "AH"], "play", 1, 1, "You do not hold the ace of hearts"),
        (FOUR_BIDS, ["9H", "8D", "5H", "2H", "AS"], "play", 4, 0,
         "You do not hold the ace of spades"),
        (FOUR_BIDS, ["9H", "8D", "5H", "2H", "XX"], "play", 4, 0, "not a card: 'XX'"),
        ([[0, 3], [1, 3], [2, 11]], [], "bid", 2, 2,
         "Partners may bid at most 13 together; your partner bid 3"),
        ([[1, 3]], [], "bid", 0, 1, "It is South's turn, not West's"),
        ([[0, "blind_nil"]], [], "bid", 0, 0,
         "Blind nil is only open to a team behind by 100 or more points"),
        ([[0, 3], [1, 3], [2, 3]], ["9H"], "play", 0, 3, "Cards are played after the bidding"),
    ],
)
def test_replay_names_the_first_illegal_action(bids, plays, kind, index, seat, reason):
    out = replay_record(example_record(bids, plays))
    assert out["legal"] is False
    illegal = out["illegal"]
    assert illegal["kind"] == kind
    assert illegal["index"] == index
    assert illegal["seat"] == seat
    assert illegal["reason"] == reason
    assert illegal["seat_name"] == ("South", "West", "North", "East")[seat]


def test_a_partial_record_is_legal_but_incomplete():
    out = replay_record(example_record(FOUR_BIDS, ["9H", "8D", "5H"]))
    assert out == {"legal": True, "complete": False, "bids": 4, "plays": 3}


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(format="spades-hand/2"),
        lambda r: r.update(rules={"nil": "no"}),
        lambda r: r.update(hands=r["hands"][:3]),
        lambda r: r["hands"].__setitem__(0, r["hands"][1]),
        lambda r: r.update(dealer=9),
        lambda r: r.update(bids="0:3"),
        lambda r: r.update(bids=[[0]]),
        lambda r: r.update(bids=[[0, 3], ["1", 3]]),
        lambda r: r.update(bids=[[7, 3]]),  # no such seat
        lambda r: r.update(bids=[[-1, 3]]),
        lambda r: r.update(bids=[[0, 3], [10**30, 3]]),
    ],
)
def test_a_damaged_record_raises_save_error(damage):
    record = example_record(FOUR_BIDS, [])
    damage(record)
    with pytest.raises(SaveError):
        replay_record(record)
    with pytest.raises(SaveError):
        replay_record([record])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["format", "rules", "dealer", "scores_before", "bags_before", "hands",
                     "bids", "plays"]),
    st.integers(0, 3),
    st.integers(0, 1),
    json_values,
)
def test_any_damaged_record_raises_save_error_or_replays(key, i, j, value):
    record = example_record(FOUR_BIDS, ["9H", "8D", "5H", "2H"])
    target = record[key]
    if key == "bids" and j:
        target[i][i % 2] = value  # a seat or a bid
    elif isinstance(target, list) and j:
        target[i % len(target)] = value
    elif key == "rules" and isinstance(value, dict) and j:
        target.update(value)
    else:
        record[key] = value
    try:
        out = replay_record(record)
    except SaveError:
        return
    assert isinstance(out["legal"], bool)
    if not out["legal"]:
        assert 0 <= out["illegal"]["seat"] < 4
        assert out["illegal"]["reason"]


# --- command line -------------------------------------------------------------------


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, timeout=120,
    )


def test_cli_replay_a_legal_record(tmp_path):
    _, result = played_hand(3)
    record = result.to_record()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    done = cli("replay", str(path))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["legal"] is True
    assert out["result"]["trick_winners"] == record["result"]["trick_winners"]
    assert out["result"]["scores_after"] == record["result"]["scores_after"]
    assert out["result"]["bags_after"] == record["result"]["bags_after"]
    assert [t["breakdown"] for t in out["result"]["teams"]] == [
        t["breakdown"] for t in record["result"]["teams"]
    ]
    piped = cli("replay", "-", stdin=json.dumps(record))
    assert piped.returncode == 0 and json.loads(piped.stdout) == out


def test_cli_replay_an_illegal_record(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(example_record(FOUR_BIDS, ["9H", "8D", "AD"])))
    done = cli("replay", str(path))
    assert done.returncode == 1, done.stderr
    out = json.loads(done.stdout)
    assert out["legal"] is False
    assert out["illegal"]["index"] == 2
    assert out["illegal"]["seat"] == 2
    assert out["illegal"]["reason"] == "You must follow hearts"


@pytest.mark.parametrize(
    "content",
    [
        "this is not json {",
        "[1, 2, 3]",
        '{"format": "spades-hand/9"}',
        "",
        json.dumps(example_record([[7, 3]], [])),  # a seat that does not exist
    ],
)
def test_cli_replay_garbage(tmp_path, content):
    path = tmp_path / "garbage.json"
    path.write_text(content)
    done = cli("replay", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert "error" in json.loads(done.stderr)


def test_cli_replay_a_missing_file(tmp_path):
    done = cli("replay", str(tmp_path / "nowhere.json"))
    assert done.returncode == 2
    assert "error" in json.loads(done.stderr)


def test_cli_simulate_json_is_deterministic():
    args = ("simulate", "--matches", "3", "--seed", "1", "--rules", "classic", "--json")
    first, second = cli(*args), cli(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    out = json.loads(first.stdout)
    assert out["rules"] == "classic" and out["matches"] == 3 and out["seed"] == 1
    assert out["wins"]["south_north"] + out["wins"]["west_east"] + out["unfinished"] == 3
    assert out["hands"] > 0
    assert out["hands_per_match"] == round(out["hands"] / 3, 2)
    contracts = out["contracts"]
    assert contracts["bid"] == 2 * out["hands"]  # nil is off: every team bids a contract
    assert contracts["made"] + contracts["set"] == contracts["bid"]
    assert out["nil"] == {"bid": 0, "made": 0}
    assert out["blind_nil"] == {"bid": 0, "made": 0}
    assert out["bag_penalties"] >= 0
    other = cli("simulate", "--matches", "3", "--seed", "2", "--rules", "classic", "--json")
    assert json.loads(other.stdout)["contracts"] != contracts


def test_cli_simulate_a_finishing_preset_and_an_unknown_one():
    done = cli("simulate", "--matches", "4", "--seed", "3", "--rules", "standard", "--json")
    out = json.loads(done.stdout)
    assert out["wins"]["south_north"] + out["wins"]["west_east"] + out["unfinished"] == 4
    assert out["nil"]["made"] <= out["nil"]["bid"]
    bad = cli("simulate", "--matches", "1", "--rules", "bridge")
    assert bad.returncode == 2


def test_cli_bench_prints_positive_figures():
    done = cli("bench", "--hands", "200", "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    figures = [
        "complete_hands_per_s", "play_phase_from_trick_6_per_s",
        "cards_per_s_in_play_phase", "validated_match_hands_per_s",
    ]
    for name in figures:
        assert isinstance(out[name], int | float) and not isinstance(out[name], bool), name
        assert out[name] > 0, name
    assert out["hands"] == 200
