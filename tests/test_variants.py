"""The variants by example (docs/rules.md, Variants): Suicide, Mirror and Whiz bidding,
the jokers and deuces-high decks, nil card passing, 10 for 200 and Boston.

Every expected score here was worked out by hand from docs/rules.md; the deals are
built from card text. Bids go through a real match (so each one is checked for
legality), and the tricks each seat took are then scored.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spades_support import match_with

from spades.engine.actions import Bid, BidMade, CardsExchanged, CardsPassed, PassCards, Play
from spades.engine.cards import (
    BIG_JOKER,
    LITTLE_JOKER,
    SPADE_MASK,
    card_name,
    card_text,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from spades.engine.legal import NIL, legal_bids, trick_winner_index
from spades.engine.match import OVER, PASSING, PLAYING, IllegalAction, Match
from spades.engine.record import match_at, replay_record
from spades.engine.rules import PRESETS, STANDARD, VARIANT_PRESETS, Rules, RulesError, preset
from spades.engine.scoring import boston_winner, score_hand

SUICIDE, MIRROR, WHIZ, JOKERS, DEUCES = (
    VARIANT_PRESETS[name] for name in ("suicide", "mirror", "whiz", "jokers", "deuces")
)
SPADES_HIGH_FIRST = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split()
OTHERS = [r + s for s in "HDC" for r in "AKQJT98765432"]


def spade_deal(counts) -> tuple[int, ...]:
    """A standard deal where seat i holds ``counts[i]`` spades (the rest plain cards)."""
    assert sum(counts) == 13
    spades, others = list(SPADES_HIGH_FIRST), list(OTHERS)
    hands = []
    for n in counts:
        cards = [spades.pop(0) for _ in range(n)] + [others.pop(0) for _ in range(13 - n)]
        hands.append(mask_of(parse_cards(" ".join(cards))))
    return tuple(hands)


def team_points(rules: Rules, bids, tricks, bags=(0, 0)) -> tuple[int, int]:
    teams = score_hand(rules, bids, tricks, (0, 0), bags)
    return teams[0].points, teams[1].points


# --- Suicide ------------------------------------------------------------------------------

# bids by seat (South, West, North, East), tricks by seat, points (us, them)
SUICIDE_HANDS = [
    ([NIL, 5, 6, NIL], [0, 6, 6, 1], (160, -48)),
    ([4, NIL, NIL, 4], [4, 0, 0, 9], (140, 145)),
    ([NIL, 4, 7, NIL], [2, 4, 7, 0], (-28, 140)),
    ([5, NIL, NIL, 6], [3, 1, 0, 9], (50, -36)),
    ([NIL, NIL, 4, 4], [0, 0, 6, 7], (142, 143)),
    ([13, NIL, NIL, 4], [10, 0, 0, 3], (-30, 60)),
    ([NIL, 9, 4, NIL], [1, 8, 4, 0], (-59, 10)),
    ([6, NIL, NIL, 7], [6, 0, 0, 7], (160, 170)),
    ([NIL, 4, 5, NIL], [3, 3, 5, 2], (-47, -59)),
    ([4, NIL, NIL, 4], [2, 3, 0, 8], (60, -53)),
    ([NIL, 6, 8, NIL], [0, 5, 8, 0], (180, 40)),
    ([7, NIL, NIL, 5], [7, 0, 1, 5], (-29, 150)),
    ([NIL, 4, 4, NIL], [0, 4, 4, 5], (140, -55)),
    ([10, NIL, NIL, 4], [9, 0, 0, 4], (0, 140)),
    ([NIL, 5, 5, NIL], [1, 5, 5, 2], (-49, -48)),
    ([4, NIL, NIL, 9], [4, 0, 0, 9], (140, 190)),
    ([NIL, 7, 6, NIL], [0, 3, 6, 4], (160, -30)),
    ([5, NIL, NIL, 5], [0, 0, 0, 13], (50, 158)),
    ([NIL, 4, 9, NIL], [0, 4, 9, 0], (190, 140)),
    ([6, NIL, NIL, 6], [3, 3, 3, 4], (-40, -39)),
]


@pytest.mark.parametrize(("bids", "tricks", "points"), SUICIDE_HANDS)
def test_suicide_hands(bids, tricks, points):
    match = match_with(SUICIDE, spade_deal([4, 3, 3, 3]))
    for bid in bids:
        match.apply(Bid(bid))
    assert match.phase == PLAYING and match.bids == bids
    assert team_points(SUICIDE, bids, tricks) == points


def test_suicide_bidding_sentences():
    match = match_with(SUICIDE, spade_deal([4, 3, 3, 3]))
    # The first partner: nil, or 4 and more.
    assert match.refusal(Bid(3)) == "Under Suicide one partner bids nil and the other at least 4"
    assert [a.value for a in match.legal_actions()] == [NIL, *range(4, 14)]
    match.apply(Bid(5))
    match.apply(Bid(NIL))  # West goes nil
    # North's partner did not bid nil: North must.
    reason = "Under Suicide one partner bids nil; your partner did not, so you must"
    assert match.refusal(Bid(4)) == reason
    assert [a.value for a in match.legal_actions()] == [NIL]
    match.apply(Bid(NIL))
    # East's partner bid nil: East bids at least 4, and not nil.
    assert match.refusal(Bid(NIL)) == (
        "Under Suicide only one partner bids nil; your partner already did")
    assert match.refusal(Bid(2)) == "Under Suicide the partner of a nil bidder bids at least 4"
    assert [a.value for a in match.legal_actions()] == list(range(4, 14))


def test_the_zones_suicide_counts_only_the_bidders_tricks():
    """docs/rules.md, Where the sources differ: ``suicide,failed_nil_tricks=bags``.
    South's nil fails with 2 tricks; North bid 6 and took 4."""
    zone = preset("suicide,failed_nil_tricks=bags")
    assert zone == SUICIDE.with_options(failed_nil_tricks="bags")
    bids, tricks = [NIL, 5, 6, NIL], [2, 6, 4, 1]
    assert team_points(zone, bids, tricks)[0] == -60 - 100 + 2  # set; 2 nil bags
    assert team_points(SUICIDE, bids, tricks)[0] == 60 - 100  # 6 of 6 counted: made


def test_suicide_has_no_blind_nil_unless_asked():
    plain = match_with(SUICIDE, spade_deal([4, 3, 3, 3]), scores=(0, 200))
    assert plain.looked == [True] * 4  # nobody is offered blind nil
    blind = SUICIDE.with_options(blind_nil=True)
    match = match_with(blind, spade_deal([4, 3, 3, 3]), scores=(0, 200))
    match.apply(Bid(-1))  # South's blind nil is the team's nil
    match.apply(Bid(4))
    assert [a.value for a in match.legal_actions()] == list(range(4, 14))


# --- Mirror -------------------------------------------------------------------------------

# spades held by seat (the bids), tricks by seat, points (us, them)
MIRROR_HANDS = [
    ([4, 3, 5, 1], [4, 3, 5, 1], (90, 40)),
    ([0, 4, 6, 3], [0, 4, 7, 2], (161, -70)),
    ([2, 2, 2, 7], [3, 2, 1, 7], (40, 90)),
    ([5, 0, 5, 3], [6, 1, 4, 2], (100, -70)),
    ([13, 0, 0, 0], [13, 0, 0, 0], (230, 200)),
    ([1, 1, 1, 10], [2, 2, 2, 7], (22, -110)),
    ([3, 3, 3, 4], [5, 3, 2, 3], (61, -70)),
    ([0, 0, 6, 7], [1, 0, 5, 7], (-40, 170)),
    ([4, 4, 4, 1], [3, 4, 4, 2], (-80, 51)),
    ([6, 2, 3, 2], [6, 2, 3, 2], (90, 40)),
    ([2, 5, 1, 5], [1, 6, 1, 5], (-30, 101)),
    ([0, 3, 0, 10], [0, 3, 0, 10], (200, 130)),
    ([7, 2, 2, 2], [8, 1, 2, 2], (91, -40)),
    ([3, 0, 4, 6], [3, 2, 2, 6], (-70, -38)),
    ([1, 6, 0, 6], [1, 6, 0, 6], (110, 120)),
    ([5, 5, 2, 1], [4, 6, 2, 1], (-70, 61)),
    ([2, 4, 4, 3], [2, 5, 4, 2], (60, 70)),
    ([8, 1, 1, 3], [9, 1, 0, 3], (90, 40)),
    ([0, 1, 12, 0], [0, 1, 12, 0], (220, 110)),
    ([3, 3, 3, 4], [0, 0, 13, 0], (67, -70)),
]


@pytest.mark.parametrize(("spades", "tricks", "points"), MIRROR_HANDS)
def test_mirror_hands(spades, tricks, points):
    match = match_with(MIRROR, spade_deal(spades))
    # The match bid for everyone as the cards were dealt: shown, not asked.
    made = [e for e in match.opening_events if isinstance(e, BidMade)]
    assert [(e.seat, e.bid, e.forced) for e in made] == [(s, spades[s], True) for s in range(4)]
    assert match.phase == PLAYING and match.bids == spades and match.actions == []
    assert team_points(MIRROR, spades, tricks) == points


def test_mirror_bids_are_the_only_legal_ones_and_say_why():
    assert legal_bids(MIRROR, None, False, True, 5) == (5,)
    assert legal_bids(MIRROR, 7, False, True, 0) == (NIL,)
    from spades.engine.legal import bid_refusal

    assert bid_refusal(MIRROR, 4, None, False, True, 5) == (
        "Under Mirror you bid the spades you hold: 5")
    assert bid_refusal(MIRROR, 1, None, False, True, 0) == (
        "Under Mirror you bid the spades you hold: none, so nil")
    with pytest.raises(RulesError):
        MIRROR.with_options(blind_nil=True)


def test_mirror_bids_the_next_hand_too_and_replays_from_its_record():
    match = Match(MIRROR, 12)
    while not match.history:
        match.apply(match.legal_actions()[0])
    record = json.loads(json.dumps(match.history[0].to_record()))
    assert replay_record(record)["matches_record"] is True
    # Each new hand is bid at once, by the spades each seat holds.
    assert match.phase == PLAYING
    assert match.bids == [(h & SPADE_MASK).bit_count() for h in match.dealt]
    wrong = dict(record, bids=[[s, 13] if i == 0 else [s, b]
                               for i, (s, b) in enumerate(record["bids"])])
    out = replay_record(wrong)
    assert out["legal"] is False and out["illegal"]["reason"].startswith(
        "Under Mirror you bid the spades you hold")


# --- Whiz ---------------------------------------------------------------------------------

# spades held, bids (nil or the spades), tricks, points (us, them)
WHIZ_HANDS = [
    ([4, 3, 5, 1], [4, NIL, 5, 1], [4, 0, 6, 3], (91, 112)),
    ([0, 4, 6, 3], [NIL, 4, NIL, 3], [1, 5, 0, 7], (1, 75)),
    ([2, 2, 2, 7], [NIL, NIL, 2, 7], [0, 1, 3, 9], (121, -27)),
    ([5, 0, 5, 3], [5, NIL, 5, NIL], [5, 0, 6, 2], (101, 2)),
    ([13, 0, 0, 0], [13, NIL, NIL, NIL], [13, 0, 0, 0], (230, 200)),
    ([1, 1, 1, 10], [NIL, 1, NIL, 10], [1, 1, 0, 11], (1, 111)),
    ([3, 3, 3, 4], [3, 3, 3, 4], [3, 3, 3, 4], (60, 70)),
    ([0, 0, 6, 7], [NIL, NIL, 6, 7], [1, 0, 5, 7], (-40, 170)),
    ([4, 4, 4, 1], [4, 4, NIL, 1], [4, 4, 1, 4], (-59, 53)),
    ([6, 2, 3, 2], [6, NIL, 3, NIL], [6, 2, 3, 2], (90, -196)),
    ([2, 5, 1, 5], [2, 5, 1, 5], [1, 6, 1, 5], (-30, 101)),
    ([0, 3, 0, 10], [NIL, NIL, NIL, 10], [0, 3, 0, 10], (200, 3)),
    ([7, 2, 2, 2], [7, 2, NIL, 2], [8, 2, 0, 3], (171, 41)),
    ([3, 0, 4, 6], [3, NIL, 4, 6], [3, 2, 2, 6], (-70, -38)),
    ([1, 6, 0, 6], [1, NIL, NIL, 6], [2, 1, 0, 10], (111, -35)),
    ([5, 5, 2, 1], [NIL, 5, 2, NIL], [0, 6, 3, 4], (121, -45)),
    ([2, 4, 4, 3], [2, 4, 4, 3], [2, 5, 4, 2], (60, 70)),
    ([8, 1, 1, 3], [8, NIL, NIL, 3], [9, 0, 1, 3], (-18, 130)),
    ([0, 1, 12, 0], [NIL, 1, 12, NIL], [0, 1, 12, 0], (220, 110)),
    ([3, 3, 3, 4], [NIL, NIL, NIL, NIL], [4, 3, 2, 4], (-194, -193)),
]


@pytest.mark.parametrize(("spades", "bids", "tricks", "points"), WHIZ_HANDS)
def test_whiz_hands(spades, bids, tricks, points):
    match = match_with(WHIZ, spade_deal(spades))
    for seat, bid in enumerate(bids):
        want = (NIL,) if spades[seat] == 0 else (NIL, spades[seat])
        assert tuple(a.value for a in match.legal_actions()) == want
        match.apply(Bid(bid))
    assert match.phase == PLAYING
    assert team_points(WHIZ, bids, tricks) == points


def test_whiz_refuses_any_other_bid_with_a_reason():
    match = match_with(WHIZ, spade_deal([4, 0, 5, 4]))
    assert match.refusal(Bid(3)) == "Under Whiz you bid nil or the spades you hold: 4"
    match.apply(Bid(4))
    assert match.refusal(Bid(1)) == (
        "Under Whiz you bid nil or the spades you hold: you hold none, so nil")
    # No team cap under Whiz: spades can add up past 13 with a bigger trump suit.
    assert WHIZ.team_cap_13 is False


def test_whiz_keeps_to_one_nil_a_team_when_the_rules_say_so():
    """With ``max_nils_per_team`` at 1, a player holding spades whose partner bid nil
    bids the spades; one holding none has no other bid, so that second nil stands."""
    one_nil = WHIZ.with_options(max_nils_per_team=1)
    # Dealer is East (3): South bids first, then West, North (South's partner), East.
    match = match_with(one_nil, spade_deal([4, 0, 5, 4]))
    match.apply(Bid(NIL))
    match.apply(Bid(NIL))  # West: no spades, nil whatever
    assert tuple(a.value for a in match.legal_actions()) == (5,)
    assert match.refusal(Bid(NIL)) == (
        "Only one player of a team may bid nil; your partner already did, so bid your 5 spades")
    with pytest.raises(IllegalAction):
        match.apply(Bid(NIL))
    match.apply(Bid(5))
    assert tuple(a.value for a in match.legal_actions()) == (4,)  # East: West bid nil
    # A partner without spades bids the team's second nil: the cards leave no other.
    match = match_with(one_nil, spade_deal([0, 4, 0, 9]))
    match.apply(Bid(NIL))
    match.apply(Bid(4))
    assert tuple(a.value for a in match.legal_actions()) == (NIL,)
    # Two nils a team (the preset) leave both choices open.
    match = match_with(WHIZ, spade_deal([4, 0, 5, 4]))
    match.apply(Bid(NIL))
    match.apply(Bid(NIL))
    assert tuple(a.value for a in match.legal_actions()) == (NIL, 5)


# --- the decks ----------------------------------------------------------------------------


def test_the_decks_hold_52_cards_with_their_top_trumps():
    assert JOKERS.cards.bit_count() == DEUCES.cards.bit_count() == 52
    jokers = {card_text(c) for c in cards_of(JOKERS.cards)}
    assert {"BJ", "LJ"} <= jokers and not {"2C", "2D"} & jokers
    for option, out in (("2C2H", {"2C", "2H"}), ("2D2H", {"2D", "2H"})):
        texts = {card_text(c) for c in cards_of(JOKERS.with_options(jokers_removed=option).cards)}
        assert not out & texts and len(texts) == 52
    deuces = [card_text(c) for c in cards_of(DEUCES.cards & SPADE_MASK)][::-1]
    assert deuces[:5] == ["BJ", "LJ", "2D", "2S", "AS"] and len(deuces) == 16
    assert not {"2C", "2H"} & {card_text(c) for c in cards_of(DEUCES.cards)}
    assert card_name(BIG_JOKER) == "Big Joker" and card_name(LITTLE_JOKER) == "Little Joker"
    assert parse_card("BJ") == BIG_JOKER and parse_card("lj") == LITTLE_JOKER
    # Under deuces high the twos of spades and diamonds are read as the high trumps.
    assert parse_card("2S", DEUCES.cards) == 52 and parse_card("2D", DEUCES.cards) == 53
    assert parse_card("2S") == 39 and parse_card("2D") == 13


# cards in the order played, the index of the card that wins
JOKER_TRICKS = [
    ("AS BJ KS 2S", 1), ("LJ AS KS QS", 0), ("BJ LJ AS 3S", 0), ("AH LJ KH 2H", 1),
    ("AH KH QH JH", 0), ("3C 4C LJ BJ", 3), ("2H 3S LJ 4H", 2), ("KD AD 2S 3D", 2),
    ("LJ 2S 3S 4S", 0), ("5S LJ 6S AS", 1), ("QC KC AC 2S", 3), ("AH 5D 6C 7D", 0),
    ("BJ 2H 3H 4H", 0), ("7H 8H LJ BJ", 3), ("TD JD LJ QD", 2), ("AS KS QS JS", 0),
    ("3H 2S AS LJ", 3), ("4C 3C KC 5C", 2), ("9S TS LJ 8S", 2), ("2H 3H 4H 5H", 3),
]
DEUCE_TRICKS = [
    ("AS 2S KS QS", 1), ("2D 2S AS BJ", 3), ("AH 2D KH QH", 1), ("3D 2D 4D 5D", 1),
    ("2S 3S 4S 5S", 0), ("LJ 2D 2S AS", 0), ("KD AD 3D 4D", 1), ("3H 4H 2S 5H", 2),
    ("AS KS 2D QS", 2), ("BJ LJ 2D 2S", 0), ("3S AS 2S KS", 2), ("5C 6C 7C 3S", 3),
    ("2D 3H 4H 5H", 0), ("QH 2D LJ KH", 2), ("4S 3S 2D 5S", 2), ("9D TD 3D 2S", 3),
    ("AC KC QC JC", 0), ("3D 4D 5D 6D", 3), ("2S LJ 3S AS", 1), ("7H 2D 8H 2S", 1),
]


@pytest.mark.parametrize(("cards", "winner"), JOKER_TRICKS)
def test_joker_tricks(cards, winner):
    assert trick_winner_index(parse_cards(cards, JOKERS.cards)) == winner


@pytest.mark.parametrize(("cards", "winner"), DEUCE_TRICKS)
def test_deuce_tricks(cards, winner):
    assert trick_winner_index(parse_cards(cards, DEUCES.cards)) == winner


def deck_deal(rules: Rules, south: str) -> tuple[int, ...]:
    """South holds ``south``; the other cards of the deck go round in deck order."""
    deck = rules.cards
    own = mask_of(parse_cards(south, deck))
    rest = cards_of(deck & ~own)
    return (own, *(mask_of(rest[13 * i : 13 * i + 13]) for i in range(3)))


TOP_THIRTEEN = {
    "jokers": "BJ LJ AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
    "deuces": "BJ LJ 2D 2S AS KS QS JS TS 9S 8S 7S 6S",
}


def play_out(match: Match) -> None:
    """Each seat plays its lowest legal card until the hand is over."""
    start = len(match.history)
    while len(match.history) == start:
        match.apply(Play(cards_of(match.legal_card_mask())[0]))


# deck, extra options, South's bid, points (us, them), whether the match is over
TOP_TRUMP_HANDS = [
    ("jokers", {}, 13, (230, -50), False),
    ("deuces", {}, 13, (230, -50), False),
    ("jokers", {"boston": True}, 13, (600, -50), True),  # past the target
    ("deuces", {"boston": True, "boston_value": 250}, 13, (350, -50), False),
    ("jokers", {"boston": True, "boston_value": "win"}, 13, (230, -50), True),
    ("deuces", {"ten_for_200": True}, 10, (303, -50), False),
    ("jokers", {"ten_for_200": True, "boston": True}, 13, (600, -50), True),
]


@pytest.mark.parametrize(("deck", "options", "bid", "points", "over"), TOP_TRUMP_HANDS)
def test_the_thirteen_top_trumps_take_every_trick(deck, options, bid, points, over):
    rules = VARIANT_PRESETS[deck].with_options(**options)
    match = match_with(rules, deck_deal(rules, TOP_THIRTEEN[deck]))
    for b in (bid, 2, NIL, 3):  # South, West, North (nil), East
        match.apply(Bid(b))
    play_out(match)
    result = match.history[0]
    assert result.trick_winners == (0,) * 13
    assert (result.teams[0].points, result.teams[1].points) == points
    assert (match.phase == OVER) is over
    if over:
        assert match.winner == 0
    if options.get("boston_value") == "win":
        assert boston_winner(rules, result.teams) == 0
        kinds = [line.kind for line in result.teams[0].lines]
        assert kinds == ["contract_made", "boston", "nil_made"]
        assert result.teams[0].lines[1].text == "Boston: all 13 tricks win the match"
    assert replay_record(json.loads(json.dumps(result.to_record())))["matches_record"]


@pytest.mark.parametrize("deck", ["jokers", "deuces"])
def test_a_top_trump_is_a_spade_for_every_rule(deck):
    rules = VARIANT_PRESETS[deck]
    cards = rules.cards
    # South: one heart and the top trumps; West: hearts; North, East: the rest.
    south = "AH " + " ".join(TOP_THIRTEEN[deck].split()[:12])
    match = match_with(rules, deck_deal(rules, south))
    for b in (9, 1, 1, 1):
        match.apply(Bid(b))
    assert match.refusal(Play(BIG_JOKER)) == "Spades are not broken yet"
    match.apply(Play(parse_card("AH", cards)))
    for _ in range(3):
        match.apply(Play(cards_of(match.legal_card_mask())[0]))
    # South now holds only trumps: the Big Joker may lead, as a spade.
    match.apply(Play(BIG_JOKER))
    assert match.led_suit == 3
    assert match.legal_card_mask() == match.hands[1]  # West has no spade: anything
    match.apply(Play(cards_of(match.legal_card_mask())[0]))
    match.apply(Play(cards_of(match.legal_card_mask())[0]))
    east_spades = match.hands[3] & SPADE_MASK
    assert east_spades and match.legal_card_mask() == east_spades  # East must follow
    assert match.refusal(Play(cards_of(match.hands[3] & ~SPADE_MASK)[0])) == (
        "You must follow spades")


def test_a_joker_discarded_on_a_plain_lead_breaks_spades():
    rules = JOKERS
    # East (dealer West-left... dealer 3: South leads). South leads a club; West, void in
    # clubs, plays the Little Joker.
    south = "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AH"
    west = "LJ AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D"
    deck = rules.cards
    rest = cards_of(deck & ~mask_of(parse_cards(south + " " + west, deck)))
    hands = (mask_of(parse_cards(south, deck)), mask_of(parse_cards(west, deck)),
             mask_of(rest[:13]), mask_of(rest[13:]))
    match = match_with(rules, hands)
    for b in (3, 3, 3, 3):
        match.apply(Bid(b))
    match.apply(Play(parse_card("AC", deck)))
    events = match.apply(Play(LITTLE_JOKER))
    assert match.spades_broken
    assert any(type(e).__name__ == "SpadesBroken" for e in events)


def test_old_records_still_replay_and_variant_records_read_back():
    """A record written before the variants (no variant keys, 52-card hands) replays,
    and a record of a jokers hand says its cards as BJ and LJ."""
    match = Match(STANDARD, 3)
    play_any(match)
    record = match.history[0].to_record()
    for key in ("bidding", "deck", "jokers_removed", "nil_pass", "ten_for_200",
                "ten_for_200_set", "boston", "boston_value"):
        del record["rules"][key]
    assert replay_record(record)["matches_record"] is True
    joker_match = Match(JOKERS, 3)
    play_any(joker_match)
    jrec = json.loads(json.dumps(joker_match.history[0].to_record()))
    texts = " ".join(jrec["hands"]).split()
    assert "BJ" in texts and "LJ" in texts and "2C" not in texts
    assert replay_record(jrec)["matches_record"] is True
    bad = dict(jrec, rules=dict(jrec["rules"], deck="standard"))
    with pytest.raises(Exception, match="not a card|whole deck"):
        replay_record(bad)


# --- nil card passing ---------------------------------------------------------------------


def passing_match(count: int) -> Match:
    rules = STANDARD.with_options(nil_pass=count)
    match = match_with(rules, spade_deal([1, 4, 4, 4]))
    for b in (NIL, 3, 4, 4):
        match.apply(Bid(b))
    return match


def test_nil_passing_two_cards():
    match = passing_match(2)
    assert match.phase == PASSING and match.to_act == 0  # the nil bidder first
    south, north = match.hands[0], match.hands[2]
    assert match.refusal(Play(cards_of(south)[0])) == "First pass 2 cards to your partner"
    assert match.refusal(PassCards((cards_of(south)[0],))) == "Pass 2 cards to your partner"
    north_card = cards_of(north)[0]
    assert match.refusal(PassCards((cards_of(south)[0], north_card))) == (
        f"You do not hold the {card_name(north_card)}")
    assert len(match.legal_actions()) == 78  # every two of thirteen
    give = tuple(parse_cards("AS AH"))
    events = match.apply(PassCards(give))
    assert events == [CardsPassed(0, 2, 2)]
    # Face down: North sees nothing of them yet, and South only what it gave.
    assert match.view(2).received == 0 and match.view(2).hand == north
    assert match.view(0).passed == mask_of(give) and match.view(0).received == 0
    assert match.to_act == 2
    back = tuple(cards_of(north)[:2])
    events = match.apply(PassCards(back))
    assert events == [CardsPassed(2, 0, 2), CardsExchanged((0, 2))]
    assert match.phase == PLAYING and match.to_act == 0
    assert match.hands[0] == south & ~mask_of(give) | mask_of(back)
    assert match.hands[2] == north & ~mask_of(back) | mask_of(give)
    assert match.view(0).received == mask_of(back) and match.view(2).received == mask_of(give)
    for seat in (1, 3):  # the other team learns only that cards changed hands
        assert match.view(seat).passed == match.view(seat).received == 0
    play_out(match)
    record = json.loads(json.dumps(match.history[0].to_record()))
    assert record["passes"] == [[0, ["AS", "AH"]], [2, [card_text(c) for c in back]]]
    assert replay_record(record)["matches_record"] is True
    assert match_at(record, 4, 0).phase == PLAYING
    saved = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert saved.state() == match.state()
    assert json.loads(json.dumps(match.to_json()))["actions"][4] == ["AS", "AH"]


def test_nil_passing_one_card_and_both_teams():
    rules = STANDARD.with_options(nil_pass=1)
    match = match_with(rules, spade_deal([1, 4, 4, 4]))
    for b in (5, NIL, 4, 4):  # West's nil: West passes first, then East
        match.apply(Bid(b))
    assert match.phase == PASSING and match.to_act == 1
    assert len(match.legal_actions()) == 13
    match.apply(match.legal_actions()[0])
    assert match.to_act == 3
    match.apply(match.legal_actions()[-1])
    assert match.phase == PLAYING and match.to_act == 0
    both = match_with(rules, spade_deal([1, 4, 4, 4]))
    for b in (NIL, NIL, 4, 4):
        both.apply(Bid(b))
    assert [both.to_act, both.phase] == [0, PASSING]
    both.apply(both.legal_actions()[0])
    assert both.to_act == 2
    both.apply(both.legal_actions()[0])
    assert both.to_act == 1  # then West and East
    both.apply(both.legal_actions()[0])
    both.apply(both.legal_actions()[0])
    assert both.phase == PLAYING
    nils = match_with(rules, spade_deal([1, 4, 4, 4]))
    for b in (NIL, 4, NIL, 4):  # both partners nil: nothing to pass
        nils.apply(Bid(b))
    assert nils.phase == PLAYING


# --- 10 for 200 ---------------------------------------------------------------------------

TEN = STANDARD.with_options(ten_for_200=True)
TEN_100 = TEN.with_options(ten_for_200_set=100)
# rules, bids, tricks, points (us, them), bags carried in
TEN_FOR_200_HANDS = [
    (TEN, [6, 2, 4, 1], [6, 2, 4, 1], (200, 30), (0, 0)),
    (TEN, [6, 2, 4, 1], [5, 3, 4, 1], (-200, 31), (0, 0)),
    (TEN, [7, 1, 5, NIL], [7, 1, 5, 0], (200, 110), (0, 0)),
    (TEN, [5, 3, 5, NIL], [6, 2, 4, 1], (200, -70), (0, 0)),
    (TEN, [9, 2, NIL, 2], [9, 2, 0, 2], (190, 40), (0, 0)),
    (TEN, [5, 1, 5, 1], [6, 1, 5, 1], (201, 20), (0, 0)),
    (TEN, [13, NIL, NIL, NIL], [13, 0, 0, 0], (300, 200), (0, 0)),
    (TEN, [6, 3, 5, NIL], [4, 3, 5, 1], (-200, -69), (0, 0)),
    (TEN, [2, 5, 2, 5], [2, 6, 2, 3], (40, -200), (0, 0)),
    (TEN, [2, 5, 2, 5], [1, 7, 1, 4], (-40, 201), (0, 0)),
    (TEN, [3, 6, 3, 4], [3, 5, 2, 3], (-60, -200), (0, 0)),
    (TEN_100, [6, 2, 4, 1], [5, 3, 4, 1], (-100, 31), (0, 0)),
    (TEN_100, [7, NIL, 5, 1], [6, 1, 5, 1], (-100, -89), (0, 0)),
    (TEN.with_options(ten_for_200_set=0), [10, 1, NIL, 1], [9, 2, 0, 2], (100, 22), (0, 0)),
    (TEN, [10, 1, NIL, 1], [10, 1, 1, 1], (101, 20), (0, 0)),
    (PRESETS["guide"].with_options(ten_for_200=True), [10, 1, NIL, 1], [10, 1, 1, 1],
     (101, 20), (0, 0)),
    (TEN, [8, 2, 2, 1], [8, 2, 2, 1], (200, 30), (0, 0)),
    (TEN, [8, 2, 2, 1], [9, 1, 3, 0], (202, -30), (0, 0)),
    (TEN, [4, 4, 4, 1], [4, 4, 4, 1], (80, 50), (0, 0)),
    (TEN, [6, 2, 4, 1], [7, 1, 4, 1], (101, -30), (9, 0)),
]


@pytest.mark.parametrize(("rules", "bids", "tricks", "points", "bags"), TEN_FOR_200_HANDS)
def test_ten_for_200_hands(rules, bids, tricks, points, bags):
    assert team_points(rules, bids, tricks, bags) == points
    teams = score_hand(rules, bids, tricks, (0, 0), bags)
    for team in teams:
        if team.contract >= 10:
            kind = "ten_for_200_made" if team.made else "ten_for_200_set"
            assert team.lines[0].kind == kind
            assert team.lines[0].text.endswith(": ten for 200")


def test_ten_for_200_bags_and_lines():
    teams = score_hand(TEN, [6, 2, 4, 1], [7, 1, 4, 1], (0, 0), (9, 0))
    assert [(line.kind, line.points) for line in teams[0].lines] == [
        ("ten_for_200_made", 200), ("overtricks", 1), ("bag_penalty", -100)]
    assert teams[0].bags_after == 0
    assert teams[0].lines[0].text == "Contract of 10 made: ten for 200"


# --- Boston -------------------------------------------------------------------------------

BOSTON = STANDARD.with_options(boston=True)
BOSTON_HANDS = [
    (BOSTON, [13, NIL, NIL, NIL], [13, 0, 0, 0], (600, 200)),
    (BOSTON, [7, NIL, 6, NIL], [7, 0, 6, 0], (500, 200)),
    (BOSTON, [7, NIL, 6, NIL], [7, 0, 5, 1], (-130, 1)),
    (BOSTON.with_options(boston_value=200), [7, NIL, 6, NIL], [8, 0, 5, 0], (200, 200)),
    (BOSTON.with_options(boston_value="win"), [7, NIL, 6, NIL], [7, 0, 6, 0], (130, 200)),
    (BOSTON.with_options(ten_for_200=True), [7, NIL, 6, NIL], [7, 0, 6, 0], (500, 200)),
    (BOSTON.with_options(ten_for_200=True, boston_value="win"), [7, NIL, 6, NIL],
     [7, 0, 6, 0], (200, 200)),
    (BOSTON, [6, NIL, 6, 1], [7, 0, 6, 0], (121, 90)),
    (BOSTON, [13, NIL, NIL, NIL], [12, 0, 1, 0], (400, 200)),
    (PRESETS["guide"].with_options(boston=True), [13, NIL, NIL, NIL], [12, 0, 1, 0],
     (-229, 200)),
    (BOSTON, [NIL, 6, NIL, 7], [0, 6, 0, 7], (200, 500)),
]


@pytest.mark.parametrize(("rules", "bids", "tricks", "points"), BOSTON_HANDS)
def test_boston_hands(rules, bids, tricks, points):
    teams = score_hand(rules, bids, tricks, (0, 0), (0, 0))
    assert (teams[0].points, teams[1].points) == points
    wins = boston_winner(rules, teams)
    assert (wins is not None) is (rules.boston_value == "win" and points[0] in (130, 200))


def test_boston_wins_the_match_even_behind():
    rules = BOSTON.with_options(boston_value="win")
    match = match_with(JOKERS.with_options(boston=True, boston_value="win", blind_nil=False),
                       deck_deal(JOKERS, TOP_THIRTEEN["jokers"]), scores=(-150, 400))
    for b in (13, 4, NIL, 4):
        match.apply(Bid(b))
    play_out(match)
    assert match.phase == OVER and match.winner == 0
    assert match.scores[0] < match.scores[1]
    assert rules.boston_value == "win"


# --- presets and the command line ---------------------------------------------------------


def test_variant_presets_change_one_thing_each():
    assert set(VARIANT_PRESETS) == {"suicide", "mirror", "whiz", "jokers", "deuces"}
    page = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text("utf-8")
    for name in VARIANT_PRESETS:
        assert f"`{name}`" in page
    assert SUICIDE == STANDARD.with_options(bidding="suicide", blind_nil=False)
    assert MIRROR == STANDARD.with_options(bidding="mirror", blind_nil=False, team_cap_13=False)
    assert WHIZ == STANDARD.with_options(bidding="whiz", blind_nil=False, team_cap_13=False)
    assert JOKERS == STANDARD.with_options(deck="jokers")
    assert DEUCES == STANDARD.with_options(deck="deuces")


def test_presets_combine_with_options():
    assert preset("jokers,nil_pass=2") == JOKERS.with_options(nil_pass=2)
    assert preset("suicide,deuces") == SUICIDE.with_options(deck="deuces")
    assert preset("standard,boston=true,boston_value=win") == BOSTON.with_options(
        boston_value="win")
    assert preset("whiz, jokers_removed=2D2H, deck=jokers") == WHIZ.with_options(
        deck="jokers", jokers_removed="2D2H")
    assert Rules.from_dict(preset("mirror,jokers").to_dict()) == MIRROR.with_options(
        deck="jokers")
    for bad in ("jokers,nil_pass=3", "jokers,colour=red", "mirror,blind_nil=true", "tarot,x=1"):
        with pytest.raises(RulesError):
            preset(bad)


@pytest.mark.parametrize("rules", ["suicide", "mirror", "whiz", "jokers", "deuces",
                                   "jokers,nil_pass=2", "suicide,ten_for_200=true"])
def test_simulate_and_replay_name_any_variant(rules, capsys, tmp_path):
    from spades.__main__ import main

    assert main(["simulate", "--matches", "3", "--rules", rules, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == rules and out["hands"] >= 3
    match = Match(preset(rules), 4)
    play_any(match)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(match.history[0].to_record()))
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["matches_record"] is True


def play_any(match: Match) -> None:
    while not match.history:
        match.apply(match.legal_actions()[-1])


def test_bad_rules_on_the_command_line(capsys):
    from spades.__main__ import main

    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--rules", "jokers,nil_pass=9"])
    assert exc.value.code == 2
    assert "nil_pass must be 0 (off), 1 or 2 cards" in capsys.readouterr().err


def test_an_illegal_pass_is_never_accepted():
    match = passing_match(1)
    before = match.state()
    with pytest.raises(IllegalAction):
        match.apply(PassCards((cards_of(match.hands[1])[0],)))
    with pytest.raises(IllegalAction):
        match.apply(PassCards(("AS",)))  # type: ignore[arg-type]
    assert match.state() == before
