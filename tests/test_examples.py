"""The worked examples of RULES.md, one test each (1..11)."""

from __future__ import annotations

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

from spades.engine.actions import HandScored, MatchOver, Play, SpadesBroken, TrickWon
from spades.engine.cards import mask_of, parse_card, parse_cards
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import BIDDING, OVER, IllegalAction
from spades.engine.rules import PRESETS, STANDARD
from spades.engine.scoring import match_winner, score_hand, score_team

GUIDE = PRESETS["guide"]  # failed_nil_tricks = "bags"
CLASSIC = PRESETS["classic"]


def kinds(team_score) -> dict[str, int]:
    return {line.kind: line.points for line in team_score.lines}


# --- scoring: examples 1 to 8 ------------------------------------------------------


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC, GUIDE], ids=["standard", "classic", "guide"])
def test_example_1_bid_6_win_8_scores_62_and_2_bags(rules):
    team = score_team(rules, 0, (4, 2), (5, 3), 0, 0)
    assert team.contract == 6
    assert team.points == 62
    assert team.bags == 2
    assert team.bags_after == 2
    assert team.score_after == 62
    assert kinds(team) == {"contract_made": 60, "overtricks": 2}


@pytest.mark.parametrize("rules", [STANDARD, CLASSIC, GUIDE], ids=["standard", "classic", "guide"])
def test_example_2_bid_6_win_5_scores_minus_60(rules):
    team = score_team(rules, 1, (3, 3), (1, 4), 120, 4)
    assert team.points == -60  # not -50: the tricks won give nothing on a set
    assert team.bags == 0
    assert team.bags_after == 4
    assert team.score_after == 60
    assert kinds(team) == {"contract_set": -60}
    assert team.made is False


def test_example_3_tenth_bag_costs_100_and_carries_the_rest():
    team = score_team(STANDARD, 0, (3, 3), (4, 4), 200, 9)
    assert team.bags == 2
    assert team.bags_after == 1
    assert team.points == 60 + 2 - 100
    assert team.score_after == 200 + 60 + 2 - 100
    assert [(line.kind, line.points) for line in team.lines] == [
        ("contract_made", 60),
        ("overtricks", 2),
        ("bag_penalty", -100),
    ]


@pytest.mark.parametrize(
    ("tricks", "points", "bags"),
    [((3, 4), 70, 0), ((7, 0), 70, 0), ((5, 4), 72, 2), ((2, 4), -70, 0), ((0, 6), -70, 0)],
)
def test_example_4_bids_3_and_4_make_a_contract_of_7(tricks, points, bags):
    # Seat order in score_hand: bids and tricks by seat 0..3; team 0 = seats 0 and 2.
    other = 13 - sum(tricks)
    teams = score_hand(
        STANDARD, [3, 5, 4, 5], [tricks[0], other, tricks[1], 0], [0, 0], [0, 0]
    )
    assert teams[0].contract == 7
    assert teams[0].points == points
    assert teams[0].bags == bags
    assert teams[0].score_after == points


def test_example_5_bags_mode_failed_nil_tricks_are_bags():
    # Seat 0 bids nil and takes 2 tricks; seat 2 bids 4 and takes 3.
    teams = score_hand(GUIDE, [NIL, 4, 4, 4], [2, 4, 3, 4], [0, 0], [0, 0])
    us = teams[0]
    assert us.contract == 4
    assert us.counted == 3
    assert kinds(us) == {"contract_set": -40, "nil_failed": -100, "nil_tricks": 2}
    assert us.points == -138
    assert us.bags == 2
    assert us.bags_after == 2


def test_example_6_count_mode_failed_nil_tricks_count_toward_the_contract():
    teams = score_hand(STANDARD, [NIL, 4, 4, 4], [2, 4, 3, 4], [0, 0], [0, 0])
    us = teams[0]
    assert us.counted == 5
    assert kinds(us) == {"contract_made": 40, "overtricks": 1, "nil_failed": -100}
    assert us.points == -59
    assert us.bags == 1
    assert us.bags_after == 1


def test_example_7_nil_made_partner_makes_4_with_an_overtrick():
    teams = score_hand(GUIDE, [NIL, 4, 4, 4], [0, 4, 5, 4], [0, 0], [0, 0])
    us = teams[0]
    assert kinds(us) == {"nil_made": 100, "contract_made": 40, "overtricks": 1}
    assert us.points == 141
    assert us.bags == 1


@pytest.mark.parametrize("rules", [STANDARD, GUIDE], ids=["count", "bags"])
def test_example_8_blind_nil_made_200_failed_minus_200(rules):
    made = score_hand(rules, [BLIND_NIL, 4, 3, 4], [0, 5, 3, 5], [0, 0], [0, 0])[0]
    assert kinds(made) == {"blind_nil_made": 200, "contract_made": 30}
    assert made.points == 230
    failed = score_hand(rules, [BLIND_NIL, 4, 3, 4], [1, 5, 3, 4], [0, 0], [0, 0])[0]
    line = next(line for line in failed.lines if line.kind == "blind_nil_failed")
    assert line.points == -200
    assert line.seat == 0
    # The blind nil's trick: an overtrick toward the 3 (count) or a nil trick (bags).
    extra = "overtricks" if rules.failed_nil_tricks == "count" else "nil_tricks"
    assert kinds(failed) == {"blind_nil_failed": -200, "contract_made": 30, extra: 1}
    assert failed.points == -200 + 30 + 1
    assert failed.bags == 1


# --- play: examples 9 and 10 ---------------------------------------------------------

# Dealer East (3): South (0) bids first and leads the first trick.
EXAMPLE_DEAL = deal(
    hand(hearts="AKQJT9", clubs="2345678"),
    hand(diamonds="2345678", spades="234567"),
    hand(hearts="8765", diamonds="9TJQKA", clubs="9TJ"),
    hand(hearts="432", clubs="QKA", spades="89TJQKA"),
)


def example_match():
    match = match_with(STANDARD, EXAMPLE_DEAL, dealer=3)
    bid_round(match, [3, 3, 3, 3])
    return match


def test_example_9_follow_the_led_suit_after_a_discard():
    match = example_match()
    play_cards(match, "9H 8D")  # West has no heart and discards a diamond
    assert match.to_act == 2
    before, logged = match.state(), len(match.actions)
    for text in ("AD", "9D", "TC"):
        with pytest.raises(IllegalAction) as refused:
            match.apply(Play(parse_card(text)))
        assert refused.value.reason == "You must follow hearts"
        assert match.state() == before
        assert len(match.actions) == logged
    assert match.legal_card_mask() == mask_of(parse_cards("8H 7H 6H 5H"))
    events = play_cards(match, "5H 2H")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1
    assert won[0].seat == 0  # the diamond never becomes the suit that matters
    assert won[0].leader == 0
    assert match.to_act == 0


def test_example_10_a_low_spade_beats_the_led_ace():
    match = example_match()
    events = play_cards(match, "AH 2S 5H 2H")
    assert SpadesBroken(1) in events
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [w.seat for w in won] == [1]
    assert won[0].cards == tuple(parse_cards("AH 2S 5H 2H"))
    assert match.tricks_won == [0, 1, 0, 0]
    assert match.to_act == 1


# --- end of match: example 11 ----------------------------------------------------


def test_example_11_match_winner_when_both_pass_the_target():
    assert match_winner(STANDARD, (510, 530)) == 1
    assert match_winner(STANDARD, (530, 510)) == 0
    assert match_winner(STANDARD, (500, 499)) == 0
    assert match_winner(STANDARD, (520, 520)) is None
    assert match_winner(STANDARD, (499, 499)) is None


# West holds every spade, so West and East take all 13 tricks whatever is played.
WEST_ALL_SPADES = one_suit_each("HSDC")


@pytest.mark.parametrize(
    ("scores_before", "scores_after", "winner"),
    [([450, 440], [650, 561], 0), ([310, 460], [510, 581], 1), ([411, 490], [611, 611], None)],
)
def test_example_11_in_a_match(scores_before, scores_after, winner):
    match = match_with(STANDARD, WEST_ALL_SPADES, dealer=3, scores=scores_before)
    bid_round(match, [NIL, 6, NIL, 6])  # South/North: +200; West/East: 12 made +1
    events = finish_hand(match, lowest_nonspade)
    scored = [e for e in events if isinstance(e, HandScored)]
    assert len(scored) == 1
    assert list(scored[0].scores) == scores_after
    assert match.scores == scores_after
    assert match.winner == winner
    over = [e for e in events if isinstance(e, MatchOver)]
    if winner is None:
        assert over == []
        assert match.phase == BIDDING  # equal totals: another complete hand
        assert match.hand_number == 1
        assert match.dealer == 0
    else:
        assert match.phase == OVER
        assert over == [MatchOver(winner, tuple(scores_after))]
