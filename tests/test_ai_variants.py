"""The computer players under the variants (docs/rules.md, Variants): every strength
plays every variant legally, and the decisions the variants add are sound ones."""

from __future__ import annotations

import random

import pytest
from spades_support import match_with

from spades.ai.bidding import bid_for, estimate_tricks, nil_is_sound, sure_tricks, trump_ranks
from spades.ai.passing import choose_pass
from spades.engine.actions import Bid, PassCards
from spades.engine.cards import cards_of, mask_of, parse_cards
from spades.engine.legal import NIL
from spades.engine.match import PASSING, Match
from spades.engine.rules import STANDARD, VARIANT_PRESETS, preset
from spades.measure import PLAYERS, make_player

VARIANTS = ["suicide", "mirror", "whiz", "jokers", "deuces", "jokers,nil_pass=2",
            "whiz,nil_pass=1", "suicide,deuces,nil_pass=2,ten_for_200=true,boston=true"]


@pytest.mark.parametrize("rules", VARIANTS)
@pytest.mark.parametrize("strength", PLAYERS)
def test_every_player_plays_every_variant_legally(strength, rules):
    options = {"rollouts": 4} if strength.startswith("hard") else {}
    players = [make_player(strength, seed=f"v/{s}", **options) for s in range(4)]
    match = Match(preset(rules), f"{strength}/{rules}")
    while len(match.history) < 2 and not match.is_over:
        seat = match.to_act
        see_hands = getattr(players[seat], "see_hands", None)
        if see_hands is not None:  # a clairvoyant is shown the hands, as a tournament does
            see_hands(match.hands)
        match.apply(players[seat].choose(match.view(seat)))  # raises if illegal


def hand(text: str, rules=STANDARD) -> int:
    return mask_of(parse_cards(text, rules.cards))


def bid(rules, text: str, bids=(None, None, None, None), seat: int = 0) -> int:
    action, _ = bid_for(rules, hand(text, rules), seat, list(bids), (0, 0), (0, 0))
    assert isinstance(action, Bid)
    return action.value


WHIZ = VARIANT_PRESETS["whiz"]
SUICIDE = VARIANT_PRESETS["suicide"]
JOKERS = VARIANT_PRESETS["jokers"]
DEUCES = VARIANT_PRESETS["deuces"]


def test_whiz_bids_nil_or_the_spades_held():
    assert bid(WHIZ, "AH KH QH AD KD QD AC KC QC 2H 3H 4H 5H") == NIL  # no spades
    assert bid(WHIZ, "AS KS QS JS AH KH AD 2C 3C 4C 5C 6C 7C") == 4
    assert bid(WHIZ, "2S 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C 5C 7C") == NIL  # one low spade
    assert bid(WHIZ, "2S 3S 4H 5H 2D 3D 4D 6D 2C 3C 4C AH AD") == 2  # aces: not a nil


def test_whiz_with_one_nil_a_team_bids_the_spades_beside_a_partners_nil():
    one_nil = WHIZ.with_options(max_nils_per_team=1)
    low = "2S 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C 5C 7C"  # nil, were it allowed
    assert bid(WHIZ, low, (None, None, NIL, None)) == NIL
    action, reason = bid_for(one_nil, hand(low), 0, [None, None, NIL, None], (0, 0), (0, 0))
    assert action == Bid(1)
    assert reason == "Whiz: one nil a team and your partner went nil, so you bid your 1 spade"


def test_whiz_goes_nil_when_the_count_is_out_of_reach_in_a_deck_of_15_spades():
    deuces_whiz = preset("whiz,deck=deuces")
    weak = "3C 9C AC 4D 6D 8D 3H 5H 9H KH 3S QS KS"  # three spades worth about one trick
    # Deuces high: 16 spades, the four counts add up to more than 13 tricks: nil.
    assert bid(deuces_whiz, weak) == NIL
    # The ordinary deck: the king and queen of spades are worth their count.
    assert bid(WHIZ, weak) == 3
    # Beside a partner's nil it bids the count; holding the top spade, never nil.
    assert bid(deuces_whiz, weak, (None, None, NIL, None)) == 3
    assert bid(deuces_whiz, "3C 9C AC 4D 6D 8D 3H 5H 9H KH 3S QS BJ") == 3


def test_suicide_the_weaker_hand_goes_nil_and_the_partner_follows():
    weak = "3S 7H 4H 5H 2D 3D 4D 6D 2C 3C 4C 5C 8C"
    strong = "AS KS QS JS AH KH AD 2C 3C 4C 5C 6C 7C"
    assert bid(SUICIDE, weak) == NIL
    assert bid(SUICIDE, strong) >= 4
    assert bid(SUICIDE, weak, (None, None, 5, None)) == NIL  # partner bid: forced
    assert bid(SUICIDE, weak, (None, None, NIL, None)) == 4  # partner nil: at least 4


def test_a_joker_is_worth_what_the_ace_is_in_the_ordinary_deck():
    jokers = hand("BJ 5S 3H 4H 5H 2H 3D 4D 6D 5C 3C 4C 7C", JOKERS)
    ace = hand("AS 5S 3H 4H 5H 2H 3D 4D 6D 5C 3C 4C 7C")
    assert trump_ranks(jokers, JOKERS.cards)[-1] == 12
    # The Big Joker is a sure trick as the ace is; the side suits, a card shorter in a
    # deck of 15 spades, are worth a little less.
    assert estimate_tricks(jokers, JOKERS.cards) == pytest.approx(estimate_tricks(ace), abs=0.2)
    assert sure_tricks(jokers, JOKERS.cards) == 1
    assert not nil_is_sound(jokers, deck=JOKERS.cards)
    # Under two jokers the ace of spades is the third spade: worth less than the ace.
    assert estimate_tricks(ace, JOKERS.cards) < estimate_tricks(ace)
    deuces = hand("2D 5S 3H 4H 5H 6H 3D 4D 6D 5C 3C 4C 7C", DEUCES)
    assert trump_ranks(deuces, DEUCES.cards)[-1] == 10  # below the two jokers


def test_nil_passing_gives_the_dangers_and_gets_low_cards():
    rules = STANDARD.with_options(nil_pass=2)
    south = "AS 9S 3H 4H 5H KH 3D 4D 6D 5C 3C 4C 2C"
    north = "KS QS JS AH QH AD KD QD AC KC QC 2H 2D"
    rest = cards_of(rules.cards & ~hand(south) & ~hand(north))
    match = match_with(rules, (hand(south), mask_of(rest[:13]), hand(north),
                               mask_of(rest[13:])))
    for b in (NIL, 3, 6, 3):
        match.apply(Bid(b))
    assert match.phase == PASSING
    action, _ = choose_pass(match.view(0))
    assert action == PassCards(tuple(sorted(parse_cards("AS KH"))))
    match.apply(action)
    action, _ = choose_pass(match.view(2))
    assert action == PassCards(tuple(sorted(parse_cards("2H 2D"))))


def test_the_bid_search_passes_the_cards_as_the_players_do():
    # The bid search plays the passing out on its sampled deals (passing.exchange):
    # the exchange it models is the one the match makes when the players pass.
    from spades.ai.passing import exchange

    for n in (1, 2):
        rules = STANDARD.with_options(nil_pass=n, blind_nil=False)
        for seed in range(6):
            match = Match(rules, f"pass/{seed}")
            bids = [NIL, 3, 4, 2] if seed % 2 else [2, NIL, 4, NIL]
            hands = match.hands[:]
            for b in bids[match.to_act:] + bids[:match.to_act]:
                match.apply(Bid(b))
            while match.phase == PASSING:
                match.apply(choose_pass(match.view(match.to_act))[0])
            exchange(hands, bids, n)
            assert hands == match.hands


def test_hard_bids_nil_on_the_hand_the_pass_leaves():
    # Passed the king of spades and the king of clubs, this hand keeps nothing above a
    # ten but the eight of spades: with two cards passed its nil is nearly sure, and
    # hard bids it; without passing it bids its three tricks. A bid search that played
    # no passing out bid 3 under nil_pass=2 as well.
    from spades.ai.hard import HardPlayer

    south = "KS 8S 6S 2S 3H 2H 7D 6D 5D KC 6C 4C 3C"
    for n, want in ((0, 3), (2, NIL)):
        rules = STANDARD.with_options(nil_pass=n, blind_nil=False)
        rest = cards_of(rules.cards & ~hand(south))
        match = match_with(rules, (hand(south), mask_of(rest[:13]), mask_of(rest[13:26]),
                                   mask_of(rest[26:])))
        assert match.to_act == 0
        for seed in range(3):
            assert HardPlayer(seed=seed).choose(match.view(0)) == Bid(want), (n, seed)
    # hard-no-pass, the measuring player whose bid search plays no pass out, bids 3.
    assert make_player("hard-no-pass", seed=0).choose(match.view(0)) == Bid(3)


def test_hard_deals_the_cards_it_passed_to_its_partner():
    from spades.ai.position import Position
    from spades.ai.search import _weights, sample_deal

    rules = STANDARD.with_options(nil_pass=2)
    match = Match(rules, 9)
    first = match.to_act
    for b in (NIL, 3, 3, 3):
        match.apply(Bid(b))
    assert match.phase == PASSING and match.to_act == first
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[-1])
    view = match.view(first)
    t = Position.from_view(view)
    rng = random.Random(3)
    weights = _weights(t, first, None)
    for _ in range(20):
        deal = sample_deal(t, first, rng, weights)
        assert deal is not None
        assert deal[(first + 2) & 3] & view.passed == view.passed
