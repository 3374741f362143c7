"""The computer players: legal, blind to hidden cards, deterministic, and sound."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from spades.ai import suggested_bid, suggested_card
from spades.ai.bid_search import BidThinker, match_winning_bid
from spades.ai.bidding import choose_bid, estimate_tricks, nil_is_sound, sure_tricks
from spades.ai.hard import HardPlayer, candidate_cards
from spades.ai.position import Position
from spades.ai.search import sample_deal
from spades.engine import LOOK, Bid, Match, Play, preset
from spades.engine.cards import parse_cards
from spades.engine.legal import BLIND_NIL, NIL
from spades.engine.match import OVER
from spades.engine.rules import PRESETS, Rules
from spades.measure import ZOO, make_player
from spades.measure.audit import (
    KINDS,
    WRITTEN_KINDS,
    action_text,
    load_positions,
    position_match,
    run_audit,
)
from spades.measure.tournament import tournament

STRENGTHS = ("easy", "normal", "hard")


def random_rules(rng: random.Random) -> Rules:
    base = PRESETS[rng.choice(sorted(PRESETS))]  # the variants among them
    nil = base.bidding != "free" or rng.random() < 0.7  # bidding variants need nil
    return base.with_options(
        nil=nil,
        blind_nil=nil and base.bidding != "mirror" and rng.random() < 0.5,
        blind_nil_deficit=rng.choice((0, 50, 100)),
        team_cap_13=rng.random() < 0.5,
        min_team_bid=rng.choice((0, 0, 4)),
        max_nils_per_team=rng.choice((1, 2)),
        spades_lead_anytime=rng.random() < 0.2,
        forced_spade_lead_breaks=rng.random() < 0.5,
        failed_nil_tricks=rng.choice(("count", "bags")),
        bag_penalty=rng.random() < 0.8,
    )


def player(strength: str, seed: object = 0):
    return make_player(strength, seed=seed, rollouts=24) if strength == "hard" else (
        make_player(strength, seed=seed)
    )


@pytest.mark.parametrize("strength", STRENGTHS + ZOO)
def test_every_decision_is_legal_under_random_rules(strength):
    rng = random.Random(f"legal/{strength}")
    decisions = 0
    budget = 1500 if strength == "hard" else (4000 if strength in STRENGTHS else 1500)
    game = 0
    while decisions < budget:
        rules = random_rules(rng)
        # Start from a random score so that blind nil and bag penalties come up.
        match = Match(rules, f"{strength}/{game}")
        top = min(450, rules.target)  # below the target: the match is still on
        match.scores = [rng.randrange(-150, top), rng.randrange(-150, top)]
        match.bags = [rng.randrange(rules.bag_limit) if rules.bag_penalty else 0] * 2
        match = Match(rules, f"{strength}/{game}", start={
            "dealer": game % 4, "hands": match.dealt,
            "scores": match.scores, "bags": match.bags,
        })
        players = [player(strength, seed=s) for s in range(4)]
        while match.phase != OVER and len(match.history) < 2:
            seat = match.to_act
            view = match.view(seat)
            action = players[seat].choose(view)
            assert action in view.legal_actions(), (strength, action)
            match.apply(action)
            decisions += 1
        game += 1


def _same_view_other_deal(match: Match, seat: int, rng: random.Random) -> Match:
    """A match with the same history but the unseen cards dealt differently."""
    view = match.view(seat)
    position = Position.from_view(view)
    weights = [[1.0] * 52 for _ in range(4)]
    unplayed = sample_deal(position, seat, rng, weights)
    assert unplayed is not None
    played_by = [0, 0, 0, 0]
    leader = (match.dealer + 1) % 4
    for i, card in enumerate(match.plays):
        trick, pos = divmod(i, 4)
        lead = leader if trick == 0 else match.trick_winners[trick - 1]
        played_by[(lead + pos) % 4] |= 1 << card
    hands = [played_by[s] | unplayed[s] for s in range(4)]
    hands[seat] = match.dealt[seat]
    other = Match(match.rules, 0, start={
        "dealer": match.dealer, "hands": tuple(hands), "scores": list(match.scores),
        "bags": list(match.bags),
    })
    for action in match.actions:
        other.apply(action)
    return other


@pytest.mark.parametrize("strength", STRENGTHS)
def test_decision_ignores_how_the_unseen_cards_lie(strength):
    rng = random.Random(f"blind/{strength}")
    checked = 0
    for game in range(6):
        match = Match(preset("standard"), f"unseen/{game}")
        drivers = [make_player("normal", seed=s) for s in range(4)]
        stop = rng.randrange(6, 40)
        while len(match.plays) < stop:
            seat = match.to_act
            match.apply(drivers[seat].choose(match.view(seat)))
        seat = match.to_act
        other = _same_view_other_deal(match, seat, rng)
        assert other.dealt != match.dealt or game == 0  # the others' cards moved
        assert other.view(seat) == match.view(seat)
        one = player(strength, seed=9).choose(match.view(seat))
        two = player(strength, seed=9).choose(other.view(seat))
        assert one == two
        checked += 1
    assert checked == 6


def test_thinking_in_slices_gives_the_same_decision():
    match = Match(preset("standard"), "slices")
    drivers = [make_player("normal", seed=s) for s in range(4)]
    while len(match.plays) < 9:
        seat = match.to_act
        match.apply(drivers[seat].choose(match.view(seat)))
    seat = match.to_act
    view = match.view(seat)
    hard = HardPlayer(seed=3, rollouts=60)
    at_once = hard.think(view)
    at_once.finish()
    sliced = hard.think(view)
    steps = 0
    while not sliced.step(0.0):  # the smallest slice still makes progress
        steps += 1
    assert steps > 1
    assert sliced.decision == at_once.decision
    assert sliced.iterations == at_once.iterations


def test_candidate_cards_merge_touching_cards():
    hand = sum(1 << c for c in parse_cards("KH QH 9H 2C"))
    played = sum(1 << c for c in parse_cards("JH TH"))
    legal = hand & ~sum(1 << c for c in parse_cards("2C"))
    got = candidate_cards(legal, hand, played)
    # K Q J(played) T(played) 9 of hearts all touch: one candidate for the run.
    assert len(got) == 1 and got[0] in parse_cards("KH QH 9H")


def test_the_blunder_audit_passes_normal_and_hard_and_catches_random():
    positions = load_positions()
    kinds = {p["kind"] for p in positions}
    assert kinds == {*KINDS, *WRITTEN_KINDS}
    generated = [p for p in positions if "sound" not in p]
    written = [p for p in positions if "sound" in p]
    report = run_audit("hard", positions)
    assert report["mistakes"] == 0, report["details"]
    report = run_audit("normal", generated)
    assert report["mistakes"] == 0, report["details"]
    # Normal's one mistake on the nil and score positions: it bids its hand's worth
    # where a smaller bid wins the match (docs/ai.md, the partner-blunder audit).
    report = run_audit("normal", written)
    assert [d["kind"] for d in report["details"]] == ["play_to_score"], report["details"]
    # The audit can fail: a random player blunders, and easy on the written positions.
    assert run_audit("random", positions)["mistakes"] > 10
    assert run_audit("easy", written)["mistakes"] >= 5


def test_the_written_audit_positions_say_why_and_name_legal_choices():
    for position in load_positions():
        if "sound" not in position:
            continue
        match = position_match(position)
        assert match.to_act == position["seat"]
        legal = {action_text(a) for a in match.legal_actions()}
        assert position["sound"] and set(position["sound"]) < legal, position["why"]
        assert len(position["why"]) > 40


def test_hard_bids_no_more_than_wins_the_match():
    # The side stands at 450 of 500, the partner bid 3 and the opponents cannot reach
    # 500 this hand: 2 wins the match when made. The hand is worth about 5; a search of
    # the normal bid and a trick either side of it bid 4 (the match won 64 times in 100
    # played out, against 99 bidding 2).
    position = next(p for p in load_positions() if p["kind"] == "play_to_score"
                    and not p["record"]["plays"])
    match = position_match(position)
    view = match.view(position["seat"])
    assert match_winning_bid(view.rules, view.bids, view.seat, view.scores) == 2
    for seed in range(3):
        assert make_player("hard", seed=seed).choose(view) == Bid(2)
    # No such bid while the opponents could still pass 500 this hand.
    assert match_winning_bid(view.rules, view.bids, view.seat, [450, 300]) is None


def test_nil_is_never_bid_with_the_ace_of_spades_or_four_sure_tricks():
    rng = random.Random(5)
    from spades.engine.playout import random_deal

    for _ in range(3000):
        for hand in random_deal(rng, 0):
            if hand >> 51 & 1 or sure_tricks(hand) >= 4:
                assert not nil_is_sound(hand)


def test_estimates_follow_the_strength_of_a_hand():
    weak = sum(1 << c for c in parse_cards("2S 3H 4H 5H 2D 3D 4D 6D 2C 3C 4C 5C 7C"))
    strong = sum(1 << c for c in parse_cards("AS KS QS JS TS AH KH AD KD AC 2C 3C 4C"))
    assert estimate_tricks(weak) < 1 < 7 < estimate_tricks(strong)
    assert nil_is_sound(weak)
    assert not nil_is_sound(strong)


def _bidding_view(rules: Rules, scores=(0, 0), hands=None):
    from spades.engine.match import deal_hands

    match = Match(rules, 0, start={
        "dealer": 3, "hands": hands or deal_hands("bid", 0, 3), "scores": list(scores),
        "bags": [0, 0],
    })
    return match


def test_bids_respect_the_team_cap_and_minimum_team_bid():
    strong = "AS KS QS JS TS 9S 8S AH KH AD KD AC KC"
    rest = parse_cards(strong)
    others = [c for c in range(52) if c not in rest]
    hands = (sum(1 << c for c in rest), sum(1 << c for c in others[:13]),
             sum(1 << c for c in others[13:26]), sum(1 << c for c in others[26:39]))
    rules = preset("standard").with_options(min_team_bid=4, blind_nil=False)
    match = _bidding_view(rules, hands=hands)
    match.apply(Bid(NIL))  # South... dealer 3 means South bids first
    assert match.bid_order[0] == (0, NIL)
    # West, then North: North's partner bid nil, so North must bid at least 4.
    match.apply(make_player("normal").choose(match.view(1)))
    action = make_player("normal").choose(match.view(2))
    assert action.value >= 4


@pytest.mark.parametrize(("scores", "blind"), [
    ((150, 460), True),  # 310 behind, the leaders 40 from the target: it can turn it
    ((250, 420), True),  # 170 behind, 80 from the target
    ((300, 420), False),  # 120 behind: an ordinary hand can catch up
    ((50, 460), False),  # 410 behind: a made blind nil still loses the match
    ((-150, 350), False),  # 500 behind: a failed blind nil only deepens the loss
    ((-100, 150), False),  # 250 behind with the leaders far from the target
])
def test_blind_nil_is_decided_before_looking_and_only_where_it_can_turn_the_match(
        scores, blind):
    rules = preset("standard")
    table = _bidding_view(rules, scores=scores)
    view = table.view(table.to_act)
    assert view.hand == 0 and not view.looked
    assert choose_bid(view)[0] == (Bid(BLIND_NIL) if blind else LOOK)


def test_far_behind_the_normal_players_do_not_bid_blind_nil_hand_after_hand():
    """The partner bid blind nil four hands running, all failed: far behind, a failed
    blind nil only deepens the loss. Normal players 500 behind now look every hand."""
    rules = preset("standard")
    blind_nils = 0
    for game in range(20):
        seed = f"far/{game}"
        match = Match(rules, seed, start={"dealer": game % 4, "hands": Match(rules, seed).dealt,
                                          "scores": [-150, 350], "bags": [0, 0]})
        players = [make_player("normal", s) for s in range(4)]
        hands = 0
        while match.phase != OVER and hands < 4:
            seat = match.to_act
            action = players[seat].choose(match.view(seat))
            blind_nils += action == Bid(BLIND_NIL) and seat % 2 == 0 and \
                match.scores[1] - match.scores[0] > rules.blind_nil_value + 150
            before = len(match.history)
            match.apply(action)
            hands += len(match.history) > before
    assert blind_nils == 0


def test_hard_weighs_blind_nil_by_search_before_looking(monkeypatch):
    from spades.ai import bid_search
    from spades.ai.bid_search import BlindThinker

    # 310 behind with the leaders 40 from the target: the normal rules gamble on blind
    # nil; hard's search finds that it fails too often to be worth its 200 points here
    # and looks at the cards instead.
    rules = preset("standard")
    behind = _bidding_view(rules, scores=(150, 460))
    view = behind.view(behind.to_act)
    assert choose_bid(view)[0] == Bid(BLIND_NIL)
    thinker = HardPlayer(seed=4).think(view)
    assert isinstance(thinker, BlindThinker)
    assert thinker.finish() == LOOK and thinker.reason.startswith("Searched")
    looked_mean, blind_mean = thinker.means_
    assert looked_mean > blind_mean
    # Near the end, where only a made blind nil could carry the side past the leaders
    # (they need 20 points), the search finds blind nil the better average: it weighs
    # the choice, it does not forbid it. It still looks, since the edge is short of
    # the bar a switch must clear; without that bar it bids blind nil.
    end = _bidding_view(rules, scores=(350, 480))
    view = end.view(end.to_act)
    assert choose_bid(view)[0] == LOOK
    thinker = HardPlayer(seed=4).think(view)
    assert thinker.finish() == LOOK
    looked_mean, blind_mean = thinker.means_
    assert blind_mean > looked_mean
    monkeypatch.setattr(bid_search, "BLIND_SWITCH_BY", -1000.0)
    assert HardPlayer(seed=4).choose(view) == Bid(BLIND_NIL)
    # Not open to blind nil (the team does not trail by enough): nothing to search.
    level = _bidding_view(rules, scores=(300, 320))
    view = level.view(level.to_act)
    assert view.looked and not isinstance(HardPlayer(seed=4).think(view), BlindThinker)


def test_the_blind_nil_search_deals_the_seats_own_hand_and_ignores_where_cards_lie():
    from spades.ai.bid_search import BlindThinker

    rules = preset("standard")
    for game in range(3):
        match = Match(rules, f"blind-search/{game}", start={
            "dealer": game, "hands": Match(rules, f"blind-search/{game}").dealt,
            "scores": [0, 300], "bags": [0, 0]})
        drivers = [make_player("normal", seed=s) for s in range(4)]
        while match.view(match.to_act).looked:  # the leading side bids first
            match.apply(drivers[match.to_act].choose(match.view(match.to_act)))
        seat = match.to_act
        view = match.view(seat)
        assert view.hand == 0
        deal = sample_deal(Position.from_view(view), seat, random.Random(game),
                           [[1.0] * 52] * 4, blind=True)
        assert [h.bit_count() for h in deal] == [13] * 4
        assert deal[0] | deal[1] | deal[2] | deal[3] == (1 << 52) - 1
        # The same view from another deal (every hand moved, the seat's own too):
        # the same thinking to the same end, and sliced thin it ends the same.
        other = Match(rules, 0, start={
            "dealer": match.dealer, "hands": Match(rules, f"elsewhere/{game}").dealt,
            "scores": list(match.scores), "bags": list(match.bags)})
        for action in match.actions:
            other.apply(action)
        assert other.view(seat) == view
        hard = HardPlayer(seed=6, rollouts=24)
        at_once = hard.think(view)
        assert isinstance(at_once, BlindThinker)
        at_once.finish()
        sliced = hard.think(other.view(seat))
        steps = 0
        while not sliced.step(0.0):
            steps += 1
        assert steps > 1
        assert (sliced.decision, sliced.iterations, sliced.means_) == (
            at_once.decision, at_once.iterations, at_once.means_)
        assert at_once.decision in view.legal_actions()


def test_coach_suggestions_are_legal_and_explained():
    match = Match(preset("standard"), "coach")
    while match.phase == "bidding":
        view = match.view(match.to_act)
        action, reason = suggested_bid(view)
        assert action in view.legal_actions() and reason
        match.apply(action)
    for _ in range(20):
        view = match.view(match.to_act)
        card, reason = suggested_card(view)
        assert Play(card) in view.legal_actions() and reason
        match.apply(Play(card))


def test_tournament_reports_the_figures():
    out = tournament("normal", "random", deals=4, seed=2)
    assert out["deals"] == 4
    assert out["ci95"][0] <= out["points_per_deal"] <= out["ci95"][1]
    for side in "AB":
        s = out["sides"][side]
        assert s["made_exactly"] + s["made_with_bags"] + s["set"] == s["contracts"]
        assert s["decision_ms"]["card"]["count"] > 0
    # Duplicate: each side sits both ways at one deal, so from 0-0 the same deals with
    # the sides' names exchanged give the opposite figure.
    there = tournament("normal", "random", deals=4, seed=2, fresh=True)
    back = tournament("random", "normal", deals=4, seed=2, fresh=True)
    assert back["points_per_deal"] == pytest.approx(-there["points_per_deal"])
    assert there["points_per_deal"] != 0


def test_tournament_command_line():
    run = subprocess.run(
        [sys.executable, "-m", "spades", "tournament", "--a", "hard", "--b", "normal",
         "--deals", "1", "--seed", "4", "--iterations", "8", "--json"],
        capture_output=True, text=True, check=True,
    )
    out = json.loads(run.stdout)
    assert out["a"] == "hard" and out["deals"] == 1 and out["iterations"] == 8


def test_the_bid_search_bids_the_later_seats_as_their_own_views_would():
    """The bid search asks the bidding rules for each later seat's bid from the facts
    (``bid_for``) and each sampled hand's worth once, not from a view built for each
    seat; every such bid must be the one ``choose_bid`` gives that seat's own view,
    under random rules, scores and bags, with nils and the last seat's total in play,
    and with the shift of an opponent's bid a trick astray drawn as before."""
    from dataclasses import replace

    from spades.ai.bid_search import _snap_bid
    from spades.ai.search import _bid_shift
    from spades.engine.cards import cards_of
    from spades.engine.legal import legal_bids, spades_held

    rng = random.Random(77)
    compared = nils = 0
    for game in range(60):
        rules = random_rules(rng).with_options(blind_nil=False)
        match = Match(rules, f"later-bids/{game}")
        match.scores = (rng.randrange(-200, 450, 10), rng.randrange(-200, 450, 10))
        match.bags = (rng.randrange(10), rng.randrange(10))
        drivers = [make_player("normal", seed=s) for s in range(4)]
        for _ in range(game % 3):
            match.apply(drivers[match.to_act].choose(match.view(match.to_act)))
        view = match.view(match.to_act)
        if not view.looked:
            match.apply(LOOK)
            view = match.view(match.to_act)
        thinker = HardPlayer(seed=game, rollouts=8).think(view)
        if not isinstance(thinker, BidThinker):
            continue
        for d in range(6):
            deal = [0] * 4
            deck = cards_of(rules.cards)  # the variants' decks among them
            random.Random(f"{game}/{d}").shuffle(deck)
            mine = view.hand
            rest = [c for c in deck if not mine >> c & 1]
            for q in range(4):
                if q == view.seat:
                    deal[q] = mine
                else:
                    for c in rest[:13]:
                        deal[q] |= 1 << c
                    rest = rest[13:]
            for bid in thinker.candidates:
                got = thinker._later_bids(bid, deal, random.Random(d).random)
                # The same, as a view of each later seat's own would have it.
                rand = random.Random(d).random
                want = list(view.bids)
                want[view.seat] = bid
                for q in thinker.later:
                    other = replace(view, seat=q, to_act=q, hand=deal[q],
                                    bids=tuple(want), looked=True)
                    value = choose_bid(other)[0].value
                    if value > 0 and (thinker.lean[q] or (q ^ view.seat) & 1):
                        shift = thinker.lean[q] + (
                            _bid_shift(rand()) if (q ^ view.seat) & 1 else 0)
                        if shift:
                            options = legal_bids(rules, want[(q + 2) & 3], False, True,
                                                 spades_held(deal[q]))
                            value = _snap_bid(options, value + shift)
                    want[q] = value
                assert got == want, (game, d, bid)
                compared += 1
                nils += sum(1 for q in thinker.later if got[q] == NIL)
    assert compared >= 300 and nils >= 3, (compared, nils)


def test_easy_plays_worse_than_normal_but_keeps_nils_sane():
    out = tournament("normal", "easy", deals=40, seed=11)
    assert out["points_per_deal"] > 0
    assert run_audit("easy")["per_kind"]["cover_nil"] == 0


def _bidding_match(seed: str, before: int) -> Match:
    """A standard match in its bidding, ``before`` bids made by normal players."""
    match = Match(preset("standard").with_options(blind_nil=False), seed)
    drivers = [make_player("normal", seed=s) for s in range(4)]
    while len(match.bid_order) < before:
        match.apply(drivers[match.to_act].choose(match.view(match.to_act)))
    return match


def test_bid_search_in_slices_gives_the_same_bid():
    searched = 0
    for game in range(8):
        match = _bidding_match(f"bid-slices/{game}", game % 4)
        view = match.view(match.to_act)
        hard = HardPlayer(seed=5, rollouts=48)
        at_once = hard.think(view)
        if not isinstance(at_once, BidThinker):
            continue
        searched += 1
        at_once.finish()
        sliced = hard.think(view)
        steps = 0
        while not sliced.step(0.0):
            steps += 1
        assert steps > 1
        assert sliced.decision == at_once.decision
        assert sliced.iterations == at_once.iterations <= at_once.total
        assert sliced.means_ == at_once.means_
        again = HardPlayer(seed=5, rollouts=48).choose(view)
        assert again == at_once.decision
        assert at_once.decision in view.legal_actions()
    assert searched >= 4


def test_bid_search_ignores_how_the_unseen_cards_lie():
    for game in range(4):
        match = _bidding_match(f"bid-blind/{game}", 2)
        seat = match.to_act
        view = match.view(seat)
        hands = list(match.dealt)
        others = [q for q in range(4) if q != seat]
        pool = [c for q in others for c in range(52) if hands[q] >> c & 1]
        random.Random(game).shuffle(pool)
        for i, q in enumerate(others):
            hands[q] = sum(1 << c for c in pool[13 * i:13 * i + 13])
        other = Match(match.rules, 0, start={
            "dealer": match.dealer, "hands": tuple(hands), "scores": list(match.scores),
            "bags": list(match.bags),
        })
        for action in match.actions:
            other.apply(action)
        assert other.view(seat) == view
        assert HardPlayer(seed=2, rollouts=32).choose(view) == (
            HardPlayer(seed=2, rollouts=32).choose(other.view(seat))
        )


def test_bid_search_moves_some_bids_and_never_bids_nil_on_sure_tricks():
    moved = 0
    for game in range(24):
        match = _bidding_match(f"bid-moves/{game}", game % 4)
        view = match.view(match.to_act)
        normal = make_player("normal").choose(view)
        hard = HardPlayer(seed=1, rollouts=120).choose(view)
        moved += hard != normal
        if hard == Bid(NIL):
            assert not view.hand >> 51 & 1 and sure_tricks(view.hand) < 4
    # The search decides: it is not the normal bid under another name.
    assert moved >= 2


def test_the_zoo_plays_in_a_tournament():
    out = tournament("normal", "overbidder", deals=6, seed=3)
    assert out["sides"]["B"]["strength"] == "overbidder"
    # Overbidding gets punished: the overbidder is set more often than normal.
    assert out["sides"]["B"]["set_rate"] > out["sides"]["A"]["set_rate"]


def test_rollouts_bend_only_the_opponents():
    from spades.ai.styles import draw_styles, style_bids

    t = Position(preset("standard"))
    t.bids = [3, 4, 2, 4]
    rng = random.Random(1)
    seen = {q: set() for q in range(4)}
    for _ in range(400):
        styles = draw_styles(rng, 0, t)
        for q in range(4):
            seen[q].add(styles[q])
    # The seat and its partner always play by the normal rules; the opponents vary.
    assert seen[0] == seen[2] == {"normal"}
    assert seen[1] == seen[3] == {"normal", "eager", "careless", "shy"}
    bent = style_bids(t.bids, ["normal", "eager", "normal", "shy"])
    assert bent[0] is None and bent[2] is None
    assert bent[1] == [3, 13, 2, 13] and bent[3] == [3, 3, 2, 3]
    # A side that has taken more than it bid is drawn eager more often.
    t.tricks_won = [0, 5, 0, 4]
    eager = sum(draw_styles(rng, 0, t)[1] == "eager" for _ in range(400))
    assert eager > 0.5 * 400


def test_hard_spends_its_search_where_the_decision_is_close():
    # A search often settles before its budget (no other card can overturn the normal
    # one), the normal card is never dropped, a search ends on a whole deal (every
    # candidate still in question judged on the same deals), a decision still close
    # at its budget gets more deals once, the decision stays reproducible, and a seat
    # with one legal card does not search at all.
    from spades.ai.hard import SearchThinker
    from spades.ai.players import Decided
    from spades.ai.search import EXTEND_CLOSE

    settled = searched = single = extended = 0
    for game in range(2):
        match = Match(preset("standard"), f"close/{game}")
        hard = HardPlayer(seed=game, rollouts=160)
        normal = make_player("normal")
        while not match.history:
            view = match.view(match.to_act)
            if match.to_act % 2 or match.phase == "bidding":
                match.apply(normal.choose(view))
                continue
            thinker = hard.think(view)
            action = thinker.finish()
            if len(view.legal_actions()) == 1:
                single += 1
                assert isinstance(thinker, Decided)
            if isinstance(thinker, SearchThinker):
                searched += 1
                settled += thinker.stopped_early
                extended += thinker.extended
                base = thinker.samples * len(thinker.candidates)
                budget = base + (int(EXTEND_CLOSE * base) if thinker.extended else 0)
                assert thinker.total == budget
                assert thinker.iterations < thinker.total + len(thinker.candidates)
                assert len({thinker.counts[j] for j in thinker.active}) == 1
                k = thinker.normal_index()
                assert k in thinker.active
                if thinker.stopped_early:
                    assert thinker.iterations < thinker.total
                if thinker.extended:
                    assert thinker.iterations > base
                again = HardPlayer(seed=game, rollouts=160).choose(view)
                assert again == action
            match.apply(action)
    assert single >= 1 and searched >= 6 and settled >= 2 and extended >= 1


def test_dealt_hands_match_what_the_bids_say():
    """Hard deals the unseen cards so each seat's hand is worth about what it bid.

    After the bidding of normal players, the hands hard deals each other seat are set
    beside the hands they really hold: by our own trick count, a seat that bid b is
    dealt hands worth about what real b-bidders hold, and a live nil about a nil's.
    The milder lean this replaced dealt a 5-bidder 4.1 tricks for the 5.5 it holds.
    """
    from spades.ai.search import _weights

    rules = preset("standard")
    rng = random.Random("calibration")
    real: dict[int, list[float]] = {}
    dealt: dict[int, list[float]] = {}
    for game in range(400):
        match = Match(rules, f"calibration/{game}")
        players = [make_player("normal", seed=s) for s in range(4)]
        while match.phase == "bidding":
            seat = match.to_act
            match.apply(players[seat].choose(match.view(seat)))
        seat = match.to_act
        view = match.view(seat)
        position = Position.from_view(view)
        weights = _weights(position, seat)
        for _ in range(3):
            deal = sample_deal(position, seat, rng, weights)
            assert deal is not None
            for q in range(4):
                if q != seat and view.bids[q] >= 0:
                    dealt.setdefault(view.bids[q], []).append(estimate_tricks(deal[q]))
        for q in range(4):
            if q != seat and view.bids[q] >= 0:
                real.setdefault(view.bids[q], []).append(estimate_tricks(match.dealt[q]))

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs)

    for bid in (0, 1, 2, 3, 4, 5):
        assert len(real[bid]) >= 20, bid
        assert abs(mean(dealt[bid]) - mean(real[bid])) < 0.45, (
            bid, mean(dealt[bid]), mean(real[bid]))
    # And the lean orders them: more bid, more dealt.
    assert all(mean(dealt[b]) < mean(dealt[b + 1]) for b in range(5))


def test_hard_does_not_trust_an_opponents_bid_to_the_trick():
    """Each leaned deal leans an opponent's hand as if its bid were a trick astray a
    quarter of the time either way; the partner's hand always as bid."""
    from spades.ai.hard import SearchThinker
    from spades.ai.search import OPPONENT_BID_NOISE

    match = Match(preset("standard"), "astray/1")
    players = [make_player("normal", seed=s) for s in range(4)]
    while match.phase == "bidding":
        match.apply(players[match.to_act].choose(match.view(match.to_act)))
    view = match.view(match.to_act)
    seat = view.seat
    position = Position.from_view(view)
    legal = position.legal()
    cards = [c for c in range(52) if legal >> c & 1]
    thinker = SearchThinker(view, position, cards, 64, random.Random(3), cards[0], "")
    assert sorted(thinker.leaned) == sorted(shift for shift, _ in OPPONENT_BID_NOISE)
    partner = (seat + 2) & 3
    for shift in (-1, 1):
        assert thinker.leaned[shift][partner] == thinker.leaned[0][partner]
        for q in ((seat + 1) & 3, (seat + 3) & 3):
            if view.bids[q] > 1:  # a nil is not moved, and a 1 cannot go lower
                assert thinker.leaned[shift][q] != thinker.leaned[0][q]
    # A higher bid leans harder toward the honours.
    q = next(q for q in ((seat + 1) & 3, (seat + 3) & 3) if view.bids[q] > 1)
    ace = 12  # the ace of the first suit
    assert thinker.leaned[-1][q][ace] < thinker.leaned[0][q][ace] < thinker.leaned[1][q][ace]


def _play_out_card_by_card(t: Position, styles: list[str], rand) -> None:
    """The rollout as the rules read: every card of every trick, the last one
    included, chosen by the normal rules bent by the seat's style."""
    from spades.ai.play import choose_card, sound_cards
    from spades.ai.reading import CARELESS_RATE
    from spades.ai.styles import style_bids
    from spades.engine.playout import pick

    real = t.bids
    seen = style_bids(real, styles)
    while t.tricks_done < 13:
        q = t.to_act
        if styles[q] == "careless" and rand() < CARELESS_RATE:
            card = pick(sound_cards(t, q, t.legal()), rand)
        else:
            t.bids = seen[q] or real
            card, _ = choose_card(t, q)
            t.bids = real
        t.play(card)


def test_a_rollout_plays_the_hand_as_the_rules_read_to_its_last_card():
    # play_out lets the last trick play itself (each seat holds one card): from
    # positions all through real hands, under random rules and styles, it must end the
    # hand exactly as asking the rules for every card does. (The rules' own shortcuts
    # are held by the pinned decisions below.)
    from spades.ai.styles import play_out

    rng = random.Random(18)
    styles_seen = set()
    checked = 0
    for game in range(30):
        rules = random_rules(rng)
        match = Match(rules, f"rollout/{game}")
        normal = make_player("normal")
        stop = rng.randrange(52)
        while match.phase != "playing" or match.played.bit_count() < stop:
            if match.phase == OVER or match.history:
                break
            match.apply(normal.choose(match.view(match.to_act)))
        if match.phase != "playing" or match.history:
            continue
        seat = match.to_act
        start = Position.from_view(match.view(seat))
        start.hands = list(match.hands)
        styles = ["normal"] * 4
        for q in ((seat + 1) & 3, (seat + 3) & 3):
            styles[q] = rng.choice(("normal", "eager", "careless", "shy"))
        styles_seen.update(styles)
        seed = rng.getrandbits(32)
        fast, slow = start.copy(), start.copy()
        play_out(fast, styles, random.Random(seed).random)
        _play_out_card_by_card(slow, styles, random.Random(seed).random)
        assert fast.tricks_won == slow.tricks_won, (game, stop, styles)
        assert fast.tricks_done == slow.tricks_done == 13
        checked += 1
    assert checked >= 20 and styles_seen == {"normal", "eager", "careless", "shy"}


# What hard decided, with how many rollouts and the mean it found for each candidate,
# on the first two deals of `python -m spades bench --players --seed 2027`, then on its
# first deal under two other rule sets (the failed nil's tricks as bags; spades led at
# any time with a forced spade lead breaking them), then on its first deal with hard's
# side far behind (so each hard seat weighs blind nil before it looks). Changes meant
# to make hard faster must leave this as it is (docs/measuring.md's strength figures hold
# only for these decisions); a change meant to make hard decide otherwise replaces it,
# with new gauntlet figures.
HARD_DECISIONS_2027 = "04053c185ea1a78b"


def test_hard_decides_as_the_figures_of_record_were_measured():
    import hashlib

    from spades.ai.bid_search import BlindThinker
    from spades.ai.search import _Search
    from spades.measure.tournament import situation

    standard = preset("standard")
    tables = [
        (standard, 0, None), (standard, 1, None), (preset("guide"), 0, None),
        (standard.with_options(spades_lead_anytime=True, forced_spade_lead_breaks=True), 0,
         None),
        (standard, 0, [-150, 420]),
    ]
    digest = hashlib.sha256()
    searched = 0
    blind = 0
    for rules, d, scores in tables:
        sit = situation(2027, d, False, rules)
        start = {key: sit[key] for key in ("dealer", "hands", "scores", "bags")}
        if scores is not None:
            start["scores"] = scores
        match = Match(rules, 0, start=start)
        players = [make_player("hard" if s % 2 == 0 else "normal", seed=f"2027/{d}/{s}")
                   for s in range(4)]
        while not match.history:
            thinker = players[match.to_act].think(match.view(match.to_act))
            action = thinker.finish()
            digest.update(repr(action).encode())
            if isinstance(thinker, _Search):
                searched += 1
                blind += isinstance(thinker, BlindThinker)
                digest.update(repr((thinker.iterations, thinker.means_)).encode())
            match.apply(action)
    assert searched >= 40 and blind == 2
    assert digest.hexdigest()[:16] == HARD_DECISIONS_2027
