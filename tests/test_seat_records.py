"""Hand records of three and two seats against docs/records.md (its section "Records of
three and two players" names every key they add), and the records replay refuses
with a sentence: a table of the wrong size, a hand of the wrong length, a two-handed
record without its stock, a draw at a table of four."""

from __future__ import annotations

import json
import random

import pytest
from test_records_doc import documented, paths

from spades.engine import Match
from spades.engine.record import replay_record
from spades.engine.rules import SEAT_PRESETS, STANDARD
from spades.engine.sealing import SaveError


def _record(rules, seed: int) -> dict:
    rng = random.Random(seed)
    match = Match(rules, seed)
    while not match.history:
        match.apply(rng.choice(match.legal_actions()))
    return json.loads(json.dumps(match.history[0].to_record()))


FOUR = _record(STANDARD, 1)
CUTTHROAT = _record(SEAT_PRESETS["cutthroat"], 2)
TWO = _record(SEAT_PRESETS["two-handed"], 3)


def test_every_key_three_and_two_seats_add_is_described():
    added = (paths(CUTTHROAT) | paths(TWO)) - paths(FOUR)
    assert added == {"rules.players", "stock", "draws"}
    section = documented("records.md", "Records of three and two players")
    assert added <= section
    # The keys the section names are keys of such records (a row may name several).
    named = {key.strip("` ") for row in section for key in row.split(",")}
    assert named <= paths(CUTTHROAT) | paths(TWO)


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(hands=r["hands"][:2]), "hands must list three hands"),
    (lambda r: r.update(hands=[*r["hands"][:2], r["hands"][2] + " 2C"]),
     "hand 2: not a card|must hold 17 different cards"),
    (lambda r: r.update(dealer=3), "dealer must be a seat from 0 to 2"),
    (lambda r: r.update(scores_before=[0, 0]), "scores must be three whole numbers"),
])
def test_a_cutthroat_record_of_the_wrong_shape_is_refused(change, words):
    record = json.loads(json.dumps(CUTTHROAT))
    change(record)
    with pytest.raises(SaveError, match=words):
        replay_record(record)


def test_a_two_handed_record_needs_its_stock_and_a_four_seat_one_draws_nothing():
    record = {k: v for k, v in TWO.items() if k != "stock"}
    with pytest.raises(SaveError, match="lacks 'stock'"):
        replay_record(record)
    record = {**TWO, "stock": " ".join(TWO["stock"].split()[:50])}
    with pytest.raises(SaveError, match="the stock must be one whole deck"):
        replay_record(record)
    out = replay_record({**FOUR, "draws": [[(FOUR["dealer"] + 1) % 4, "keep"]]})
    assert out["illegal"]["kind"] == "draw"
    assert out["illegal"]["reason"] == "Cards are drawn only at the start of a two-handed hand"
    # Seats beyond the table are not seats.
    bad = json.loads(json.dumps(TWO))
    bad["bids"][0][0] = 2
    with pytest.raises(SaveError, match="a seat from 0 to 1"):
        replay_record(bad)


def test_a_cutthroat_record_with_a_bid_above_13_replays_to_any_point():
    """Cutthroat bids go to 17: the record read back bid by bid (``match_at``, as the
    review of a hand and ``solve`` read it) takes them."""
    from spades.engine.record import match_at
    from spades.engine.rules import preset

    rng = random.Random(11)
    match = Match(preset("cutthroat"), 11)
    while not match.history:
        match.apply(rng.choice(match.legal_actions()))
    record = match.history[0].to_record()
    assert any(value > 13 for _, value in record["bids"] if isinstance(value, int))
    replayed = match_at(record, len(record["bids"]), 0)
    assert replayed.phase == "playing" and max(replayed.bids) > 13
