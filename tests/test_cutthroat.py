"""Cutthroat Spades (three players, each alone) by example: the rule set and its
refusals, the deck of 51 and the deal of 17, bidding to 17, tricks of three, scoring
and the end of the match per player. docs/rules.md, Three and two players."""

from __future__ import annotations

import json

import pytest

from spades.engine.actions import Bid, BiddingDone, HandScored, Play, TrickWon
from spades.engine.cards import (
    FULL_DECK,
    SPADES,
    SUIT_MASKS,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import BIDDING, PLAYING, IllegalAction, Match, deal_hands
from spades.engine.record import replay_record
from spades.engine.rules import PRESETS, SEAT_PRESETS, STANDARD, Rules, RulesError, preset
from spades.engine.scoring import match_winner, score_hand

CUTTHROAT = SEAT_PRESETS["cutthroat"]
TWO_OF_CLUBS = parse_card("2C")


def test_the_preset_is_three_players_each_alone_and_not_among_the_games_pages_presets():
    assert preset("cutthroat") == CUTTHROAT
    assert (CUTTHROAT.seats, CUTTHROAT.sides, CUTTHROAT.tricks) == (3, 3, 17)
    assert not CUTTHROAT.partnerships and CUTTHROAT.partner_of(0) is None
    assert [CUTTHROAT.side_of(s) for s in range(3)] == [0, 1, 2]
    assert CUTTHROAT.side_seats(2) == (2,)
    # Nil and blind nil per player, bags, the target of 500; no team cap, no mercy.
    assert CUTTHROAT.nil and CUTTHROAT.blind_nil and CUTTHROAT.bag_penalty
    assert (CUTTHROAT.target, CUTTHROAT.mercy, CUTTHROAT.team_cap_13) == (500, None, False)
    # The game's pages, the statistics and main.py offer PRESETS: four players only.
    assert "cutthroat" not in PRESETS and "two-handed" not in PRESETS
    assert preset("cutthroat,target=300,spades_lead_anytime=true") == Rules(
        players=3, team_cap_13=False, mercy=None, target=300, spades_lead_anytime=True)


@pytest.mark.parametrize("text, words", [
    ("cutthroat,suicide", "Suicide is a partnership game"),
    ("cutthroat,mirror", "Mirror bidding is played by four in partnerships"),
    ("cutthroat,whiz", "Whiz bidding is played by four"),
    ("cutthroat,nil_pass=1", "nil card passing goes between partners"),
    ("standard,players=3", "team_cap_13 limits partners' bids together"),
    ("cutthroat,min_team_bid=4", "min_team_bid limits partners' bids"),
    ("cutthroat,max_nils_per_team=1", "counts a team's nils"),
    ("cutthroat,ten_for_200=true", "10 for 200 and Boston"),
    ("cutthroat,boston=true", "10 for 200 and Boston"),
    ("cutthroat,jokers", "the jokers deck is dealt to four"),
    ("cutthroat,deuces", "less the two of clubs"),
    ("standard,players=5", "players must be 4, 3 (cutthroat) or 2 (two-handed)"),
])
def test_partnership_options_are_refused_with_the_reason(text, words):
    with pytest.raises(RulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        preset(text)


def test_four_seat_rules_write_no_players_key_and_three_seat_rules_do():
    assert "players" not in STANDARD.to_dict() and "players" not in PRESETS["jokers"].to_dict()
    assert CUTTHROAT.to_dict()["players"] == 3
    assert Rules.from_dict(CUTTHROAT.to_dict(), any_seats=True) == CUTTHROAT
    # Everything above the engine reads rules without any_seats: refused, saying why.
    with pytest.raises(RulesError, match="cutthroat: seats four players only here"):
        Rules.from_dict(CUTTHROAT.to_dict())


def test_the_deck_is_51_cards_without_the_two_of_clubs_dealt_17_each():
    assert CUTTHROAT.cards == FULL_DECK & ~(1 << TWO_OF_CLUBS)
    for seed in range(5):
        match = Match(CUTTHROAT, seed)
        assert match.dealer in (0, 1, 2) and len(match.hands) == 3
        assert [h.bit_count() for h in match.hands] == [17, 17, 17]
        assert match.hands[0] | match.hands[1] | match.hands[2] == CUTTHROAT.cards
        assert match.to_act == (match.dealer + 1) % 3 and match.phase == BIDDING
    # One at a time from the dealer's left, as at four.
    hands = deal_hands(1, 0, 2, CUTTHROAT.cards, 3)
    again = deal_hands(1, 0, 2, CUTTHROAT.cards, 3)
    assert hands == again and sum(h.bit_count() for h in hands) == 51


def _start(hands_text, dealer=2, scores=(0, 0, 0), bags=(0, 0, 0), rules=CUTTHROAT):
    hands = tuple(mask_of(parse_cards(text, rules.cards)) for text in hands_text)
    return Match(rules, 0, start={"dealer": dealer, "hands": hands,
                                  "scores": scores, "bags": bags})


# Seat 0 holds every club but the two, and four diamonds; the spades are split.
HANDS = (
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C AD KD QD JD TD",
    "9D 8D 7D 6D 5D 4D 3D 2D AH KH QH JH TH 9H 8H 7H 6H",
    "5H 4H 3H 2H AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
)


def test_bids_go_from_nil_to_17_with_no_partner_to_limit_them():
    match = _start(HANDS)
    assert match.to_act == 0
    assert [a.value for a in match.legal_actions()] == list(range(0, 18))
    assert match.refusal(Bid(18)) == "Bids go from 1 to 17"
    assert match.refusal(Bid(BLIND_NIL)) == (
        "Blind nil is only open to a player behind the leader by 100 or more points")
    events = []
    for bid in (17, 17, NIL):
        events += match.apply(Bid(bid))
    assert BiddingDone((17, 17, 0)) in events and match.phase == PLAYING
    assert match.view(1).bids == (17, 17, NIL)


def test_blind_nil_is_open_to_a_player_behind_the_leader_by_the_deficit():
    match = _start(HANDS, scores=(0, 150, 60))
    # Seat 0 trails the leader by 150, seat 2 by 90 (not enough), seat 1 leads.
    assert match.blind_open == (True, False, False)
    assert match.view(0).hand == 0 and match.view(1).hand != 0
    match.apply(Bid(BLIND_NIL))
    assert match.bids[0] == BLIND_NIL


def test_a_trick_has_three_cards_and_the_names_are_south_west_east():
    match = _start(HANDS)
    for bid in (5, 6, 4):
        match.apply(Bid(bid))
    assert match.refusal(Bid(3), seat=1) == "It is South's turn, not West's"
    events = match.apply(Play(parse_card("AC")))
    assert match.refusal(Play(parse_card("9D")), seat=2) == "It is West's turn, not East's"
    events += match.apply(Play(parse_card("9D")))
    events += match.apply(Play(parse_card("2S")))
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won == [TrickWon(2, (parse_card("AC"), parse_card("9D"), parse_card("2S")), 0, 0)]
    assert match.to_act == 2 and match.view(0).tricks == ((0, won[0].cards),)


def test_all_17_tricks_are_played_and_each_player_is_scored_alone():
    match = _start(HANDS, bags=(0, 0, 9))
    for bid in (5, 6, 4):
        match.apply(Bid(bid))
    events = []
    while match.phase == PLAYING:
        events += match.apply(match.legal_actions()[-1])  # the highest legal card
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert len(tricks) == 17 and all(len(t.cards) == 3 for t in tricks)
    hand = match.history[0]
    took = [hand.trick_winners.count(s) for s in range(3)]
    assert sum(took) == 17
    scored = next(e for e in events if isinstance(e, HandScored))
    assert len(scored.teams) == 3 and scored.scores == hand.scores_after
    for seat, (bid, team) in enumerate(zip((5, 6, 4), scored.teams, strict=True)):
        assert team.contract == bid and team.tricks == took[seat]
        assert team.points == sum(line.points for line in team.lines)


def test_scoring_per_player_by_example():
    rules = CUTTHROAT
    # Bid 5, took 7: +52 and 2 bags. Bid 6, took 4: -60. Nil with 6 tricks: -100 and
    # the six tricks, each a point and a bag (a player alone has no contract to count
    # them toward).
    teams = score_hand(rules, [5, 6, NIL], [7, 4, 6], [0, 0, 0], [0, 0, 0])
    assert [t.points for t in teams] == [52, -60, -94]
    assert [t.bags for t in teams] == [2, 0, 6]
    assert [line.text for line in teams[2].lines] == ["6 overtricks", "East's nil failed"]
    # failed_nil_tricks="bags" says the same points in its own line.
    bags_mode = score_hand(rules.with_options(failed_nil_tricks="bags"),
                           [5, 6, NIL], [7, 4, 6], [0, 0, 0], [0, 0, 0])
    assert [t.points for t in bags_mode] == [52, -60, -94]
    # A blind nil made; bags past the limit cost 100, per player.
    teams = score_hand(rules, [BLIND_NIL, 9, 8], [0, 9, 8], [0, 0, 0], [0, 0, 9])
    assert [t.points for t in teams] == [200, 90, 80]
    teams = score_hand(rules, [3, 9, 4], [3, 4, 10], [10, 20, 30], [0, 0, 9])
    assert [t.points for t in teams] == [30, -90, 46 - 100]
    assert [t.score_after for t in teams] == [40, -70, -24]
    assert [t.bags_after for t in teams] == [0, 0, 5]


def test_the_match_ends_when_a_player_reaches_the_target_and_the_highest_wins():
    rules = CUTTHROAT
    assert match_winner(rules, (480, 499, 100)) is None
    assert match_winner(rules, (480, 520, 530)) == 2
    assert match_winner(rules, (530, 200, 530)) is None  # a tie at the top plays on
    mercy = rules.with_options(mercy=-200)
    assert match_winner(mercy, (100, -210, 40)) == 0  # fallen to the mercy line: it ends
    assert match_winner(mercy, (100, -210, 100)) is None
    # The two-team rule is the same rule with two sides.
    assert match_winner(STANDARD, (520, 530)) == 1
    assert match_winner(STANDARD, (100, -200)) == 0 and match_winner(STANDARD, (10, 10)) is None


def test_a_cutthroat_record_replays_to_its_scores_and_saves_round_trip():
    match = Match(CUTTHROAT, 4)
    while not match.history:
        actions = match.legal_actions()
        match.apply(actions[len(actions) // 2])
    record = json.loads(json.dumps(match.history[0].to_record()))
    assert record["rules"]["players"] == 3 and len(record["hands"]) == 3
    assert len(record["plays"]) == 51 and len(record["result"]["teams"]) == 3
    out = replay_record(record)
    assert out["legal"] and out["complete"] and out["matches_record"]
    assert out["result"]["scores_after"] == list(match.scores)
    # A bid of 18 or a fourth seat is named.
    bad = {**record, "bids": [[record["bids"][0][0], 18]] + record["bids"][1:]}
    assert replay_record(bad)["illegal"]["reason"].startswith("not a bid: 18; a bid is 1 to 17")
    saved = json.loads(json.dumps(match.to_json()))
    assert Match.from_json(saved, any_seats=True).state() == match.state()


def test_the_spade_rules_are_the_same_at_three():
    # Spades are not led before they are broken unless the hand holds nothing else.
    match = _start(HANDS, dealer=1)
    for bid in (4, 5, 6):
        match.apply(Bid(bid))
    assert match.to_act == 2
    assert match.refusal(Play(parse_card("AS"))) == "Spades are not broken yet"
    assert all(SUIT_MASKS[SPADES] >> c & 1 == 0 for c in cards_of(match.legal_card_mask()))
    with pytest.raises(IllegalAction):
        match.apply(Play(parse_card("AS")))
