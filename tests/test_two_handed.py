"""Two-handed Spades by example: the draw from the stock as its own phase (keep, or
show and discard), what each seat's view shows of it, then bidding, tricks of two
and scoring per player; its records and saves. docs/rules.md, Two-handed."""

from __future__ import annotations

import json

import pytest

from spades.engine.actions import (
    DISCARD,
    KEEP,
    LOOK,
    Bid,
    CardDrawn,
    Discard,
    Keep,
    Play,
    action_from_json,
    action_to_json,
)
from spades.engine.cards import FULL_DECK, cards_of, cards_text, parse_cards
from spades.engine.legal import BLIND_NIL
from spades.engine.match import BIDDING, PLAYING, Match, SaveError
from spades.engine.record import match_at, replay_record
from spades.engine.rules import SEAT_PRESETS, STANDARD, RulesError, preset

TWO = SEAT_PRESETS["two-handed"]
# A stock, top first: the spades, then hearts, diamonds, clubs, each ace down.
STOCK = parse_cards(" ".join(
    r + s for s in "SHDC" for r in "AKQJT98765432"))


def _match(dealer: int = 1) -> Match:
    return Match(TWO, 0, start={"dealer": dealer, "stock": tuple(STOCK)})


def test_the_preset_is_two_players_drawing_without_blind_nil():
    assert preset("two-handed") == TWO
    assert (TWO.seats, TWO.sides, TWO.tricks, TWO.cards) == (2, 2, 13, FULL_DECK)
    assert TWO.draws and not TWO.partnerships and not TWO.blind_nil
    with pytest.raises(RulesError, match="no bid can be blind"):
        preset("two-handed,blind_nil=true")
    with pytest.raises(RulesError, match="Suicide is a partnership game"):
        preset("two-handed,suicide")


def test_the_hand_opens_with_the_draw_by_the_player_on_the_dealers_left():
    match = _match(dealer=1)
    assert match.phase == "drawing" and match.to_act == 0
    assert match.hands == [0, 0]
    assert match.legal_actions() == [KEEP, DISCARD]
    assert match.refusal(Bid(3)) == (
        "First draw your cards: keep the card you drew, or discard it")
    assert match.refusal(Play(STOCK[0])) == match.refusal(LOOK) == match.refusal(Bid(3))
    assert match.refusal(KEEP, seat=1) == "It is South's turn, not North's"
    # Each seat's view: the card drawn for the seat to draw only.
    south, north = match.view(0), match.view(1)
    assert (south.drawn, north.drawn) == (STOCK[0], -1)
    assert south.stock_left == north.stock_left == 52
    assert south.legal_actions() == [KEEP, DISCARD] and north.legal_actions() == []
    assert north.refusal(KEEP) == "It is South's turn, not North's"


def test_keep_takes_the_top_card_and_buries_the_next_unseen_by_the_other():
    match = _match()
    events = match.apply(KEEP)
    assert events == [CardDrawn(0, None)] and events[0].kept_first
    assert match.hands[0] == 1 << STOCK[0]
    south, north = match.view(0), match.view(1)
    assert south.buried == 1 << STOCK[1] and north.buried == 0
    assert south.shown == north.shown == 0
    assert north.drawn == STOCK[2] and south.drawn == -1 and north.stock_left == 50
    # North knows its own draw and nothing of South's buried card.
    assert not north.unseen >> STOCK[2] & 1 and south.unseen >> STOCK[2] & 1
    assert north.unseen >> STOCK[1] & 1 and not south.unseen >> STOCK[1] & 1


def test_discard_shows_the_top_card_to_both_and_keeps_the_next():
    match = _match()
    match.apply(KEEP)
    events = match.apply(DISCARD)
    assert events == [CardDrawn(1, STOCK[2])] and not events[0].kept_first
    assert match.hands[1] == 1 << STOCK[3]
    for seat in (0, 1):
        view = match.view(seat)
        assert view.shown == 1 << STOCK[2]
        assert not view.unseen >> STOCK[2] & 1  # a shown discard is out of play for both
    assert match.view(0).unseen >> STOCK[3] & 1  # the card North took, South never saw


def test_after_26_turns_each_holds_13_and_the_bidding_begins():
    match = _match(dealer=0)
    for turn in range(26):
        assert match.phase == "drawing" and match.to_act == (1 + turn) % 2
        match.apply(KEEP if turn % 3 else DISCARD)
    assert match.phase == BIDDING and match.to_act == 1
    assert [h.bit_count() for h in match.hands] == [13, 13]
    assert tuple(match.hands) == match.dealt
    view = match.view(0)
    discards = view.shown | match.draw.buried[0] | match.draw.buried[1]
    assert discards.bit_count() == 26 and discards & (match.hands[0] | match.hands[1]) == 0
    assert view.stock_left == 0 and view.drawn == -1
    assert match.refusal(KEEP) == "Cards are drawn only at the start of a two-handed hand"
    # Bids 0 to 13 for each alone; no blind nil.
    assert [a.value for a in match.legal_actions()] == list(range(0, 14))
    assert match.refusal(Bid(BLIND_NIL)) == "Blind nil is not played under these rules"
    match.apply(Bid(4))
    match.apply(Bid(5))
    assert match.phase == PLAYING and match.to_act == 1


def test_a_whole_hand_plays_13_tricks_of_two_and_scores_each_player():
    match = _match(dealer=0)
    while match.phase == "drawing":
        match.apply(KEEP)
    # Keeping every first card: North (first to draw) holds the top of each pair.
    assert match.hands[1] == sum(1 << c for c in STOCK[0::4])
    match.apply(Bid(6))
    match.apply(Bid(2))
    while match.phase == PLAYING:
        match.apply(match.legal_actions()[0])
    hand = match.history[0]
    assert len(hand.plays) == 26 and len(hand.trick_winners) == 13
    teams = hand.teams
    assert [t.contract for t in teams] == [2, 6]
    for seat, team in enumerate(teams):
        assert team.tricks == hand.trick_winners.count(seat)
        assert team.score_after == team.points
    assert match.hand_number == 1 and match.dealer == 1 and match.phase == "drawing"


def test_keep_and_discard_travel_as_words():
    assert action_to_json(KEEP) == "keep" and action_to_json(DISCARD) == "discard"
    assert isinstance(action_from_json("keep"), Keep)
    assert isinstance(action_from_json("discard"), Discard)
    # A four-seat match never draws.
    four = Match(STANDARD, 1)
    assert four.refusal(KEEP) == "Cards are drawn only at the start of a two-handed hand"


def _played(seed: int) -> Match:
    match = Match(TWO, seed)
    turn = 0
    while not match.history:
        actions = match.legal_actions()
        match.apply(actions[turn % len(actions)])
        turn += 1
    return match


def test_a_record_carries_the_stock_and_the_draw_and_replays_to_its_scores():
    match = _played(3)
    record = json.loads(json.dumps(match.history[0].to_record()))
    assert record["rules"]["players"] == 2 and len(record["hands"]) == 2
    assert record["stock"] == cards_text(match.history[0].stock)
    assert len(record["draws"]) == 26 and len(record["plays"]) == 26
    out = replay_record(record)
    assert out["legal"] and out["complete"] and out["matches_record"]
    assert out["result"]["scores_after"] == list(match.scores)
    # A draw out of turn is named; hands that are not what the draw gives are refused.
    bad = json.loads(json.dumps(record))
    bad["draws"][0][0] = 1 - bad["draws"][0][0]
    out = replay_record(bad)
    assert out["illegal"]["kind"] == "draw" and out["illegal"]["index"] == 0
    assert out["illegal"]["reason"].startswith("It is ")
    bad = json.loads(json.dumps(record))
    bad["draws"][5][1] = "keep" if bad["draws"][5][1] == "discard" else "discard"
    with pytest.raises(SaveError, match="not the hands the stock and the draws give"):
        replay_record(bad)
    # A cut record: the draw half done, then the bids refused while drawing.
    cut = {k: v for k, v in record.items() if k != "result"}
    cut["draws"] = record["draws"][:10]
    out = replay_record(cut)
    assert out["legal"] is False and out["illegal"]["kind"] == "bid"
    assert out["illegal"]["reason"].startswith("First draw your cards")
    assert match_at(record, 2, 5).view(0).stock_left == 0


def test_a_save_round_trips_and_the_start_takes_a_stock():
    match = _played(5)
    match.apply(match.legal_actions()[0])
    saved = json.loads(json.dumps(match.to_json()))
    assert Match.from_json(saved, any_seats=True).state() == match.state()
    with pytest.raises(SaveError, match="two-handed: seats four players only here"):
        Match.from_json(saved)
    started = _match()
    saved = json.loads(json.dumps(started.to_json()))
    assert saved["start"]["stock"] == cards_text(STOCK)
    assert Match.from_json(saved, any_seats=True).state() == started.state()
    with pytest.raises(ValueError, match="stock"):
        Match(TWO, 0, start={"dealer": 0, "stock": tuple(STOCK[1:])})
    with pytest.raises(ValueError, match="two-handed starts from a stock"):
        Match(TWO, 0, start={"dealer": 0, "hands": (1, 2)})
    assert cards_of(started.rules.cards) == sorted(STOCK)


def test_undo_takes_back_a_draw_by_replaying_from_the_seed():
    match = Match(TWO, 8)
    for _ in range(5):
        match.apply(KEEP)
    before = match.state()
    match.apply(DISCARD)
    assert match.undo_to_decision(match.actors[-1])
    assert match.state() == before and match.view(match.to_act).drawn >= 0
