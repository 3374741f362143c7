"""Easy and normal playing alone: cutthroat (three) and two-handed (two, with the
draw). Whole matches legal to the end, decisions by example with their reasons, and
the four-seat players' decisions unchanged. docs/rules.md, Three and two players;
spades/ai/alone.py."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from spades.ai import make_player
from spades.ai.alone import AlonePosition, alone_estimate, choose_card_alone, choose_draw
from spades.engine.actions import DISCARD, KEEP, LOOK, Bid
from spades.engine.cards import mask_of, parse_card, parse_cards
from spades.engine.legal import NIL
from spades.engine.match import Match
from spades.engine.rules import SEAT_PRESETS, preset
from spades.measure.tournament import situation

CUT = SEAT_PRESETS["cutthroat"]
TWO = SEAT_PRESETS["two-handed"]


def _play_match(rules, strengths, seed, max_hands=80):
    match = Match(rules, seed)
    players = [make_player(s, seed=f"{seed}/{i}") for i, s in enumerate(strengths)]
    while match.winner is None and len(match.history) < max_hands:
        seat = match.to_act
        view = match.view(seat)
        action = players[seat].choose(view)
        assert view.refusal(action) is None, (seat, action, view.refusal(action))
        match.apply(action, seat)
    return match


@pytest.mark.parametrize(("rules", "strengths"), [
    (CUT, ("normal", "normal", "normal")), (CUT, ("easy", "normal", "easy")),
    (TWO, ("normal", "normal")), (TWO, ("easy", "normal")), (TWO, ("easy", "easy")),
])
def test_whole_matches_alone_are_legal_and_end(rules, strengths):
    for seed in range(2):
        match = _play_match(rules, strengths, seed)
        assert match.winner is not None, f"seed {seed}: no winner after 80 hands"
        assert max(match.scores) >= rules.target
        for result in match.history:
            assert len(result.plays) == rules.cards.bit_count() - (26 if rules.draws else 0)
            assert len(result.teams) == rules.seats


def test_normal_alone_bids_its_own_hand_whatever_the_others_bid():
    # South, at three, holds 17 cards: the top spades, two side aces and a king.
    hand = mask_of(parse_cards("AS KS QS 7S 3S AH KH 9H 4H AD 8D 6D 5D 9C 7C 5C 3C"))
    rest = CUT.cards & ~hand
    others = [c for c in range(52) if rest >> c & 1]
    start = {"dealer": 1, "hands": (hand, mask_of(others[:17]), mask_of(others[17:]))}
    player = make_player("normal", seed=1)
    bids = []
    for east_bid in (NIL, 2, 6):
        m = Match(CUT, 0, start=start)  # East (2) bids first, then South
        m.apply(Bid(east_bid), 2)
        view = m.view(0)
        action = player.choose(view)
        bids.append(action)
        assert player.think(view).reason.startswith("Alone, your hand is worth about")
    # No partner's bid to add to or carry: East's bid, a nil among them, changes nothing.
    assert bids[0] == bids[1] == bids[2] == Bid(int(alone_estimate(hand, CUT) + 0.5))


def test_the_last_bidder_alone_leaves_the_table_tricks_to_bid():
    hand = mask_of(parse_cards("AS KS QS JS TS 9S 8S AH KH AD KD AC KC 2H 3H 4H 5H"))
    rest = CUT.cards & ~hand
    others = [c for c in range(52) if rest >> c & 1]
    start = {"dealer": 0, "hands": (hand, mask_of(others[:17]), mask_of(others[17:]))}
    match = Match(CUT, 0, start=start)  # West, East, then South
    match.apply(Bid(5), 1)
    match.apply(Bid(4), 2)
    action = make_player("normal").choose(match.view(0))
    assert action == Bid(17 - 9)


def _drawing_view(hand_text, drawn, shown=""):
    view = Match(TWO, 0, start={"dealer": 1, "stock": tuple(range(52))}).view(0)
    assert view.phase == "drawing" and view.to_act == 0
    return replace(view, hand=mask_of(parse_cards(hand_text)) if hand_text else 0,
                   drawn=parse_card(drawn), shown=mask_of(parse_cards(shown)) if shown else 0)


def test_two_handed_normal_keeps_an_ace():
    action, reason = choose_draw(_drawing_view("", "AH"))
    assert action == KEEP and reason.startswith("Keep it: worth 1.0 tricks")
    action, _ = choose_draw(_drawing_view("6S 5S 4S 9D 8D 7C", "AH"))
    assert action == KEEP


def test_two_handed_normal_shows_a_lone_low_card_and_a_low_card_of_a_long_weak_suit():
    action, reason = choose_draw(_drawing_view("AS 6S 5S 4S AH KH 7H AD KD", "3C"))
    assert action == DISCARD and reason.startswith("Show it and take the next: worth 0.0")
    action, _ = choose_draw(_drawing_view("AS 6S 5S 4S AH KH 9C 7C 5C 4C", "2C"))
    assert action == DISCARD


def test_two_handed_normal_counts_the_shown_cards():
    # A lone queen takes nothing; with the ace and king of its suit shown, it is the
    # top heart left and worth keeping.
    hand = "AS 6S 5S 4S AD KD 7D 6D"
    assert choose_draw(_drawing_view(hand, "QH"))[0] == DISCARD
    assert choose_draw(_drawing_view(hand, "QH", shown="AH KH"))[0] == KEEP


def _position(rules, hands, bids, won, trick, leader, done):
    t = AlonePosition(rules)
    t.hands = [mask_of(parse_cards(h)) if h else 0 for h in hands]
    t.bids, t.tricks_won = list(bids), list(won)
    for seat, card in zip(((leader + i) % rules.seats for i in range(len(trick))), trick,
                          strict=False):
        t.to_act = seat
        if not t.trick:
            t.leader = seat
        t.play(parse_card(card))
    t.tricks_done = done
    return t


def test_normal_alone_attacks_a_nil_and_otherwise_takes_the_trick_it_needs():
    # East leads the nine of hearts; South (second) holds the ace and the four, West
    # (still to play) bid nil: South plays low so West may have to win.
    hands = ("AH 4H 7S 2D", "KH 3H 5D", "QH 6D")
    t = _position(CUT, hands, (4, NIL, 3), (0, 0, 0), ["9H"], 2, 0)
    assert choose_card_alone(t, 0) == (parse_card("4H"),
                                       "Play low: the nil bidder may have to win")
    # West bid 4 instead: South needs tricks and no one can top its ace.
    t = _position(CUT, hands, (4, 4, 3), (0, 0, 0), ["9H"], 2, 0)
    assert choose_card_alone(t, 0) == (parse_card("AH"),
                                       "Win with a card that cannot be beaten")


def test_normal_alone_ducks_once_its_contract_is_made_and_covers_no_one():
    # South, last to a trick of three with its 2 tricks made, stays under the ten.
    hands = ("KH 4H 7S", "3H 5D", "6D")
    t = _position(CUT, hands, (2, 4, 6), (2, 1, 1), ["9H", "TH"], 1, 4)
    assert choose_card_alone(t, 0) == (parse_card("4H"), "Duck under to avoid a bag")
    t = _position(CUT, hands, (3, 4, 6), (2, 1, 1), ["9H", "TH"], 1, 4)
    assert choose_card_alone(t, 0) == (parse_card("KH"), "Win as cheaply as possible")
    # At two, the trick is the player's or the other's: second to play is last.
    t = _position(TWO, ("KH 4H", "3H"), (5, 5), (5, 3), ["TH"], 1, 8)
    assert choose_card_alone(t, 0) == (parse_card("4H"), "Duck under to avoid a bag")


def test_the_position_alone_turns_round_its_seats_and_copies_apart():
    t = _position(CUT, ("KH 4H", "3H 5D", "6D 9H"), (2, 2, 2), (0, 0, 0), [], 0, 0)
    t.to_act = t.leader = 0
    copy = t.copy()
    for card in ("KH", "3H", "9H"):
        t.play(parse_card(card))
    assert t.tricks_won == [1, 0, 0] and t.to_act == 0 and t.tricks_done == 1
    assert copy.tricks_won == [0, 0, 0] and copy.hands[0] == mask_of(parse_cards("KH 4H"))
    assert t.voids == [0, 0, 0] and copy.seats == 3


def test_the_players_alone_look_rather_than_bid_blind_nil():
    # Far behind a leader near the target, where a partnership would go blind nil
    # (docs/ai.md, Blind nil): alone, with 17 cards and no one to cover, it looks.
    match = Match(CUT, 3, start={"dealer": 2, "hands": Match(CUT, 3).hands,
                                 "scores": [200, 450, 100], "bags": [0, 0, 0]})
    view = match.view(0)
    assert view.blind_open and not view.looked
    for strength in ("easy", "normal"):
        assert make_player(strength).choose(view) == LOOK


# The easy and normal players' every decision on the first two deals of
# `python -m spades tournament --seed 2027` (standard and guide rules), as they were
# before the players alone were added: four seats decide as they always have.
FOUR_SEAT_DECISIONS = "761fc917a9b49416"


def test_four_seat_easy_and_normal_decide_as_before():
    digest = hashlib.sha256()
    for rules in (preset("standard"), preset("guide")):
        for d in range(2):
            sit = situation(2027, d, False, rules)
            start = {key: sit[key] for key in ("dealer", "hands", "scores", "bags")}
            match = Match(rules, 0, start=start)
            players = [make_player("easy" if s % 2 else "normal", seed=f"2027/{d}/{s}")
                       for s in range(4)]
            while not match.history:
                thinker = players[match.to_act].think(match.view(match.to_act))
                digest.update(repr((thinker.decision, thinker.reason)).encode())
                match.apply(thinker.decision)
    assert digest.hexdigest()[:16] == FOUR_SEAT_DECISIONS


def test_a_tournament_deal_alone_is_a_minus_the_mean_of_b_over_a_table_for_each_seat():
    from spades.measure.tournament import run_deals

    args = {"a": "normal", "b": "easy", "seed": 9, "rules": "cutthroat", "iterations": None,
            "fresh": False}
    (row,) = run_deals(args, range(1))["rows"]
    tables = row["tables"]
    assert [len(t["A"]) for t in tables] == [1, 1, 1]
    assert [len(t["B"]) for t in tables] == [2, 2, 2]
    figures = [t["A"][0]["points"] - (t["B"][0]["points"] + t["B"][1]["points"]) / 2
               for t in tables]
    assert row["diff"] == pytest.approx(sum(figures) / 3)
    # Every table played the same cards from the same scores: the situation's, by seat.
    sit = situation(9, 0, False, CUT)
    assert len(sit["scores"]) == 3 and len(sit["hands"]) == 3
    drawn = situation(9, 0, False, TWO)
    assert len(drawn["stock"]) == 52 and len(drawn["scores"]) == 2


@pytest.mark.parametrize("rules", [CUT, TWO])
def test_the_coach_alone_suggests_normals_bid_and_card(rules):
    from spades.ai import suggested_bid, suggested_card
    from spades.engine.actions import Play

    match = Match(rules, 4)
    normal = make_player("normal")
    checked = set()
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        action = normal.choose(view)
        if view.phase == "bidding" and view.looked:
            assert suggested_bid(view)[0] == action
            checked.add("bid")
        elif view.phase == "playing":
            assert Play(suggested_card(view)[0]) == action
            checked.add("card")
        match.apply(action, seat)
    assert checked == {"bid", "card"}
