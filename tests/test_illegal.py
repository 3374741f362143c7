"""Every kind of illegal action is refused with its reason and changes nothing."""

from __future__ import annotations

import copy
import random

import pytest
from spades_support import (
    bid_round,
    deal,
    finish_hand,
    hand,
    lowest_nonspade,
    match_with,
    one_suit_each,
    play_cards,
)

from spades.engine.actions import LOOK, Bid, Play
from spades.engine.cards import parse_card
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import OVER, IllegalAction, Match, deal_hands
from spades.engine.rules import PRESETS, STANDARD

# Dealer East (3): South (0) bids first and leads. West has no heart, South no spade.
DEAL = deal(
    hand(hearts="AKQJT9", clubs="2345678"),
    hand(diamonds="2345678", spades="234567"),
    hand(hearts="8765", diamonds="9TJQKA", clubs="9TJ"),
    hand(hearts="432", clubs="QKA", spades="89TJQKA"),
)
# South holds hearts and spades, so a spade lead is a choice.
SPADE_LEAD_DEAL = deal(
    hand(spades="AKQ", hearts="AKQJT9876", clubs="2"),
    hand(spades="JT9", diamonds="AKQJT98765"),
    hand(spades="8765", hearts="5432", clubs="AKQJT"),
    hand(spades="432", diamonds="432", clubs="9876543"),
)


def snapshot(match: Match):
    return (
        copy.deepcopy(match.state()),
        [match.view(s) for s in range(4)],
        list(match.actions),
        list(match.actors),
        match.legal_actions(),
    )


def assert_refused(match: Match, action, reason: str, seat: int | None = None) -> None:
    before = snapshot(match)
    with pytest.raises(IllegalAction) as exc:
        if seat is None:
            match.apply(action)
        else:
            match.apply(action, seat)
    assert exc.value.reason == reason
    assert str(exc.value) == reason
    assert exc.value.action == action
    assert snapshot(match) == before
    assert match.refusal(action, seat) == reason
    if seat is None or seat == match.to_act:
        assert action not in match.legal_actions()


def bidding_match(rules=STANDARD, scores=(0, 0), bids=()) -> Match:
    match = match_with(rules, DEAL, dealer=3, scores=scores)
    bid_round(match, bids)
    return match


def playing_match(deal_=DEAL, plays: str = "") -> Match:
    match = match_with(STANDARD, deal_, dealer=3)
    bid_round(match, [3, 3, 3, 3])
    play_cards(match, plays)
    return match


def over_match() -> Match:
    match = match_with(STANDARD, one_suit_each("HSDC"), dealer=3, scores=(450, 440))
    bid_round(match, [NIL, 6, NIL, 6])
    finish_hand(match, lowest_nonspade)
    assert match.phase == OVER and match.winner == 0
    return match


# --- bidding -----------------------------------------------------------------------


@pytest.mark.parametrize("bid", [14, 15, 100, -2, -13])
def test_bid_out_of_range(bid):
    assert_refused(bidding_match(), Bid(bid), "Bids go from 1 to 13")


def test_nil_when_nil_is_off():
    match = bidding_match(PRESETS["classic"])
    assert_refused(match, Bid(NIL), "Nil is not allowed under these rules; bid 1 to 13")


def test_blind_nil_when_the_rules_have_none():
    for name in ("classic", "guide"):
        match = bidding_match(PRESETS[name], scores=(0, 300))
        assert_refused(match, Bid(BLIND_NIL), "Blind nil is not played under these rules")


@pytest.mark.parametrize("scores", [(0, 0), (0, 99), (300, 0)])
def test_blind_nil_when_not_trailing_enough(scores):
    assert_refused(
        bidding_match(scores=scores), Bid(BLIND_NIL),
        "Blind nil is only open to a team behind by 100 or more points",
    )


def test_blind_nil_after_looking():
    match = bidding_match(scores=(0, 100))
    match.apply(LOOK)
    assert_refused(match, Bid(BLIND_NIL), "Blind nil must be bid before you look at your cards")
    assert_refused(match, LOOK, "You have already seen your cards")


@pytest.mark.parametrize("bid", [NIL, 1, 4, 13])
def test_a_bid_before_looking_when_blind_nil_is_open(bid):
    match = bidding_match(scores=(0, 100))
    assert_refused(match, Bid(bid), "First choose blind nil or look at your cards")
    assert_refused(match, Play(parse_card("AH")), "Cards are played after the bidding")


def test_team_cap_exceeded():
    match = bidding_match(bids=[8, 3])
    for bid in (6, 13):
        assert_refused(match, Bid(bid), "Partners may bid at most 13 together; your partner bid 8")


def test_minimum_team_bid():
    match = bidding_match(STANDARD.with_options(min_team_bid=4), bids=[NIL, 5])
    for bid in (NIL, 1, 3):
        assert_refused(match, Bid(bid), "Partners must bid at least 4 together")


def test_second_nil_with_one_nil_per_team():
    match = bidding_match(PRESETS["classic-nil"], bids=[NIL, 5])
    assert_refused(match, Bid(NIL), "Only one player of a team may bid nil")
    rules = STANDARD.with_options(max_nils_per_team=1)
    blind = bidding_match(rules, scores=(0, 100), bids=[BLIND_NIL, 5])
    assert_refused(blind, Bid(NIL), "Only one player of a team may bid nil")


def test_a_bid_that_leaves_the_partner_no_legal_bid():
    rules = STANDARD.with_options(nil=False, blind_nil=False)
    match = bidding_match(rules)
    assert_refused(match, Bid(13), "That bid would leave your partner no legal bid")
    assert_refused(
        bidding_match(rules.with_options(min_team_bid=13), bids=[12, 1]), Bid(13),
        "Partners may bid at most 13 together; your partner bid 12",
    )


def test_a_card_during_bidding():
    match = bidding_match()
    for text in ("AH", "2C", "AS"):
        assert_refused(match, Play(parse_card(text)), "Cards are played after the bidding")


def test_look_when_the_cards_are_seen():
    assert_refused(bidding_match(), LOOK, "You have already seen your cards")


# --- play -----------------------------------------------------------------------------


def test_a_bid_during_play():
    match = playing_match(plays="AH")
    for bid in (3, NIL, BLIND_NIL, 14):
        assert_refused(match, Bid(bid), "The bidding is over")
    assert_refused(match, LOOK, "You have already seen your cards")


def test_a_card_not_held():
    match = playing_match()
    assert_refused(match, Play(parse_card("AS")), "You do not hold the ace of spades")
    assert_refused(match, Play(parse_card("TD")), "You do not hold the ten of diamonds")
    play_cards(match, "AH 2S 5H 2H")
    assert_refused(match, Play(parse_card("AH")), "You do not hold the ace of hearts")
    for card in (-1, 56):
        assert_refused(match, Play(card), f"Not a card: {card}; a card is a whole number, 0 to 55")
    # The ids of the deck variants' top trumps are cards, just not of this deck.
    assert_refused(match, Play(55), "You do not hold the Big Joker")
    assert_refused(match, Play(52), "You do not hold the two of spades")


def test_not_following_suit():
    match = playing_match(plays="9H 8D")
    for text in ("AD", "9C"):
        assert_refused(match, Play(parse_card(text)), "You must follow hearts")
    clubs = playing_match(plays="2C")  # West has no club: anything goes
    assert clubs.refusal(Play(parse_card("2S"))) is None
    play_cards(clubs, "2D")
    assert_refused(clubs, Play(parse_card("8H")), "You must follow clubs")


def test_leading_spades_before_they_are_broken():
    match = playing_match(SPADE_LEAD_DEAL)
    for text in ("AS", "QS"):
        assert_refused(match, Play(parse_card(text)), "Spades are not broken yet")
    match.apply(Play(parse_card("2C")))
    assert match.refusal(Play(parse_card("JS"))) is None  # no club: a spade is fine


@pytest.mark.parametrize("phase", ["bidding", "playing"])
def test_the_wrong_seat(phase):
    match = bidding_match() if phase == "bidding" else playing_match()
    assert match.to_act == 0
    action = Bid(3) if phase == "bidding" else Play(parse_card("2D"))
    assert_refused(match, action, "It is South's turn, not West's", seat=1)
    assert_refused(match, Bid(3), "It is South's turn, not North's", seat=2)
    assert_refused(match, LOOK, "It is South's turn, not East's", seat=3)
    assert_refused(match, action, "There is no seat 7", seat=7)
    # The seat to act may name itself.
    match.apply(Bid(3) if phase == "bidding" else Play(parse_card("AH")), seat=0)


def test_any_action_after_the_match_is_over():
    match = over_match()
    actions = [Bid(3), Bid(NIL), Bid(BLIND_NIL), LOOK, *(Play(c) for c in range(52))]
    for action in actions:
        assert_refused(match, action, "The match is over")
    assert_refused(match, Bid(3), "The match is over", seat=match.to_act)
    assert_refused(match, Bid(3), "The match is over", seat=(match.to_act + 1) % 4)
    assert match.legal_actions() == []


def test_something_that_is_not_an_action():
    assert_refused(bidding_match(), "3", "Not an action")
    assert_refused(playing_match(), parse_card("AH"), "Not an action")


# --- the view gives the same sentences --------------------------------------------------

CANDIDATES = [Bid(b) for b in range(-2, 15)] + [LOOK] + [Play(c) for c in range(52)]


def check_view_refusals(match: Match) -> int:
    checked = 0
    for seat in range(4):
        view = match.view(seat)
        for action in CANDIDATES:
            assert view.refusal(action) == match.refusal(action, seat), (seat, action)
            checked += 1
    return checked


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_view_refusal_is_the_match_refusal(name):
    rules = PRESETS[name]
    rng = random.Random(name)
    checked = 0
    for game in range(2):
        scores = (0, rules.blind_nil_deficit) if game else (0, 0)  # blind nil in game 1
        match = Match(rules, game, start={
            "dealer": game, "hands": deal_hands(game, 0, game, rules.cards),
            "scores": list(scores),
            "bags": [0, 0]})
        while len(match.history) < 1:
            checked += check_view_refusals(match)
            actions = match.legal_actions()
            match.apply(actions[int(rng.random() * len(actions))])
        checked += check_view_refusals(match)
    checked += check_view_refusals(over_match())
    assert checked > 0


def test_view_refusal_before_looking():
    match = bidding_match(scores=(0, 100))
    for seat in (0, 2):
        view = match.view(seat)
        for action in CANDIDATES:
            assert view.refusal(action) == match.refusal(action, seat)
