"""Hard's reading of the table: fitted from what every seat showed over a match."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from spades.ai.hard import HardPlayer
from spades.ai.position import Position
from spades.ai.reading import Reading, read_table
from spades.ai.styles import STYLE_WEIGHTS, style_mixtures
from spades.engine import Match
from spades.engine.rules import preset
from spades.measure import make_player
from spades.storage import load_match, save_match
from spades.storage.store import DictStorage, MemoryStore


def _match(opponent: str, hands: int, seed: str = "read") -> Match:
    """Normal at seats 0 and 2, ``opponent`` at 1 and 3, for up to ``hands`` hands."""
    match = Match(preset("standard").with_options(target=2000, mercy=-2000), f"{seed}/{opponent}")
    players = [make_player("normal" if s % 2 == 0 else opponent, seed=s) for s in range(4)]
    while len(match.history) < hands:
        match.apply(players[match.to_act].choose(match.view(match.to_act)))
    return match


def _share(reading: Reading, seat: int, style: str) -> float:
    return dict(reading.styles(seat))[style]


def test_an_empty_reading_is_todays_mixture():
    reading = Reading()
    for seat in range(4):
        assert reading.styles(seat) == STYLE_WEIGHTS
        assert reading.bid_bias(seat) == 0 and reading.nil_softness(seat) == 0
    t = Position.from_view(Match(preset("standard"), 1).view(0))
    assert style_mixtures(0, t, reading) == style_mixtures(0, t, None)


def test_the_reading_tells_styles_apart():
    grabber = Reading.fit(_match("grabber", 8).history)
    normal = Reading.fit(_match("normal", 8).history)
    over = Reading.fit(_match("overbidder", 8).history)
    under = Reading.fit(_match("underbidder", 8).history)
    for seat in (1, 3):
        assert _share(grabber, seat, "eager") > 0.6 > _share(normal, seat, "eager")
        assert _share(normal, seat, "normal") > 0.6
        assert over.bid_bias(seat) > 0.25 > normal.bid_bias(seat) > -0.25 > under.bid_bias(seat)
    # The normal partners of seats 0 and 2 read as normal in every match.
    for reading in (grabber, over, under):
        assert _share(reading, 2, "normal") > 0.6


def test_the_reading_uses_only_what_was_shown():
    # Bids, cards in order and trick winners: the dealt hands are not read (each seat's
    # cards are the ones it played), so scrambling them changes nothing.
    history = _match("grabber", 3).history
    scrambled = []
    rng = random.Random(5)
    for result in history:
        hands = list(result.hands)
        rng.shuffle(hands)
        scrambled.append(dataclasses.replace(result, hands=tuple(hands)))
    assert Reading.fit(scrambled).to_json() == Reading.fit(history).to_json()


def test_sync_reads_new_hands_and_refits_after_an_undo():
    match = _match("overbidder", 3)
    reading = Reading()
    reading.sync(match.history[:2])
    reading.sync(match.history)
    assert reading.to_json() == Reading.fit(match.history).to_json()
    reading.sync(match.history[:1])  # an undo into an earlier hand
    assert reading.to_json() == Reading.fit(match.history[:1]).to_json()
    other = _match("grabber", 2)
    reading.sync(other.history)  # not these hands at all
    assert reading.to_json() == Reading.fit(other.history).to_json()


def test_a_reading_is_saved_with_the_match_and_checked_on_loading():
    match = _match("underbidder", 3)
    reading = Reading.fit(match.history)
    doc = json.loads(json.dumps(reading.to_json()))
    assert Reading.from_json(doc, match.history).to_json() == reading.to_json()
    with pytest.raises(ValueError):
        Reading.from_json(doc, match.history[:2])
    assert read_table(doc, match.history[:2]).to_json() == Reading.fit(match.history[:2]).to_json()
    bad = dict(doc, seats=[{"hands": -1}] * 4)
    assert read_table(bad, match.history).to_json() == reading.to_json()
    assert read_table(None, ()).to_json() == Reading().to_json()  # a new match: empty

    store = MemoryStore(DictStorage())
    assert save_match(store, match, reading=doc)
    saved = load_match(store)
    assert saved is not None and saved.reading == doc
    assert save_match(store, match)  # an older save: no reading, still loads
    saved = load_match(store)
    assert saved is not None and saved.reading is None


def test_hard_with_a_reading_decides_from_it_and_stays_deterministic():
    match = _match("grabber", 4)
    reading = Reading.fit(match.history)
    view = match.view(match.to_act)
    a = HardPlayer(seed=3, rollouts=24, reading=reading).choose(view)
    b = HardPlayer(seed=3, rollouts=24, reading=Reading.fit(match.history)).choose(view)
    assert a == b and a in view.legal_actions()
    t = Position.from_view(view)
    mixtures = style_mixtures(view.seat, t, reading)
    opponents = [(view.seat + 1) & 3, (view.seat + 3) & 3]
    if view.seat % 2 == 0:  # the grabbers are the opponents: drawn eager far more often
        assert all(dict(mixtures[q])["eager"] > 0.6 for q in opponents)
    assert all(abs(sum(w for _, w in mixtures[q]) - 1) < 1e-9 for q in opponents)
