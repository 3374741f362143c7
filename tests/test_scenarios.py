"""One scenario per rule option and preset, played through a real Match where it can be."""

from __future__ import annotations

import dataclasses
import random

import pytest
from spades_support import (
    ALL_RANKS,
    FORCED_LEAD_DEAL,
    bid_round,
    fill_deal,
    finish_hand,
    hand,
    lowest_nonspade,
    match_with,
    one_suit_each,
    play_cards,
    play_random_hands,
)

from spades.engine.actions import (
    LOOK,
    Bid,
    BidMade,
    CardPlayed,
    CardsSeen,
    HandDealt,
    HandScored,
    MatchOver,
    Play,
    SpadesBroken,
)
from spades.engine.cards import FULL_DECK, cards_of, mask_of, parse_card, parse_cards
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import BIDDING, OVER, PLAYING, IllegalAction, Match, deal_hands
from spades.engine.rules import PRESETS, STANDARD, VARIANT_PRESETS, Rules, RulesError, preset
from spades.engine.scoring import match_winner, score_hand

# Each seat holds one whole suit; the spade holder's team takes all 13 tricks.
WEST_ALL_SPADES = one_suit_each("HSDC")
SOUTH_ALL_SPADES = one_suit_each("SHDC")


def bids_of(match: Match) -> list[int]:
    return [a.value for a in match.legal_actions() if isinstance(a, Bid)]


def refused(match: Match, action, reason: str) -> None:
    with pytest.raises(IllegalAction) as exc:
        match.apply(action)
    assert exc.value.reason == reason


# --- blind nil ---------------------------------------------------------------------


def test_blind_nil_not_offered_when_trailing_by_99():
    match = Match(STANDARD, 3, start={
        "dealer": 3, "hands": deal_hands(3, 0, 3), "scores": [0, 99], "bags": [0, 0]})
    assert match.to_act == 0
    view = match.view(0)
    assert view.looked
    assert view.hand == match.dealt[0] != 0
    assert not view.blind_open
    actions = match.legal_actions()
    assert all(isinstance(a, Bid) for a in actions)
    assert [a.value for a in actions] == [NIL, *range(1, 14)]
    assert view.legal_actions() == actions
    refused(match, Bid(BLIND_NIL), "Blind nil is only open to a team behind by 100 or more points")
    # North, South's partner, sees their cards too; HandDealt names no blind seat.
    assert match.view(2).hand == match.dealt[2]
    assert match.opening_events[0] == HandDealt(0, 3, ())


def test_blind_nil_offered_when_trailing_by_100():
    match = Match(STANDARD, 3, start={
        "dealer": 3, "hands": deal_hands(3, 0, 3), "scores": [0, 100], "bags": [0, 0]})
    assert match.opening_events[0] == HandDealt(0, 3, (0, 2))
    for seat in (0, 2):
        assert match.view(seat).hand == 0
        assert not match.view(seat).looked
    for seat in (1, 3):  # the leading team sees its cards
        assert match.view(seat).hand == match.dealt[seat]
    assert match.legal_actions() == [Bid(BLIND_NIL), LOOK]
    assert match.view(0).legal_actions() == [Bid(BLIND_NIL), LOOK]
    assert match.view(0).legal_card_mask() == 0
    assert match.apply(LOOK) == [CardsSeen(0)]
    view = match.view(0)
    assert view.hand == match.dealt[0]
    assert bids_of(match) == [NIL, *range(1, 14)]
    assert view.legal_actions() == match.legal_actions()
    refused(match, Bid(BLIND_NIL), "Blind nil must be bid before you look at your cards")
    match.apply(Bid(4))
    match.apply(Bid(4))
    # North still has the choice, and blind nil beside a partner's ordinary bid is fine.
    assert match.view(2).hand == 0
    assert match.legal_actions() == [Bid(BLIND_NIL), LOOK]
    assert match.apply(Bid(BLIND_NIL)) == [BidMade(2, BLIND_NIL)]
    assert match.view(2).hand == match.dealt[2]  # seen after the blind bid
    match.apply(Bid(3))
    assert match.phase == PLAYING
    assert match.bids == [4, 4, BLIND_NIL, 3]


def test_blind_nil_deficit_option_and_both_partners_blind():
    rules = STANDARD.with_options(blind_nil_deficit=50)
    match = match_with(rules, deal_hands(1, 0, 1), dealer=1, scores=(80, 30))
    assert match.opening_events[0].blind_nil_seats == (1, 3)  # West/East trail by 50
    assert match.to_act == 2
    assert BLIND_NIL not in bids_of(match)
    match.apply(Bid(5))
    assert match.legal_actions() == [Bid(BLIND_NIL), LOOK]  # East
    assert match.view(1).legal_actions() == []  # West waits, still without cards
    assert match.view(1).hand == 0
    match.apply(Bid(BLIND_NIL))
    match.apply(Bid(5))
    assert match.view(1).legal_actions() == [Bid(BLIND_NIL), LOOK]  # West
    match.apply(Bid(BLIND_NIL))  # two nils per team under standard
    assert match.bids == [5, BLIND_NIL, 5, BLIND_NIL]
    assert match.phase == PLAYING
    shallow = match_with(rules, deal_hands(1, 0, 1), dealer=1, scores=(79, 30))
    assert shallow.opening_events[0].blind_nil_seats == ()


def test_blind_nil_not_offered_beside_a_partners_nil_with_one_nil_per_team():
    rules = STANDARD.with_options(max_nils_per_team=1)
    match = match_with(rules, deal_hands(2, 0, 3), dealer=3, scores=(0, 200))
    match.apply(LOOK)
    match.apply(Bid(NIL))
    events = match.apply(Bid(3))
    assert events == [BidMade(1, 3), CardsSeen(2)]  # North looks at once: no choice left
    assert match.view(2).hand == match.dealt[2]
    assert BLIND_NIL not in bids_of(match)
    assert NIL not in bids_of(match)


# --- bidding options -----------------------------------------------------------------


def test_team_cap_13():
    match = match_with(STANDARD, deal_hands(0, 0, 3))
    bid_round(match, [8, 3])
    assert bids_of(match) == [NIL, 1, 2, 3, 4, 5]
    refused(match, Bid(6), "Partners may bid at most 13 together; your partner bid 8")
    uncapped = match_with(STANDARD.with_options(team_cap_13=False), deal_hands(0, 0, 3))
    bid_round(uncapped, [8, 3])
    assert bids_of(uncapped) == [NIL, *range(1, 14)]
    bid_round(uncapped, [13, 13])
    assert uncapped.bids == [8, 3, 13, 13]


def test_min_team_bid_4_beside_a_nil():
    rules = STANDARD.with_options(min_team_bid=4)
    match = match_with(rules, deal_hands(0, 0, 3))
    bid_round(match, [NIL, 2])
    assert bids_of(match) == list(range(4, 14))
    refused(match, Bid(3), "Partners must bid at least 4 together")
    refused(match, Bid(NIL), "Partners must bid at least 4 together")
    match.apply(Bid(4))
    assert bids_of(match) == list(range(2, 12))  # East beside West's 2 (cap 13)
    off = match_with(STANDARD, deal_hands(0, 0, 3))
    bid_round(off, [NIL, 2])
    assert bids_of(off) == [NIL, *range(1, 14)]


def test_one_nil_per_team():
    match = match_with(PRESETS["classic-nil"], deal_hands(0, 0, 3))
    assert match.rules.max_nils_per_team == 1
    bid_round(match, [NIL, NIL])  # the other team's nil does not count
    assert bids_of(match) == list(range(1, 14))
    refused(match, Bid(NIL), "Only one player of a team may bid nil")
    two = match_with(PRESETS["guide"], deal_hands(0, 0, 3))
    bid_round(two, [NIL, NIL, NIL, NIL])
    assert two.bids == [NIL] * 4


def test_bid_that_leaves_the_partner_no_bid():
    rules = STANDARD.with_options(nil=False, blind_nil=False)
    match = match_with(rules, deal_hands(0, 0, 3))
    assert bids_of(match) == list(range(1, 13))
    refused(match, Bid(13), "That bid would leave your partner no legal bid")
    # With nil on, the partner could still bid nil, so 13 is fine.
    assert 13 in bids_of(match_with(STANDARD, deal_hands(0, 0, 3)))


# --- play options -------------------------------------------------------------------


@pytest.mark.parametrize("breaks", [False, True])
def test_forced_spade_lead_breaks_mid_hand(breaks):
    rules = STANDARD.with_options(forced_spade_lead_breaks=breaks)
    match = match_with(rules, FORCED_LEAD_DEAL, dealer=3)
    bid_round(match, [9, 2, 1, 1])
    for _ in range(9 * 4):
        match.apply(lowest_nonspade(match))
    assert match.trick_winners == [0] * 9
    assert not match.spades_broken
    assert match.to_act == 0
    events = match.apply(Play(parse_card("2S")))  # South holds nothing but spades
    assert (SpadesBroken(0) in events) is breaks
    assert match.spades_broken is breaks
    for _ in range(3):
        match.apply(lowest_nonspade(match))
    assert match.trick_winners[-1] == 1  # West's king of spades
    ace = Play(parse_card("AS"))
    if breaks:
        assert ace in match.legal_actions()
        match.apply(ace)
    else:
        assert ace not in match.legal_actions()
        assert match.view(1).refusal(ace) == "Spades are not broken yet"
        refused(match, ace, "Spades are not broken yet")


@pytest.mark.parametrize("name", ["standard", "guide"])
@pytest.mark.parametrize("breaks", [False, True])
def test_forced_spade_lead_on_the_first_trick(name, breaks):
    rules = preset(name).with_options(forced_spade_lead_breaks=breaks)
    match = match_with(rules, SOUTH_ALL_SPADES, dealer=3)
    bid_round(match, [13, NIL, NIL, NIL] if rules.team_cap_13 else [13, 1, NIL, 1])
    assert match.legal_card_mask() == match.hands[0]  # all spades: any may lead
    events = match.apply(Play(parse_card("2S")))
    assert (SpadesBroken(0) in events) is breaks
    assert match.spades_broken is breaks
    assert match.view(3).spades_broken is breaks
    assert match.view(3).voids[0] == 0b0111  # the forced lead shows South's voids


def test_spades_broken_by_a_discard_then_led():
    match = match_with(STANDARD, fill_deal(
        hand(hearts=ALL_RANKS), hand(spades="23456", diamonds="AKQJT98", clubs="A"), "", ""))
    bid_round(match, [3, 3, 3, 3])
    assert not match.spades_broken
    events = play_cards(match, "AH 2S")
    assert SpadesBroken(1) in events
    assert match.spades_broken
    for _ in range(2):
        match.apply(lowest_nonspade(match))
    assert match.trick_winners == [1]
    assert match.to_act == 1
    assert match.refusal(Play(parse_card("3S"))) is None  # now spades may be led
    match.apply(Play(parse_card("3S")))
    assert match.led_suit == 3


@pytest.mark.parametrize("anytime", [False, True])
def test_spades_lead_anytime(anytime):
    rules = STANDARD.with_options(spades_lead_anytime=anytime)
    match = match_with(rules, fill_deal(hand(spades="AKQ", hearts="AKQJT9876"), "", "", ""))
    bid_round(match, [5, 2, 2, 2])
    ace = Play(parse_card("AS"))
    no_spades = match.hands[0] & ~mask_of(parse_cards("AS KS QS"))
    if anytime:
        assert match.legal_card_mask() == match.hands[0]
        assert match.view(0).refusal(ace) is None
        match.apply(ace)
        assert match.led_suit == 3
    else:
        assert match.legal_card_mask() == no_spades
        refused(match, ace, "Spades are not broken yet")


# --- end of the match ---------------------------------------------------------------


def west_takes_all(rules: Rules, scores, bids) -> tuple[Match, list]:
    match = match_with(rules, WEST_ALL_SPADES, dealer=3, scores=scores)
    bid_round(match, bids)
    events = finish_hand(match, lowest_nonspade)
    assert match.history[-1].trick_winners == (1,) * 13
    return match, events


@pytest.mark.parametrize(
    ("scores_before", "scores_after", "winner"),
    [
        ([-140, 0], [-200, 67], 1),  # at the mercy score exactly: loses at once
        ([-139, 0], [-199, 67], None),
        ([-140, 440], [-200, 507], 1),  # the other team also reached the target
    ],
)
def test_mercy(scores_before, scores_after, winner):
    match, events = west_takes_all(STANDARD, scores_before, [3, 3, 3, 3])
    assert match.scores == scores_after
    assert match.winner == winner
    assert (match.phase == OVER) is (winner is not None)
    assert any(isinstance(e, MatchOver) for e in events) is (winner is not None)


def test_no_mercy_rule_plays_on():
    rules = STANDARD.with_options(mercy=None)
    match, _ = west_takes_all(rules, [-400, 0], [3, 3, 3, 3])
    assert match.scores == [-460, 67]
    assert match.winner is None
    assert match.phase == BIDDING


@pytest.mark.parametrize(
    ("scores_before", "scores_after", "winner"),
    [
        ([-190, -195], [-250, -373], 0),  # both at the mercy score: the higher wins
        ([-190, -72], [-250, -250], None),  # both there and equal: play on
    ],
)
def test_mercy_with_both_teams_there(scores_before, scores_after, winner):
    # West bids nil and takes all 13 tricks: -100 + 10 + 12 overtricks - 100 (12 bags).
    match, _ = west_takes_all(STANDARD, scores_before, [3, NIL, 3, 1])
    assert match.scores == scores_after
    assert match.winner == winner


def test_mercy_never_beats_the_target():
    rules = Rules(target=200, mercy=0)
    assert match_winner(rules, (200, -10)) == 0
    assert match_winner(rules, (-10, 250)) == 1
    assert match_winner(rules, (0, 0)) is None
    assert match_winner(rules, (0, 100)) == 1
    assert match_winner(rules, (150, 1)) is None


def test_equal_totals_at_the_target_play_another_hand():
    match, events = west_takes_all(STANDARD, [411, 490], [NIL, 6, NIL, 6])
    assert match.scores == [611, 611]
    assert match.winner is None
    assert not any(isinstance(e, MatchOver) for e in events)
    assert match.phase == BIDDING and match.hand_number == 1
    play_random_hands(match, random.Random(4), 1)  # a hand that decides it
    assert len(match.history) == 2
    us, them = match.history[-1].scores_after
    assert match.scores == [us, them]
    decided = us != them and (max(us, them) >= 500 or min(us, them) <= -200)
    assert (match.phase == OVER) is decided
    if decided:
        assert match.winner == (0 if us > them else 1)


@pytest.mark.parametrize("name", ["classic", "classic-150"])
def test_target_150_preset(name):
    match, events = west_takes_all(preset(name), [0, 100], [3, 3, 3, 3])
    assert match.scores == [-60, 167]
    if name == "classic-150":
        assert match.winner == 1
        assert MatchOver(1, (-60, 167)) in events
    else:
        assert match.winner is None and match.phase == BIDDING


def test_custom_nil_values():
    rules = STANDARD.with_options(nil_value=50, blind_nil_value=300)
    match, events = west_takes_all(rules, [0, 100], [BLIND_NIL, 3, NIL, 3])
    us = next(e for e in events if isinstance(e, HandScored)).teams[0]
    assert {line.kind: line.points for line in us.lines} == {
        "blind_nil_made": 300, "nil_made": 50}
    assert match.scores == [350, 167]


# --- bags ------------------------------------------------------------------------


def test_custom_bag_limit_and_penalty():
    rules = STANDARD.with_options(bag_limit=5, bag_penalty_points=50)
    match, events = west_takes_all(rules, [0, 0], [3, 3, 3, 3])
    them = next(e for e in events if isinstance(e, HandScored)).teams[1]
    assert them.bags == 7
    assert [line.points for line in them.lines if line.kind == "bag_penalty"] == [-50]
    assert them.bags_after == 2
    assert match.scores[1] == 60 + 7 - 50
    again = match_with(rules, WEST_ALL_SPADES, dealer=3, bags=(0, 3))
    bid_round(again, [3, 3, 3, 3])
    finish_hand(again, lowest_nonspade)
    them = again.history[0].teams[1]
    assert [line.points for line in them.lines if line.kind == "bag_penalty"] == [-50, -50]
    assert again.bags == [0, 0]  # 3 + 7 = 10 bags: two penalties, none left
    assert again.scores[1] == 60 + 7 - 100


@pytest.mark.parametrize("name", ["classic", "classic-no-bags"])
def test_bag_penalty_on_and_off(name):
    rules = preset(name)
    match, events = west_takes_all(rules, [0, 0], [1, 1, 1, 1])
    scored = next(e for e in events if isinstance(e, HandScored))
    them = scored.teams[1]
    lines = {line.kind: line for line in them.lines}
    assert lines["contract_made"].points == 20
    assert lines["overtricks"].points == 11  # overtricks score with or without bags
    if rules.bag_penalty:
        assert lines["bag_penalty"].points == -100
        assert them.points == 31 - 100
        assert them.bags == 11
        assert match.bags == [0, 1]
    else:
        assert "bag_penalty" not in lines
        assert them.points == 31
        assert them.bags == 0
        assert sum(line.bags for line in them.lines) == 0
        assert match.bags == [0, 0]
    assert match.scores == [-20, them.points]


def test_bags_stay_zero_without_the_penalty_over_many_hands():
    rules = PRESETS["classic-no-bags"].with_options(target=10**6)
    match = Match(rules, 11)
    rng = random.Random(11)
    overtricks = 0
    for _ in range(12):
        play_random_hands(match, rng, 1)
        assert match.bags == [0, 0]
        for team in match.history[-1].teams:
            assert team.bags == 0 and team.bags_after == 0
            overtricks += sum(line.points for line in team.lines if line.kind == "overtricks")
    assert overtricks > 0


# --- both partners nil ---------------------------------------------------------------


@pytest.mark.parametrize("mode", ["count", "bags"])
def test_both_partners_nil(mode):
    rules = STANDARD.with_options(failed_nil_tricks=mode)
    match, events = west_takes_all(rules, [0, 0], [3, NIL, 3, NIL])
    them = next(e for e in events if isinstance(e, HandScored)).teams[1]
    assert them.contract == 0
    assert them.made is None
    assert them.tricks == 13
    kinds = {line.kind: line.points for line in them.lines}
    extra = "overtricks" if mode == "count" else "nil_tricks"
    assert kinds == {"nil_failed": -100, "nil_made": 100, extra: 13, "bag_penalty": -100}
    assert them.bags == 13
    assert them.bags_after == 3
    assert match.scores == [-60, -87]


def test_both_partners_nil_scoring_table():
    teams = score_hand(STANDARD, [NIL, 4, BLIND_NIL, 4], [2, 5, 1, 5], [0, 0], [0, 0])
    us = teams[0]
    assert us.contract == 0
    assert us.points == -100 - 200 + 3
    assert us.bags == 3
    teams = score_hand(STANDARD, [NIL, 4, NIL, 4], [0, 7, 0, 6], [0, 0], [8, 0])
    assert teams[0].points == 200
    assert teams[0].bags == 0 and teams[0].bags_after == 8


# --- presets and rule values -------------------------------------------------------------

PRESET_TABLE = {
    # nil, blind_nil, failed_nil_tricks (None: not played), bag_penalty, target, mercy,
    # team_cap_13, max_nils_per_team, forced_spade_lead_breaks
    "standard": (True, True, "count", True, 500, -200, True, 2, False),
    "classic": (False, False, None, True, 500, None, False, None, False),
    "guide": (True, False, "bags", True, 500, None, False, 2, False),
    "classic-nil": (True, False, "bags", True, 500, None, False, 1, False),
    "classic-no-bags": (False, False, None, False, 500, None, False, None, False),
    "classic-150": (False, False, None, True, 150, None, False, None, False),
}


def test_presets_are_the_table_of_rules_md():
    # The variants' presets: tests/test_variants.py.
    assert set(PRESETS) == set(PRESET_TABLE) | set(VARIANT_PRESETS)
    for name, row in PRESET_TABLE.items():
        rules = PRESETS[name]
        assert preset(name) is rules
        nil, blind, failed, bags, target, mercy, cap, nils, forced = row
        assert rules.nil is nil, name
        assert rules.blind_nil is blind, name
        if failed is not None:
            assert rules.failed_nil_tricks == failed, name
        if nils is not None:
            assert rules.max_nils_per_team == nils, name
        assert rules.bag_penalty is bags, name
        assert rules.target == target, name
        assert rules.mercy == mercy, name
        assert rules.team_cap_13 is cap, name
        assert rules.forced_spade_lead_breaks is forced, name
        # What the table leaves out stays at the standard values.
        assert rules.blind_nil_deficit == 100
        assert rules.min_team_bid == 0
        assert rules.spades_lead_anytime is False
        assert (rules.nil_value, rules.blind_nil_value) == (100, 200)
        assert (rules.bag_limit, rules.bag_penalty_points) == (10, 100)


def test_unknown_preset():
    with pytest.raises(RulesError):
        preset("bridge")


@pytest.mark.parametrize(
    "changes",
    [
        {"nil": False},  # blind nil (on in standard) without nil
        {"nil": False, "blind_nil": True},
        {"failed_nil_tricks": "x"},
        {"mercy": 500},
        {"mercy": 600},
        {"target": 150, "mercy": 150},
        {"target": 0, "mercy": None},
        {"max_nils_per_team": 3},
        {"max_nils_per_team": 0},
        {"min_team_bid": 14},
        {"min_team_bid": -1},
        {"bag_limit": 0},
        {"blind_nil_deficit": -1},
        {"nil_value": -100},
        {"blind_nil_value": -1},
        {"bag_penalty_points": -1},
        {"nil": "yes"},
        {"bag_penalty": 1},
        {"target": "500"},
        {"target": 500.0},
        {"mercy": -200.5},
        {"min_team_bid": True},
        {"bidding": "mirror"},  # blind nil (on in standard) under bids the cards set
        {"bidding": "whiz", "nil": False, "blind_nil": False},
        {"bidding": "suicide", "nil": False, "blind_nil": False},
        {"bidding": "free-for-all"},
        {"deck": "tarot"},
        {"deck": "jokers", "jokers_removed": "2S2H"},
        {"nil_pass": 3},
        {"nil_pass": True},
        {"nil": False, "blind_nil": False, "nil_pass": 1},
        {"ten_for_200": 1},
        {"ten_for_200_set": -200},
        {"boston": "yes"},
        {"boston_value": "lose"},
        {"boston_value": -1},
    ],
)
def test_invalid_rules_raise(changes):
    with pytest.raises(RulesError):
        STANDARD.with_options(**changes)
    with pytest.raises(RulesError):
        Rules.from_dict(changes)
    with pytest.raises(RulesError):
        Rules(**{**STANDARD.to_dict(), **changes})


def test_unknown_rule_keys_raise():
    with pytest.raises(RulesError, match="jokers"):
        Rules.from_dict({"jokers": True})
    with pytest.raises(RulesError):
        Rules.from_dict({**STANDARD.to_dict(), "trump": "hearts"})
    with pytest.raises(RulesError):
        STANDARD.with_options(jokers=True)
    with pytest.raises(RulesError):
        Rules.from_dict(["nil"])


def test_missing_rule_keys_take_the_standard_value():
    assert Rules.from_dict({}) == STANDARD
    rules = Rules.from_dict({"target": 300, "mercy": None, "min_team_bid": 4})
    assert (rules.target, rules.mercy, rules.min_team_bid) == (300, None, 4)
    for field in dataclasses.fields(Rules):
        if field.name not in ("target", "mercy", "min_team_bid"):
            assert getattr(rules, field.name) == getattr(STANDARD, field.name), field.name
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_are_immutable_and_a_match_keeps_its_rules():
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.target = 300  # type: ignore[misc]
    match = Match(STANDARD, 1)
    changed = STANDARD.with_options(target=300)
    assert changed.target == 300 and STANDARD.target == 500
    assert match.rules.target == 500
    saved = Match.from_json(match.to_json())
    assert saved.rules == STANDARD


# --- deal, dealer and turn order -----------------------------------------------------------


def test_dealer_rotates_clockwise_each_hand():
    rules = STANDARD.with_options(target=10**6, mercy=None)
    match = Match(rules, 21)
    first = match.dealer
    events = list(match.opening_events) + play_random_hands(match, random.Random(21), 6)
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert [e.dealer for e in dealt] == [(first + i) % 4 for i in range(7)]
    assert [e.hand_number for e in dealt] == list(range(7))
    assert [h.dealer for h in match.history] == [(first + i) % 4 for i in range(6)]
    assert match.dealer == (first + 6) % 4


def test_the_deal_is_deterministic_for_a_seed():
    for seed in (0, 1, 99, "a seed"):
        a, b = Match(STANDARD, seed), Match(STANDARD, seed)
        assert a.dealt == b.dealt and a.dealer == b.dealer
        for hands in (a.dealt, deal_hands(seed, 4, 2)):
            assert len(hands) == 4
            assert all(h.bit_count() == 13 for h in hands)
            assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_DECK
    deals = {Match(STANDARD, seed).dealt for seed in range(40)}
    assert len(deals) == 40
    assert {Match(STANDARD, seed).dealer for seed in range(40)} == {0, 1, 2, 3}
    assert deal_hands(5, 0, 0) != deal_hands(5, 1, 0)  # each hand a new shuffle
    # Later hands too: the same seed and actions give the same next deal.
    a, b = Match(STANDARD, 8), Match(STANDARD, 8)
    play_random_hands(a, random.Random(1), 1)
    play_random_hands(b, random.Random(2), 1)
    if a.phase == b.phase == BIDDING:
        assert a.dealt == b.dealt
        assert a.dealt != Match(STANDARD, 8).dealt


def test_the_deal_starts_left_of_the_dealer():
    # The same shuffle dealt by the next dealer gives every card to the next seat.
    for seed in range(5):
        for dealer in range(4):
            base = deal_hands(seed, 0, dealer)
            turned = deal_hands(seed, 0, (dealer + 1) % 4)
            assert all(turned[(s + 1) % 4] == base[s] for s in range(4))


@pytest.mark.parametrize("dealer", range(4))
def test_bidding_and_the_first_lead_start_left_of_the_dealer(dealer):
    match = match_with(STANDARD, deal_hands(dealer, 0, dealer), dealer=dealer)
    left = (dealer + 1) % 4
    assert match.to_act == left
    events = bid_round(match, [3, 3, 3, 3])
    assert [e.seat for e in events if isinstance(e, BidMade)] == [
        (dealer + i) % 4 for i in range(1, 5)
    ]
    assert [seat for seat, _ in match.bid_order] == [(dealer + i) % 4 for i in range(1, 5)]
    assert match.phase == PLAYING
    assert match.to_act == left
    card = cards_of(match.legal_card_mask())[0]
    assert match.apply(Play(card))[0] == CardPlayed(left, card, 0, 0)
