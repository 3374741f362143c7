"""A seat's view and the events cross the wire whole, and a view names no hidden card.

Random legal matches (random rule presets, random seeds, uniformly random legal
actions) are serialised at every step: each seat's view and each event must read back
equal, survive a JSON round trip as ASCII, and the view's JSON must name no card of
another seat that has not been played yet.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine.actions import Bid, Play
from spades.engine.cards import card_text, cards_of, parse_cards
from spades.engine.match import OVER, Match
from spades.engine.rules import PRESETS, STANDARD, VARIANT_PRESETS, preset
from spades.engine.wire import (
    WireError,
    cards_named,
    event_from_json,
    event_to_json,
    view_from_json,
    view_to_json,
)

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def hidden_from(match: Match, seat: int) -> int:
    """The cards ``seat`` may not be told of: the other hands' unplayed cards (but the
    ones it passed its partner itself), and the cards passed face down to it."""
    hidden = 0
    for other in range(4):
        if other != seat:
            hidden |= match.hands[other]
            if not match.received[(other + 2) % 4]:  # passed, not yet taken up
                hidden |= match.passed[other]
    return hidden & ~match.passed[seat]


def through_json(doc):
    text = json.dumps(doc, ensure_ascii=True)
    assert text.isascii()
    return json.loads(text)


VARIANT_RULES = [*VARIANT_PRESETS, "jokers,nil_pass=2", "deuces,whiz,nil_pass=1",
                 "suicide,nil_pass=2,boston=true"]


@SETTINGS
@given(
    preset=st.sampled_from(sorted(PRESETS) + VARIANT_RULES),
    seed=st.integers(0, 10**6),
    pick=st.integers(0, 10**6),
    steps=st.integers(1, 120),
)
def test_views_and_events_round_trip_and_name_no_hidden_card(preset, seed, pick, steps):
    check_round_trips(globals()["preset"](preset), seed, pick, steps)


@pytest.mark.parametrize("rules", VARIANT_RULES)
def test_every_variant_crosses_the_wire(rules):
    for seed in range(3):
        check_round_trips(preset(rules), seed, seed, 200)


def check_round_trips(rules, seed: int, pick: int, steps: int) -> None:
    match = Match(rules, seed)
    deck = rules.cards
    chooser = random.Random(pick)
    events = list(match.opening_events)
    for _ in range(steps):
        for event in events:
            assert event_from_json(through_json(event_to_json(event)), deck) == event
        for seat in range(4):
            view = match.view(seat)
            doc = through_json(view_to_json(view))
            assert view_from_json(doc) == view
            assert cards_named(doc, deck) & hidden_from(match, seat) == 0
            if match.looked[seat]:
                assert cards_named(doc["hand"], deck) == match.hands[seat]
        if match.phase == OVER:
            break
        action = chooser.choice(match.legal_actions())
        # Events go to every seat: none may name a card hidden before the action,
        # but the one it played (the next hand's deal is checked through the views).
        played = 1 << action.card if isinstance(action, Play) else 0
        hidden = [hidden_from(match, seat) & ~played for seat in range(4)]
        events = match.apply(action)
        for event in events:
            for seat in range(4):
                assert cards_named(event_to_json(event), deck) & hidden[seat] == 0


def test_a_view_in_json_reads_as_the_protocol_describes():
    match = Match(STANDARD, 7, start={
        "dealer": 3,
        "hands": [
            sum(1 << c for c in parse_cards(t)) for t in (
                "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
                "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
            )
        ],
    })
    for bid in (4, 0, 3, 2):
        match.apply(Bid(bid))
    match.apply(Play(parse_cards("AS")[0]))  # South leads: only spades, so it may
    doc = view_to_json(match.view(1))
    assert doc["hand"][:3] == ["AH", "KH", "QH"]
    assert doc["bids"] == [4, "nil", 3, 2]
    assert doc["bid_order"] == [[0, 4], [1, "nil"], [2, 3], [3, 2]]
    assert doc["trick"] == [[0, "AS"]]
    assert doc["led_suit"] == "S"
    assert doc["voids"] == [["C", "D", "H"], [], [], []]
    assert doc["played"] == ["AS"]
    assert doc["hand_sizes"] == [12, 13, 13, 13]
    assert doc["tricks"] == [] and doc["winner"] is None


@pytest.mark.parametrize(
    "change, word",
    [
        ({"seat": 4}, "seat"),
        ({"seat": True}, "seat"),
        ({"hand": ["AS", "AS"]}, "twice"),
        ({"hand": ["ZZ"]}, "hand"),
        ({"hand": "AS"}, "hand"),
        ({"phase": "dancing"}, "phase"),
        ({"bids": [1, 2, 3]}, "bids"),
        ({"bids": [14, None, None, None]}, "bid"),
        ({"led_suit": "X"}, "led_suit"),
        ({"rules": {"target": "lots"}}, "rules"),
        ({"voids": [["Q"], [], [], []]}, "voids"),
        ({"scores": [0]}, "scores"),
    ],
)
def test_a_damaged_view_is_refused_by_name(change, word):
    doc = view_to_json(Match(STANDARD, 3).view(0))
    doc.update(change)
    with pytest.raises(WireError, match=word):
        view_from_json(doc)
    doc = view_to_json(Match(STANDARD, 3).view(0))
    del doc["to_act"]
    with pytest.raises(WireError, match="to_act"):
        view_from_json(doc)


@pytest.mark.parametrize(
    "doc",
    [
        {"type": "card_played", "seat": 0, "card": "1X", "trick_number": 0, "position": 0},
        {"type": "bid_made", "seat": 0, "bid": "3"},
        {"type": "unheard_of"},
        {"seat": 0},
        ["bid_made"],
        {"type": "trick_won", "seat": 0, "cards": ["AS"], "leader": 0, "trick_number": 0},
    ],
)
def test_a_damaged_event_is_refused(doc):
    with pytest.raises(WireError):
        event_from_json(doc)


def test_the_whole_hand_scored_event_reads_back_with_every_breakdown_line():
    match = Match(STANDARD, 11)
    chooser = random.Random(1)
    while not match.history:
        events = match.apply(chooser.choice(match.legal_actions()))
    scored = [e for e in events if type(e).__name__ == "HandScored"][0]
    doc = through_json(event_to_json(scored))
    assert [len(t["breakdown"]) for t in doc["teams"]] == [len(t.lines) for t in scored.teams]
    assert all("text" in line for t in doc["teams"] for line in t["breakdown"])
    assert event_from_json(doc) == scored


def test_cards_named_finds_card_texts_anywhere_and_nothing_else():
    doc = {"a": ["AS", {"b": "td"}], "TD": 1, "text": "Contract of 4 made", "n": "nil"}
    assert sorted(cards_of(cards_named(doc))) == sorted(parse_cards("AS TD"))


def test_nil_passing_and_forced_bids_in_json():
    rules = STANDARD.with_options(nil_pass=2)
    match = Match(rules, 5)
    first = match.to_act
    for bid in (0, 3, 4, 4):
        match.apply(Bid(bid))
    assert view_to_json(match.view(first))["phase"] == "passing"
    action = match.legal_actions()[0]
    events = match.apply(action)
    assert [event_to_json(e) for e in events] == [
        {"type": "cards_passed", "seat": first, "to_seat": (first + 2) % 4, "count": 2}]
    doc = view_to_json(match.view(first))
    assert doc["passed"] == [card_text(c) for c in reversed(action.cards)]
    assert doc["received"] == []
    partner = view_to_json(match.view((first + 2) % 4))
    assert partner["passed"] == partner["received"] == []
    mirror = Match(VARIANT_PRESETS["mirror"], 5)
    made = [event_to_json(e) for e in mirror.opening_events if type(e).__name__ == "BidMade"]
    assert all(e["forced"] is True for e in made) and len(made) == 4
    old = {"type": "bid_made", "seat": 1, "bid": 3}  # before the variants: not forced
    assert event_from_json(old).forced is False
    view = view_to_json(Match(STANDARD, 3).view(0))
    del view["passed"], view["received"]
    assert view_from_json(view).passed == 0


def test_the_raised_twos_read_with_the_deck():
    deuces = VARIANT_PRESETS["deuces"]
    doc = {"type": "card_played", "seat": 0, "card": "2D", "trick_number": 0, "position": 1}
    assert event_from_json(doc, deuces.cards).card == 53
    assert event_from_json(doc).card == 13
    assert cards_named(["BJ", "2S"], deuces.cards) == (1 << 55) | (1 << 52)


def test_rules_and_cards_read_again_from_their_cache_are_checked_as_the_first_time():
    """The rules and card texts of the wire are read once for each form (a client
    reads them in every update, the server writes the rules into every view): a form
    read before gives the same value, an equal-looking form of another type (1 for
    true) or a bad card is still refused, and the written dict is each caller's own."""
    from spades.engine.rules import Rules, RulesError
    from spades.engine.wire import _card

    data = STANDARD.to_dict()
    assert Rules.from_dict(dict(data)) == Rules.from_dict(dict(data)) == STANDARD
    with pytest.raises(RulesError, match="nil must be true or false"):
        Rules.from_dict({**data, "nil": 1})
    with pytest.raises(RulesError, match="target must be a whole number"):
        Rules.from_dict({**data, "target": 500.0})
    with pytest.raises(RulesError):
        Rules.from_dict({**data, "target": [500]})  # unhashable: read, and refused
    written = STANDARD.to_dict()
    written["target"] = 7
    del written["nil"]
    assert STANDARD.to_dict() == data and data["target"] == 500 and "nil" in data
    assert _card("AS") == _card("AS") == parse_cards("AS")[0]
    with pytest.raises(WireError):
        _card("AX")
    with pytest.raises(WireError):
        _card(["AS"])
